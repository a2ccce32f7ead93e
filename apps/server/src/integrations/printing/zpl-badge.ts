import { loadSharp } from '../../platform/lazy-modules';
import { type BadgeContent, zplText } from './badge-content';

/** 4 × 3 in label at 203 dpi (the common Zebra desktop resolution). */
const WIDTH = 812;
const HEIGHT = 609;
const PHOTO = 240;

/** Converts a photo to a ZPL ^GFA 1-bit graphic (integrations guide: ^GFA a 1-bit graphic in hex). */
export async function photoToGfa(photo: Uint8Array, size = PHOTO): Promise<string> {
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

/** Builds the badge as ZPL II (^XA … ^XZ) for Zebra printers. */
export async function buildBadgeZpl(badge: BadgeContent): Promise<string> {
  const left = badge.photo ? PHOTO + 50 : 30;
  const lines = [
    '^XA',
    '^CI28',
    `^PW${WIDTH}`,
    `^LL${HEIGHT}`,
    '^FO0,0^GB812,70,70^FS',
    `^FO30,18^A0N,40,40^FR^FH^FD${zplText(badge.visitorType.toUpperCase())}^FS`,
    `^FO430,24^A0N,30,30^FR^FH^FD${zplText(badge.buildingName)}^FS`,
  ];
  if (badge.photo) lines.push(`^FO30,95${await photoToGfa(badge.photo)}^FS`);
  lines.push(
    `^FO${left},100^A0N,54,54^FB${WIDTH - left - 20},2,0,L^FH^FD${zplText(badge.visitorName)}^FS`,
    `^FO${left},230^A0N,28,28^FH^FDVisiting: ${zplText(badge.personVisiting || '-')}^FS`,
    `^FO${left},270^A0N,28,28^FH^FDIn: ${zplText(badge.checkedInAt)}^FS`,
    `^FO${left},310^A0N,28,28^FH^FDExpires: ${zplText(badge.expires || '-')}^FS`,
    `^FO30,400^BY3^BCN,110,Y,N,N^FD${zplText(badge.badgeCode)}^FS`,
    '^XZ',
  );
  return lines.join('\n');
}
