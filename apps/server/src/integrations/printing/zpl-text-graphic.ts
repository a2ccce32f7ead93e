import { loadSharp } from '../../platform/lazy-modules';
import { fontOf, scriptRuns } from './pdf-text';

/** Arabic and Chinese letters, which a Zebra printer's resident font cannot draw. */
const NEEDS_GRAPHIC =
  /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;
export const needsGraphic = (text: string) => NEEDS_GRAPHIC.test(text);

/**
 * A line of text as a ZPL ^GFA 1-bit graphic (issue 29 §1, ADR 0055): a Zebra printer's resident
 * font has no Arabic or Chinese, so such a line is drawn by the server with the PDF's fonts
 * (glyphs shaped by fontkit, runs laid right to left as on the PDF: pdf-text.ts), rasterised by
 * sharp at the label's 203 dpi and sent as a picture, as the photo is. `height` is the text's
 * size in dots; a line wider than `maxWidth` is scaled down to fit.
 */
export async function zplTextGraphic(text: string, o: { height: number; bold: boolean; maxWidth: number }) {
  const weight = o.bold ? 'bold' : 'regular';
  const [hans, arabic] = await Promise.all([fontOf('hans', weight), fontOf('arabic', weight)]);
  const runs = scriptRuns(text.normalize('NFC'), (isArabic, cp) =>
    (isArabic ? arabic : hans).font.hasGlyphForCodePoint(cp),
  );
  const rtl = runs.some((r) => r.arabic);
  // room for Arabic's marks above and descenders below
  const H = Math.ceil(o.height * 1.35);
  const baseline = o.height * 1.05;
  const paths: string[] = [];
  let x = 0;
  for (const run of runs) {
    const font = (run.arabic ? arabic : hans).font;
    const s = o.height / font.unitsPerEm;
    const laid = font.layout(run.text);
    laid.glyphs.forEach((g, i) => {
      const p = laid.positions[i]!;
      paths.push(
        g.path
          .scale(s, -s)
          .translate(x + p.xOffset * s, baseline - p.yOffset * s)
          .toSVG(),
      );
      x += p.xAdvance * s;
    });
    if (rtl) x += o.height * 0.28;
  }
  const contentWidth = Math.max(1, Math.ceil(x));
  const fit = Math.min(1, o.maxWidth / contentWidth);
  const width = Math.max(8, Math.ceil(contentWidth * fit));
  const height = Math.max(1, Math.ceil(H * fit));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${contentWidth} ${H}"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="${paths.join(' ')}"/></svg>`;
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .threshold(160)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return grayToGfa(data, info);
}

/** Raw grey pixels (thresholded) as a ZPL ^GFA 1-bit graphic: a dark pixel is a set bit (ZPL prints set bits). */
export function grayToGfa(data: Buffer, info: { width: number; height: number; channels: number }): string {
  const bytesPerRow = Math.ceil(info.width / 8);
  const out = Buffer.alloc(bytesPerRow * info.height);
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[(y * info.width + x) * info.channels]! < 128) out[y * bytesPerRow + (x >> 3)] |= 0x80 >> (x & 7);
  return `^GFA,${out.length},${out.length},${bytesPerRow},${out.toString('hex').toUpperCase()}`;
}
