import { createHash } from 'node:crypto';
import type { TActor } from '@sv/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from './database';
import { scopeParams, type ScopeShape, type ScopeTemplate } from './scope';

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
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/** What Drizzle's node-postgres prepared query keeps (the name goes to `client.query`). */
interface DriverPrepared<R> {
  queryString?: string;
  rawQueryConfig?: { name?: string; text?: string };
  queryConfig?: { name?: string; text?: string };
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** Prepares a built query under the name of its text (node-postgres; PGlite runs it as it is). */
function prepareNamed<R>(query: PreparableQuery<R>): DriverPrepared<R> {
  const prepared = query.prepare(undefined as unknown as string) as unknown as DriverPrepared<R>;
  if (prepared.queryString && prepared.rawQueryConfig?.text && prepared.queryConfig?.text) {
    const name = statementName(prepared.queryString);
    prepared.rawQueryConfig.name = name;
    prepared.queryConfig.name = name;
  }
  return prepared;
}

/**
 * Runs a Drizzle query builder (select, insert, update) as a named statement. The query is built
 * once (`prepare` builds its text), then named after that text before it runs.
 */
export function named<R>(query: PreparableQuery<R>): Promise<R> {
  return prepareNamed(query).execute();
}

/**
 * A Drizzle query built ONCE (on its first run) with `sql.placeholder`s and then only run with
 * values (issue 10 §9: on the check-in path Drizzle building the same queries again on every
 * request was ~25% of the server's CPU). Bound to `db` (not for use inside a transaction). A
 * placeholder's value is not encoded by a column: give driver values (numbers, strings, ISO
 * dates).
 */
export function preparedQuery<R>(db: Db, build: (db: Db) => PreparableQuery<R>) {
  let prepared: DriverPrepared<R> | null = null;
  return (values: Record<string, unknown>): Promise<R> => {
    prepared ??= prepareNamed(build(db));
    return prepared.execute(values);
  };
}

/**
 * `preparedQuery` for a query filtered by the actor's scope: built once per scope shape (all,
 * client, building; `scopeParams`) and variant (which optional parts the query has), from the shape's template (placeholders where the
 * actor's ids go), and run with the actor's scope values. The filters are the same functions an
 * actor's one-off query uses (`clientFilter`, `buildingFilter`, `buildingInScope`), so a statement
 * built for one shape can never run with another shape's filter.
 */
export function scopedQuery<R, V extends string = ''>(
  db: Db,
  build: (db: Db, scope: ScopeTemplate, variant: V) => PreparableQuery<R>,
) {
  const built = new Map<`${ScopeShape}:${V}`, DriverPrepared<R>>();
  return (actor: TActor, values: Record<string, unknown>, variant: V = '' as V): Promise<R> => {
    const scope = scopeParams(actor);
    const key = `${scope.shape}:${variant}` as const;
    let prepared = built.get(key);
    if (!prepared) {
      prepared = prepareNamed(build(db, scope.template, variant));
      built.set(key, prepared);
    }
    return prepared.execute({ ...values, ...scope.values });
  };
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
