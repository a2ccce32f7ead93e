import { canonicalName, editDistance, isNicknamePair, personNameProblem } from '@sv/domain';
import { describe, expect, it } from 'vitest';
import { corpusPeople, identityVariants, reverseExclusionName, VARIANT_KINDS, type Variant } from './identity-corpus';

/**
 * The bench's adversarial identity corpus (issue 22) must be what each kind says it is: a recall
 * of 100% means nothing if the "Cyrillic" variant holds no Cyrillic letter or the "typo" is two
 * typos. These tests check the generator, not the matcher (the bench run measures that).
 */
const people = corpusPeople(24, 20261127);
const variantsOf = (n: number) => identityVariants(people[n], n);
const kind = (vs: Variant[], k: (typeof VARIANT_KINDS)[number]) => vs.find((v) => v.kind === k)!;
const both = (v: Variant) => `${v.firstname} ${v.lastname}`;

describe('corpusPeople', () => {
  it('is the same for the same seed and made of distinct people whose dates allow a day/month swap', () => {
    expect(corpusPeople(24, 20261127)).toEqual(people);
    expect(new Set(people.map((p) => p.lastname.toLowerCase())).size).toBe(people.length);
    for (const p of people) {
      const [, month, day] = p.dob.split('-').map(Number);
      expect(day).toBeGreaterThanOrEqual(1);
      expect(day).toBeLessThanOrEqual(12);
      expect(day).not.toBe(month);
      expect(p.firstname.length).toBeGreaterThanOrEqual(5);
      expect(p.lastname).toMatch(/^[A-Z][a-z]{6,11}$/);
      expect(p.lastname).toMatch(/[aoe]/);
    }
  });
  it('gives another run other people', () => {
    const other = corpusPeople(24, 20261128).map((p) => p.lastname);
    expect(other.filter((l) => people.some((p) => p.lastname === l)).length).toBeLessThan(3);
  });
});

