import { canonicalName } from '@sv/domain';

/**
 * The identity keys of a person's names (issue 22, ADR 0022), stored beside the names on every
 * write of a visitor or an exclusion so that every comparison is an indexed equality on
 * `canonicalName`, computed once at write time rather than on every screening.
 *
 * `withNameKeys(values)` adds `firstKey` / `lastKey` for whichever of `firstname` / `lastname` the
 * values carry (an update of one name changes one key).
 */
export function withNameKeys<T extends { firstname?: string | null; lastname?: string | null }>(
  values: T,
): T & { firstKey?: string; lastKey?: string } {
  return {
    ...values,
    ...(values.firstname !== undefined ? { firstKey: canonicalName(values.firstname) } : {}),
    ...(values.lastname !== undefined ? { lastKey: canonicalName(values.lastname) } : {}),
  };
}

/** What `backfillIdentityKeys` needs: raw SQL with $n parameters (the Database's `query`). */
type Query = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

const BATCH = 5_000;

/**
 * Fills the keys of rows written before the keys existed, or by a bulk load that wrote names only
 * (the bench's data generator): in batches by id, so a district's two million visitors are keyed
 * once, at the first start after the migration, without one giant transaction. Rows that have keys
 * are not read again.
 */
export async function backfillIdentityKeys(query: Query): Promise<number> {
  let total = 0;
  for (const table of ['exclusions', 'visitors', 'pre_registrations'] as const) {
    for (;;) {
      const rows = await query<{ id: number; firstname: string; lastname: string }>(
        `select id, firstname, lastname from ${table} where first_key is null or last_key is null order by id limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      await query(
        `update ${table} t set first_key = k.first_key, last_key = k.last_key
           from unnest($1::int[], $2::text[], $3::text[]) as k(id, first_key, last_key)
          where t.id = k.id`,
        [
          rows.map((r) => r.id),
          rows.map((r) => canonicalName(r.firstname)),
          rows.map((r) => canonicalName(r.lastname)),
        ],
      );
      total += rows.length;
    }
  }
  return total;
}
