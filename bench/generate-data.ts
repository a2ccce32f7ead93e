/**
 * District-scale benchmark data (issue "District-scale data and benchmarks for the front desk").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sv_bench npm run bench:data -- --profile small
 *   DATABASE_URL=… npm run bench:data -- --profile district [--scale 0.25] [--reset] [--seed 42]
 *
 * Builds a deterministic (seeded) data set in the PostgreSQL database of DATABASE_URL: migrates it
 * with the product's migrations, drops the big tables' secondary indexes, bulk-loads with multi-row
 * `INSERT … SELECT FROM unnest(…)` batches (visitors, exclusions, open visits), the registry
 * import's own batch loader (registry keys computed by the product's code), and SQL-driven
 * `generate_series` inserts for the ten million historic visits; then recreates the indexes from
 * their saved definitions and ANALYZEs. Writes bench/results/dataset.json (what `npm run bench`
 * needs) and bench/results/planted.json (the screening truth set). Prints timings per step.
 *
 * The database must be empty (a fresh `createdb`) or `--reset` is given: reset drops and recreates
 * the `public` and `drizzle` schemas of THAT database (never another one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE } from '@sv/contracts';
import { canonicalName } from '@sv/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ImportOffender } from '../apps/server/src/features/registry/registry-formats';
import { createRegistryRepository } from '../apps/server/src/features/registry/registry.repository';
import { searchNameOf } from '../apps/server/src/features/visitors/visitors.repository';
import * as schema from '../apps/server/src/db/schema/index';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { type Db, openDatabase } from '../apps/server/src/platform/db/database';
import { ensureStates } from '../apps/server/db/seed/factories';
import {
  CITIES,
  COMMON_GIVEN,
  COMMON_SURNAMES,
  dob as randomDob,
  FORMAL_WITH_NICKNAMES,
  givenName,
  hasNickname,
  int,
  mulberry32,
  nicknameOf,
  pick,
  type Rng,
  surname,
  typo,
} from './names';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? path.resolve(process.env.BENCH_RESULTS_DIR)
  : path.join(HERE, 'results');
export const BENCH_PASSWORD = 'bench-Visitor-2026';
export const REGISTRY_SOURCE = 'BENCH';

interface Profile {
  clients: number;
  buildings: number;
  visitors: number;
  visits: number;
  exclusions: number;
  registry: number;
  /** planted true matches per category */
  planted: number;
  /** common-name visitors who are NOT in the registry */
  commonProbes: number;
  /** buildings with an attendant account (morning rush uses them) */
  deskBuildings: number;
  /** open visits today at the busy building / at the other desk buildings */
  busyOpen: number;
  otherOpen: number;
  busyPreregs: number;
  otherPreregs: number;
}

const PROFILES: Record<'small' | 'district', Profile> = {
  small: {
    clients: 5,
    buildings: 50,
    visitors: 50_000,
    visits: 250_000,
    exclusions: 2_500,
    registry: 25_000,
    planted: 50,
    commonProbes: 200,
    deskBuildings: 50,
    busyOpen: 150,
    otherOpen: 10,
    busyPreregs: 60,
    otherPreregs: 5,
  },
  district: {
    clients: 50,
    buildings: 1_000,
    visitors: 2_000_000,
    visits: 10_000_000,
    exclusions: 100_000,
    registry: 1_000_000,
    planted: 200,
    commonProbes: 500,
    deskBuildings: 50,
    busyOpen: 150,
    otherOpen: 10,
    busyPreregs: 60,
    otherPreregs: 5,
  },
};

export type PlantedCategory = 'exact' | 'typo' | 'nickname' | 'alias';
export interface PlantedProbe {
  category: PlantedCategory | 'common';
  visitorId: number;
  visitor: { firstname: string; middlename: string; lastname: string; dob: string };
  /** the registry record that must be found ('BENCH:<external id>'), null for the common-name probes */
  expectedRef: string | null;
  registryName?: string;
  note?: string;
}

export interface Dataset {
  profile: string;
  scale: number;
  seed: number;
  generatedAt: string;
  counts: Record<string, number>;
  timings: Record<string, number>;
  busyBuildingId: number;
  busyClientId: number;
  deskBuildings: { buildingId: number; clientId: number; email: string }[];
  password: string;
  /** visitors of the busy client for the search scenarios */
  search: { exact: string[]; prefix: string[]; typo: string[] };
  /** licence numbers of busy-client visitors (scan scenario) */
  licences: string[];
  /** screening: a visitor with a planted registry match, and one with none */
  screeningHit: number;
  screeningClean: number;
}

