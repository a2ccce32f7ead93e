import bwipjs from 'bwip-js';
import { loadPdfLib, loadSharp } from '../../platform/lazy-modules';
import type { BadgeContent } from './badge-content';

/** Code 128 barcode PNG with a white background and quiet zone (stack guide: scanners need both). */
export function barcodePng(code: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: code,
    scale: 3,
    height: 12,
    includetext: true,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
    padding: 10,
  });
}

const winAnsi = (s: string) => s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

/**
 * The badge as a 4 × 3 in PDF for the browser's print window (spec 002 §4: used when the
 * printer address is shorter than 7 characters).
 */
export async function buildBadgePdf(badge: BadgeContent): Promise<Uint8Array> {
  const [{ PDFDocument, rgb, StandardFonts }, sharp] = await Promise.all([loadPdfLib(), loadSharp()]);
  const doc = await PDFDocument.create();
  doc.setTitle('Visitor badge');
  const page = doc.addPage([288, 216]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: 190, width: 288, height: 26, color: rgb(0.07, 0.37, 0.65) });
  page.drawText(winAnsi(badge.visitorType.toUpperCase()), { x: 10, y: 198, size: 13, font: bold, color: rgb(1, 1, 1) });
  const bName = winAnsi(badge.buildingName).slice(0, 34);
  page.drawText(bName, {
    x: 278 - regular.widthOfTextAtSize(bName, 9),
    y: 200,
    size: 9,
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
  const name = winAnsi(badge.visitorName);
  const size = name.length > 22 ? 13 : 16;
  page.drawText(name.slice(0, 34), { x: left, y: 165, size, font: bold });
  const line = (label: string, value: string, y: number) =>
    page.drawText(`${label} ${winAnsi(value || '-')}`.slice(0, 44), { x: left, y, size: 9, font: regular });
  line('Visiting:', badge.personVisiting, 145);
  line('In:', badge.checkedInAt, 130);
  line('Expires:', badge.expires, 115);
  const barcode = await doc.embedPng(await barcodePng(badge.badgeCode));
  const bw = 200;
  const bh = (barcode.height / barcode.width) * bw;
  page.drawImage(barcode, { x: (288 - bw) / 2, y: 8, width: bw, height: Math.min(bh, 80) });
  return doc.save();
}
