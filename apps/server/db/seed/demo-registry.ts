import { NICKNAME_GROUPS } from '@sv/domain';
import type { ImportAddress, ImportName, ImportOffender } from '../../src/features/registry/registry-formats';
import { loadRegistry } from '../../src/features/registry/registry.import';
import { createRegistryRepository } from '../../src/features/registry/registry.repository';
import type { Db } from '../../src/platform/db/database';

/**
 * The demo offender registry (source and jurisdiction 'DEMO'): about 2,000 CLEARLY FICTITIOUS
 * people generated deterministically (seeded PRNG), plus the planted records below that tests and
 * demonstrations rely on.
 *
 * Generated people: ordinary given names with invented surnames compounded from syllables that
 * no planted surname starts with (Gloambottle, Yarrowwick, Emberfen …), ~30% with an alias (a
 * nickname or another invented surname), one or two addresses in invented towns (Pretendville,
 * Fauxton, Mockingdale …) with ZIP codes 00000–00099, which the US Postal Service never assigned.
 * Nobody in this list is a real person, and none of them matches a planted visitor.
 *
 * Planted records (PLANTED_REGISTRY): each with the visitor who triggers it and the confidence
 * level expected (docs/domain/confidence-levels.md):
 *
 * | Registry record                                | Visitor (first middle last, dob, place)           | Level |
 * |------------------------------------------------|---------------------------------------------------|-------|
 * | ROBERT LOWNEY SMITH 1977-07-07, Boston MA 02108 | ROBERT LOWNEY SMITH 1977-07-07, BOSTON MA (AAMVA sample licence case 1) | 3 Exact Very Strong |
 * | Jordan Samplewick 1972-05-06                   | Jordan Samplewick 1972-05-06                      | 2 Exact Strong |
 * |                                                | Jordan Samplewick 1972-06-05 (day/month swapped)  | 2 Exact Strong |
 * |                                                | Jordan Samplewick 1990-05-06 (other year)         | no match |
 * | Casey Placeholder 1985-03-10                   | Casey Placeholder 1985-03-11 (one-digit slip)    | 1 Exact Moderate |
 * | Dana Nullbirth (no date of birth)              | Dana Nullbirth 1979-04-04                         | 1 Exact Moderate |
 * | Terry Fauxley, born 1969 (year only)           | Terri Fauxley 1969-08-01                          | 4 Mixed Moderate |
 * | Robert Marlowe Testcase 1980-02-14             | Bob Testcase 1980-02-14 (nickname)                | 5 Mixed Strong |
 * |                                                | Bob Marlowe Testcase 1980-02-14                   | 6 Mixed Very Strong |
 * | Ingrid Kestrelwood 1975-12-01                  | Ingrid Cestrelwood 1975-12-01 (last-name typo)    | 5 Mixed Strong |
 * | Fenwick Ames Harlow 1983-09-30, Pretendville IL | Harlow Ames Fenwick 1983-09-30, Pretendville IL (swap) | 6 Mixed Very Strong |
 * | Jessamine Vantablack, alias Jess Nonesuch, 1990-09-09 | Jess Nonesuch 1990-09-09 (alias)           | 2 Exact Strong |
 *
 * ROBERT LOWNEY SMITH is the person on the public AAMVA sample licence (the test fixture in
 * /work/shared/data/aamva-samples.json, case 1), planted so scanning that licence shows a hit.
 */

export const DEMO_REGISTRY_SOURCE = 'DEMO';
export const DEMO_REGISTRY_COUNT = 2000;

export interface PlantedProbe {
  visitor: {
    firstName: string;
    middleName?: string;
    lastName: string;
    dob: string;
    city?: string;
    state?: string;
    zip?: string;
  };
  /** expected confidence level, or null: must NOT match */
  expectedLevel: 1 | 2 | 3 | 4 | 5 | 6 | null;
  /** a reason the answer must contain */
  expectedReason?: string;
}

export interface PlantedRecord {
  record: ImportOffender;
  probes: PlantedProbe[];
}

const name = (firstName: string, lastName: string, middleName = '', isPrimary = true): ImportName => ({
  isPrimary,
  firstName,
  middleName,
  lastName,
  suffix: '',
});
const address = (street: string, city: string, state: string, zip: string): ImportAddress => ({
  type: 'R',
  street,
  city,
  county: '',
  state,
  zip,
  lat: null,
  lon: null,
});
const planted = (
  externalId: string,
  dob: string | null,
  names: ImportName[],
  addresses: ImportAddress[],
  birthYear: number | null = dob ? Number(dob.slice(0, 4)) : null,
): ImportOffender => ({
  externalId,
  jurisdiction: DEMO_REGISTRY_SOURCE,
  dob,
  birthYear,
  gender: '',
  absconder: false,
  photoUrl: null,
  offenderUri: null,
  names,
  addresses,
});

