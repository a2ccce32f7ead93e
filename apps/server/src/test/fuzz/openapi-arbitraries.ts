import fc from 'fast-check';

/**
 * fast-check arbitraries built from the OpenAPI document the app serves (generated from the zod
 * contracts), for the schema-driven fuzz test (issue 10 §2). Two families:
 *
 * - `shaped`: values of the declared shape whose leaves are often hostile (ids of 2^31 and above,
 *   NUL bytes, lone UTF-16 surrogates, impossible calendar dates, canary PII, SQL-looking text);
 * - `misshaped`: the declared shape broken on purpose (a field of the wrong type, a required
 *   field missing, a scalar where an object belongs).
 *
 * Only the subset of JSON Schema that `jsonSchemaTransform` emits (OpenAPI 3.0: `nullable`,
 * boolean `exclusiveMinimum`) is understood; anything else is generated as an arbitrary JSON value.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Personal data planted in requests (and seeded in the database) by the fuzz test; none of it may
 * reach a log line (issue 10 §5). Distinctive enough that a hit cannot be a coincidence.
 */
export const CANARY_PII = {
  firstname: 'Quillonetta',
  lastname: 'Zarbuckleworth',
  dob: '1961-07-23',
  note: 'canary-note-peanut-7731',
  licence: 'D731CANARY9914',
  email: 'quillonetta.zarbuckleworth@canary.test',
} as const;

export const INT32_MAX = 2_147_483_647;

/** Integers that break integer columns, offsets and JSON number handling. */
export const HOSTILE_INTEGERS = [
  0,
  -1,
  -2_147_483_648,
  -2_147_483_649,
  INT32_MAX,
  INT32_MAX + 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  1e21,
  -1e21,
] as const;

export const HOSTILE_NUMBERS = [...HOSTILE_INTEGERS, 0.5, -0, 1e308, -1e308, 5e-324] as const;

/** Calendar dates that look right to a regex and are not (issue 10 §2), plus edge years. */
export const HOSTILE_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2025-13-01',
  '2025-04-31',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '0001-01-01',
  '1900-02-29',
  '2024-02-29',
  '2026-1-1',
  '20260101',
  '2026-01-01T00:00:00Z',
] as const;

/** Text no PostgreSQL text column accepts or that upsets encoders and parsers. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\uFEFF\u202E\u200B',
  '%00',
  '\\u0000',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '" OR ""="',
  '$1',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  'NaN',
  'null',
  '__proto__',
  '9'.repeat(40),
  '2147483648',
  '-1',
  '1e400',
  '\r\n\t',
  '😀'.repeat(3),
  'é'.normalize('NFD'),
  CANARY_PII.firstname,
  CANARY_PII.lastname,
  CANARY_PII.note,
  CANARY_PII.licence,
  CANARY_PII.email,
  ...HOSTILE_DATES,
] as const;

const DATE_NAME = /(^|[a-z])(dob|date|Date)([A-Z]|$)|^dob$|ExpDate$|^visitDate$/;
const ID_NAME = /(^id$|Id$)/;

export interface ArbitraryOptions {
  /** resolves `#/components/schemas/...` references */
  components: Record<string, JsonSchema>;
  /** ids worth hitting often (the seeded world's clients, buildings, users …) */
  knownIds: readonly number[];
  /** ids that must never be generated for this operation (e.g. principals' users on PUT /users/:id) */
  avoidIds?: readonly number[];
  /** plain values only (no hostile leaves): the base that `oneHostileLeaf` corrupts in one place */
  benign?: boolean;
}

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

function resolve(schema: JsonSchema, o: ArbitraryOptions): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(o.components[name] ?? {}, o);
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type;
}

