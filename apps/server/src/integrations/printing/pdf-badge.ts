import bwipjs from 'bwip-js';
import { loadPdfLib, loadSharp } from '../../platform/lazy-modules';
import type { BadgeContent } from './badge-content';
import { BADGE_BAND, BADGE_PAGE, type BadgeFace, layoutBadge, visitBadgeFace } from './badge-layout';
import { pdfText } from './pdf-text';

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

/** The band's colour by badge kind: visit badges blue, registration (volunteer, vendor) badges green. */
const BAND_RGB: Record<BadgeFace['band'], [number, number, number]> = {
  visit: [0.07, 0.37, 0.65],
  registration: [0.12, 0.45, 0.27],
};

/**
 * Badges as 4 × 3 in PDF pages for the browser's print window (spec 002 §4: used when the
 * printer address is shorter than 7 characters), one page a face, drawn from the one layout
 * (badge-layout.ts).
 */
export async function renderBadgesPdf(faces: BadgeFace[], title: string): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, sharp] = await Promise.all([loadPdfLib(), loadSharp()]);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  // every language's letters (pdf-text.ts): Helvetica where it can, embedded Noto subsets otherwise
  const text = await pdfText(doc);
  for (const face of faces) {
    const layout = layoutBadge(face);
    const page = doc.addPage([BADGE_PAGE.pdf.width, BADGE_PAGE.pdf.height]);
    page.drawRectangle({
      x: 0,
      y: BADGE_BAND.pdf.y,
      width: BADGE_PAGE.pdf.width,
      height: BADGE_BAND.pdf.height,
      color: rgb(...BAND_RGB[layout.band]),
    });
    for (const t of layout.texts) {
      const onBand = t.role === 'title' || t.role === 'place';
      await text.draw(
        page,
        Array.from(t.text.normalize('NFC')).slice(0, t.pdf.maxChars).join(''),
        { x: t.pdf.x, y: t.pdf.y, alignRight: t.pdf.alignRight },
        { size: t.pdf.size, bold: t.pdf.bold, ...(onBand ? { color: rgb(1, 1, 1) } : {}) },
      );
    }
    if (layout.photo) {
      const { bytes, pdf } = layout.photo;
      const jpeg = await sharp(bytes).resize(240, 240, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
      page.drawImage(await doc.embedJpg(jpeg), { x: pdf.x, y: pdf.y, width: pdf.size, height: pdf.size });
    }
    const barcode = await doc.embedPng(await barcodePng(layout.barcode.code));
    const { width, maxHeight, y } = layout.barcode.pdf;
    const height = Math.min((barcode.height / barcode.width) * width, maxHeight);
    page.drawImage(barcode, { x: (BADGE_PAGE.pdf.width - width) / 2, y, width, height });
  }
  return doc.save();
}

/** A visitor's badge as a PDF (one page). */
export function buildBadgePdf(badge: BadgeContent): Promise<Uint8Array> {
  return renderBadgesPdf([visitBadgeFace(badge)], 'Visitor badge');
}
