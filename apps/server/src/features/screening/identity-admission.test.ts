import { SCREENING_MESSAGES, type TScreeningResponse } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB, dobAgreement, editDistance, NAME_WARNING_MESSAGES } from '@sv/domain';
import {
  EXCLUDED_PEOPLE,
  type IdentityPerson,
  type IdentityVariant,
  identityVariantArbitrary,
  identityVariants,
  nicknameOf,
  typoOf,
} from '@sv/domain/identity-corpus';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { exclusions, visitors, visits } from '../../db/schema/index';
import { withNameKeys } from '../../platform/db/identity-keys';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertPhoto } from '../exclusions/exclusions.fixtures';

/**
 * One person behind every record, at screening and at the admission gate (issue 22): the
 * adversarial identity corpus (`@sv/domain/identity-corpus`) over the desk's path. Each variant of
 * an excluded person is a NEW visitor record made through the API, as "Create a New Visitor", a
 * pre-registration card or a kiosk sign-in makes one:
 * - the excluded person's record carries the exclusion that "Deny & Add Exclusion" linked to it; a
 *   variant that is the same person (a spoof: canonical names and date of birth agree) sees it as a
 *   DIRECT match and can never be checked in; a near miss (swapped names, a typo, a nickname, a
 *   date-of-birth slip) sees it as a potential match that needs a decision;
 * - an exclusion entered by name only (look-alike letter in its name) is a potential match of
 *   every variant;
 * - the gate refuses the check-in until the decision is recorded on the screening that showed it.
 * And the other way round: clean people with other names or dates of birth are not flagged.
 */

let t: TestApp;
let desk: Session;
let north: Session;

const building = () => t.world.north.northHighId;

interface OnFile {
  person: IdentityPerson;
  /** the person's own visitor record, with a licence */
  recordId: number;
  licence: string;
  /** "Deny & Add Exclusion": linked to `recordId` */
  linked: string;
  /** entered by name only, with a Cyrillic "а" / "е" in the name as pasted */
  byName: string;
}
const onFile: OnFile[] = [];
const corpusExclusionIds = () => new Set(onFile.flatMap((f) => [f.linked, f.byName]));

let seq = 0;
const key = () => `identity-${Date.now().toString(36)}-${++seq}`;

/**
 * Another visitor record of the person, as districts have them on file from before identity
 * resolution (a pre-registration card, a kiosk sign-in, an import): written directly, so it is a
 * record of its own — the API's "Create a New Visitor" now resolves to the person already on file
 * (visitor-identity.test.ts), which would hide the second record this test is about. With the
 * photo the building requires.
 */
async function createVisitor(p: IdentityPerson & { licence?: string; licenceState?: string }) {
  const photo = await insertPhoto(t.deps.db, t.world.north.clientId);
  const [row] = await t.deps.db
    .insert(visitors)
    .values(
      withNameKeys({
        clientId: t.world.north.clientId,
        buildingId: building(),
        firstname: p.firstName,
        lastname: p.lastName,
        dob: p.dob,
        currentDriversLicenseNumber: p.licence ?? '',
        licenseState: p.licenceState ?? '',
        photoFileId: photo,
        searchName: `${p.firstName} ${p.lastName}`.toLowerCase(),
      }),
    )
    .returning({ id: visitors.id });
  return row.id;
}