function integerArb(schema: JsonSchema, name: string, o: ArbitraryOptions): fc.Arbitrary<number> {
  const lo = Math.max(
    schema.minimum === undefined ? -1000 : schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0),
    Number.MIN_SAFE_INTEGER,
  );
  const hi = Math.min(
    schema.maximum === undefined ? 1e6 : schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0),
    Number.MAX_SAFE_INTEGER,
  );
  const avoid = new Set(o.avoidIds ?? []);
  const inRange = fc.integer({ min: lo, max: Math.max(lo, hi) });
  const near = fc.integer({ min: lo, max: Math.max(lo, Math.min(hi, lo + 40)) });
  const arbs: fc.WeightedArbitrary<number>[] = o.benign
    ? [
        { weight: 3, arbitrary: near },
        { weight: 1, arbitrary: inRange },
      ]
    : [
        { weight: 3, arbitrary: near },
        { weight: 2, arbitrary: inRange },
        { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_INTEGERS) },
      ];
  if (ID_NAME.test(name) && o.knownIds.length) arbs.push({ weight: 4, arbitrary: fc.constantFrom(...o.knownIds) });
  return fc.oneof(...arbs).filter((n) => !avoid.has(n));
}

/** A plain value of the field: what a careful client would send. */
function benignString(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
  if (schema.format === 'uri') return fc.constantFrom('https://example.test/', 'http://school.example.test/path');
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length <= (schema.maxLength ?? 1e9));
    } catch {
      // fall through to plain text
    }
  }
  if (DATE_NAME.test(name)) {
    return fc
      .date({ min: new Date('1950-01-01'), max: new Date('2020-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 20, 20));
  return fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .'-]*$/).map((v) => v.slice(0, max).padEnd(min, 'x'));
}

function stringArb(schema: JsonSchema, name: string, o: ArbitraryOptions): fc.Arbitrary<string> {
  if (o.benign) return benignString(schema, name);
  const max = Math.min(schema.maxLength ?? 60, 60);
  const hostile = fc.constantFrom(...HOSTILE_STRINGS);
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: hostile },
    { weight: 1, arbitrary: fc.string({ maxLength: max, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: max, unit: 'grapheme' }) },
    // just over the declared limit
    ...(schema.maxLength !== undefined && schema.maxLength < 5000
      ? [{ weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength + 1)) }]
      : []),
  ];
  if (schema.format === 'uuid') arbs.push({ weight: 4, arbitrary: fc.uuid() });
  else if (schema.format === 'email') arbs.push({ weight: 4, arbitrary: fc.emailAddress() });
  else if (schema.format === 'uri') arbs.push({ weight: 4, arbitrary: fc.webUrl() });
  else if (schema.pattern) {
    try {
      arbs.push({ weight: 4, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) });
    } catch {
      // a pattern fast-check cannot invert: the other arbitraries still apply
    }
  }
  if (DATE_NAME.test(name)) {
    arbs.push({ weight: 5, arbitrary: fc.constantFrom(...HOSTILE_DATES) });
    arbs.push({
      weight: 2,
      arbitrary: fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    });
  }
  return fc.oneof(...arbs);
}

/** A value of the schema's shape, with hostile leaves. */
export function shaped(input: JsonSchema, o: ArbitraryOptions, name = '', depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, o);
  const base = shapedBase(schema, o, name, depth);
  const nullable = schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
  return nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function shapedBase(schema: JsonSchema, o: ArbitraryOptions, name: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return anyJson;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => shaped(b, o, name, depth + 1)));
  if (schema.allOf?.length) return shaped(schema.allOf[0], o, name, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) {
    if (o.benign) return fc.constantFrom(...schema.enum);
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    );
  }
  switch (typeOf(schema)) {
    case 'integer':
      return integerArb(schema, name, o);
    case 'number':
      if (o.benign)
        return fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: schema.minimum ?? -1e3,
          max: schema.maximum ?? 1e3,
        });
      return fc.oneof(
        fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
        }),
        fc.constantFrom(...HOSTILE_NUMBERS),
      );
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArb(schema, name, o);
    case 'array': {
      const item = schema.items ? shaped(schema.items, o, name, depth + 1) : anyJson;
      return fc.array(item, { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    }
    case 'object':
      return objectArb(schema, o, depth);
    default:
      return anyJson;
  }
}

