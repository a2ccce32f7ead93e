import type { VisitorLanguage } from '../../platform/i18n/catalogue';

/** What a visitor badge shows (issue 4 "Badge"): the same content for ZPL and PDF. */
export interface BadgeContent {
  /** the language of the badge's fixed words (issue 29 §1): the kiosk's or the pass's; English by default */
  language?: VisitorLanguage;
  visitorName: string;
  visitorType: string;
  buildingName: string;
  /** check-in date and time, already formatted in the building's time zone */
  checkedInAt: string;
  personVisiting: string;
  /** expiry, formatted in the building's time zone, or '' */
  expires: string;
  /** scannable badge code (Code 128) used to check out by scan */
  badgeCode: string;
  /** JPEG or PNG photo bytes, if any */
  photo?: Uint8Array | null;
}

/** Longest text a badge field prints, in characters (before escaping). */
export const ZPL_FIELD_MAX = 60;

/**
 * ZPL field data escaping: ^ and ~ are command prefixes; use the hex escape (^FH).
 * Cut first, then escape (issue 10 §5): cutting the escaped text could split `_5E` and leave a
 * dangling `_` right before `^FS`, which the printer reads as the start of an escape.
 */
export function zplText(value: string): string {
  return (
    value
      // Vietnamese đ has no decomposition: it would vanish
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .slice(0, ZPL_FIELD_MAX)
      .replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)
  );
}