export const PLANTED_REGISTRY: readonly PlantedRecord[] = [
  {
    record: planted(
      'PLANTED-AAMVA-1',
      '1977-07-07',
      [name('ROBERT', 'SMITH', 'LOWNEY')],
      [address('123 MAIN STREET', 'BOSTON', 'MA', '02108')],
    ),
    probes: [
      {
        visitor: {
          firstName: 'ROBERT',
          middleName: 'LOWNEY',
          lastName: 'SMITH',
          dob: '1977-07-07',
          city: 'BOSTON',
          state: 'MA',
          zip: '02108',
        },
        expectedLevel: 3,
        expectedReason: 'First and last name match exactly',
      },
    ],
  },
  {
    record: planted(
      'PLANTED-EXACT-STRONG',
      '1972-05-06',
      [name('Jordan', 'Samplewick')],
      [address('4 Imaginary Ln', 'Fauxton', 'WI', '00042')],
    ),
    probes: [
      {
        visitor: { firstName: 'Jordan', lastName: 'Samplewick', dob: '1972-05-06' },
        expectedLevel: 2,
        expectedReason: 'Date of birth matches',
      },
      {
        visitor: { firstName: 'Jordan', lastName: 'Samplewick', dob: '1972-06-05' },
        expectedLevel: 2,
        expectedReason: 'Date of birth matches with day and month swapped',
      },
      { visitor: { firstName: 'Jordan', lastName: 'Samplewick', dob: '1990-05-06' }, expectedLevel: null },
    ],
  },
  {
    record: planted('PLANTED-EXACT-MODERATE', '1985-03-10', [name('Casey', 'Placeholder')], []),
    probes: [
      {
        visitor: { firstName: 'Casey', lastName: 'Placeholder', dob: '1985-03-11' },
        expectedLevel: 1,
        expectedReason: 'Date of birth differs by one digit (possible typo)',
      },
    ],
  },
  {
    record: planted('PLANTED-NO-DOB', null, [name('Dana', 'Nullbirth')], []),
    probes: [
      {
        visitor: { firstName: 'Dana', lastName: 'Nullbirth', dob: '1979-04-04' },
        expectedLevel: 1,
        expectedReason: 'Registry has no date of birth',
      },
    ],
  },
  {
    record: planted('PLANTED-MIXED-MODERATE', null, [name('Terry', 'Fauxley')], [], 1969),
    probes: [{ visitor: { firstName: 'Terri', lastName: 'Fauxley', dob: '1969-08-01' }, expectedLevel: 4 }],
  },
  {
    record: planted(
      'PLANTED-NICKNAME',
      '1980-02-14',
      [name('Robert', 'Testcase', 'Marlowe')],
      [address('9 Fable Rd', 'Mockingdale', 'IN', '00017')],
    ),
    probes: [
      {
        visitor: { firstName: 'Bob', lastName: 'Testcase', dob: '1980-02-14' },
        expectedLevel: 5,
        expectedReason: 'Nickname: Bob → Robert',
      },
      {
        visitor: { firstName: 'Bob', middleName: 'Marlowe', lastName: 'Testcase', dob: '1980-02-14' },
        expectedLevel: 6,
        expectedReason: 'Middle name matches',
      },
    ],
  },
  {
    record: planted('PLANTED-LAST-TYPO', '1975-12-01', [name('Ingrid', 'Kestrelwood')], []),
    probes: [
      {
        visitor: { firstName: 'Ingrid', lastName: 'Cestrelwood', dob: '1975-12-01' },
        expectedLevel: 5,
        expectedReason: 'Last name differs by one letter: Cestrelwood → Kestrelwood',
      },
    ],
  },
  {
    record: planted(
      'PLANTED-SWAPPED',
      '1983-09-30',
      [name('Fenwick', 'Harlow', 'Ames')],
      [address('77 Nowhere Ave', 'Pretendville', 'IL', '00061')],
    ),
    probes: [
      {
        visitor: {
          firstName: 'Harlow',
          middleName: 'Ames',
          lastName: 'Fenwick',
          dob: '1983-09-30',
          city: 'Pretendville',
          state: 'IL',
        },
        expectedLevel: 6,
        expectedReason: 'First and last names are swapped',
      },
    ],
  },
  {
    record: planted(
      'PLANTED-ALIAS',
      '1990-09-09',
      [name('Jessamine', 'Vantablack'), name('Jess', 'Nonesuch', '', false)],
      [],
    ),
    probes: [
      {
        visitor: { firstName: 'Jess', lastName: 'Nonesuch', dob: '1990-09-09' },
        expectedLevel: 2,
        expectedReason: 'First and last name match exactly (alias Jess Nonesuch)',
      },
    ],
  },
];

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN = (
  'Avery Blake Cameron Devon Ellis Finley Greer Harper Jamie Kendall Logan Morgan Noel Parker Quinn Reese ' +
  'Rowan Sawyer Taylor Whitney Alice Brenda Carol Diane Edith Fiona Gloria Helen Irene Joan Karen Linda ' +
  'Margaret Nancy Olive Patricia Rachel Sharon Teresa Valerie Wanda Albert Bernard Charles Daniel Edward ' +
  'Francis George Harold Isaac Jacob Kenneth Lawrence Michael Nathan Oscar Peter Raymond Samuel Thomas ' +
  'Victor Walter'
).split(' ');
// Surname syllables start with letters no planted surname (or swapped first name) starts with.
const PREFIX =
  'Gloam Lark Marrow Wisp Yarrow Zeph Oaken Ember Amber Umber Glimmer Lumen Mossy Wren Yew Zinn Orrin Elder Ashen Moor'.split(
    ' ',
  );