async function screen(visitorId: number): Promise<TScreeningResponse> {
  const res = await t.as(desk).post(`/api/visitors/${visitorId}/screening`, { buildingId: building() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const checkIn = (visitorId: number, screeningId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visits',
    headers: { cookie: desk.cookie, 'x-csrf-token': desk.csrfToken, 'idempotency-key': key() },
    payload: { screeningId, visitorId, buildingId: building() },
  });

const clear = (visitorId: number, screeningId: string, matchRef: string) =>
  t.as(desk).post(`/api/visitors/${visitorId}/cleared-matches`, {
    screeningId,
    source: 'exclusion',
    matchRef,
    note: 'Compared with the ID: not this person',
  });

async function openVisits(visitorId: number) {
  return t.deps.db
    .select()
    .from(visits)
    .where(and(eq(visits.visitorId, visitorId), isNull(visits.checkOut)));
}

async function createExclusion(body: Record<string, unknown>) {
  const res = await t.as(north).post('/api/exclusions', { exclusionType: 'Trespassed', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().exclusion.id);
}

beforeAll(async () => {
  t = await createTestApp();
  [desk, north] = await Promise.all([t.login('desk.northhigh@demo.test'), t.login('admin.north@demo.test')]);
  for (const [i, person] of EXCLUDED_PEOPLE.entries()) {
    const licence = `X${9_000_000 + i * 7919}`;
    const recordId = await createVisitor({ ...person, licence, licenceState: 'IL' });
    // "Deny & Add Exclusion" on that record
    const linked = await createExclusion({
      firstname: person.firstName,
      lastname: person.lastName,
      dob: person.dob,
      visitorId: recordId,
    });
    // the same person on the district's list by name only, pasted with a look-alike letter
    const byName = await createExclusion({
      firstname: person.firstName.replace(/a/, '\u0430'),
      lastname: person.lastName.replace(/e/, '\u0435'),
      dob: person.dob,
    });
    onFile.push({ person, recordId, licence, linked, byName });
  }
});

const ids = (list: { id: string }[]) => list.map((m) => m.id);
const mixesAlphabets = (s: TScreeningResponse) => s.nameWarnings.some((w) => w.startsWith('Name mixes alphabets'));

/**
 * A variant of an excluded person as a new record: screening shows both exclusions, direct or
 * potential as the identity rule says, and the gate refuses until a decision — for a direct match,
 * forever.
 */
async function expectFlaggedAndGated(f: OnFile, v: IdentityVariant) {
  const id = await createVisitor(v);
  const s = await screen(id);
  if (v.samePerson) {
    expect(ids(s.exclusions.direct), v.label).toContain(f.linked);
    const direct = s.exclusions.direct.find((m) => m.id === f.linked)!;
    expect(direct.reasons[0]).toBe('Exclusion is linked to another record of this person');
  } else {
    expect(ids(s.exclusions.potential), v.label).toContain(f.linked);
    expect(ids(s.exclusions.direct), v.label).not.toContain(f.linked);
  }
  expect(ids(s.exclusions.potential), v.label).toContain(f.byName);
  if (/Cyrillic|Greek/.test(v.label)) expect(mixesAlphabets(s), v.label).toBe(true);

  const refused = await checkIn(id, s.id);
  expect(refused.statusCode, v.label).toBe(409);
  expect(refused.json().message).toBe(
    v.samePerson ? SCREENING_MESSAGES.excluded : SCREENING_MESSAGES.undecidedFindings,
  );

  if (v.samePerson) {
    // a direct match is never cleared, so the person is never checked in
    expect((await clear(id, s.id, f.linked)).statusCode).toBe(409);
    expect((await clear(id, s.id, f.byName)).statusCode).toBe(201);
    const again = await checkIn(id, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SCREENING_MESSAGES.excluded);
    expect(await openVisits(id)).toHaveLength(0);
  } else {
    // one decision recorded is not enough: every finding of the screening needs one
    expect((await clear(id, s.id, f.linked)).statusCode).toBe(201);
    expect((await checkIn(id, s.id)).statusCode).toBe(409);
    expect((await clear(id, s.id, f.byName)).statusCode).toBe(201);
    // the two exclusions were all this screening needed a decision on
    expect(s.issueCount, v.label).toBe(2);
    const admitted = await checkIn(id, s.id);
    expect(admitted.statusCode, admitted.body).toBe(200);
    await t.deps.db
      .update(visits)
      .set({ checkOut: new Date() })
      .where(and(eq(visits.visitorId, id), isNull(visits.checkOut)));
  }
}

describe('the adversarial identity corpus at screening and at the gate (issue 22)', () => {
  for (const [i, person] of EXCLUDED_PEOPLE.entries()) {
    describe(`${person.firstName} ${person.lastName}`, () => {
      for (const v of identityVariants(person)) {
        it(`${v.label}: ${v.samePerson ? 'direct, never admitted' : 'potential, admitted only after a decision'}`, async () => {
          await expectFlaggedAndGated(onFile[i], v);
        });
      }
    });
  }

  it('generated variants (fast-check): flagged, and gated until decided', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 0, max: EXCLUDED_PEOPLE.length - 1 })
          .chain((i) => identityVariantArbitrary(EXCLUDED_PEOPLE[i]).map((v) => ({ i, v }))),
        async ({ i, v }) => expectFlaggedAndGated(onFile[i], v),
      ),
      { numRuns: 40 },
    );
  });
});

