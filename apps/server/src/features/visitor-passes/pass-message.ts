import bwipjs from 'bwip-js';

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

const when = (c: PassContent) => {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: c.building.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(c.windowStart);
  const time = (d: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: c.building.timeZone, hour: 'numeric', minute: '2-digit' }).format(d);
  return `${day}, ${time(c.windowStart)} – ${time(c.windowEnd)}`;
};

export function passEmail(c: PassContent) {
  const lines = [
    `Hello ${c.firstname},`,
    '',
    `You are expected at ${c.building.name} on ${when(c)}${c.hostName ? `, visiting ${c.hostName}` : ''}.`,
    '',
    'Your visitor pass is the attached QR code (pass.png). When you arrive, scan it at the kiosk or show it at the front office.',
    'The pass works only at this building and only at the time above. Please bring a photo ID.',
    '',
    'Address:',
    ...addressLines(c.building).map((l) => `  ${l}`),
    ...(c.instructions ? ['', 'Instructions:', c.instructions] : []),
    '',
    'To add the visit to your calendar, open the attached invitation.ics.',
    '',
    `If you cannot come, please let ${c.hostName || c.building.name} know.`,
    '',
    `Pass code (if the QR code cannot be scanned): ${c.token}`,
  ];
  return { subject: `Your visitor pass for ${c.building.name}`, body: lines.join('\n') };
}

/** A text message cannot carry the picture: the time and place, and the pass code the office can type. */
export function passSms(c: PassContent) {
  return `${c.districtName}: you are expected at ${c.building.name}, ${addressLines(c.building).join(', ')}, on ${when(c)}. Your visitor pass was e-mailed to you; at the front office you can also give this pass code: ${c.token}`;
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
    `SUMMARY:${icsText(`Visit to ${c.building.name}${c.hostName ? ` (${c.hostName})` : ''}`)}`,
    `LOCATION:${icsText([c.building.name, ...addressLines(c.building)].join(', '))}`,
    `DESCRIPTION:${icsText(
      ['Bring your visitor pass (the QR code in the e-mail) and a photo ID.', c.instructions]
        .filter(Boolean)
        .join('\n'),
    )}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
