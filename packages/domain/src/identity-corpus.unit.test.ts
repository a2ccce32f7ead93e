import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findExclusionMatches } from './exclusion-matching';
import { canonicalName } from './identity';
import { EXCLUDED_PEOPLE, identityVariantArbitrary, identityVariants } from './identity-corpus';

/**
 * The corpus itself (issue 22), checked against the domain matcher: every spoof keeps the canonical
 * names, every variant is matched, and the fixed set is a few hundred cases. The API tests
 * (features/screening/identity-admission.test.ts) run the same corpus through screening and the
 * admission gate.
 */

const exclusionOf = (p: (typeof EXCLUDED_PEOPLE)[number], linkedToPerson = false) => ({
  active: true,
  isGlobal: true,
  visitorId: linkedToPerson ? 1 : null,
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dob,
  linkedToPerson,
});

describe('the adversarial identity corpus', () => {
  const fixed = EXCLUDED_PEOPLE.flatMap((p) => identityVariants(p).map((v) => ({ p, v })));

  it('has a few hundred fixed cases, each written differently from the person on file', () => {
    expect(fixed.length).toBeGreaterThanOrEqual(200);
    for (const { p, v } of fixed)
      expect(`${v.firstName} ${v.lastName} ${v.dob}`).not.toBe(`${p.firstName} ${p.lastName} ${p.dob}`);
  });

  it('a spoof keeps the canonical names and the date of birth; a near miss does not', () => {
    for (const { p, v } of fixed) {
      const same =
        canonicalName(v.firstName) === canonicalName(p.firstName) &&
        canonicalName(v.lastName) === canonicalName(p.lastName) &&
        v.dob === p.dob;
      expect(same, v.label).toBe(v.samePerson);
    }
  });

  it('the matcher finds every fixed variant: potential when unlinked', () => {
    for (const { p, v } of fixed) {
      const found = findExclusionMatches(
        [exclusionOf(p)],
        { id: 2, firstName: v.firstName, lastName: v.lastName, dateOfBirth: v.dob },
        9,
      );
      expect(found.potential.length, `${p.firstName} ${p.lastName}: ${v.label}`).toBe(1);
    }
  });

  it('generated variants are found too (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXCLUDED_PEOPLE).chain((p) => identityVariantArbitrary(p).map((v) => ({ p, v }))),
        ({ p, v }) => {
          const found = findExclusionMatches(
            [exclusionOf(p)],
            { id: 2, firstName: v.firstName, lastName: v.lastName, dateOfBirth: v.dob },
            9,
          );
          expect(
            found.potential.length,
            `${p.firstName} ${p.lastName}: ${v.label} → ${v.firstName} ${v.lastName} ${v.dob}`,
          ).toBe(1);
          const same =
            canonicalName(v.firstName) === canonicalName(p.firstName) &&
            canonicalName(v.lastName) === canonicalName(p.lastName) &&
            v.dob === p.dob;
          expect(same, v.label).toBe(v.samePerson);
        },
      ),
      { numRuns: 500 },
    );
  });
});