const SUFFIX =
  'bottle whistle fallow mire thistle brook vane gale wick mantle quill crest hollow spire dell gard wold fen stead holt'.split(
    ' ',
  );
const TOWNS = [
  'Pretendville',
  'Fauxton',
  'Mockingdale',
  'Nullport',
  'Sampleburg',
  'Demoton',
  'Placeholder Falls',
  'Fictionville',
];
const STATES = ['IL', 'WI', 'IN', 'MI', 'OH', 'IA'];
const STREETS = ['Imaginary', 'Nowhere', 'Example', 'Fable', 'Myth', 'Makebelieve'];
const STREET_TYPES = ['St', 'Ave', 'Ln', 'Rd', 'Ct'];

const nicknamesOf = (given: string) =>
  NICKNAME_GROUPS.find((g) => g[0] === given.toUpperCase())
    ?.slice(1)
    .map((n) => n[0] + n.slice(1).toLowerCase()) ?? [];

/** `count` generated fictitious offenders, the same for the same seed. */
export function generateDemoRegistry(count: number, seed = 20260101): ImportOffender[] {
  const r = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const surname = () => pick(PREFIX) + pick(SUFFIX);
  const pad = (n: number) => String(n).padStart(2, '0');
  const out: ImportOffender[] = [];
  for (let i = 1; i <= count; i++) {
    const first = pick(GIVEN);
    const last = surname();
    const middle = r() < 0.5 ? pick(GIVEN) : '';
    const year = 1945 + Math.floor(r() * 58);
    const shape = r();
    const dob = shape < 0.04 ? null : `${year}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
    const birthYear = shape < 0.02 ? null : year; // 2% nothing, 2% year only, else a full date
    const names: ImportName[] = [name(first, last, middle)];
    if (r() < 0.3) {
      const nicks = nicknamesOf(first);
      names.push(
        nicks.length > 0 && r() < 0.6 ? name(pick(nicks), last, '', false) : name(first, surname(), '', false),
      );
    }
    const addresses: ImportAddress[] = [];
    const addressCount = 1 + (r() < 0.3 ? 1 : 0);
    for (let a = 0; a < addressCount; a++) {
      addresses.push({
        ...address(
          `${1 + Math.floor(r() * 9000)} ${pick(STREETS)} ${pick(STREET_TYPES)}`,
          pick(TOWNS),
          pick(STATES),
          `000${pad(Math.floor(r() * 100))}`,
        ),
        type: a === 0 ? 'R' : pick(['S', 'E']),
      });
    }
    out.push({
      externalId: `DEMO-${String(i).padStart(7, '0')}`,
      jurisdiction: DEMO_REGISTRY_SOURCE,
      dob,
      birthYear,
      gender: r() < 0.5 ? 'F' : 'M',
      absconder: r() < 0.03,
      photoUrl: null,
      offenderUri: null,
      names,
      addresses,
    });
  }
  return out;
}

/**
 * Loads the demo registry (planted records + `count` generated people) as source 'DEMO',
 * replacing any earlier demo registry. Rows are built in memory and inserted in batches.
 */
export async function seedDemoRegistry(db: Db, opts: { count?: number; now?: Date } = {}) {
  const offenders = [
    ...PLANTED_REGISTRY.map((p) => p.record),
    ...generateDemoRegistry(opts.count ?? DEMO_REGISTRY_COUNT),
  ];
  const [counts] = await loadRegistry(db, createRegistryRepository(db), offenders, {
    source: DEMO_REGISTRY_SOURCE,
    replace: true,
    now: opts.now ?? new Date(),
  });
  return counts;
}
