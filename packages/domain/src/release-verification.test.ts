import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adultVerifiedForRelease,
  type IdentityOnFile,
  identityOnFile,
  maskedContact,
  ONE_TIME_CODE,
  oneTimeCodeCheck,
  PICKUP_PATHS,
  type PickupInput,
  RELEASE_METHODS_BY_PATH,
  type ReleaseEvidence,
  releaseDecision,
} from './pickup-authorization';

// issue 22 "Releasing a child needs a verified adult": the rule as a table, then as a property.

const JORDAN: IdentityOnFile = {
  guardianId: 7,
  firstname: 'Jordan',
  lastname: 'Testwood',
  dob: '1984-06-12',
  licenseNumber: null,
  licenseState: null,
};
const PAT: IdentityOnFile = { ...JORDAN, guardianId: 8, firstname: 'Pat', dob: null };
const LICENSED: IdentityOnFile = { ...PAT, guardianId: 9, licenseNumber: 'T123-4567-8901', licenseState: 'IL' };
const code = (state: 'verified' | 'pending' | 'failed' | 'used', guardianId = 7, studentId = 1): ReleaseEvidence => ({
  method: 'one_time_code',
  challenge: { guardianId, studentId, state },
});
type IdEvidence = Extract<ReleaseEvidence, { licenseNumber: string }>;
const typed = (over: Partial<IdEvidence> = {}): IdEvidence => ({
  method: 'id_typed',
  licenseNumber: 'T123-4567-8901',
  licenseState: 'IL',
  dob: '1984-06-12',
  ...over,
});

const TABLE: [string, 'desk' | 'kiosk', IdentityOnFile, ReleaseEvidence | null, string][] = [
  ['kiosk: date of birth on file and agrees', 'kiosk', JORDAN, { method: 'dob', dob: '1984-06-12' }, 'dob'],
  [
    'kiosk: date of birth on file, another typed',
    'kiosk',
    JORDAN,
    { method: 'dob', dob: '1984-06-13' },
    'dob_mismatch',
  ],
  // the audit's B2: "Pat Testwood 07/04/1950" was accepted because nothing was on file
  [
    'kiosk: no date of birth on file, any typed',
    'kiosk',
    PAT,
    { method: 'dob', dob: '1950-07-04' },
    'no_identity_on_file',
  ],
  ['kiosk: the code sent to this guardian for this student', 'kiosk', PAT, code('verified', 8), 'one_time_code'],
  ['kiosk: a code not (yet) verified', 'kiosk', PAT, code('pending', 8), 'code_not_verified'],
  ['kiosk: a code of another guardian', 'kiosk', PAT, code('verified', 7), 'code_not_verified'],
  ['kiosk: a code of another student', 'kiosk', PAT, code('verified', 8, 2), 'code_not_verified'],
  ['kiosk: a used code', 'kiosk', PAT, code('used', 8), 'code_not_verified'],
  ['kiosk: nothing', 'kiosk', JORDAN, null, 'missing'],
  ['kiosk: an ID cannot be checked by a lobby screen', 'kiosk', JORDAN, typed(), 'method_not_here'],
  ['kiosk: "known" means nothing at a kiosk', 'kiosk', JORDAN, { method: 'known_visitor' }, 'method_not_here'],
  [
    'desk: a typed date alone is not an ID check',
    'desk',
    JORDAN,
    { method: 'dob', dob: '1984-06-12' },
    'method_not_here',
  ],
  ['desk: known, identity on file', 'desk', JORDAN, { method: 'known_visitor' }, 'known_visitor'],
  ['desk: known, licence on file', 'desk', LICENSED, { method: 'known_visitor' }, 'known_visitor'],
  ['desk: "known" with nothing on file', 'desk', PAT, { method: 'known_visitor' }, 'no_identity_on_file'],
  ['desk: typed licence, nothing on file', 'desk', PAT, typed({ dob: '1950-07-04' }), 'id_typed'],
  ['desk: typed licence agrees with the date on file', 'desk', JORDAN, typed(), 'id_typed'],
  ['desk: typed licence, another date than on file', 'desk', JORDAN, typed({ dob: '1984-12-06' }), 'id_mismatch'],
  [
    'desk: typed licence agrees with the licence on file',
    'desk',
    LICENSED,
    typed({ licenseNumber: 't12345678901', licenseState: 'il' }),
    'id_typed',
  ],
  [
    'desk: typed licence, another number than on file',
    'desk',
    LICENSED,
    typed({ licenseNumber: 'T999' }),
    'id_mismatch',
  ],
  ['desk: typed licence without a state', 'desk', PAT, typed({ licenseState: ' ' }), 'id_incomplete'],
  ['desk: typed licence without a date', 'desk', PAT, typed({ dob: '' }), 'id_incomplete'],
  ['desk: a scanned date that is no calendar date', 'desk', PAT, typed({ dob: '1984-02-30' }), 'id_incomplete'],
  [
    'desk: scanned licence of the guardian',
    'desk',
    PAT,
    { ...typed(), method: 'id_scan', firstName: 'PAT', lastName: 'TESTWOOD' },
    'id_scan',
  ],
  [
    'desk: scanned licence, look-alike letters are the same name',
    'desk',
    PAT,
    { ...typed(), method: 'id_scan', firstName: 'Pаt', lastName: 'Test\u200Bwood' },
    'id_scan',
  ],
  [
    'desk: scanned licence of someone else',
    'desk',
    PAT,
    { ...typed(), method: 'id_scan', firstName: 'Casey', lastName: 'Testwood' },
    'id_mismatch',
  ],
  ['desk: scanned licence without a name', 'desk', PAT, { ...typed(), method: 'id_scan' }, 'id_incomplete'],
  ['desk: the code sent to the guardian', 'desk', PAT, code('verified', 8), 'one_time_code'],
];