// ---------------------------------------------------------------------------------------------

function args() {
  const a = process.argv.slice(2);
  const get = (k: string) => {
    const i = a.indexOf(`--${k}`);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const profile = (get('profile') ?? 'small') as keyof typeof PROFILES;
  if (!PROFILES[profile]) throw new Error(`--profile must be small or district (got ${profile})`);
  return {
    profile,
    scale: Number(get('scale') ?? 1),
    seed: Number(get('seed') ?? 20260101),
    reset: a.includes('--reset'),
  };
}

const timings: Record<string, number> = {};
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  process.stdout.write(`  ${name.padEnd(44)} `);
  const out = await fn();
  const s = (performance.now() - t0) / 1000;
  timings[name] = Number(s.toFixed(1));
  console.log(`${s.toFixed(1).padStart(7)} s`);
  return out;
}

/** Multi-row insert: one statement per batch, each column one array parameter expanded by unnest. */
async function insertUnnest(
  q: pg.Pool | pg.PoolClient,
  table: string,
  cols: [name: string, type: string][],
  columns: unknown[][],
  returning?: string,
) {
  const params = cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  const sql = `insert into ${table} (${cols.map(([c]) => c).join(', ')}) select * from unnest(${params})${returning ? ` returning ${returning}` : ''}`;
  return (await q.query(sql, columns)).rows;
}

/** Appends one row to column-major arrays. */
function pushRow(cols: unknown[][], vals: unknown[]) {
  for (let i = 0; i < vals.length; i++) cols[i].push(vals[i]);
}

const BIG_TABLES = [
  'visitors',
  'visits',
  'badges',
  'exclusions',
  'registry_names',
  'registry_addresses',
  'pre_registrations',
];

