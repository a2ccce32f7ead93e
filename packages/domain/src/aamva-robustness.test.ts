import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAamvaPayload, parseAamva } from './aamva';
import { type AamvaCardFields, buildAamvaPayload } from './aamva-builder';

// Cards in circulation that broke the parser (issue 10 §6): given names run together, full names
// in other orders, stray control or undefined characters, and older or vendor-specific headers.

const card: AamvaCardFields = {
  firstName: 'JANE',
  middleName: 'QUINN',
  lastName: 'DOE',
  dateOfBirth: '1985-03-09',
  sex: 'F',
  eyeColor: 'GRN',
  street1: '1 ELM ST',
  city: 'SPRINGFIELD',
  state: 'IL',
  postalCode: '62701',
  licenseNumber: 'D1234567',
  expirationDate: '2028-03-09',
};
const names = (raw: string) => {
  const p = parseAamva(raw);
  return p && { first: p.firstName, middle: p.middleName, last: p.lastName, suffix: p.suffix };
};

describe('given names in one element (versions 1–3)', () => {
  const v3 = buildAamvaPayload(card, { version: 3 });
  it.each([
    ['JANE,QUINN', 'JANE', 'QUINN'],
    ['JANE QUINN', 'JANE', 'QUINN'],
    ['JANE QUINN                                ', 'JANE', 'QUINN'],
    ['JANE, QUINN', 'JANE', 'QUINN'],
    ['JANE,QUINN ANN', 'JANE', 'QUINN ANN'],
    ['JANE QUINN ANN', 'JANE', 'QUINN ANN'],
    ['JANE,', 'JANE', null],
    ['JANE', 'JANE', null],
    ['MARY ANN,QUINN', 'MARY ANN', 'QUINN'],
  ])('DCT %j → first %j, middle %j', (dct, first, middle) => {
    const raw = v3.replace('DCTJANE,QUINN', `DCT${dct}`);
    expect(raw).toContain(`DCT${dct}`);
    expect(names(raw)).toEqual({ first, middle, last: 'DOE', suffix: null });
  });

  it.each([
    ['JANE,QUINN', 'JANE', 'QUINN'],
    ['JANE Q', 'JANE', 'Q'],
    ['JANE Q.', 'JANE', 'Q'],
    // A space alone does not split DAC: MARY ANN is one first name.
    ['MARY ANN', 'MARY ANN', null],
  ])('DAC %j with an empty DAD → first %j, middle %j', (dac, first, middle) => {
    const raw = buildAamvaPayload(card, { version: 4 }).replace('DACJANE\nDADQUINN', `DAC${dac}\nDAD`);
    expect(raw).toContain(`DAC${dac}\nDAD\n`);
    expect(names(raw)).toEqual({ first, middle, last: 'DOE', suffix: null });
  });

  it.each([1, 2, 3])('version %i: DAC holding FIRST,MIDDLE or FIRST MIDDLE (DAD empty or missing)', (version) => {
    const base = buildAamvaPayload(card, { version }).replace(
      /\nDAA[^\n]*|\nDCS[^\n]*\nDCT[^\n]*/,
      '\nDCSDOE\nDACJANE QUINN',
    );
    expect(base).toContain('DACJANE QUINN\n');
    expect(names(base)).toEqual({ first: 'JANE', middle: 'QUINN', last: 'DOE', suffix: null });
    expect(names(base.replace('DACJANE QUINN', 'DACJANE,QUINN ANN\nDAD'))).toMatchObject({
      first: 'JANE',
      middle: 'QUINN ANN',
    });
    expect(names(base.replace('DACJANE QUINN', 'DACJANE\nDADNONE'))).toMatchObject({ first: 'JANE', middle: null });
  });

  it('keeps DAD over a middle name in DAC, DCT or DAA', () => {
    const raw = buildAamvaPayload(card, { version: 4 }).replace('DACJANE', 'DACJANE Q\nDCTJANE X');
    expect(names(raw)).toMatchObject({ first: 'JANE Q', middle: 'QUINN' });
  });
});

