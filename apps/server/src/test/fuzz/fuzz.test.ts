import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ZErrorBody } from '@sv/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { principalSession, principalSessions, type PrincipalSessions } from '../authz/principals';
import { PRINCIPALS, type Principal } from '../authz/types';
import { createTestApp, type TestApp } from '../test-app';
import {
  type ArbitraryOptions,
  CANARY_PII,
  type JsonSchema,
  misshaped,
  oneHostileLeaf,
  shaped,
} from './openapi-arbitraries';
import { type RawBody, rawBody } from './raw-bodies';

/**
 * Schema-driven fuzz test (issue 10 §2; security guide "Integrity under failure"): requests are
 * generated from the OpenAPI document the app serves, for every operation, as every principal of
 * the authorization matrix (fast-check arbitraries built from each operation's JSON Schema):
 * - oneHostile: path, query and body valid except one value (NUL, lone surrogate, impossible
 *   date, 2^31 …), so it gets past the other checks to wherever that value is used;
 * - shaped: the declared shape with hostile values anywhere;
 * - misshaped: the shape broken (wrong types, missing required fields, deep nesting);
 * - raw: bodies the parsers must refuse (broken JSON, malformed multipart, other content types).
 * Any answer ≥ 500 (or none within 10 s), any body carrying a stack trace or SQL, and any
 * refusal that is not the one error body `{ requestId, code, message }` fails the test.
 * Operations that end or rotate the session get a throwaway session; PUT /api/users/:id never
 * targets a principal (deactivating one would end its sessions mid-run).
 *
 * Issue 10 §5: the app logs at 'info' into a buffer while the fuzz runs, with canary PII both in
 * the database and in the generated values; no log line may carry any of it.
 *
 * Reproduce a run with FUZZ_SEED=<seed printed below>; FUZZ_PER_OP sets requests per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const PER_OP = Number(process.env.FUZZ_PER_OP ?? 12);
const REQUEST_TIMEOUT_MS = 10_000;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: JsonSchema;
  body: JsonSchema | null;
}

type Mode = 'oneHostile' | 'shaped' | 'misshaped' | 'raw';
interface Plan {
  mode: Mode;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: { json: unknown } | { raw: RawBody } | null;
}
interface Outcome {
  op: string;
  principal: Principal;
  mode: Mode;
  status: number;
  url: string;
  body: string;
  request: string;
  ms: number;
}

/** What a stack trace or SQL looks like in an answer (never the values we sent). */
const LEAK_PATTERNS: [string, RegExp][] = [
  ['stack trace', /\n\s+at \S+ \(|\bat (async )?[\w.<>]+ \(.*:\d+:\d+\)|node_modules\//],
  ['SQL', /Failed query|syntax error at or near|violates (unique|foreign key|not-null|check) constraint/i],
  [
    'SQL',
    /invalid input syntax for|out of range for type|relation "[a-z_]+"|column "[a-z_]+"|SQLSTATE|DrizzleQueryError/i,
  ],
  ['serialization error', /FST_ERR_|Response doesn't match the schema|serialization/i],
];

const logLines: string[] = [];
let t: TestApp;
let sessions: PrincipalSessions;
let operations: Operation[] = [];
const outcomes: Outcome[] = [];

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function pathString(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(s);
  } catch {
    // a lone surrogate cannot be encoded: send the bytes of one (invalid UTF-8) instead
    return '%ED%A0%80';
  }
}

function readOperations(doc: {
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema: JsonSchema; required?: boolean }[];
      const query: JsonSchema = {
        type: 'object',
        properties: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      };
      const rb = op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined;
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query,
        body: rb?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

function planArbitrary(op: Operation, o: ArbitraryOptions, mode: Mode): fc.Arbitrary<Plan> {
  if (mode === 'oneHostile') {
    // path, query and body valid, except one value somewhere among them
    const b: ArbitraryOptions = { ...o, benign: true };
    const parts: Record<string, fc.Arbitrary<unknown>> = {
      params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, shaped(p.schema, b, p.name)]))),
      query: shaped(op.query, b),
    };
    if (op.body && op.method !== 'GET') parts.body = shaped(op.body, b);
    return oneHostileLeaf(fc.record(parts)).map((v) => ({
      mode,
      params: v.params as Record<string, unknown>,
      query: v.query as Record<string, unknown>,
      body: 'body' in v ? { json: v.body } : null,
    }));
  }
  const hostilePath = fc.constantFrom(
    '2147483648',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '99999999999999999999',
    'abc',
    ' 1',
    'null',
    CANARY_PII.lastname,
  );
  const params = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        mode === 'shaped' ? shaped(p.schema, o, p.name) : fc.oneof(shaped(p.schema, o, p.name), hostilePath),
      ]),
    ),
  );
  const query = (mode === 'misshaped' ? misshaped(op.query, o) : shaped(op.query, o)).map((q) =>
    q && typeof q === 'object' && !Array.isArray(q) ? (q as Record<string, unknown>) : { q },
  );
  const canHaveBody = op.method !== 'GET';
  const body: fc.Arbitrary<Plan['body']> = !canHaveBody
    ? fc.constant(null)
    : mode === 'raw'
      ? rawBody.map((raw) => ({ raw }))
      : op.body
        ? (mode === 'shaped' ? shaped(op.body, o) : misshaped(op.body, o)).map((json) => ({ json }))
        : fc
            .option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined })
            .map((json) => (json === undefined ? null : { json }));
  return fc.record({ mode: fc.constant(mode), params, query, body });
}

