import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import { loadSharp } from '../../platform/lazy-modules';
import { type BadgeContent, zplText } from './badge-content';
import { BADGE_BAND, BADGE_PAGE, type BadgeFace, type BadgeLayout, layoutBadge, visitBadgeFace } from './badge-layout';

/** Converts a photo to a ZPL ^GFA 1-bit graphic (integrations guide: ^GFA a 1-bit graphic in hex). */
export async function photoToGfa(photo: Uint8Array, size: number): Promise<string> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(photo)
    .resize(size, size, { fit: 'cover' })
    .greyscale()
    .normalise()
    .threshold(128)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bytesPerRow = Math.ceil(info.width / 8);
  const out = Buffer.alloc(bytesPerRow * info.height);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      // black pixel → bit set (ZPL prints set bits)
      if (data[y * info.width + x] < 128) out[y * bytesPerRow + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const hex = out.toString('hex').toUpperCase();
  return `^GFA,${out.length},${out.length},${bytesPerRow},${hex}`;
}

/**
 * Badges as ZPL II labels (^XA … ^XZ, one a face, several in one job) for Zebra printers, drawn
 * from the one layout (badge-layout.ts). Field data is cut, then escaped (`zplText`).
 */
export async function renderBadgesZpl(faces: BadgeFace[]): Promise<string> {
  const labels: string[] = [];
  for (const face of faces) {
    const layout = layoutBadge(face);
    const { width, height } = BADGE_PAGE.zpl;
    const lines = [
      '^XA',
      '^CI28',
      `^PW${width}`,
      `^LL${height}`,
      `^FO0,0^GB${width},${BADGE_BAND.zpl.height},${BADGE_BAND.zpl.height}^FS`,
    ];
    const field = (t: BadgeLayout['texts'][number]) => {
      const { x, y, height: h, maxChars, reversed, blockWidth } = t.zpl;
      const block = blockWidth ? `^FB${blockWidth},2,0,L` : '';
      return `^FO${x},${y}^A0N,${h},${h}${block}${reversed ? '^FR' : ''}^FH^FD${zplText(t.text.slice(0, maxChars))}^FS`;
    };
    const [title, place, ...rest] = layout.texts;
    lines.push(field(title), field(place));
    if (layout.photo) {
      const { bytes, zpl } = layout.photo;
      lines.push(`^FO${zpl.x},${zpl.y}${await photoToGfa(bytes, zpl.dots)}^FS`);
    }
    lines.push(...rest.map(field));
    const { x, y } = layout.barcode.zpl;
    lines.push(`^FO${x},${y}^BY3^BCN,110,Y,N,N^FD${zplText(layout.barcode.code)}^FS`, '^XZ');
    labels.push(lines.join('\n'));
  }
  return labels.join('\n');
}

/**
 * The language a Zebra label's fixed words print in (issue 29 §1, ADR 0055): the printer's resident
 * font has Latin letters only (`zplText` folds them to ASCII, so Spanish, Portuguese and Vietnamese
 * print without their accents), and cannot draw Arabic or Chinese at all: those labels carry the
 * English words rather than nothing. The PDF badge draws every language.
 */
export const zplLanguage = (lng: VisitorLanguage | undefined): VisitorLanguage =>
  lng === 'ar' || lng === 'zh' ? 'en' : (lng ?? 'en');

/** A visitor's badge as one ZPL label. */
export function buildBadgeZpl(badge: BadgeContent): Promise<string> {
  return renderBadgesZpl([visitBadgeFace({ ...badge, language: zplLanguage(badge.language) })]);
}