describe('DAA full names in the orders cards use (version 1)', () => {
  const v1 = buildAamvaPayload(card, { version: 1 });
  it.each([
    ['DOE,JANE,QUINN', 'JANE', 'QUINN', 'DOE', null],
    ['DOE,JANE,QUINN,JR', 'JANE', 'QUINN', 'DOE', 'JR'],
    ['DOE,JANE,,3RD', 'JANE', null, 'DOE', '3RD'],
    ['DOE$JANE$QUINN', 'JANE', 'QUINN', 'DOE', null],
    ['DOE@JANE@QUINN', 'JANE', 'QUINN', 'DOE', null],
    // One comma after the family name, given names separated by a space (LA, OR).
    ['DOE,JANE QUINN', 'JANE', 'QUINN', 'DOE', null],
    ['DOE, JANE QUINN ANN', 'JANE', 'QUINN ANN', 'DOE', null],
    ['DOE,JANE', 'JANE', null, 'DOE', null],
    ['DOE,JANE, ,', 'JANE', null, 'DOE', null],
    // No delimiter, the standard's order: a trailing initial is a middle initial.
    ['DOE JANE Q', 'JANE', 'Q', 'DOE', null],
    ['SMITH JOHN ROBERT', 'JOHN', 'ROBERT', 'SMITH', null],
    // No delimiter, FIRST … LAST (PA): an initial inside, or a common given name first and not last.
    ['JOHN P SMITH', 'JOHN', 'P', 'SMITH', null],
    ['JOHN ROBERT LEE SMITH', 'JOHN', 'ROBERT LEE', 'SMITH', null],
    ['MARY SMITH', 'MARY', null, 'SMITH', null],
    ['SMITH MARY', 'MARY', null, 'SMITH', null],
    ['DOE', null, null, 'DOE', null],
  ])('DAA %j', (daa, first, middle, last, suffix) => {
    const raw = v1.replace('DAADOE,JANE,QUINN', `DAA${daa}`);
    expect(raw).toContain(`DAA${daa}\n`);
    expect(names(raw)).toEqual({ first, middle, last, suffix });
  });

  it('prefers DAB/DAC/DAD over DAA when a card carries both', () => {
    const raw = v1.replace('DAADOE,JANE,QUINN', 'DAADOE,JANE,Q\nDABDOE\nDACJANE\nDADQUINN');
    expect(names(raw)).toEqual({ first: 'JANE', middle: 'QUINN', last: 'DOE', suffix: null });
  });
});

