import { interpolate, type VisitorLanguage } from '../../platform/i18n/catalogue';
import type { BadgeContent } from './badge-content';
import { printingText } from './i18n';

/**
 * The one badge layout (issue 24 §2: "one badge layout shared by visit, registration and vendor
 * badges on the server"). Every badge the server prints — a visit badge, a volunteer's or a
 * SafeVendor's registration badge, a building's test page — is a `BadgeFace` laid out here on the
 * same 4 × 3 in stock: a coloured band with the kind and the place, the photo on the left, the
 * name, up to three detail lines, and the Code 128 badge code. The PDF (pdf-badge.ts) and ZPL
 * (zpl-badge.ts) renderers draw what `layoutBadge` places and decide nothing about positions.
 */
export interface BadgeFace {
  /** the band's colour on the PDF: a visit (blue) or a registration (green) badge */
  band: 'visit' | 'registration';
  /** the kind in the band (a visitor type, a registration type or a vendor's company) */
  title: string;
  /** right of the band: the building or the district */
  place: string;
  name: string;
  /** detail lines under the name, already labelled ('Expires: …'); at most three print */
  lines: string[];
  /** scannable badge code (Code 128) */
  badgeCode: string;
  /** JPEG or PNG photo bytes, if any */
  photo?: Uint8Array | null;
  /**
   * The language of the fixed words (issue 29 §1, ADR 0055); the PDF draws every language, a
   * Zebra label only what its resident font can (zpl-badge.ts)
   */
  language?: VisitorLanguage;
}

/** A text on the badge: where it stands on the PDF (points) and on the 203 dpi label (dots). */
export interface PlacedText {
  role: 'title' | 'place' | 'name' | 'line';
  text: string;
  pdf: { x: number; y: number; size: number; bold: boolean; maxChars: number; alignRight?: boolean };
  zpl: { x: number; y: number; height: number; maxChars: number; reversed?: boolean; blockWidth?: number };
}

export interface BadgeLayout {
  band: BadgeFace['band'];
  texts: PlacedText[];
  photo: {
    bytes: Uint8Array;
    pdf: { x: number; y: number; size: number };
    zpl: { x: number; y: number; dots: number };
  } | null;
  barcode: { code: string; pdf: { width: number; maxHeight: number; y: number }; zpl: { x: number; y: number } };
}

/** The stock: 4 × 3 in; PDF points and ZPL dots at 203 dpi (the common Zebra desktop resolution). */
export const BADGE_PAGE = { pdf: { width: 288, height: 216 }, zpl: { width: 812, height: 609 } } as const;
export const BADGE_BAND = { pdf: { y: 190, height: 26 }, zpl: { height: 70 } } as const;
const PHOTO = { pdf: { x: 10, y: 95, size: 85 }, zpl: { x: 30, y: 95, dots: 240 } };
const LINE_SLOTS = [
  { pdfY: 145, zplY: 230 },
  { pdfY: 130, zplY: 270 },
  { pdfY: 115, zplY: 310 },
];

/** Places a face's fields on the badge. Pure: the same face always gives the same layout. */
export function layoutBadge(face: BadgeFace): BadgeLayout {
  const photo = face.photo ?? null;
  const pdfLeft = photo ? PHOTO.pdf.x + PHOTO.pdf.size + 10 : 10;
  const zplLeft = photo ? PHOTO.zpl.x + PHOTO.zpl.dots + 20 : 30;
  const texts: PlacedText[] = [
    {
      role: 'title',
      text: face.title.toUpperCase(),
      pdf: { x: 10, y: 198, size: 13, bold: true, maxChars: 26 },
      zpl: { x: 30, y: 18, height: 40, maxChars: 40, reversed: true },
    },
    {
      role: 'place',
      text: face.place,
      pdf: { x: BADGE_PAGE.pdf.width - 10, y: 200, size: 9, bold: false, maxChars: 34, alignRight: true },
      zpl: { x: 430, y: 24, height: 30, maxChars: 24, reversed: true },
    },
    {
      role: 'name',
      text: face.name,
      // a long name prints smaller on the PDF; the label wraps it on two lines
      pdf: { x: pdfLeft, y: 165, size: face.name.length > 22 ? 13 : 16, bold: true, maxChars: 34 },
      zpl: { x: zplLeft, y: 100, height: 54, maxChars: 60, blockWidth: BADGE_PAGE.zpl.width - zplLeft - 20 },
    },
    ...face.lines.slice(0, LINE_SLOTS.length).map(
      (text, i): PlacedText => ({
        role: 'line',
        text,
        pdf: { x: pdfLeft, y: LINE_SLOTS[i].pdfY, size: 9, bold: false, maxChars: 44 },
        zpl: { x: zplLeft, y: LINE_SLOTS[i].zplY, height: 28, maxChars: 60 },
      }),
    ),
  ];
  return {
    band: face.band,
    texts,
    photo: photo ? { bytes: photo, pdf: PHOTO.pdf, zpl: PHOTO.zpl } : null,
    barcode: { code: face.badgeCode, pdf: { width: 200, maxHeight: 80, y: 8 }, zpl: { x: 30, y: 400 } },
  };
}

/**
 * A visitor's badge (issue 4 "Badge"; spec 002 §4) as a face of the one layout, its fixed words
 * (the visitor type, the labels) in the badge's language (issue 29 §1).
 */
export function visitBadgeFace(badge: BadgeContent): BadgeFace {
  const language = badge.language ?? 'en';
  const t = printingText.of(language).badge;
  const types: Record<string, string> = t.types;
  return {
    band: 'visit',
    title: types[badge.visitorType] ?? badge.visitorType,
    place: badge.buildingName,
    name: badge.visitorName,
    lines: [
      interpolate(t.visiting, { name: badge.personVisiting || '-' }),
      interpolate(t.checkedIn, { time: badge.checkedInAt || '-' }),
      interpolate(t.expires, { time: badge.expires || '-' }),
    ],
    badgeCode: badge.badgeCode,
    photo: badge.photo ?? null,
    language,
  };
}
