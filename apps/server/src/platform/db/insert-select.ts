import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

type InsertValues<T extends PgTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

/**
 * `INSERT INTO table (columns) SELECT values <from>`, for a data-modifying CTE whose rows come
 * from an earlier part of the same statement (issue 10 §9: a check-in's writes in one statement,
 * one round trip). Column names come from the Drizzle table, so a renamed column fails to compile
 * here rather than in SQL; a plain value is encoded by its column exactly as `insert().values()`
 * would (dates, jsonb), an `SQL` value is used as written (`v.id`, a sub-select). Plain values are cast to their
 * column's type: in a SELECT list nothing else types them.
 */
export function insertSelect<T extends PgTable>(table: T, values: InsertValues<T>, from: SQL): SQL {
  const columns = getTableColumns(table) as Record<
    string,
    { name: string; getSQLType(): string; mapToDriverValue(v: unknown): unknown }
  >;
  const names: ReturnType<typeof sql.identifier>[] = [];
  const items: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`insertSelect: ${key} is not a column`);
    names.push(sql.identifier(column.name));
    // typed: a parameter or null in a SELECT list is not typed by the INSERT's column
    const type = sql.raw(column.getSQLType());
    // (null too: the text stays the same whichever values are null, one named statement)
    // a placeholder is encoded by its column when filled (Drizzle's fillPlaceholders)
    // (a placeholder filled with null is not given to the column's encoder: it would throw)
    const encoder = { mapToDriverValue: (v: unknown) => (v === null ? null : column.mapToDriverValue(v)) };
    items.push(is(value, SQL) ? value : sql`cast(${value === null ? null : sql.param(value, encoder)} as ${type})`);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(items, sql`, `)} ${from}`;
}

/**
 * `insertSelect` for a statement built once and run many times (`preparedStatement`): every
 * column in `columns` takes the placeholder `${prefix}${column}` (fill them with
 * `placeholderValues`), the `fixed` ones their SQL.
 */
export function insertSelectPlaceholders<T extends PgTable>(
  table: T,
  prefix: string,
  columns: readonly (keyof T['$inferInsert'] & string)[],
  fixed: InsertValues<T>,
  from: SQL,
): SQL {
  const values: Record<string, unknown> = { ...fixed };
  for (const c of columns) values[c] = sql.placeholder(`${prefix}${c}`);
  return insertSelect(table, values as InsertValues<T>, from);
}

/** The values of `insertSelectPlaceholders`'s placeholders (undefined → null). */
export function placeholderValues(prefix: string, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[`${prefix}${k}`] = v ?? null;
  return out;
}