describe('headers old, mangled and vendor-specific', () => {
  const v8 = buildAamvaPayload(card, { version: 8 });
  const body = v8.slice(v8.indexOf('DL', 20) + 2);
  const expected = { firstName: 'JANE', middleName: 'QUINN', lastName: 'DOE', dateOfBirth: '1985-03-09', state: 'IL' };

  it.each([
    ['compliance prefix', '@\n\x1e\rANSI 636000080001DL00310200'],
    ['AAMVA keyword', '@\n\x1e\rAAMVA636000080001DL00310200'],
    ['AAMVA keyword and a space', '@\n\x1e\rAAMVA 636000080001DL00310200'],
    ['byte-order mark', '\uFEFF@\n\x1e\rANSI 636000080001DL00310200'],
    ['leading white space', ' \t\n@\n\x1e\rANSI 636000080001DL00310200'],
    ['RS lost', '@\n\nANSI 636000080001DL00310200'],
    ['RS and CR lost', '@\nANSI 636000080001DL00310200'],
    ['scanner mangling @\\n6M', '@\n6MANSI 636000080001DL00310200'],
    ['scanner mangling @\\n6', '@\n6ANSI 636000080001DL00310200'],
    ['scanner mangling @ac', '@acANSI 636000080001DL00310200'],
    ['scanner mangling @a\\n', '@a\nANSI 636000080001DL00310200'],
    ['undefined character in the prefix', '@\n\u00DCMANSI 636000080001DL00310200'],
    ['replacement character in the prefix', '@\n\uFFFDANSI 636000080001DL00310200'],
    ['no prefix at all', 'ANSI 636000080001DL00310200'],
    ['vendor designator (AB: DLabacDL)', '@\n\nANSI 990876080001DLabacDL'],
    ['corrupt designator table', '@\n\x1e\rANSI 636000080001XX'],
    ['version 11 (CDS 2025)', '@\n\x1e\rANSI 636000110001DL00310200'],
    ['version 12', '@\n\x1e\rANSI 636000120001DL00310200'],
  ])('reads a payload with %s', (_, header) => {
    const raw = `${header}${body}`;
    expect(isAamvaPayload(raw)).toBe(true);
    expect(parseAamva(raw)).toMatchObject(expected);
  });

  it('reads CR LF line ends and indented element lines', () => {
    expect(parseAamva(v8.replace(/\n/g, '\r\n'))).toMatchObject(expected);
    expect(parseAamva(v8.replace(/\n/g, '\n    '))).toMatchObject(expected);
  });

  it('reads a payload typed with Caps Lock on (letter case inverted), keeping names as typed and the licence number in upper case', () => {
    const swapped = [...v8].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    expect(swapped).toContain('ansi 636000');
    expect(parseAamva(swapped)).toMatchObject({
      firstName: 'jane',
      middleName: 'quinn',
      lastName: 'doe',
      dateOfBirth: '1985-03-09',
      licenseNumber: 'D1234567',
    });
  });

  it('reads the first of two joined scans', () => {
    const other = buildAamvaPayload({ ...card, firstName: 'ALEX', lastName: 'ROE' }, { version: 8 });
    for (const join of ['', '\r', '\x04', '\x04\x01\x02PRODUCT\x04\x01\x02\x03']) {
      expect(names(`${v8}${join}${other}\x04\0`)).toMatchObject({ first: 'JANE', last: 'DOE' });
    }
  });

  it('reads pipes as separators', () => {
    const piped = v8.replace(/[\n\r\x1e]/g, '|');
    expect(piped).not.toMatch(/[\n\r\x1e]/);
    expect(parseAamva(piped)).toMatchObject(expected);
  });

  it('reads a payload whose header is missing when its lines are elements', () => {
    const headerless = body.replace(/\r$/, '');
    expect(isAamvaPayload(headerless)).toBe(true);
    expect(parseAamva(headerless)).toMatchObject({ ...expected, aamvaVersion: null });
    // Dates of a header-less card are read MMDDCCYY first, as most cards in circulation write them.
    expect(parseAamva('DCSDOE\nDACJANE\nDBB03091985\nDAJIL')).toMatchObject({
      lastName: 'DOE',
      dateOfBirth: '1985-03-09',
    });
  });

  it.each([
    'DCSDOE',
    'DAQ123\nhello',
    'hello\nworld\nDAC',
    'DACJANE\nDADQUINN\nDAJIL',
    'Meeting notes\nDAY one\nDAZ two\nDAG three',
  ])('does not take %j for a header-less payload', (text) => {
    expect(isAamvaPayload(text)).toBe(false);
    expect(parseAamva(text)).toBeNull();
  });
});

// ---------------------------------------------------------------- properties