describe('a second record of a person with a linked exclusion (issue 22 §2)', () => {
  it('the same name and date of birth: a direct match, never checked in', async () => {
    const f = onFile[4];
    const id = await createVisitor(f.person);
    const s = await screen(id);
    expect(ids(s.exclusions.direct)).toEqual([f.linked]);
    expect(s.exclusions.direct[0].reasons[0]).toBe('Exclusion is linked to another record of this person');
    expect(s.summary.exclusionCount).toBe(1);
    expect((await clear(id, s.id, f.linked)).statusCode).toBe(409);
    expect((await clear(id, s.id, f.byName)).statusCode).toBe(201);
    const res = await checkIn(id, s.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SCREENING_MESSAGES.excluded);
    expect(await openVisits(id)).toHaveLength(0);
  });

  it('the same licence and state under another name: a direct match; another state is someone else', async () => {
    const f = onFile[1];
    const id = await createVisitor({
      firstName: 'Quillon',
      lastName: 'Westergaard',
      dob: '1959-12-30',
      licence: f.licence,
      licenceState: 'IL',
    });
    const s = await screen(id);
    expect(ids(s.exclusions.direct)).toEqual([f.linked]);
    expect(s.exclusions.potential).toEqual([]);
    expect((await clear(id, s.id, f.linked)).statusCode).toBe(409);
    expect((await checkIn(id, s.id)).json().message).toBe(SCREENING_MESSAGES.excluded);

    const elsewhere = await createVisitor({
      firstName: 'Quillon',
      lastName: 'Westergaard',
      dob: '1959-12-30',
      licence: f.licence,
      licenceState: 'WI',
    });
    const other = await screen(elsewhere);
    expect(other.exclusions).toEqual({ direct: [], potential: [] });
  });

  it('an exclusion added to another record of the person after the screening: the gate finds it', async () => {
    const person = { firstName: 'Marisol', lastName: 'Quatermain', dob: '1977-10-03' };
    const first = await createVisitor(person);
    const second = await createVisitor(person);
    const s = await screen(second);
    expect(s.issueCount).toBe(0);
    await createExclusion({
      firstname: person.firstName,
      lastname: person.lastName,
      dob: person.dob,
      visitorId: first,
    });
    const res = await checkIn(second, s.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SCREENING_MESSAGES.excluded);
  });

  it('a namesake of a linked exclusion (another date of birth) is a potential match, not ignored', async () => {
    const f = onFile[3];
    const id = await createVisitor({ ...f.person, dob: '1940-01-25' });
    const s = await screen(id);
    expect(ids(s.exclusions.direct)).toEqual([]);
    expect(ids(s.exclusions.potential)).toContain(f.linked);
    expect((await checkIn(id, s.id)).json().message).toBe(SCREENING_MESSAGES.undecidedFindings);
  });
});

describe('the reverse: an exclusion written with invisible characters matches the real person', () => {
  it('saved through the API and as a row stored before names were cleaned', async () => {
    const person = { firstName: 'Zenobia', lastName: 'Hiddencharson', dob: '1983-05-11' };
    const viaApi = await createExclusion({
      firstname: 'Zeno\u200Bbia',
      lastname: 'Hidden\u00ADcharson',
      dob: person.dob,
    });
    // a legacy row as pasted, with a word joiner and a bidi mark still in it
    const [legacy] = await t.deps.db
      .insert(exclusions)
      .values(
        withNameKeys({
          clientId: t.world.north.clientId,
          isGlobal: true,
          firstname: 'Zenob\u2060ia',
          lastname: '\u200FHiddencharson',
          dob: DEFAULT_EXCLUSION_DOB,
          exclusionType: 'Trespassed',
        }),
      )
      .returning({ id: exclusions.id });
    const id = await createVisitor(person);
    const s = await screen(id);
    expect(ids(s.exclusions.potential).sort()).toEqual([viaApi, String(legacy.id)].sort());
    expect((await checkIn(id, s.id)).json().message).toBe(SCREENING_MESSAGES.undecidedFindings);
  });
});

