import bwipjs from 'bwip-js';
import { interpolate, LOCALE_OF, type VisitorLanguage } from '../../platform/i18n/catalogue';
import { passText } from './i18n';

/**
 * What the visitor receives (issue 28 §2): the pass as a QR code (bwip-js, as the badges' codes),
 * the building's address and instructions, and an "add to calendar" file (RFC 5545). Our wording.
 */
export interface PassContent {
  id: number;
  token: string;
  firstname: string;
  building: {
    name: string;
    street1: string;
    street2: string;
    city: string;
    state: string;
    zipcode: string;
    timeZone: string;
  };
  windowStart: Date;
  windowEnd: Date;
  hostName: string;
  instructions: string;
  districtName: string;
  /** the visitor's language, chosen by whoever invited them (issue 29 §1; 'en' by default) */
  language: VisitorLanguage;
}

/** The QR code of a pass, a PNG with the quiet zone scanners need. */
export function passQrPng(token: string): Promise<Buffer> {
  // error correction M (15 %): a phone screen's glare or a crack still scans
  return bwipjs.toBuffer({
    bcid: 'qrcode',
    text: token,
    scale: 6,
    backgroundcolor: 'FFFFFF',
    padding: 16,
    ...{ eclevel: 'M' },
  });
}

export const addressLines = (b: PassContent['building']) =>
  [b.street1, b.street2, [b.city, [b.state, b.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(
    (l) => l.trim() !== '',
  );

/** The visit's day and window in the building's zone, written the way the visitor's language writes dates. */
const when = (c: PassContent) => {
  const locale = LOCALE_OF[c.language];
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: c.building.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(c.windowStart);
  const time = (d: Date) =>
    new Intl.DateTimeFormat(locale, { timeZone: c.building.timeZone, hour: 'numeric', minute: '2-digit' }).format(d);
  return `${day}, ${time(c.windowStart)} – ${time(c.windowEnd)}`;
};

export function passEmail(c: PassContent) {
  const t = passText.of(c.language);
  const values = {
    firstname: c.firstname,
    building: c.building.name,
    when: when(c),
    host: c.hostName,
    who: c.hostName || c.building.name,
    token: c.token,
  };
  const lines = [
    interpolate(t.email.hello, values),
    '',
    interpolate(c.hostName ? t.email.expectedHost : t.email.expected, values),
    '',
    t.email.attached,
    t.email.rules,
    '',
    t.email.address,
    ...addressLines(c.building).map((l) => `  ${l}`),
    ...(c.instructions ? ['', t.email.instructions, c.instructions] : []),
    '',
    t.email.calendar,
    '',
    interpolate(t.email.cannotCome, values),
    '',
    interpolate(t.email.code, values),
  ];
  return { subject: interpolate(t.email.subject, values), body: lines.join('\n') };
}

/** A text message cannot carry the picture: the time and place, and the pass code the office can type. */
export function passSms(c: PassContent) {
  return interpolate(passText.of(c.language).sms, {
    district: c.districtName,
    building: c.building.name,
    address: addressLines(c.building).join(', '),
    when: when(c),
    token: c.token,
  });
}

// RFC 5545: TEXT escaping, UTC date-times, CRLF, lines folded at 75 octets
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
function fold(line: string) {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + ch, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function passIcs(c: PassContent, now: Date): string {
  const t = passText.of(c.language).calendar;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SafeVisitor//Visitor pass//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:visitor-pass-${c.id}@safevisitor`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(c.windowStart)}`,
    `DTEND:${icsDate(c.windowEnd)}`,
    `SUMMARY:${icsText(interpolate(c.hostName ? t.titleHost : t.title, { building: c.building.name, host: c.hostName }))}`,
    `LOCATION:${icsText([c.building.name, ...addressLines(c.building)].join(', '))}`,
    `DESCRIPTION:${icsText([t.bring, c.instructions].filter(Boolean).join('\n'))}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
