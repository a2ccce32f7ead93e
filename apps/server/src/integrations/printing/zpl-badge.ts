import { loadSharp } from '../../platform/lazy-modules';
import { type BadgeContent, zplText } from './badge-content';
import { BADGE_BAND, BADGE_PAGE, type BadgeFace, type BadgeLayout, layoutBadge, visitBadgeFace } from './badge-layout';
import { grayToGfa, needsGraphic, zplTextGraphic } from './zpl-text-graphic';

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
  return grayToGfa(data, info);
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
    const field = async (t: BadgeLayout['texts'][number]) => {
      const { x, y, height: h, maxChars, reversed, blockWidth } = t.zpl;
      // Arabic or Chinese (the fixed words, or a name): drawn by the server as a picture (ADR 0055)
      if (needsGraphic(t.text)) {
        const maxWidth = blockWidth ?? (t.role === 'title' ? 400 : BADGE_PAGE.zpl.width - x - 20);
        const gfa = await zplTextGraphic(Array.from(t.text).slice(0, maxChars).join(''), {
          height: Math.round(h * 0.8),
          bold: t.role === 'title' || t.role === 'name',
          maxWidth,
        });
        return `^FO${x},${y}${reversed ? '^FR' : ''}${gfa}^FS`;
      }
      const block = blockWidth ? `^FB${blockWidth},2,0,L` : '';
      return `^FO${x},${y}^A0N,${h},${h}${block}${reversed ? '^FR' : ''}^FH^FD${zplText(t.text.slice(0, maxChars))}^FS`;
    };
    const [title, place, ...rest] = layout.texts;
    lines.push(await field(title), await field(place));
    if (layout.photo) {
      const { bytes, zpl } = layout.photo;
      lines.push(`^FO${zpl.x},${zpl.y}${await photoToGfa(bytes, zpl.dots)}^FS`);
    }
    for (const t of rest) lines.push(await field(t));
    const { x, y } = layout.barcode.zpl;
    lines.push(`^FO${x},${y}^BY3^BCN,110,Y,N,N^FD${zplText(layout.barcode.code)}^FS`, '^XZ');
    labels.push(lines.join('\n'));
  }
  return labels.join('\n');
}

/**
 * A visitor's badge as one ZPL label, its fixed words in the badge's language (issue 29 §1, ADR
 * 0055): the printer's resident font prints Latin letters (`zplText` folds them to ASCII, so
 * Spanish, Portuguese and Vietnamese print without their accents); Arabic and Chinese lines are
 * drawn by the server as pictures (zpl-text-graphic.ts).
 */
export function buildBadgeZpl(badge: BadgeContent): Promise<string> {
  return renderBadgesZpl([visitBadgeFace(badge)]);
}
