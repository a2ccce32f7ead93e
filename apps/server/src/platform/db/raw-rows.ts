import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Runs a built query and returns the driver's rows as they come, without Drizzle's per-field
 * row mapping (issue 13: that mapping was a quarter of a large export's CPU). For hot paths
 * that read many rows: every selected field must carry its own alias (`aliased(...)`), since
 * the driver keys each row by the column names the SQL gives; the values are the driver's
 * (integers as numbers, text as strings; select dates and instants as text where it matters).
 */
export async function rawRows<Row>(db: Db, query: { getSQL(): SQL }): Promise<Row[]> {
  const result = (await db.execute(query.getSQL())) as unknown as { rows: Row[] };
  return result.rows;
}

/** `expression AS "name"` for a field of a `rawRows` query. */
export const aliased = <T>(expression: SQL | SQL.Aliased | { getSQL(): SQL }, name: string) =>
  sql<T>`${expression}`.as(name);
