import { describe, expect, it } from 'vitest';
import { createPassSigner, nonceHash, parsePass, passRefusal } from './pass-token';
import { passEmail, passIcs, passSms } from './pass-message';

/** Issue 28 §2 (ADR 0053): the calendar file and the token, as pure functions. */
const content = {
  id: 42,
  token: 'SVP1.x',
  firstname: 'Ines',
  building: {
    name: 'North High; Annex, East',
    street1: '1 Main St',
    street2: '',
    city: 'Northfield',
    state: 'IL',
    zipcode: '60093',
    timeZone: 'America/Chicago',
  },
  windowStart: new Date('2026-12-01T15:00:00Z'),
  windowEnd: new Date('2026-12-01T16:30:00Z'),
  hostName: 'Dana Chen',
  instructions: `Park in lot B.\nUse the east door. ${'Long text '.repeat(12)}`,
  districtName: 'North County Schools',
  language: 'en' as const,
};

describe('the calendar file (RFC 5545)', () => {
  const ics = passIcs(content, new Date('2026-11-29T10:00:00Z'));
  it('has CRLF lines of at most 75 octets, UTC times and escaped text', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).toContain('DTSTART:20261201T150000Z\r\n');
    expect(ics).toContain('DTEND:20261201T163000Z\r\n');
    expect(ics).toContain('UID:visitor-pass-42@safevisitor');
    // unfolded, the text is escaped (; , and new lines)
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Visit to North High\\; Annex\\, East (Dana Chen)');
    expect(unfolded).toContain('Park in lot B.\\nUse the east door.');
  });
});

describe('the pass token', () => {
  const signer = createPassSigner('x'.repeat(48));
  const claims = {
    id: 7,
    buildingId: 3,
    windowStart: new Date(Date.now() - 60_000),
    windowEnd: new Date(Date.now() + 3600_000),
  };
  const { token, nonceHash: stored } = signer.issue(claims);
  const card = {
    buildingId: 3,
    windowStart: claims.windowStart,
    windowEnd: claims.windowEnd,
    passNonce: stored,
    passRevokedAt: null,
    status: 'scheduled',
  };
  const at = { buildingId: 3, now: new Date() };

  it('is ASCII a wedge scanner can type, parses back, and admits only its card', () => {
    expect(token).toMatch(/^SVP1\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const parsed = parsePass(token)!;
    expect(parsed.id).toBe(7);
    expect(nonceHash(parsed.nonce)).toBe(stored);
    expect(passRefusal(card, parsed, signer, at)).toBeNull();
    // another key (another install) does not verify
    expect(passRefusal(card, parsed, createPassSigner('y'.repeat(48)), at)).not.toBeNull();
    // the window or building changed on the card: the signature no longer matches
    expect(passRefusal({ ...card, windowEnd: new Date(Date.now() + 7200_000) }, parsed, signer, at)).not.toBeNull();
    expect(parsePass(`${token}x`)).toBeNull();
    expect(parsePass('SVP1.zzzzzzzz.aaaaaaaaaaaaaaaaaaaaaa.aaaaaaaaaaaaaaaaaaaaaa')).toBeNull();
  });
});

describe("the pass's messages in the visitor's language (issue 29 §1, ADR 0055)", () => {
  it('write the date the way the language does, keep names and the token, and leave no placeholder', () => {
    const cases = {
      en: 'Tuesday, December 1, 2026',
      es: 'martes, 1 de diciembre de 2026',
      pt: 'terça-feira, 1 de dezembro de 2026',
      vi: 'Thứ Ba, 1 tháng 12, 2026',
      zh: '2026年12月1日星期二',
      ar: 'الثلاثاء',
    } as const;
    for (const [language, day] of Object.entries(cases)) {
      const c = { ...content, language: language as keyof typeof cases };
      const email = passEmail(c);
      const text = `${email.subject}\n${email.body}\n${passSms(c)}\n${passIcs(c, new Date())}`;
      expect(text, language).not.toMatch(/\{\{/);
      expect(email.body, language).toContain('Dana Chen');
      expect(passSms(c), language).toContain('SVP1.x');
      expect(email.body.normalize('NFC'), language).toContain(day.normalize('NFC'));
    }
  });
});