function buildRequest(op: Operation, plan: Plan, session: { cookie: string; csrfToken: string } | null) {
  let url = op.path;
  for (const p of op.pathParams) url = url.replace(`{${p.name}}`, pathString(plan.params[p.name]));
  // The live event stream stays open unless asked to answer once: always ask (or send junk).
  if (op.path.endsWith('/events') && plan.query.once === undefined) plan.query.once = '1';
  const qs = Object.entries(plan.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${pathString(k)}=${pathString(v)}`)
    .join('&');
  if (qs) url += `?${qs}`;
  const headers: Record<string, string> = { 'idempotency-key': randomUUID() };
  if (session) {
    headers.cookie = session.cookie;
    headers['x-csrf-token'] = session.csrfToken;
  }
  let payload: string | Buffer | undefined;
  if (plan.body && 'json' in plan.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(plan.body.json) ?? 'null';
  } else if (plan.body && 'raw' in plan.body) {
    headers['content-type'] = plan.body.raw.contentType;
    payload = plan.body.raw.payload;
  }
  return { method: op.method, url, headers, payload };
}

/**
 * A stable number per operation (FNV-1a of "METHOD /path"): each operation's inputs and principals
 * are seeded by what it is, not by its position in the document, so adding a route elsewhere
 * never changes another route's inputs (a failure found once reproduces until it is fixed).
 */
function opSeed(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 1_000_000;
}

/** Operations that end or rotate the session they run with get a throwaway one. */
const ROTATES_SESSION = new Set(['POST /api/auth/logout', 'POST /api/impersonation', 'DELETE /api/impersonation']);

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  sessions = await principalSessions(t);
  // Canary PII in the database: a visitor of tenant A that screening and search will read.
  const created = await t.as(sessions.attendantA1).post('/api/visitors', {
    firstname: CANARY_PII.firstname,
    lastname: CANARY_PII.lastname,
    dob: CANARY_PII.dob,
    note: CANARY_PII.note,
    email: CANARY_PII.email,
    currentDriversLicenseNumber: CANARY_PII.licence,
    buildingId: t.world.north.northHighId,
  });
  expect(created.statusCode, created.body).toBe(200);
  const doc = await t.as(null).get('/api/openapi.json');
  operations = readOperations(doc.json());
}, 120_000);

/** Why an answer fails the run, or nothing when it is acceptable. */
function problems(r: Outcome): string[] {
  const why: string[] = [];
  if (r.status >= 500 || r.status === 0) why.push(`status ${r.status || 'none'}`);
  for (const [what, re] of LEAK_PATTERNS) if (re.test(r.body)) why.push(`body carries ${what}`);
  // every refusal is the one error body { requestId, code, message } (architecture guide), never
  // Fastify's own error format, which echoes the request
  if (r.status >= 400 && !ZErrorBody.safeParse(safeJson(r.body)).success) why.push('not the error body');
  return why;
}

describe('schema-driven fuzz (issue 10 §2)', () => {
  it('answers every generated request below 500, without stack traces or SQL', async () => {
    const w = t.world;
    const knownIds = [
      w.north.clientId,
      w.north.northHighId,
      w.north.lincolnId,
      w.south.clientId,
      w.south.southElemId,
      ...Object.values(w.users),
    ];
    // Deactivating a principal would end its sessions for the rest of the run.
    const principalUserIds = Object.values(w.users);
    const started = Date.now();
    const cpu0 = process.cpuUsage();
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const i = opSeed(key);
      const o: ArbitraryOptions = {
        components: {},
        knownIds,
        avoidIds: op.path.startsWith('/api/users/{id}') ? principalUserIds : [],
      };
      const modes: Mode[] =
        op.method === 'GET'
          ? ['oneHostile', 'oneHostile', 'shaped', 'misshaped']
          : ['oneHostile', 'shaped', 'misshaped', 'raw'];
      for (let n = 0; n < PER_OP; n++) {
        const mode = modes[n % modes.length];
        const [plan] = fc.sample(planArbitrary(op, o, mode), { seed: SEED + i * 1000 + n, numRuns: 1 });
        const principal = PRINCIPALS[(i + n) % PRINCIPALS.length];
        const session = ROTATES_SESSION.has(key) ? await principalSession(t, principal) : sessions[principal];
        const req = buildRequest(op, plan, session);
        const t0 = performance.now();
        const res = await Promise.race([
          t.app.inject(req),
          new Promise<null>((r) => setTimeout(() => r(null), REQUEST_TIMEOUT_MS).unref()),
        ]);
        outcomes.push({
          op: key,
          principal,
          mode,
          status: res?.statusCode ?? 0,
          url: req.url,
          body: res ? res.body.slice(0, 2000) : '(no answer within 10 s)',
          request:
            typeof req.payload === 'string'
              ? req.payload.slice(0, 300)
              : req.payload
                ? `<${req.payload.length} bytes ${req.headers['content-type']}>`
                : '',
          ms: performance.now() - t0,
        });
      }
    }
    const ms = Date.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);

    const byStatus: Record<number, number> = {};
    const byOp: Record<string, number> = {};
    for (const r of outcomes) {
      byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      byOp[r.op] = (byOp[r.op] ?? 0) + r.ms;
    }
    const slowest = Object.entries(byOp)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([op, total]) => `${op} ${Math.round(total)} ms`);
    const failures = outcomes.flatMap((r) => {
      const why = problems(r);
      return why.length ? [{ ...r, why: why.join(', ') }] : [];
    });
    console.log(
      `fuzz seed=${SEED} perOp=${PER_OP}: ${outcomes.length} requests, ${operations.length} operations, ` +
        `${PRINCIPALS.length} principals, ${ms} ms (${cpuMs} ms CPU); statuses ${JSON.stringify(byStatus)}; ` +
        `failures ${failures.length} on ${new Set(failures.map((f) => f.op)).size} operations; slowest: ${slowest.join(', ')}`,
    );

    expect(outcomes.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(outcomes.map((r) => r.op)).size).toBe(operations.length);
    // Positive control: every signed-in principal still got answers (its sessions stayed alive).
    for (const p of PRINCIPALS.filter((x) => x !== 'anonymous')) {
      expect(
        outcomes.some((r) => r.principal === p && r.status >= 200 && r.status < 300),
        `${p} got no 2xx`,
      ).toBe(true);
    }
    expect(
      failures.map(
        (f) => `${f.why}: ${f.principal} ${f.op} [${f.mode}] ${f.url} ${f.request} → ${f.body.slice(0, 300)}`,
      ),
    ).toEqual([]);
  }, 240_000);
});

describe('no request value or query parameter reaches the log (issue 10 §5)', () => {
  const canaries = Object.values(CANARY_PII);

  it('positive control: a database error carrying canary parameters is logged without them', async () => {
    const before = logLines.length;
    const err = await t.deps.db
      .execute(sql`SELECT ${CANARY_PII.lastname}::int AS n, ${CANARY_PII.dob}::date + ${CANARY_PII.note}::int AS d`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // the raw error does carry the values, so the logger has something to redact
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err)) + String(err)).toContain(CANARY_PII.lastname);
    t.app.log.error({ err }, 'database error (positive control)');
    const lines = logLines.slice(before);
    expect(lines.some((l) => l.includes('positive control'))).toBe(true);
    expect(canaries.filter((c) => lines.some((l) => l.includes(c)))).toEqual([]);
  });

  it('the log captured during the fuzz run carries no canary PII', () => {
    expect(outcomes.length).toBeGreaterThan(0);
    expect(logLines.length).toBeGreaterThan(outcomes.length);
    const hits = logLines.filter((l) => canaries.some((c) => l.includes(c)));
    expect(hits.slice(0, 5)).toEqual([]);
  });
});
