import { describe, expect, it } from 'vitest';
import { isAamvaPayload, type ParsedLicense, parseAamva } from './aamva';
import { EYE_COLORS, HAIR_COLORS } from './aamva-elements';
// Payloads from other open-source parsers' own tests, with what those tests assert (sources,
// licences and the cases we disagree with are recorded in the file itself).
import fixtures from './fixtures/aamva-public-fixtures.json';

type Expected = Record<string, string | number | null>;
interface PublicCase {
  id: string;
  source: { repo: string; path: string; test?: string };
  raw: string;
  expected: Expected;
  notes?: string;
}

const cases = (fixtures as unknown as { cases: PublicCase[] }).cases;
const notPdf417 = (fixtures as unknown as { notAPdf417Payload: { raw: string }[] }).notAPdf417Payload;

const colourName = (name: string | null | undefined) => (name ? name.toUpperCase().replace('GREY', 'GRAY') : null);

/** What we expect `parseAamva` to return for a fixture value, in our conventions (see the fixture's `conventions`). */
function ours(expected: Expected): {
  fields: Partial<Record<keyof ParsedLicense, unknown>>;
  eye?: string | null;
  hair?: string | null;
} {
  const fields: Partial<Record<keyof ParsedLicense, unknown>> = {};
  const direct: (keyof ParsedLicense)[] = [
    'firstName',
    'middleName',
    'lastName',
    'suffix',
    'street1',
    'street2',
    'city',
    'state',
    'country',
    'dateOfBirth',
    'sex',
    'licenseNumber',
    'aamvaVersion',
    'issueDate',
    'expirationDate',
    'heightInches',
    'weightLbs',
  ];
  for (const key of direct) if (key in expected) fields[key] = expected[key];
  if (typeof expected.heightCm === 'number') fields.heightInches = Math.round(expected.heightCm / 2.54);
  if (typeof expected.weightKg === 'number') fields.weightLbs = Math.round(expected.weightKg * 2.20462);
  if (typeof expected.postalCode === 'string') {
    const compact = expected.postalCode.replace(/[\s-]/g, '').toUpperCase();
    fields.postalCode = /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)
      ? `${compact.slice(0, 3)} ${compact.slice(3)}`
      : compact.replace(/\D/g, '').slice(0, 5);
  }
  const out: ReturnType<typeof ours> = { fields };
  if ('eyeColor' in expected) out.eye = colourName(expected.eyeColor as string | null);
  if ('hairColor' in expected) out.hair = colourName(expected.hairColor as string | null);
  return out;
}

describe('parseAamva on public fixtures from other parsers’ tests', () => {
  it('has payloads from several independent sources', () => {
    expect(cases.length).toBeGreaterThanOrEqual(70);
    expect(new Set(cases.map((c) => c.source.repo)).size).toBeGreaterThanOrEqual(4);
  });

  for (const fixture of cases) {
    it(`${fixture.id} ${fixture.source.repo} ${fixture.source.path}${fixture.source.test ? ` (${fixture.source.test})` : ''}`, () => {
      expect(isAamvaPayload(fixture.raw)).toBe(true);
      const parsed = parseAamva(fixture.raw);
      expect(parsed).not.toBeNull();
      const { fields, eye, hair } = ours(fixture.expected);
      const actual: Record<string, unknown> = {};
      for (const key of Object.keys(fields)) actual[key] = parsed?.[key as keyof ParsedLicense];
      expect(actual).toEqual(fields);
      if (eye !== undefined) expect(colourName(parsed?.eyeColor ? EYE_COLORS[parsed.eyeColor] : null)).toBe(eye);
      if (hair !== undefined) expect(colourName(parsed?.hairColor ? HAIR_COLORS[parsed.hairColor] : null)).toBe(hair);
      // Every case checks at least the names it states.
      expect(Object.keys(fields).length + (eye === undefined ? 0 : 1)).toBeGreaterThanOrEqual(2);
    });
  }

  it.each(notPdf417.map((c) => [c.raw.slice(0, 20), c.raw]))(
    'does not read magnetic-stripe data %j as a PDF417 payload',
    (_, raw) => {
      expect(parseAamva(raw)).toBeNull();
    },
  );
});
