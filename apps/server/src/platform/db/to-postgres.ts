import pg from 'pg';
import { type Database, openPostgres } from './database';

/**
 * Moves an embedded database's data into PostgreSQL (issue 16: "a way up" for a district that
 * outgrows one machine). The target is migrated first and must hold no rows; every table of the
 * `public` schema is copied in foreign-key order (parents first) inside one transaction, then
 * every sequence is set to the source's position, and the row counts are compared.
 */
export interface TableCopy {
  table: string;
  rows: number;
}

const BATCH = 2000;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables ordered so every table comes after the tables its foreign keys point to. */
export function foreignKeyOrder(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string, trail: string[]) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new Error(`foreign keys form a cycle: ${[...trail, t].join(' → ')}`);
    state.set(t, 'visiting');
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p, [...trail, t]);
    state.set(t, 'done');
    order.push(t);
  };
  for (const t of [...tables].sort()) visit(t, []);
  return order;
}

export async function copyToPostgres(
  source: Database,
  targetUrl: string,
  log: (line: string) => void = () => {},
): Promise<TableCopy[]> {
  await source.migrate(); // same schema on both sides: both at the newest migration
  const target = await openPostgres(targetUrl, { max: 1 });
  try {
    await target.migrate();
  } finally {
    await target.close();
  }

  const tables = (
    await source.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
    )
  ).map((r) => r.name);
  const edges = await source.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const order = foreignKeyOrder(tables, edges);

  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const copied: TableCopy[] = [];
  try {
    const nonEmpty: string[] = [];
    for (const t of order) {
      const { rows } = await client.query(`select exists (select 1 from ${ident(t)}) as any`);
      if (rows[0].any) nonEmpty.push(t);
    }
    if (nonEmpty.length > 0) {
      throw new Error(
        `The PostgreSQL database already holds data (${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? ', …' : ''}): move into an empty database.`,
      );
    }
    await client.query('begin');
    for (const t of order) {
      const cols = (
        await client.query<{ name: string }>(
          `select attname as name from pg_attribute
            where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
            order by attnum`,
          [ident(t)],
        )
      ).rows.map((r) => ident(r.name));
      const list = cols.join(', ');
      const pk = await source.query<{ name: string }>(
        `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = $1::regclass and i.indisprimary`,
        [ident(t)],
      );
      // self-referencing rows: parents (lower ids) first
      const orderBy = pk.length > 0 ? pk.map((c) => ident(c.name)).join(', ') : 'ctid';
      let n = 0;
      for (let offset = 0; ; offset += BATCH) {
        const batch = await source.query<{ rows: string | null }>(
          `select json_agg(x)::text as rows from (select ${list} from ${ident(t)} order by ${orderBy} limit ${BATCH} offset ${offset}) x`,
        );
        const json = batch[0]?.rows;
        if (!json) break;
        const res = await client.query(
          `insert into ${ident(t)} (${list}) select ${list} from json_populate_recordset(null::${ident(t)}, $1::json)`,
          [json],
        );
        n += res.rowCount ?? 0;
        if ((res.rowCount ?? 0) < BATCH) break;
      }
      copied.push({ table: t, rows: n });
      if (n > 0) log(`${t}: ${n} rows`);
    }
    const sequences = await source.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
    );
    for (const s of sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        ident(s.name),
        s.last ?? '1',
        s.last !== null,
      ]);
    }
    for (const c of copied) {
      const src = await source.query<{ n: number }>(`select count(*)::int as n from ${ident(c.table)}`);
      if (src[0].n !== c.rows)
        throw new Error(`${c.table}: ${src[0].n} rows in the embedded database, ${c.rows} copied`);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return copied;
}
