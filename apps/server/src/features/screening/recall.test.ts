import type { TScreeningResponse } from '@sv/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../registry/registry.import';
import type { ImportOffender } from '../registry/registry-formats';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertVisitor } from './screening.fixtures';

/**
 * Recall for exact name + date of birth is 100% (issue 5 target): any fictitious person planted in
 * the local registry — as the primary name or as an alias, with a full date of birth or only the
 * year — is found when a visitor with exactly that name and date of birth is screened.
 */

let t: TestApp;
let desk: Session;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
});

const word = fc.stringMatching(/^[A-Z][a-z]{1,11}$/);
/** Names as people really write them: apostrophes, particles, hyphens, accents, odd case. */
const personName = fc
  .tuple(
    word,
    fc.constantFrom('', "O'", 'Mc', 'Van ', 'de la ', 'St. '),
    fc.option(word, { nil: undefined }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([base, prefix, second, accent, upper]) => {
    let n = `${prefix}${base}${second ? `-${second}` : ''}`;
    if (accent) n = n.replace(/e/, 'é').replace(/n/, 'ñ');
    return upper ? n.toUpperCase() : n;
  });
const isoDate = fc
  .date({ min: new Date('1925-01-01T00:00:00Z'), max: new Date('2010-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const person = fc.record({
  firstName: personName,
  middleName: fc.option(word, { nil: '' }),
  lastName: personName,
  dob: isoDate,
  asAlias: fc.boolean(),
  yearOnly: fc.boolean(),
});

describe('recall for exact name + date of birth', () => {
  it('always finds a planted person, primary name or alias, full date or year only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 6 }), async (people) => {
        const records: ImportOffender[] = people.map((p) => {
          serial += 1;
          const own = {
            isPrimary: !p.asAlias,
            firstName: p.firstName,
            middleName: p.middleName,
            lastName: p.lastName,
            suffix: '',
          };
          const other = {
            isPrimary: p.asAlias,
            firstName: 'Unrelated',
            middleName: '',
            lastName: `Primaryname${serial}`,
            suffix: '',
          };
          return {
            externalId: `PROP-${serial}`,
            jurisdiction: 'PROP',
            dob: p.yearOnly ? null : p.dob,
            birthYear: Number(p.dob.slice(0, 4)),
            gender: '',
            absconder: false,
            photoUrl: null,
            offenderUri: null,
            names: p.asAlias ? [other, own] : [own],
            addresses: [],
          };
        });
        await loadRegistry(t.deps.db, t.services.repositories.registry, records, {
          source: 'PROP',
          replace: false,
          now: new Date(),
        });
        for (const [i, p] of people.entries()) {
          const visitorId = await insertVisitor(t.deps.db, {
            clientId: t.world.north.clientId,
            firstname: p.firstName,
            middlename: p.middleName,
            lastname: p.lastName,
            dob: p.dob,
          });
          const res = await t
            .as(desk)
            .post(`/api/visitors/${visitorId}/screening`, { buildingId: t.world.north.northHighId });
          expect(res.statusCode).toBe(200);
          const body: TScreeningResponse = res.json();
          expect(body.registry.status).toBe('ok');
          const match = body.registry.matches.find((m) => m.id === `PROP:${records[i].externalId}`);
          expect(match, `${p.firstName} ${p.lastName} ${p.dob}`).toBeDefined();
          // exact name: level 1–3; with a full date of birth at least Exact Strong
          expect(match!.level).toBeLessThanOrEqual(p.yearOnly ? 1 : 3);
          expect(match!.level).toBeGreaterThanOrEqual(p.yearOnly ? 1 : 2);
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