describe('identityVariants', () => {
  it('has every kind once per person, each but the control different from the person as excluded, each a name the desk can store', () => {
    for (const [n, p] of people.entries()) {
      const vs = identityVariants(p, n);
      expect(vs.map((v) => v.kind)).toEqual([...VARIANT_KINDS]);
      expect(vs[0]).toEqual({ kind: 'exact (as excluded)', ...p });
      for (const v of vs.slice(1)) {
        expect(`${both(v)} ${v.dob}`).not.toBe(`${p.firstname} ${p.lastname} ${p.dob}`);
        expect(personNameProblem(v.firstname)).toBeNull();
        expect(personNameProblem(v.lastname)).toBeNull();
      }
    }
  });

  it('hides the characters each invisible kind names, inside a name (not at its ends)', () => {
    for (let n = 0; n < people.length; n++) {
      const vs = variantsOf(n);
      for (const [k, ch] of [
        ['zero-width space', '\u200B'],
        ['soft hyphen', '\u00AD'],
        ['word joiner', '\u2060'],
      ] as const) {
        const v = kind(vs, k);
        expect(v.lastname.includes(ch)).toBe(true);
        expect(v.lastname.startsWith(ch) || v.lastname.endsWith(ch)).toBe(false);
        expect(v.lastname.replaceAll(ch, '')).toBe(people[n].lastname);
      }
      const other = kind(vs, 'other invisible (ZWJ, ZWNJ, bidi mark, BOM, variation selector)');
      expect(other.lastname).toMatch(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/u);
    }
  });

  it('uses letters of the alphabet or form each look-alike kind names', () => {
    for (let n = 0; n < people.length; n++) {
      const vs = variantsOf(n);
      expect(both(kind(vs, 'Cyrillic look-alike letters'))).toMatch(/\p{Script=Cyrillic}/u);
      expect(both(kind(vs, 'Greek look-alike letters'))).toMatch(/\p{Script=Greek}/u);
      expect(kind(vs, 'full-width letters').lastname).toMatch(/^[\uFF21-\uFF5A]+$/);
      expect(kind(vs, 'mathematical letters').lastname).toMatch(/^[\u{1D400}-\u{1D433}]+$/u);
      expect(kind(vs, 'accent added (combining)').lastname).toContain('\u0301');
      expect(kind(vs, 'accent added (precomposed)').lastname).toMatch(/[áéíóúý]/);
      expect(kind(vs, 'accent added (precomposed)').lastname).not.toContain('\u0301');
      expect(kind(vs, 'hyphen / apostrophe / space').lastname).toMatch(/[-\u2010\u2013\u2019 ]/);
    }
  });

  it('makes the people-level variants what they say: case, swap, one typo, a nickname, a near date of birth', () => {
    for (const [n, p] of people.entries()) {
      const vs = variantsOf(n);
      expect(kind(vs, 'upper case')).toMatchObject({
        firstname: p.firstname.toUpperCase(),
        lastname: p.lastname.toUpperCase(),
      });
      expect(kind(vs, 'swapped first and last names')).toMatchObject({ firstname: p.lastname, lastname: p.firstname });
      for (const k of ['one typo in one name', 'one typo + date of birth slip'] as const) {
        const x = kind(vs, k);
        const edits =
          editDistance(x.firstname.toLowerCase(), p.firstname.toLowerCase()) +
          editDistance(x.lastname.toLowerCase(), p.lastname.toLowerCase());
        expect(edits, k).toBe(1);
        // an "m" is two letters to the matcher ("rn"): a typo never adds, drops or moves one
        expect(both(x).toLowerCase().split('m').length, k).toBe(
          `${p.firstname} ${p.lastname}`.toLowerCase().split('m').length,
        );
      }
      const nickSlip = kind(vs, 'nickname + date of birth slip');
      expect(isNicknamePair(nickSlip.firstname.toUpperCase(), p.firstname.toUpperCase())).toBe(true);
      expect([...nickSlip.dob].filter((c, i) => c !== p.dob[i]).length).toBe(1);
      expect([...kind(vs, 'one typo + date of birth slip').dob].filter((c, i) => c !== p.dob[i]).length).toBe(1);
      const t = kind(vs, 'one typo in one name');
      const d =
        editDistance(t.firstname.toLowerCase(), p.firstname.toLowerCase()) +
        editDistance(t.lastname.toLowerCase(), p.lastname.toLowerCase());
      expect(d).toBe(1);
      expect(t.dob).toBe(p.dob);
      const nick = kind(vs, 'nickname');
      expect(isNicknamePair(nick.firstname.toUpperCase(), p.firstname.toUpperCase())).toBe(true);
      const slip = kind(vs, 'date of birth: one-digit slip');
      expect([...slip.dob].filter((c, i) => c !== p.dob[i]).length).toBe(1);
      expect(Number.isNaN(Date.parse(slip.dob))).toBe(false);
      expect(both(slip)).toBe(`${p.firstname} ${p.lastname}`);
      expect(kind(vs, 'date of birth: day and month swapped').dob).toBe(
        `${p.dob.slice(0, 4)}-${p.dob.slice(8, 10)}-${p.dob.slice(5, 7)}`,
      );
    }
  });

  it('writes the spelling kinds so that only a person, not the plain text, sees the same name', () => {
    // the kinds the identity key is meant to see through (ADR 0022); the typed text differs
    const spelling = VARIANT_KINDS.filter((k) => !/swapped|typo|nickname|date of birth/.test(k));
    expect(spelling.length).toBe(14);
    for (const [n, p] of people.entries()) {
      for (const k of spelling) {
        const v = kind(variantsOf(n), k);
        expect(canonicalName(v.firstname), k).toBe(canonicalName(p.firstname));
        expect(canonicalName(v.lastname), k).toBe(canonicalName(p.lastname));
      }
    }
  });

  it("types the reverse case's exclusion with a hidden character and a look-alike letter", () => {
    for (const [n, p] of people.entries()) {
      const e = reverseExclusionName(p, n);
      expect(e.lastname).toContain('\u2060');
      expect(e.lastname).toMatch(/[\p{Script=Cyrillic}\p{Script=Greek}]/u);
      expect(e.dob).toBe(p.dob);
    }
  });
});
