import { STALE_EDIT_MESSAGE } from '@sv/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict } from '../http/app-error';

/**
 * Optimistic concurrency for every edit of a stored record (issue 23 §4, ADR 0025). Each edited
 * table has a `version` column that the database raises on every real change (trigger
 * sv_bump_version, migrations 0017 and 0019). An edit names the version it started from:
 * - `refuseStale(before, version)` answers 409 at once when the record read in scope has moved on;
 * - the UPDATE itself carries `atVersion(table.version, version)` in its WHERE, so an edit committed
 *   between that read and the write still wins the race only once: `mustHaveSaved` turns its 0 rows
 *   into the same 409 (the record was just found in scope, so "not found" is not the reason).
 * Nothing is changed by a refused edit.
 */
export function refuseStale(current: { version: number }, version: number): void {
  if (current.version !== version) throw conflict(STALE_EDIT_MESSAGE);
}

export const atVersion = (column: PgColumn, version: number): SQL => eq(column, version);

export function mustHaveSaved(saved: unknown): asserts saved {
  if (!saved) throw conflict(STALE_EDIT_MESSAGE);
}