function objectArb(schema: JsonSchema, o: ArbitraryOptions, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = shaped(sub, o, key, depth + 1);
  const required = (schema.required ?? []).filter((k) => k in model);
  const record = fc.record(model, { requiredKeys: required });
  // Now and then an unknown key as well (prototype-ish names included).
  if (o.benign) return record;
  const extra = fc.option(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'clientId', 'isAdmin'), anyJson),
    { freq: 5 },
  );
  return fc.tuple(record, extra).map(([rec, ex]) => {
    const out: Record<string, unknown> = { ...rec };
    if (ex) Object.defineProperty(out, ex[0], { value: ex[1], enumerable: true, configurable: true, writable: true });
    return out;
  });
}

/** Something of the wrong type for this schema. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const t = typeOf(schema);
  const all: Record<string, unknown[]> = {
    integer: ['1', 1.5, true, null, [], {}, '2147483648', 'NaN'],
    number: ['1', true, null, [], {}],
    boolean: ['true', 1, null, [], {}],
    string: [1, true, null, [], {}, ['a'], { toString: 'x' }],
    array: ['a', 1, {}, null, { 0: 'a', length: 1 }],
    object: ['a', 1, [], null, true],
  };
  return fc.constantFrom(...(all[t ?? 'object'] ?? all.object));
}

/** The declared shape broken on purpose. */
export function misshaped(input: JsonSchema, o: ArbitraryOptions): fc.Arbitrary<unknown> {
  const schema = resolve(input, o);
  if (typeOf(schema) !== 'object' || !schema.properties || !Object.keys(schema.properties).length) {
    return wrongType(schema);
  }
  const keys = Object.keys(schema.properties);
  const required = schema.required ?? [];
  const mutations: fc.Arbitrary<unknown>[] = [
    // one field of the wrong type
    fc
      .tuple(shaped(schema, o), fc.constantFrom(...keys))
      .chain(([obj, key]) =>
        wrongType(resolve(schema.properties![key], o)).map((bad) => ({ ...(obj as object), [key]: bad })),
      ),
    // the whole body of the wrong type
    wrongType(schema),
    // a deeply nested value where a field belongs
    fc.tuple(shaped(schema, o), fc.constantFrom(...keys)).map(([obj, key]) => {
      let deep: unknown = 'x';
      for (let i = 0; i < 200; i++) deep = { a: deep };
      return { ...(obj as object), [key]: deep };
    }),
  ];
  if (required.length) {
    // a required field missing
    mutations.push(
      fc.tuple(shaped(schema, o), fc.constantFrom(...required)).map(([obj, key]) => {
        const copy = { ...(obj as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
    );
  }
  return fc.oneof(...mutations);
}

/** Values that broke the API in issue 10 §2, by the kind of leaf they replace. */
const CORE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  "'; DROP TABLE users; --",
  CANARY_PII.lastname,
  '9'.repeat(40),
  '',
];
const CORE_INTEGERS = [INT32_MAX + 1, 2 ** 53 - 1, -1, 0, 1e21, 1.5];

/** Paths of the primitive leaves of a JSON value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return path.length ? [path] : [];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, Array.isArray(value) ? Number(k) : k]));
}

function replaceAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, leaf) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head]: replaceAt(obj[head], rest, leaf) };
}

/**
 * A plain value with exactly one leaf replaced by a hostile one of its kind (a NUL or lone
 * surrogate for text, an impossible date for a date, 2^31 for an id): every other field is
 * valid, so the request gets past the other checks to wherever that one value is used.
 */
export function oneHostileLeaf<T>(benignValue: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(benignValue, fc.nat(), fc.nat()).map(([value, which, pick]) => {
    const paths = leaves(value);
    if (!paths.length) return value;
    const path = paths[which % paths.length];
    const current = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
    const name = String(path[path.length - 1]);
    const pool: readonly unknown[] =
      typeof current === 'number'
        ? CORE_INTEGERS
        : typeof current === 'string' && DATE_NAME.test(name)
          ? HOSTILE_DATES
          : typeof current === 'boolean'
            ? ['true', 1, null]
            : CORE_STRINGS;
    return replaceAt(value, path, pool[pick % pool.length]) as T;
  });
}