async function main() {
  const opts = args();
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is required (a dedicated PostgreSQL database, e.g. createdb sv_bench). The embedded database is not supported for the benchmark data set.',
    );
    process.exit(1);
  }
  const dbName = new URL(url).pathname.slice(1);
  if (!dbName || ['postgres', 'template0', 'template1'].includes(dbName)) {
    console.error(`Refusing to load benchmark data into "${dbName || '(default)'}": create a dedicated database.`);
    process.exit(1);
  }
  const base = PROFILES[opts.profile];
  const scaled = (n: number) => Math.max(1, Math.round(n * opts.scale));
  const P: Profile = {
    ...base,
    visitors: scaled(base.visitors),
    visits: scaled(base.visits),
    exclusions: scaled(base.exclusions),
    registry: scaled(base.registry),
  };
  console.log(
    `bench:data profile=${opts.profile} scale=${opts.scale} seed=${opts.seed} → ${dbName}\n` +
      `  clients ${P.clients}, buildings ${P.buildings}, visitors ${P.visitors.toLocaleString()}, visits ${P.visits.toLocaleString()}, ` +
      `exclusions ${P.exclusions.toLocaleString()}, registry ${P.registry.toLocaleString()}`,
  );
  const tTotal = performance.now();

  // ---- schema ---------------------------------------------------------------------------------
  {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const has = await c.query(`select to_regclass('public.clients') is not null as t`);
    if (has.rows[0].t) {
      const n = await c.query('select count(*)::int as n from clients');
      if (n.rows[0].n > 0 && !opts.reset) {
        console.error(`${dbName} already has data: pass --reset to drop and recreate its schemas.`);
        process.exit(1);
      }
    }
    if (opts.reset || has.rows[0].t) {
      await step('reset schemas public, drizzle', async () => {
        await c.query('drop schema if exists drizzle cascade');
        await c.query('drop schema if exists public cascade');
        await c.query('create schema public');
      });
    }
    await c.end();
  }
  await step('migrate', async () => {
    const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: '' });
    await database.migrate();
    await database.close();
  });

  // Loader pool: FK triggers off (session_replication_role = replica; the generated data are
  // consistent by construction) when the role may, big maintenance memory for index builds.
  let replica = true;
  {
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      await probe.query('set session_replication_role = replica');
    } catch {
      replica = false;
      console.log('  (not a superuser: foreign keys are checked during the load — slower)');
    }
    await probe.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    options: `-c maintenance_work_mem=1GB -c synchronous_commit=off${replica ? ' -c session_replication_role=replica' : ''}`,
  });
  const db = drizzle({ client: pool, schema }) as unknown as Db;

  // ---- drop secondary indexes (saved) ---------------------------------------------------------
  const saved = await step('drop secondary indexes', async () => {
    const { rows } = await pool.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and t.relname = any($1) and not i.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [BIG_TABLES],
    );
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, '.saved-indexes.json'), JSON.stringify(rows, null, 2));
    for (const r of rows) await pool.query(`drop index ${r.name}`);
    return rows;
  });

  // ---- tenants, users -------------------------------------------------------------------------
  const ZONES = ['America/Chicago', 'America/New_York', 'America/Denver', 'America/Los_Angeles'];
  const { clientIds, buildingsByClient } = await step('clients, buildings', async () => {
    await ensureStates(db);
    const clientRows = await insertUnnest(
      pool,
      'clients',
      [
        ['name', 'text'],
        ['city', 'text'],
        ['state', 'text'],
        ['zipcode', 'text'],
        ['settings', 'jsonb'],
      ],
      [
        Array.from({ length: P.clients }, (_, i) => `Bench District ${String(i + 1).padStart(3, '0')}`),
        Array.from({ length: P.clients }, (_, i) => CITIES[i % CITIES.length][0]),
        Array.from({ length: P.clients }, (_, i) => CITIES[i % CITIES.length][1]),
        Array.from({ length: P.clients }, (_, i) => CITIES[i % CITIES.length][2]),
        // the registry is searched only where the district turned background checks on (issue 10
        // §1; the setting defaults to off): every bench district screens against it
        Array.from({ length: P.clients }, () => JSON.stringify({ backgroundCheck: true })),
      ],
      'id',
    );
    const clientIds = clientRows.map((r) => r.id as number).sort((a, b) => a - b);
    const bClient: number[] = [];
    const bName: string[] = [];
    const bZone: string[] = [];
    for (let i = 0; i < P.buildings; i++) {
      const c = clientIds[i % P.clients];
      bClient.push(c);
      bName.push(`Bench School ${String(i + 1).padStart(4, '0')}`);
      // desk buildings (the first ones) are all in the same zone: "today" is one local day for the bench
      bZone.push(i < P.deskBuildings ? 'America/Chicago' : ZONES[i % ZONES.length]);
    }
    const bRows = await insertUnnest(
      pool,
      'buildings',
      [
        ['client_id', 'int'],
        ['name', 'text'],
        ['time_zone', 'text'],
      ],
      [bClient, bName, bZone],
      'id, client_id',
    );
    const buildingsByClient = new Map<number, number[]>();
    for (const r of bRows.sort((a, b) => a.id - b.id)) {
      const list = buildingsByClient.get(r.client_id) ?? [];
      list.push(r.id);
      buildingsByClient.set(r.client_id, list);
    }
    const reasons: unknown[][] = [[], [], [], []];
    for (const c of clientIds) {
      for (const [kind, label, order] of [
        ['visitor', 'Meeting', 1],
        ['visitor', 'Parent pickup', 2],
        ['visitor', 'Delivery', 3],
        ['volunteer', 'Classroom helper', 1],
      ] as const) {
        reasons[0].push(c);
        reasons[1].push(kind);
        reasons[2].push(label);
        reasons[3].push(order);
      }
    }
    await insertUnnest(
      pool,
      'visit_reasons',
      [
        ['client_id', 'int'],
        ['kind', 'text'],
        ['label', 'text'],
        ['sort_order', 'int'],
      ],
      reasons,
    );
    return { clientIds, buildingsByClient };
  });
  const allBuildings = [...buildingsByClient.values()].flat().sort((a, b) => a - b);
  const clientOf = new Map<number, number>();
  for (const [c, bs] of buildingsByClient) for (const b of bs) clientOf.set(b, c);
  const busyBuildingId = allBuildings[0];
  const busyClientId = clientOf.get(busyBuildingId)!;
  const deskBuildingIds = allBuildings.slice(0, P.deskBuildings);

  const deskBuildings = await step('bench users (argon2 once)', async () => {
    const hash = await hashPassword(BENCH_PASSWORD);
    const out = deskBuildingIds.map((b) => ({
      buildingId: b,
      clientId: clientOf.get(b)!,
      email: `bench.desk.${b}@bench.test`,
    }));
    await insertUnnest(
      pool,
      'users',
      [
        ['email', 'text'],
        ['name', 'text'],
        ['password_hash', 'text'],
        ['role_id', 'smallint'],
        ['client_id', 'int'],
        ['building_id', 'int'],
      ],
      [
        [...out.map((u) => u.email), 'bench.admin@bench.test'],
        [...out.map((u) => `Desk ${u.buildingId}`), 'Bench Admin'],
        [...out.map(() => hash), hash],
        [...out.map(() => ROLE.Attendant), ROLE.Admin],
        [...out.map((u) => u.clientId), null],
        [...out.map((u) => u.buildingId), null],
      ],
    );
    return out;
  });

  // ---- visitors -------------------------------------------------------------------------------
  type V = { firstname: string; middlename: string; lastname: string; dob: string; sex: 'M' | 'F' };
  const person = (r: Rng): V => {
    const sex = r() < 0.5 ? 'M' : 'F';
    let firstname = givenName(r, sex);
    if (hasNickname(firstname) && r() < 0.05) firstname = nicknameOf(r, firstname) ?? firstname;
    let lastname = surname(r);
    if (r() < 0.02) lastname = typo(r, lastname); // the same family, keyed in with a typo
    const m = r();
    const middlename = m < 0.3 ? givenName(r, sex) : m < 0.55 ? pick(r, [...'ABCDEFGHJKLMNPRSTW']) : '';
    return { firstname, middlename, lastname, dob: randomDob(r, 1945, 2004), sex };
  };

  const VISITOR_COLS: [string, string][] = [
    ['client_id', 'int'],
    ['building_id', 'int'],
    ['firstname', 'text'],
    ['middlename', 'text'],
    ['lastname', 'text'],
    ['first_key', 'text'],
    ['last_key', 'text'],
    ['dob', 'date'],
    ['sex', 'text'],
    ['city', 'text'],
    ['state', 'text'],
    ['zipcode', 'text'],
    ['current_drivers_license_number', 'text'],
    ['license_state', 'text'],
    ['search_name', 'text'],
    ['created_at', 'timestamptz'],
  ];
  let licenceSeq = 0;
  const nextLicence = () => {
    licenceSeq++;
    // a bijection of 0..1e8-1 (odd multiplier, not a multiple of 5): unique, scattered numbers
    return `S${String((licenceSeq * 2654435761) % 100_000_000).padStart(8, '0')}`;
  };
  const visitorColumns = (rows: (V & { clientId: number; buildingId: number })[], r: Rng) => {
    const cols: unknown[][] = VISITOR_COLS.map(() => []);
    const now = Date.now();
    for (const v of rows) {
      const [city, state, zip] = pick(r, CITIES);
      const vals = [
        v.clientId,
        v.buildingId,
        v.firstname,
        v.middlename,
        v.lastname,
        // the identity keys (issue 22, ADR 0022) as the product's writes set them (withNameKeys):
        // otherwise the server's first start keys two million rows in its start-up backfill
        canonicalName(v.firstname),
        canonicalName(v.lastname),
        v.dob,
        v.sex,
        city,
        state,
        zip,
        r() < 0.8 ? nextLicence() : '',
        state,
        searchNameOf(v),
        new Date(now - Math.floor(r() * 5 * 365 * 86400_000)).toISOString(),
      ];
      pushRow(cols, vals);
    }
    return cols;
  };

  // Planted screening truth set: visitors of the busy client + their registry records.
  const planted: PlantedProbe[] = [];
  const plantedOffenders: ImportOffender[] = [];
  const prng = mulberry32(opts.seed ^ 0x5eed);
  let plantedSeq = 0;
  const offender = (names: { f: string; m?: string; l: string }[], birth: string): ImportOffender => {
    const [city, state, zip] = pick(prng, CITIES);
    return {
      externalId: `P${String(++plantedSeq).padStart(6, '0')}`,
      jurisdiction: state,
      dob: birth,
      birthYear: Number(birth.slice(0, 4)),
      gender: '',
      absconder: false,
      photoUrl: null,
      offenderUri: null,
      names: names.map((n, i) => ({
        isPrimary: i === 0,
        firstName: n.f,
        middleName: n.m ?? '',
        lastName: n.l,
        suffix: '',
      })),
      addresses: [
        { type: 'R', street: `${int(prng, 1, 9999)} Elm St`, city, county: '', state, zip, lat: null, lon: null },
      ],
    };
  };
  const plantedVisitors: V[] = [];
  const longSurname = (r: Rng) => {
    for (;;) {
      const s = surname(r);
      if (s.length >= 6) return s;
    }
  };
  for (const category of ['exact', 'typo', 'nickname', 'alias'] as const) {
    for (let i = 0; i < P.planted; i++) {
      const sex = prng() < 0.5 ? 'M' : 'F';
      const birth = randomDob(prng, 1950, 1998);
      let reg: { f: string; l: string }[];
      let vis: { f: string; l: string };
      let note = '';
      if (category === 'exact') {
        const f = givenName(prng, sex);
        const l = surname(prng);
        reg = [{ f, l }];
        vis = { f, l };
      } else if (category === 'typo') {
        const f = givenName(prng, sex);
        const l = longSurname(prng);
        const lastTypo = prng() < 0.7;
        const keepFirst = prng() < 0.85;
        reg = [{ f, l }];
        vis = lastTypo ? { f, l: typo(prng, l, keepFirst) } : { f: typo(prng, f, keepFirst), l };
        note = `${lastTypo ? 'last' : 'first'} name typo${keepFirst ? '' : ' (first letter)'}`;
      } else if (category === 'nickname') {
        const formal = pick(prng, FORMAL_WITH_NICKNAMES);
        const nick = nicknameOf(prng, formal)!;
        const l = surname(prng);
        const visitorUsesNick = prng() < 0.75;
        reg = [{ f: visitorUsesNick ? formal : nick, l }];
        vis = { f: visitorUsesNick ? nick : formal, l };
        note = visitorUsesNick ? 'visitor uses the nickname' : 'registry lists the nickname';
      } else {
        const f = givenName(prng, sex);
        const aliasF = prng() < 0.5 ? f : givenName(prng, sex);
        const aliasL = surname(prng);
        reg = [
          { f, l: surname(prng) },
          { f: aliasF, l: aliasL },
        ];
        vis = { f: aliasF, l: aliasL };
      }
      const o = offender(reg, birth);
      plantedOffenders.push(o);
      plantedVisitors.push({ firstname: vis.f, middlename: '', lastname: vis.l, dob: birth, sex });
      planted.push({
        category,
        visitorId: 0,
        visitor: { firstname: vis.f, middlename: '', lastname: vis.l, dob: birth },
        expectedRef: `${REGISTRY_SOURCE}:${o.externalId}`,
        registryName: reg.map((n) => `${n.f} ${n.l}`).join(' / '),
        ...(note ? { note } : {}),
      });
    }
  }
  for (let i = 0; i < P.commonProbes; i++) {
    const sex = prng() < 0.5 ? 'M' : 'F';
    const f = pick(
      prng,
      COMMON_GIVEN.filter((_, j) => (sex === 'M' ? j < 10 : j >= 10)),
    );
    const l = pick(prng, COMMON_SURNAMES);
    const birth = randomDob(prng, 1950, 1998);
    plantedVisitors.push({ firstname: f, middlename: '', lastname: l, dob: birth, sex });
    planted.push({
      category: 'common',
      visitorId: 0,
      visitor: { firstname: f, middlename: '', lastname: l, dob: birth },
      expectedRef: null,
    });
  }
  // a visitor for the "no match" screening scenario: a rare synthetic name
  plantedVisitors.push({ firstname: 'QUILLON', middlename: '', lastname: 'ZZYXWORTH', dob: '1981-03-04', sex: 'M' });

  const visitorRanges = await step(`visitors (${P.visitors.toLocaleString()})`, async () => {
    const vr = mulberry32(opts.seed + 1);
    // planted first, in the busy client, so their ids are known
    const ids = await insertUnnest(
      pool,
      'visitors',
      VISITOR_COLS,
      visitorColumns(
        plantedVisitors.map((v) => ({ ...v, clientId: busyClientId, buildingId: busyBuildingId })),
        vr,
      ),
      'id',
    );
    ids.forEach((r, i) => {
      if (i < planted.length) planted[i].visitorId = r.id;
    });
    const BATCH = 10_000;
    const perClient = Math.floor((P.visitors - plantedVisitors.length) / P.clients);
    let done = 0;
    for (const c of clientIds) {
      const bs = buildingsByClient.get(c)!;
      const n = c === clientIds[clientIds.length - 1] ? P.visitors - plantedVisitors.length - done : perClient;
      for (let off = 0; off < n; off += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, n - off) }, () => ({
          ...person(vr),
          clientId: c,
          buildingId: pick(vr, bs),
        }));
        await insertUnnest(pool, 'visitors', VISITOR_COLS, visitorColumns(rows, vr));
      }
      done += n;
    }
    const { rows } = await pool.query<{ client_id: number; lo: number; hi: number }>(
      'select client_id, min(id)::int as lo, max(id)::int as hi from visitors group by client_id',
    );
    return new Map(rows.map((r) => [r.client_id, { lo: r.lo, hi: r.hi }]));
  });
  const screeningClean = (
    await pool.query(`select id from visitors where lastname = 'ZZYXWORTH' and client_id = $1`, [busyClientId])
  ).rows[0].id as number;

  // ---- registry -------------------------------------------------------------------------------
  await step(`registry (${P.registry.toLocaleString()} offenders + aliases)`, async () => {
    const rr = mulberry32(opts.seed + 2);
    const repo = createRegistryRepository(db);
    const CHUNK = 25_000;
    const now = new Date();
    let made = 0;
    for (let off = 0; off < P.registry; off += CHUNK) {
      const list: ImportOffender[] = off === 0 ? [...plantedOffenders] : [];
      const n = Math.min(CHUNK, P.registry - off) - list.length;
      for (let i = 0; i < n; i++) {
        const p = person(rr);
        const names: { f: string; m?: string; l: string }[] = [{ f: p.firstname, m: p.middlename, l: p.lastname }];
        const a = rr();
        if (a < 0.3) names.push({ f: rr() < 0.5 ? p.firstname : givenName(rr, p.sex), l: surname(rr) });
        if (a < 0.08) names.push({ f: nicknameOf(rr, p.firstname) ?? p.firstname, m: '', l: p.lastname });
        const [city, state, zip] = pick(rr, CITIES);
        const yearOnly = rr() < 0.03;
        const noDob = !yearOnly && rr() < 0.02;
        made++;
        list.push({
          externalId: `R${String(made).padStart(8, '0')}`,
          jurisdiction: state,
          dob: yearOnly || noDob ? null : p.dob,
          birthYear: noDob ? null : Number(p.dob.slice(0, 4)),
          gender: p.sex,
          absconder: rr() < 0.01,
          photoUrl: null,
          offenderUri: null,
          names: names.map((x, i) => ({
            isPrimary: i === 0,
            firstName: x.f,
            middleName: x.m ?? '',
            lastName: x.l,
            suffix: '',
          })),
          addresses: [
            {
              type: 'R',
              street: `${int(rr, 1, 9999)} ${pick(rr, ['Oak', 'Main', 'Maple', 'Cedar', 'Pine'])} St`,
              city,
              county: '',
              state,
              zip,
              lat: null,
              lon: null,
            },
          ],
        });
      }
      await db.transaction((tx) =>
        repo.importSource(tx as unknown as Db, REGISTRY_SOURCE, list, { replace: false, now }),
      );
    }
  });

  // ---- exclusions -----------------------------------------------------------------------------
  await step(`exclusions (${P.exclusions.toLocaleString()})`, async () => {
    const er = mulberry32(opts.seed + 3);
    const cols: unknown[][] = Array.from({ length: 12 }, () => []);
    const types = [
      'Trespassed',
      'Terminated Employee',
      'Restricted Access',
      'Failed Background Check',
      'Custody Order',
    ];
    const flush = async () => {
      await insertUnnest(
        pool,
        'exclusions',
        [
          ['client_id', 'int'],
          ['building_id', 'int'],
          ['is_global', 'boolean'],
          ['active', 'boolean'],
          ['visitor_id', 'int'],
          ['firstname', 'text'],
          ['lastname', 'text'],
          ['first_key', 'text'],
          ['last_key', 'text'],
          ['dob', 'date'],
          ['exclusion_type', 'text'],
          ['reason', 'text'],
        ],
        cols,
      );
      for (const c of cols) c.length = 0;
    };
    const plantedIds = new Set(planted.map((p) => p.visitorId));
    for (let i = 0; i < P.exclusions; i++) {
      const c = clientIds[i % P.clients];
      const bs = buildingsByClient.get(c)!;
      const building = er() < 0.6 ? null : pick(er, bs);
      let visitorId: number | null = null;
      let p = person(er);
      if (er() < 0.3) {
        // linked to an existing visitor: copy the visitor's name (as the exclusion form does)
        const range = visitorRanges.get(c)!;
        const id = int(er, range.lo, range.hi);
        if (!plantedIds.has(id) && id !== screeningClean) {
          const row = (await pool.query('select firstname, lastname, dob::text from visitors where id = $1', [id]))
            .rows[0];
          if (row) {
            visitorId = id;
            p = { ...p, firstname: row.firstname, lastname: row.lastname, dob: row.dob ?? '1970-01-01' };
          }
        }
      }
      const firstname = p.firstname.charAt(0) + p.firstname.slice(1).toLowerCase();
      const lastname = p.lastname.charAt(0) + p.lastname.slice(1).toLowerCase();
      const vals = [
        c,
        building,
        building === null,
        er() < 0.95,
        visitorId,
        firstname,
        lastname,
        canonicalName(firstname),
        canonicalName(lastname),
        er() < 0.1 && visitorId === null ? '1970-01-01' : p.dob,
        pick(er, types),
        'Bench exclusion',
      ];
      pushRow(cols, vals);
      if (cols[0].length >= 10_000) await flush();
    }
    if (cols[0].length) await flush();
  });

  // ---- historic visits (SQL-driven) -----------------------------------------------------------
  await step(`visits, 5 years (${P.visits.toLocaleString()})`, async () => {
    const client = await pool.connect();
    try {
      await client.query('select setseed($1)', [((opts.seed % 1000) / 1000) * 2 - 1]);
      // The busy building takes 5 times its share of the busy client's visits.
      const perClient = Math.floor(P.visits / P.clients);
      const CHUNK = 1_000_000;
      for (const c of clientIds) {
        const bs = buildingsByClient.get(c)!;
        const range = visitorRanges.get(c)!;
        const n = c === clientIds[clientIds.length - 1] ? P.visits - perClient * (P.clients - 1) : perClient;
        for (let off = 0; off < n; off += CHUNK) {
          const m = Math.min(CHUNK, n - off);
          const busyShare = c === busyClientId ? Math.min(0.5, 5 / bs.length) : 0;
          await client.query(
            `insert into visits (client_id, building_id, visitor_id, visitor_type, check_in, check_out,
                                 check_out_method, reason, person_visiting, badge_proxy, via_kiosk)
             select $1::int,
                    case when random() < $7 then $8::int else ($2::int[])[1 + floor(random() * $3)::int] end,
                    $4::int + floor(random() * ($5::int - $4::int + 1))::int,
                    case when random() < 0.15 then 'volunteer' else 'visitor' end,
                    ts, ts + make_interval(mins => 5 + floor(random() * 240)::int),
                    (array['desk','scan','dashboard','auto','kiosk'])[1 + floor(random() * 5)::int],
                    (array['Meeting','Parent pickup','Delivery','Classroom helper'])[1 + floor(random() * 4)::int],
                    '', false, random() < 0.2
               from (select date_trunc('day', now() - interval '1 day' - random() * interval '1825 days')
                            + interval '12 hours' + random() * interval '9 hours' as ts
                       from generate_series(1, $6::int)) g`,
            [c, bs, bs.length, range.lo, range.hi, m, busyShare, busyBuildingId],
          );
        }
      }
    } finally {
      client.release();
    }
  });

  // ---- today: open visits with badges, pre-registrations --------------------------------------
  await step('today: open visits, badges, pre-registrations', async () => {
    const tr = mulberry32(opts.seed + 4);
    const used = new Set<number>(planted.map((p) => p.visitorId));
    used.add(screeningClean);
    const linked = new Set(
      (await pool.query('select visitor_id from exclusions where visitor_id is not null')).rows.map(
        (r) => r.visitor_id,
      ),
    );
    const badgeCols: unknown[][] = Array.from({ length: 7 }, () => []);
    const opens: { building: number; client: number; visitor: number; at: Date }[] = [];
    const now = Date.now();
    for (const b of deskBuildingIds) {
      const c = clientOf.get(b)!;
      const range = visitorRanges.get(c)!;
      const n = b === busyBuildingId ? P.busyOpen : P.otherOpen;
      for (let i = 0; i < n; i++) {
        let v: number;
        do v = int(tr, range.lo, range.hi);
        while (used.has(v) || linked.has(v));
        used.add(v);
        const at = new Date(now - int(tr, 1, 180) * 60_000);
        opens.push({ building: b, client: c, visitor: v, at });
        const code = Array.from({ length: 12 }, () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[int(tr, 0, 33)]).join('');
        pushRow(badgeCols, [c, b, v, code, 'visitor', at.toISOString(), new Date(now + 8 * 3600_000).toISOString()]);
      }
    }
    const badgeIds = await insertUnnest(
      pool,
      'badges',
      [
        ['client_id', 'int'],
        ['building_id', 'int'],
        ['visitor_id', 'int'],
        ['code', 'text'],
        ['visitor_type', 'text'],
        ['created_at', 'timestamptz'],
        ['expires_at', 'timestamptz'],
      ],
      badgeCols,
      'id',
    );
    await insertUnnest(
      pool,
      'visits',
      [
        ['client_id', 'int'],
        ['building_id', 'int'],
        ['visitor_id', 'int'],
        ['badge_id', 'int'],
        ['check_in', 'timestamptz'],
        ['reason', 'text'],
      ],
      [
        opens.map((o) => o.client),
        opens.map((o) => o.building),
        opens.map((o) => o.visitor),
        badgeIds.map((r) => r.id),
        opens.map((o) => o.at.toISOString()),
        opens.map(() => 'Meeting'),
      ],
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const pre: unknown[][] = Array.from({ length: 8 }, () => []);
    for (const b of deskBuildingIds) {
      const c = clientOf.get(b)!;
      const n = b === busyBuildingId ? P.busyPreregs : P.otherPreregs;
      for (let i = 0; i < n; i++) {
        const p = person(tr);
        pushRow(pre, [
          c,
          b,
          p.firstname,
          p.lastname,
          p.dob,
          today,
          'Front office',
          i % 7 === 0 ? 'pending' : 'scheduled',
        ]);
      }
    }
    await insertUnnest(
      pool,
      'pre_registrations',
      [
        ['client_id', 'int'],
        ['building_id', 'int'],
        ['firstname', 'text'],
        ['lastname', 'text'],
        ['dob', 'date'],
        ['visit_date', 'date'],
        ['visiting', 'text'],
        ['status', 'text'],
      ],
      pre,
    );
  });

  // ---- indexes, statistics --------------------------------------------------------------------
  await step(`recreate ${saved.length} indexes`, async () => {
    for (const r of saved) {
      const t0 = performance.now();
      await pool.query(r.def);
      const s = (performance.now() - t0) / 1000;
      if (s > 5) process.stdout.write(`\n    ${r.name} ${s.toFixed(1)} s`);
    }
    if (saved.length) process.stdout.write('\n');
  });
  // VACUUM too: it sets the visibility map, so the registry's covering indexes answer with
  // index-only scans from the first request (autovacuum would get there later in production).
  await step('vacuum analyze', async () => {
    await pool.query('vacuum analyze');
  });

  // ---- what the benchmark needs ---------------------------------------------------------------
  const busy = visitorRanges.get(busyClientId)!;
  const sample = (
    await pool.query(
      `select firstname, lastname, current_drivers_license_number as lic from visitors
        where client_id = $1 and id between $2 and $3 and current_drivers_license_number <> ''
        order by id limit 2000`,
      [busyClientId, busy.lo + plantedVisitors.length, busy.hi],
    )
  ).rows as { firstname: string; lastname: string; lic: string }[];
  const sr = mulberry32(opts.seed + 5);
  const picks = Array.from({ length: 200 }, () => pick(sr, sample));
  const counts: Record<string, number> = {};
  for (const t of [
    'clients',
    'buildings',
    'users',
    'visitors',
    'visits',
    'badges',
    'exclusions',
    'registry_offenders',
    'registry_names',
    'registry_addresses',
    'pre_registrations',
  ]) {
    counts[t] = (await pool.query(`select count(*)::int as n from ${t}`)).rows[0].n;
  }
  counts.database_bytes = Number((await pool.query('select pg_database_size(current_database()) as n')).rows[0].n);
  timings.total = Number(((performance.now() - tTotal) / 1000).toFixed(1));
  const dataset: Dataset = {
    profile: opts.profile,
    scale: opts.scale,
    seed: opts.seed,
    generatedAt: new Date().toISOString(),
    counts,
    timings,
    busyBuildingId,
    busyClientId,
    deskBuildings,
    password: BENCH_PASSWORD,
    search: {
      exact: picks.map((p) => `${p.firstname} ${p.lastname}`),
      prefix: picks.map((p) => p.lastname.slice(0, 4)),
      typo: picks.map((p) => `${p.firstname} ${typo(sr, p.lastname)}`),
    },
    licences: picks.map((p) => p.lic),
    screeningHit: planted.find((p) => p.category === 'exact')!.visitorId,
    screeningClean,
  };
  const plantedFile = {
    profile: opts.profile,
    scale: opts.scale,
    seed: opts.seed,
    source: REGISTRY_SOURCE,
    probes: planted,
  };
  // The data set describes itself: `npm run bench` reads it from the database it measures.
  await pool.query('create table if not exists bench_meta (key text primary key, value jsonb not null)');
  await pool.query(
    `insert into bench_meta (key, value) values ('dataset', $1), ('planted', $2)
       on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(dataset), JSON.stringify(plantedFile)],
  );
  fs.writeFileSync(path.join(RESULTS_DIR, 'dataset.json'), `${JSON.stringify(dataset, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'planted.json'), `${JSON.stringify(plantedFile, null, 2)}\n`);
  fs.rmSync(path.join(RESULTS_DIR, '.saved-indexes.json'), { force: true });
  await pool.end();
  console.log(`\nrows: ${JSON.stringify(counts)}`);
  console.log(
    `total ${timings.total.toFixed(1)} s  → ${RESULTS_DIR}/dataset.json, planted.json (and table bench_meta)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
