import { desc, eq, sql } from 'drizzle-orm';
import { registryOffenders } from '../../db/schema/index';
import { nameSearchKeys } from '../../integrations/registry/local-registry';
import type { Db } from '../../platform/db/database';
import type { ImportOffender } from './registry-formats';

/**
 * The local registry's tables. The registry is public reference data shared by every district
 * (like the states list), so these functions are not tenant-scoped; the service restricts who
 * may call them ('registry.manage': administrators).
 */

/**
 * Rows per multi-row insert. Each batch travels as ONE JSON parameter expanded by
 * json_to_recordset (fast on PostgreSQL and PGlite alike, and far from the 65,535-parameter limit).
 */
const OFFENDER_BATCH = 5000;
const ROW_BATCH = 10000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface SourceImportCounts {
  source: string;
  offenders: number;
  names: number;
  addresses: number;
  /** records already present for this source (same id) and left as they were */
  skipped: number;
  /** records of this source deleted first (--replace) */
  replaced: number;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createRegistryRepository(db: Db) {
  return {
    /**
     * Loads one source's records in one transaction (the caller opens it: `tx`): with `replace`
     * the source's previous records are deleted first (names and addresses cascade). Records whose
     * id is already present for the source are skipped. Multi-row inserts in batches; the search
     * keys come from the domain (nameSearchKeys) and the birth year is copied onto every name.
     */
    async importSource(
      tx: Db,
      source: string,
      offenders: ImportOffender[],
      opts: { replace: boolean; now: Date },
    ): Promise<SourceImportCounts> {
      const counts: SourceImportCounts = { source, offenders: 0, names: 0, addresses: 0, skipped: 0, replaced: 0 };
      // Imports of one source run one at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sv-registry:${source}`}))`);
      if (opts.replace) {
        const deleted = await tx
          .delete(registryOffenders)
          .where(eq(registryOffenders.source, source))
          .returning({ id: registryOffenders.id });
        counts.replaced = deleted.length;
      }
      for (const batch of chunks(offenders, OFFENDER_BATCH)) {
        const offenderJson = JSON.stringify(
          batch.map((o) => ({
            e: o.externalId,
            j: o.jurisdiction || source,
            d: o.dob,
            y: o.birthYear,
            g: o.gender,
            a: o.absconder,
            p: o.photoUrl,
            u: o.offenderUri,
          })),
        );
        const inserted = rowsOf<{ id: string | number; external_id: string }>(
          await tx.execute(sql`
            insert into registry_offenders
              (source, external_id, jurisdiction, dob, birth_year, gender, absconder, photo_url, offender_uri, imported_at)
            select ${source}, x.e, x.j, x.d::date, x.y, coalesce(x.g, ''), coalesce(x.a, false), x.p, x.u, ${opts.now.toISOString()}::timestamptz
              from json_to_recordset(${offenderJson}::json)
                   as x(e text, j text, d text, y smallint, g text, a boolean, p text, u text)
            on conflict (source, external_id) do nothing
            returning id, external_id`),
        );
        const idOf = new Map(inserted.map((r) => [r.external_id, Number(r.id)]));
        counts.offenders += inserted.length;
        counts.skipped += batch.length - inserted.length;

        const nameRows: Record<string, unknown>[] = [];
        const addressRows: Record<string, unknown>[] = [];
        for (const o of batch) {
          const offenderId = idOf.get(o.externalId);
          if (offenderId === undefined) continue;
          idOf.delete(o.externalId); // a duplicate id later in the batch is not the inserted record
          for (const n of o.names) {
            const k = nameSearchKeys(n);
            nameRows.push({
              o: offenderId,
              p: n.isPrimary,
              f: n.firstName,
              m: n.middleName,
              l: n.lastName,
              s: n.suffix,
              lk: k.lastKey,
              fk: k.firstKey,
              ls: k.lastSoundex,
              fs: k.firstSoundex,
              y: o.birthYear,
            });
          }
          for (const a of o.addresses) {
            addressRows.push({
              o: offenderId,
              t: a.type,
              st: a.street,
              c: a.city,
              co: a.county,
              s: a.state,
              z: a.zip,
              la: a.lat,
              lo: a.lon,
            });
          }
        }
        for (const rows of chunks(nameRows, ROW_BATCH)) {
          await tx.execute(sql`
            insert into registry_names (offender_id, is_primary, first_name, middle_name, last_name, suffix,
                                        last_key, first_key, last_soundex, first_soundex, birth_year)
            select x.o, x.p, x.f, coalesce(x.m, ''), x.l, coalesce(x.s, ''), x.lk, x.fk, x.ls, x.fs, x.y
              from json_to_recordset(${JSON.stringify(rows)}::json)
                   as x(o bigint, p boolean, f text, m text, l text, s text, lk text, fk text, ls text, fs text, y smallint)`);
        }
        for (const rows of chunks(addressRows, ROW_BATCH)) {
          await tx.execute(sql`
            insert into registry_addresses (offender_id, type, street, city, county, state, zip, lat, lon)
            select x.o, coalesce(x.t, 'R'), coalesce(x.st, ''), coalesce(x.c, ''), coalesce(x.co, ''), coalesce(x.s, ''),
                   coalesce(x.z, ''), x.la, x.lo
              from json_to_recordset(${JSON.stringify(rows)}::json)
                   as x(o bigint, t text, st text, c text, co text, s text, z text, la double precision, lo double precision)`);
        }
        counts.names += nameRows.length;
        counts.addresses += addressRows.length;
      }
      return counts;
    },

    /** Fresh planner statistics after a bulk load, so the candidate query keeps its index plan. */
    async analyze() {
      await db.execute(sql`analyze registry_offenders, registry_names, registry_addresses`);
    },

    /** Records per source and the last import time, largest source first. */
    async statusBySource() {
      const rows = await db
        .select({
          source: registryOffenders.source,
          offenders: sql<number>`count(*)::int`,
          lastImportedAt: sql<string>`max(${registryOffenders.importedAt})`,
        })
        .from(registryOffenders)
        .groupBy(registryOffenders.source)
        .orderBy(desc(sql`count(*)`), registryOffenders.source);
      return rows.map((r) => ({ ...r, lastImportedAt: new Date(r.lastImportedAt).toISOString() }));
    },
  };
}
export type RegistryRepository = ReturnType<typeof createRegistryRepository>;
