import { nameKey, soundex } from '@sv/domain';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidateQuery } from '../../integrations/registry/local-registry';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { insertVisitor } from '../screening/screening.fixtures';

/**
 * The candidate query at scale (issue 5 targets): 100,000 generated offenders on PostgreSQL
 * (50,000 on PGlite), 1.3 names each with aliases, built in SQL with generate_series from pools of fictitious names, then
 * (1) EXPLAIN shows only index access to registry_names / registry_offenders, and
 * (2) screening calls through the API are timed (numbers printed; the bound is generous because
 * test machines are shared — the p95 ≤ 20 ms target is measured by the benchmark).
 */

/** 100,000 on PostgreSQL; 50,000 on the embedded PGlite (single-threaded WASM) to keep the suite quick. */
const OFFENDERS = process.env.TEST_DATABASE_URL ? 100_000 : 50_000;
let t: TestApp;
let desk: Session;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** 4,000 invented surnames and 240 invented given names, with the domain's search keys. */
function pools() {
  const r = prng(42);
  const syll = 'ka lo mi ver son dan tre bel wic hal mor gan pel ruf zan quo ith bar nel dor fis gry hob jun lex'.split(
    ' ',
  );
  const word = (n: number) => {
    const w = Array.from({ length: n }, () => syll[Math.floor(r() * syll.length)]).join('');
    return w[0].toUpperCase() + w.slice(1);
  };
  const lasts = new Set<string>();
  while (lasts.size < 4000) lasts.add(word(3));
  const firsts = new Set<string>();
  while (firsts.size < 240) firsts.add(word(2));
  return {
    lasts: [...lasts].map((l, i) => ({ i, l, lk: nameKey(l), ls: soundex(l) })),
    firsts: [...firsts].map((f, i) => ({ i, f, fk: nameKey(f), fs: soundex(f) })),
  };
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  desk = await t.login('desk.northhigh@demo.test');
  const { lasts, firsts } = pools();
  const db = t.deps.db;
  await db.execute(sql`
    insert into registry_offenders (source, external_id, jurisdiction, dob, birth_year)
    select 'SCALE', 'S' || g, 'SCALE', d, extract(year from d)::smallint
      from generate_series(1, ${OFFENDERS}) g,
           lateral (select date '1935-01-01' + ((g::bigint * 7919) % 25000)::int as d) x`);
  const names = (isPrimary: boolean, lastMul: number, firstMul: number, where: string) => sql`
    with ln as (select * from json_to_recordset(${JSON.stringify(lasts)}::json) as x(i int, l text, lk text, ls text)),
         fn as (select * from json_to_recordset(${JSON.stringify(firsts)}::json) as x(i int, f text, fk text, fs text))
    insert into registry_names (offender_id, is_primary, first_name, last_name, last_key, first_key, last_soundex, first_soundex, birth_year)
    select o.id, ${isPrimary}, fn.f, ln.l, ln.lk, fn.fk, ln.ls, fn.fs, o.birth_year
      from registry_offenders o
      join ln on ln.i = (o.id * ${lastMul}) % ${lasts.length}
      join fn on fn.i = (o.id * ${firstMul}) % ${firsts.length}
     where o.source = 'SCALE' ${sql.raw(where)}`;
  await db.execute(names(true, 31, 17, ''));
  await db.execute(names(false, 37, 13, 'and o.id % 10 < 3')); // 30% have an alias
  await db.execute(sql`
    insert into registry_addresses (offender_id, type, street, city, state, zip)
    select o.id, 'R', (o.id % 9000) || ' Example St', 'Town' || (o.id % 300), 'IL', lpad((o.id % 100)::text, 5, '0')
      from registry_offenders o where o.source = 'SCALE'`);
  await db.execute(sql`analyze registry_offenders, registry_names, registry_addresses`);
}, 300_000);

/** Every plan node of an EXPLAIN (FORMAT JSON) answer. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe('local registry at scale', () => {
  it('has at least 50,000 name rows to plan against', async () => {
    const [{ n }] = rows<{ n: number }>(await t.deps.db.execute(sql`select count(*)::int as n from registry_names`));
    expect(n).toBeGreaterThanOrEqual(OFFENDERS * 1.3);
    expect(n).toBeGreaterThanOrEqual(50_000);
  });

  it('the candidate query reads registry_names and registry_offenders through indexes only (EXPLAIN)', async () => {
    const [sample] = rows<{ first_name: string; last_name: string; dob: string }>(
      await t.deps.db.execute(sql`
        select n.first_name, n.last_name, to_char(o.dob, 'YYYY-MM-DD') as dob
          from registry_names n join registry_offenders o on o.id = n.offender_id
         where o.source = 'SCALE' and n.is_primary order by o.id limit 1 offset 777`),
    );
    const q = candidateQuery({ firstName: sample.first_name, lastName: sample.last_name, dob: sample.dob })!;
    const { sql: text, params } = new PgDialect().sqlToQuery(q);
    const [plan] = await t.deps.database.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, params);
    const raw = plan['QUERY PLAN'];
    const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    const nodes = planNodes(root[0].Plan);
    const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
    expect(seqScans).toEqual([]);
    const indexes = new Set(nodes.map((n) => n['Index Name']).filter(Boolean));
    expect(indexes).toContain('registry_names_last_sx_year_idx');
    expect(indexes).toContain('registry_names_first_sx_year_idx');
    expect(indexes).toContain('registry_offenders_pkey');
  });

  it(`screens against ${OFFENDERS.toLocaleString('en-US')} records: every sampled person found; timing printed`, async () => {
    const sample = rows<{ external_id: string; first_name: string; last_name: string; dob: string }>(
      await t.deps.db.execute(sql`
        select o.external_id, n.first_name, n.last_name, to_char(o.dob, 'YYYY-MM-DD') as dob
          from registry_names n join registry_offenders o on o.id = n.offender_id
         where o.source = 'SCALE' and o.id % 997 = 0 order by o.id limit 60`),
    );
    expect(sample.length).toBeGreaterThanOrEqual(50);
    const times: number[] = [];
    for (const p of sample) {
      const id = await insertVisitor(t.deps.db, {
        clientId: t.world.north.clientId,
        firstname: p.first_name,
        lastname: p.last_name,
        dob: p.dob,
      });
      const started = performance.now();
      const res = await t.as(desk).post(`/api/visitors/${id}/screening`, { buildingId: t.world.north.northHighId });
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      expect(res.json().registry.matches.map((m: { id: string }) => m.id)).toContain(`SCALE:${p.external_id}`);
    }
    times.sort((a, b) => a - b);
    const pct = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    console.log(
      `[registry scale] ${t.deps.database.kind}, ${OFFENDERS} offenders: screening p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${pct(1).toFixed(1)} ms (${times.length} calls)`,
    );
    // timings are reported, not asserted (developers' guide: performance belongs to `npm run bench`)
  });
});