describe('adultVerifiedForRelease (issue 22)', () => {
  for (const [name, path, onFile, evidence, expected] of TABLE)
    it(name, () => {
      const v = adultVerifiedForRelease({ path, studentId: 1, onFile, evidence });
      expect(v.verified ? v.method : v.reason).toBe(expected);
    });
});

const base = (over: Partial<PickupInput> = {}): PickupInput => ({
  path: 'kiosk',
  studentBuildingId: 1,
  buildingId: 1,
  studentActive: true,
  guardianActive: true,
  rules: [{ id: 1, kind: 'allow', validFrom: null, validTo: null, revoked: false }],
  today: '2026-03-13',
  screening: 'clear',
  ...over,
});

describe('releaseDecision: authorisation first, then the adult', () => {
  it('a court order is named as such, verified or not', () => {
    const rules = [{ id: 2, kind: 'deny' as const, validFrom: null, validTo: null, revoked: false }];
    expect(
      releaseDecision({
        ...base({ rules }),
        studentId: 1,
        onFile: PAT,
        evidence: { method: 'dob', dob: '1950-07-04' },
      }),
    ).toEqual({ allowed: false, reason: 'restricted' });
  });
  it('an authorised, clear, unverified adult is refused as unverified', () => {
    expect(
      releaseDecision({ ...base(), studentId: 1, onFile: PAT, evidence: { method: 'dob', dob: '1950-07-04' } }),
    ).toEqual({ allowed: false, reason: 'unverified', verification: 'no_identity_on_file' });
  });
  it('an authorised, clear, verified adult is released with the method', () => {
    expect(
      releaseDecision({ ...base(), studentId: 1, onFile: JORDAN, evidence: { method: 'dob', dob: '1984-06-12' } }),
    ).toEqual({ allowed: true, authorizationId: 1, verification: 'dob' });
  });
});

// ---------------------------------------------------------------- property: no input admits an unverified adult