describe('name warnings on the screening (issue 22)', () => {
  it('a name that mixes alphabets, and one saved with invisible characters before names were cleaned', async () => {
    const mixed = await createVisitor({ firstName: 'Ola', lastName: 'Nordpers\u043En', dob: '1991-01-21' });
    expect((await screen(mixed)).nameWarnings).toEqual([
      'Name mixes alphabets: Cyrillic "\u043E" in "Nordpers\u043En"',
    ]);
    const [legacy] = await t.deps.db
      .insert(visitors)
      .values(
        withNameKeys({
          clientId: t.world.north.clientId,
          firstname: 'Ol\u200Ba',
          lastname: 'Nordperson',
          dob: '1991-01-21',
        }),
      )
      .returning({ id: visitors.id });
    expect((await screen(legacy.id)).nameWarnings).toEqual([NAME_WARNING_MESSAGES.invisible('Ola Nordperson')]);
    const clean = await createVisitor({ firstName: 'Ola', lastName: 'Nordqvist', dob: '1991-01-21' });
    expect((await screen(clean)).nameWarnings).toEqual([]);
  });
});

/** Someone else: a person the corpus's exclusions must not flag. */
async function expectNotFlagged(p: IdentityPerson & { licence?: string; licenceState?: string }, label: string) {
  const id = await createVisitor(p);
  const s = await screen(id);
  const flagged = [...ids(s.exclusions.direct), ...ids(s.exclusions.potential)].filter((x) =>
    corpusExclusionIds().has(x),
  );
  expect(flagged, `${label}: ${p.firstName} ${p.lastName} ${p.dob}`).toEqual([]);
  expect(s.exclusions, label).toEqual({ direct: [], potential: [] });
  expect(s.nameWarnings).toEqual([]);
  if (s.issueCount === 0) expect((await checkIn(id, s.id)).statusCode).toBe(200);
}

/** A date of birth that neither agrees nor nearly agrees (two digits and more apart). */
function farDob(dob: string): string {
  const year = Number(dob.slice(0, 4)) - 11;
  const day = ((Number(dob.slice(8, 10)) + 13) % 28) + 1;
  const far = `${year}-${dob.slice(5, 7)}-${String(day).padStart(2, '0')}`;
  expect(dobAgreement(dob, far)).toBeNull();
  return far;
}

describe('clean people are not flagged (alarm fatigue, issue 22)', () => {
  for (const [i, person] of EXCLUDED_PEOPLE.entries()) {
    it(`around ${person.firstName} ${person.lastName}`, async () => {
      const near = identityVariants(person).find((v) => v.label.includes('(one digit)'))!.dob;
      const cases: [string, IdentityPerson & { licence?: string; licenceState?: string }][] = [
        ['other names, the same date of birth', { firstName: 'Quentin', lastName: 'Marlowvane', dob: person.dob }],
        [
          'the same first name, another last name and date of birth',
          { ...person, lastName: 'Whitcombe', dob: farDob(person.dob) },
        ],
        [
          'the same last name, another first name and date of birth',
          { ...person, firstName: 'Ignatius', dob: farDob(person.dob) },
        ],
        [
          'the same last name, another first name, a date of birth one digit off',
          { ...person, firstName: 'Ignatius', dob: near },
        ],
        [
          'a typo in each name and another date of birth',
          {
            firstName: typoOf(person.firstName) ?? 'Quinn',
            lastName: typoOf(person.lastName)!,
            dob: farDob(person.dob),
          },
        ],
        [
          'the licence number under another state, other names',
          {
            firstName: 'Ottoline',
            lastName: 'Brackwater',
            dob: '1950-07-07',
            licence: onFile[i].licence,
            licenceState: 'IN',
          },
        ],
      ];
      for (const [label, p] of cases) await expectNotFlagged(p, label);
    });
  }

  it('generated strangers with an excluded person’s date of birth (fast-check)', async () => {
    const letters = fc.constantFrom(...'abcdefghijklnopqrstuvwxyz');
    const word = fc
      .array(letters, { minLength: 6, maxLength: 10 })
      .map((cs) => cs[0].toUpperCase() + cs.slice(1).join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: EXCLUDED_PEOPLE.length - 1 }),
        word,
        word,
        async (i, firstName, lastName) => {
          const person = EXCLUDED_PEOPLE[i];
          // strangers: no name within one letter of (or a nickname of) the person's
          const names = [person.firstName, person.lastName].map((n) => n.toLowerCase());
          fc.pre([firstName, lastName].every((n) => names.every((m) => editDistance(n.toLowerCase(), m) > 1)));
          fc.pre(nicknameOf(firstName) === null);
          await expectNotFlagged({ firstName, lastName, dob: person.dob }, 'stranger');
        },
      ),
      { numRuns: 20 },
    );
  });
});
