import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Named (prepared) statements for the hot paths (issue 10 §9). Measured on the district data set:
 * PostgreSQL spent more time parsing and planning a check-in's statements (bind 0.5-0.65 ms for
 * the joins and the write CTE) than running them. A statement sent with a name is parsed once per
 * pooled connection, and after five runs PostgreSQL may keep a generic plan. Opt-in, for
 * statements whose plan does not depend on the values (primary keys, exact keys, small joins):
 * never for searches or date-range pages, whose best plan depends on the range.
 *
 * The name is a hash of the SQL text, so the same text always has the same name on every
 * connection and a different text never collides. The number of names is capped (statements
 * whose text varies, like an IN list of variable length, fall back to unnamed ones past the cap),
 * so a connection's prepared statements stay bounded. PGlite runs them as ordinary statements.
 */
const MAX_NAMES = 500;
const nameByText = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = nameByText.get(text);
  if (known) return known;
  if (nameByText.size >= MAX_NAMES) return undefined;
  const name = `sv_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  nameByText.set(text, name);
  return name;
}

interface PreparableQuery<R> extends PromiseLike<R> {
  prepare(name: string): { execute(): Promise<R> };
}

/** What Drizzle's node-postgres prepared query keeps (the name goes to `client.query`). */
interface DriverPrepared<R> {
  queryString?: string;
  rawQueryConfig?: { name?: string; text?: string };
  queryConfig?: { name?: string; text?: string };
  execute(): Promise<R>;
}

/**
 * Runs a Drizzle query builder (select, insert, update) as a named statement. The query is built
 * once (`prepare` builds its text), then named after that text before it runs.
 */
export function named<R>(query: PreparableQuery<R>): Promise<R> {
  const prepared = query.prepare(undefined as unknown as string) as unknown as DriverPrepared<R>;
  // node-postgres only (its configs carry the text); PGlite runs it as it is
  if (prepared.queryString && prepared.rawQueryConfig?.text && prepared.queryConfig?.text) {
    const name = statementName(prepared.queryString);
    prepared.rawQueryConfig.name = name;
    prepared.queryConfig.name = name;
  }
  return prepared.execute();
}

interface DrizzleInternals<Row> {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<{ rows: Row[] } | Row[]> };
  };
}

/**
 * A raw statement built once per process with `sql.placeholder`s and run as a named statement
 * with values (issue 10 §9: building a large statement's SQL with Drizzle on every request cost
 * more than sending it). Runs on `db` or inside a transaction `tx`.
 */
export function preparedStatement<Row>(build: () => SQL) {
  let built: { sql: string; params: unknown[] } | null = null;
  let name: string | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const d = db as unknown as DrizzleInternals<Row>;
    if (!built) {
      built = d.dialect.sqlToQuery(build());
      name = statementName(built.sql);
    }
    const result = await d.session.prepareQuery(built, undefined, name, false).execute(values);
    return Array.isArray(result) ? result : result.rows;
  };
}
