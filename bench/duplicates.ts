/**
 * The duplicate-record rate of the data set (issue 22 "Must not get worse": "report the
 * duplicate-record rate of the district data set before and after identity resolution"), read
 * with SQL on the bench database in the report step. Informational: no target.
 *
 * A visitor record is a SECOND record when an earlier record (lower id) of the same district is
 * the same person by the rule at hand:
 * - old rule: lower(firstname), lower(lastname) and the date of birth equal (what the product
 *   compared before issue 22);
 * - identity keys: first_key, last_key (canonicalName, ADR 0022) and the date of birth equal;
 * - licence: licence number and licence state equal (both non-empty; the state upper-cased);
 * - same person (ADR 0022): identity keys OR licence, the two rules of "Same person" together.
 * The date-of-birth rules need a known date: null and the 1970-01-01 placeholder never agree (ADR
 * 0022), for the old rule too, so the two name rules differ only in how they compare names.
 *
 * Left out: the adversarial corpus's own visitors (note `CORPUS_NOTE`), and records already merged
 * into another (`merged_into_id`, when the column exists): they are no longer records of anyone.
 */
import pg from 'pg';
import { CORPUS_NOTE } from './identity-corpus';

export interface DuplicateRule {
  /** records that are a second (third …) record of someone by this rule */
  secondRecords: number;
  /** people (groups) with more than one record; null for the combined rule (a person can have a key group and a licence group) */
  peopleWithDuplicates: number | null;
  /** secondRecords / records, in % */
  sharePct: number;
}

export interface DuplicateReport {
  records: number;
  /** records without identity keys (the start-up backfill has not run): they count in no key rule */
  unkeyed: number;
  /** records merged into another (left out), null when the data set has no merge column */
  merged: number | null;
  oldRule: DuplicateRule;
  identityKeys: DuplicateRule;
  licence: DuplicateRule;
  samePerson: DuplicateRule;
  /** second records by identity keys that the old rule did not see (accents, hidden characters, look-alikes, punctuation) */
  keysNotOldRule: number;
  seconds: number;
}

/**
 * One scan of the visitors with three window counts ($1: the corpus note). Each row_number() is
 * over the records that qualify for its rule (the partition starts with the qualifying flag), so
 * `r > 1` marks a record with an earlier record of the same person by that rule.
 */
export function duplicateSql(hasMerge: boolean): string {
  return `with v as (
      select id, client_id, firstname, lastname, first_key, last_key, dob,
             current_drivers_license_number as lic, upper(license_state) as lic_state,
             (dob is not null and dob <> date '1970-01-01') as dated
        from visitors
       where note <> $1 ${hasMerge ? 'and merged_into_id is null' : ''}),
    ranked as (
      select
        case when dated then row_number() over (
          partition by dated, client_id, lower(firstname), lower(lastname), dob order by id) end as r_old,
        case when dated and first_key <> '' and last_key <> '' then row_number() over (
          partition by dated and first_key <> '' and last_key <> '', client_id, last_key, first_key, dob order by id) end as r_key,
        case when lic <> '' and lic_state <> '' then row_number() over (
          partition by lic <> '' and lic_state <> '', client_id, lic, lic_state order by id) end as r_lic,
        (first_key is null or last_key is null) as unkeyed
      from v)
    select count(*) as records,
           count(*) filter (where unkeyed) as unkeyed,
           count(*) filter (where r_old > 1) as old_second,
           count(*) filter (where r_old = 2) as old_people,
           count(*) filter (where r_key > 1) as key_second,
           count(*) filter (where r_key = 2) as key_people,
           count(*) filter (where r_lic > 1) as lic_second,
           count(*) filter (where r_lic = 2) as lic_people,
           count(*) filter (where r_key > 1 or r_lic > 1) as person_second,
           count(*) filter (where r_key > 1 and coalesce(r_old, 1) = 1) as keys_not_old
      from ranked`;
}

export async function duplicateReport(url: string): Promise<DuplicateReport> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hasMerge =
      (
        await client.query(
          `select 1 from information_schema.columns where table_name = 'visitors' and column_name = 'merged_into_id'`,
        )
      ).rowCount === 1;
    await client.query('begin');
    // three window sorts over every visitor: room to sort in memory on a district (2M rows)
    await client.query(`set local work_mem = '256MB'`);
    const { rows } = await client.query<Record<string, string>>(duplicateSql(hasMerge), [CORPUS_NOTE]);
    const merged = hasMerge
      ? Number((await client.query('select count(*) as n from visitors where merged_into_id is not null')).rows[0].n)
      : null;
    await client.query('commit');
    const r = rows[0];
    const records = Number(r.records);
    const rule = (second: string, people: string | null): DuplicateRule => ({
      secondRecords: Number(second),
      peopleWithDuplicates: people === null ? null : Number(people),
      sharePct: records ? Number(((Number(second) / records) * 100).toFixed(3)) : 0,
    });
    return {
      records,
      unkeyed: Number(r.unkeyed),
      merged,
      oldRule: rule(r.old_second, r.old_people),
      identityKeys: rule(r.key_second, r.key_people),
      licence: rule(r.lic_second, r.lic_people),
      samePerson: rule(r.person_second, null),
      keysNotOldRule: Number(r.keys_not_old),
      seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