// Characters that no element can hold: C0 controls other than the separators, DEL and C1
// controls, format characters, private use, non-characters and the replacement character.
const INVISIBLE = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r\x1e'.includes(c)),
  '\x7f',
  '\x85',
  '\x9f',
  '\u200b',
  '\u200e',
  '\u2060',
  '\uFEFF',
  '\uE000',
  '\uF8FF',
  '\uFFFE',
  '\uFFFF',
  '\uFFFD',
];
const invisibleArb = fc.constantFrom(...INVISIBLE);
const NAME_CHARS = /^[\p{L}\p{M}\p{Nd} '\u2019.-]*$/u;

const cardArb = fc.record({
  version: fc.integer({ min: 1, max: 10 }),
  separators: fc.boolean(),
  first: fc.constantFrom('JANE', 'JOHN', 'MARY ANN', 'ZOË', "D'ARCY", 'JEAN-LUC'),
  middle: fc.constantFrom(null, 'Q', 'QUINN', 'ANNE MARIE'),
  last: fc.constantFrom('DOE', "O'BRIEN", 'SMITH-JONES', 'VAN DER BERG', 'MÜLLER'),
});

describe('parseAamva properties', () => {
  it('never throws and never returns junk names, whatever the input', () => {
    // Arbitrary text, and text assembled from AAMVA fragments so it reaches deep into the parser.
    const fragment = fc.constantFrom(
      '@',
      '\n',
      '\r',
      '\x1e',
      '|',
      ' ',
      ',',
      '$',
      'ANSI ',
      'AAMVA',
      '636000',
      '0',
      '1',
      '08',
      '01',
      'DL',
      'ZV',
      'DL00410278',
      'DAA',
      'DAB',
      'DAC',
      'DAD',
      'DCS',
      'DCT',
      'DAQ',
      'DBB',
      'DBA',
      'DAG',
      'DAK',
      'DAU',
      'DAW',
      'JANE',
      '19850309',
      '03091985',
      '\uFFFD',
      '\u0000',
    );
    const payload = fc.oneof(
      // Any UTF-16 code unit, lone surrogates included (fast-check's 'binary' unit is slow to generate).
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 300 }),
      fc.array(fragment, { maxLength: 80 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(payload, (raw) => {
        const ok = isAamvaPayload(raw);
        const parsed = parseAamva(raw);
        expect(typeof ok).toBe('boolean');
        if (parsed) {
          for (const name of [parsed.firstName, parsed.middleName, parsed.lastName]) {
            if (name !== null) {
              expect(name).toMatch(NAME_CHARS);
              expect(name).toBe(name.trim());
              expect(name).not.toBe('');
            }
          }
        }
      }),
      { numRuns: 2000 },
    );
  }, 30_000);

  it('ignores control and undefined characters inserted anywhere in a payload', () => {
    fc.assert(
      fc.property(
        cardArb,
        fc.array(fc.tuple(fc.nat(), invisibleArb), { minLength: 1, maxLength: 12 }),
        ({ version, separators, first, middle, last }, insertions) => {
          const raw = buildAamvaPayload(
            { ...card, firstName: first, middleName: middle, lastName: last },
            { version, separators },
          );
          const clean = parseAamva(raw);
          let noisy = raw;
          for (const [at, ch] of insertions) {
            const i = at % (noisy.length + 1);
            noisy = noisy.slice(0, i) + ch + noisy.slice(i);
          }
          expect(parseAamva(noisy)).toEqual(clean);
          expect(isAamvaPayload(noisy)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  }, 30_000);

  it('keeps undefined characters out of names when they sit inside name elements', () => {
    const junk = fc.constantFrom(...INVISIBLE, '\u00BF', '?', '*', '#', '~', '^', '<', '>', '\u00A4', '\u25A1');
    fc.assert(
      fc.property(cardArb, junk, fc.nat(), ({ version, first, middle, last }, ch, at) => {
        const pos = at % (last.length + 1);
        const noisyLast = last.slice(0, pos) + ch + last.slice(pos);
        const raw = buildAamvaPayload(
          { ...card, firstName: first, middleName: middle, lastName: noisyLast },
          { version },
        );
        const parsed = parseAamva(raw);
        expect(parsed).not.toBeNull();
        for (const name of [parsed?.firstName, parsed?.middleName, parsed?.lastName]) {
          if (name) expect(name).toMatch(NAME_CHARS);
        }
        // The family name keeps its letters; the junk character at most becomes a space.
        expect(parsed?.lastName?.replace(/ /g, '')).toBe(last.replace(/ /g, ''));
        expect(parsed?.firstName).toBe(first);
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});
