import { loadPdfLib, loadSharp } from '../../platform/lazy-modules';
import { zplText } from '../../integrations/printing/badge-content';
import { barcodePng } from '../../integrations/printing/pdf-badge';
import { photoToGfa } from '../../integrations/printing/zpl-badge';

/** What one registration badge shows (spec 001 §2 Print; issue 11 "Printing"). */
export interface RegistrationBadgeContent {
  districtName: string;
  registrationType: string;
  name: string;
  /** mm/dd/yyyy, or '' when the registration has no expiry */
  expires: string;
  badgeCode: string;
  photo: Buffer | null;
}

const winAnsi = (s: string) => s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

/**
 * The volunteer's long-lived ID badge: one 4 × 3 in page per registration (the size of the
 * visit badge, pdf-badge.ts, so the same badge stock fits), with photo, name, type, expiry and a
 * Code 128 barcode of the random badge code the desk scans (registered check-in).
 */
export async function buildRegistrationBadgesPdf(badges: RegistrationBadgeContent[]): Promise<Uint8Array> {
  const [{ PDFDocument, rgb, StandardFonts }, sharp] = await Promise.all([loadPdfLib(), loadSharp()]);
  const doc = await PDFDocument.create();
  doc.setTitle(badges.length === 1 ? 'Registration badge' : 'Registration badges');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  for (const badge of badges) {
    const page = doc.addPage([288, 216]);
    page.drawRectangle({ x: 0, y: 190, width: 288, height: 26, color: rgb(0.12, 0.45, 0.27) });
    const type = winAnsi(badge.registrationType.toUpperCase()).slice(0, 26);
    page.drawText(type, { x: 10, y: 198, size: 12, font: bold, color: rgb(1, 1, 1) });
    const district = winAnsi(badge.districtName).slice(0, 30);
    page.drawText(district, {
      x: 278 - regular.widthOfTextAtSize(district, 8),
      y: 200,
      size: 8,
      font: regular,
      color: rgb(1, 1, 1),
    });
    let left = 10;
    if (badge.photo) {
      const jpeg = await sharp(badge.photo).resize(240, 240, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
      const img = await doc.embedJpg(jpeg);
      page.drawImage(img, { x: 10, y: 95, width: 85, height: 85 });
      left = 105;
    }
    const name = winAnsi(badge.name);
    const size = name.length > 22 ? 13 : 16;
    page.drawText(name.slice(0, 30), { x: left, y: 165, size, font: bold });
    page.drawText(winAnsi(badge.registrationType).slice(0, 34), { x: left, y: 145, size: 10, font: regular });
    page.drawText(`Expires: ${badge.expires || 'No expiration date'}`, { x: left, y: 128, size: 10, font: regular });
    const barcode = await doc.embedPng(await barcodePng(badge.badgeCode));
    const bw = 200;
    const bh = (barcode.height / barcode.width) * bw;
    page.drawImage(barcode, { x: (288 - bw) / 2, y: 8, width: bw, height: Math.min(bh, 80) });
  }
  return doc.save();
}

/**
 * The same badge as ZPL II for the building's Zebra printer (issue 15 "ZPL to the building
 * printer"): a 4 × 3 in label at 203 dpi like the visit badge (zpl-badge.ts), with the type (or
 * a SafeVendor's company), district, photo, name, expiry and the Code 128 badge code. Several
 * badges are several labels in one job.
 */
export async function buildRegistrationBadgesZpl(badges: RegistrationBadgeContent[]): Promise<string> {
  const labels: string[] = [];
  for (const badge of badges) {
    const left = badge.photo ? 290 : 30;
    const lines = [
      '^XA',
      '^CI28',
      '^PW812',
      '^LL609',
      '^FO0,0^GB812,70,70^FS',
      `^FO30,18^A0N,40,40^FR^FH^FD${zplText(badge.registrationType.toUpperCase().slice(0, 40))}^FS`,
      `^FO470,24^A0N,28,28^FR^FH^FD${zplText(badge.districtName.slice(0, 24))}^FS`,
    ];
    if (badge.photo) lines.push(`^FO30,95${await photoToGfa(badge.photo)}^FS`);
    lines.push(
      `^FO${left},100^A0N,54,54^FB${812 - left - 20},2,0,L^FH^FD${zplText(badge.name)}^FS`,
      `^FO${left},230^A0N,30,30^FH^FD${zplText(badge.registrationType)}^FS`,
      `^FO${left},280^A0N,30,30^FH^FDExpires: ${zplText(badge.expires || 'No expiration date')}^FS`,
      `^FO30,400^BY3^BCN,110,Y,N,N^FD${zplText(badge.badgeCode)}^FS`,
      '^XZ',
    );
    labels.push(lines.join('\n'));
  }
  return labels.join('\n');
}