const isoDate = fc
  .date({ min: new Date('1920-01-01T00:00:00Z'), max: new Date('2010-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const name = fc.constantFrom('Pat', 'PAT', 'Pаt', 'Casey', 'Jordan', '', ' ', 'Testwood', 'Test\u200Bwood', 'Tëstwood');
const onFileArb: fc.Arbitrary<IdentityOnFile> = fc.record({
  guardianId: fc.integer({ min: 1, max: 4 }),
  firstname: name,
  lastname: name,
  dob: fc.option(fc.oneof(isoDate, fc.constantFrom('', 'not a date')), { nil: null }),
  licenseNumber: fc.option(fc.constantFrom('T123', 't-123', '', ' '), { nil: null }),
  licenseState: fc.option(fc.constantFrom('IL', 'il', '', 'WI'), { nil: null }),
});
const evidenceArb: fc.Arbitrary<ReleaseEvidence | null> = fc.oneof(
  fc.constant(null),
  fc.record({ method: fc.constant('dob' as const), dob: fc.oneof(isoDate, fc.constantFrom('', 'x')) }),
  fc.record({
    method: fc.constant('one_time_code' as const),
    challenge: fc.record({
      guardianId: fc.integer({ min: 1, max: 4 }),
      studentId: fc.integer({ min: 1, max: 3 }),
      state: fc.constantFrom('verified' as const, 'pending' as const, 'failed' as const, 'used' as const),
    }),
  }),
  fc.record(
    {
      method: fc.constantFrom('id_scan' as const, 'id_typed' as const),
      licenseNumber: fc.constantFrom('T123', 't-123', '', 'X9'),
      licenseState: fc.constantFrom('IL', 'il', '', 'WI'),
      dob: fc.oneof(isoDate, fc.constant('')),
      firstName: name,
      lastName: name,
    },
    { requiredKeys: ['method', 'licenseNumber', 'licenseState', 'dob'] },
  ),
  fc.constant({ method: 'known_visitor' as const }),
);

describe('property: no input admits an unverified adult (issue 22)', () => {
  it('every release names a method the path accepts, backed by what is on file', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PICKUP_PATHS),
        fc.integer({ min: 1, max: 3 }),
        onFileArb,
        evidenceArb,
        fc.constantFrom('clear' as const, 'flagged' as const, 'missing' as const),
        (path, studentId, onFile, evidence, screening) => {
          const d = releaseDecision({ ...base({ path, screening }), studentId, onFile, evidence });
          if (!d.allowed) return;
          // a release always rests on evidence, of a kind this path accepts, and a clear screening
          expect(evidence).not.toBeNull();
          expect(screening).toBe('clear');
          expect(RELEASE_METHODS_BY_PATH[path]).toContain(d.verification);
          expect(d.verification).toBe(evidence!.method);
          switch (evidence!.method) {
            case 'dob':
              // never "no date on file, any date typed"
              expect(onFile.dob).toBe(evidence!.dob);
              break;
            case 'one_time_code':
              expect(evidence!.challenge).toEqual({ guardianId: onFile.guardianId, studentId, state: 'verified' });
              break;
            case 'known_visitor':
              expect(identityOnFile(onFile)).toBe(true);
              break;
            default:
              expect(evidence!.licenseNumber.replace(/[^0-9A-Za-z]/g, '')).not.toBe('');
              expect(evidence!.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
              if (onFile.dob && /^\d{4}-\d{2}-\d{2}$/.test(onFile.dob)) expect(evidence!.dob).toBe(onFile.dob);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('one-time codes: 10 minutes, 5 attempts', () => {
  const now = new Date('2026-03-13T10:00:00Z');
  const later = (m: number) => new Date(now.getTime() + m * 60_000);
  const c = (over: Partial<Parameters<typeof oneTimeCodeCheck>[0]>) =>
    oneTimeCodeCheck({
      state: 'pending',
      expiresAt: later(ONE_TIME_CODE.ttlMinutes),
      now,
      attempts: 0,
      matches: true,
      ...over,
    });
  it('right code in time', () => expect(c({})).toBe('ok'));
  it('wrong code', () => expect(c({ matches: false })).toBe('wrong'));
  it('the fifth wrong code locks it', () => expect(c({ matches: false, attempts: 4 })).toBe('locked'));
  it('the right code after five attempts is refused', () => expect(c({ attempts: 5 })).toBe('locked'));
  it('the right code at 10 minutes is expired', () => expect(c({ now: later(10) })).toBe('expired'));
  it('a used code', () => expect(c({ state: 'used' })).toBe('used'));
});

describe('maskedContact never shows the whole phone or address', () => {
  it('phone', () => expect(maskedContact('sms', '(555) 555-0301')).toBe('•••-•••-0301'));
  it('e-mail', () => expect(maskedContact('email', 'jordan.testwood@families.example')).toBe('j•••@f•••.example'));
});
