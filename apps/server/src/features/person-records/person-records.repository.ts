import type { TActor, TPersonRecordKind } from '@sv/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';
import { clients } from '../../db/schema/index';
import { and, eq } from 'drizzle-orm';

/**
 * A person's records (issue 26 §3, ADR 0048): one visitor record and the records merged into it
 * (ADR 0022: a person, not a record), read together, exported, erased. Every statement names the
 * district; the service has checked that the actor may manage it.
 */
const rowsOf = async <Row>(db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** the visitor and every record merged into it (a merge of a merge too) */
const groupOf = (clientId: number, visitorId: number) => sql`with recursive grp(id) as (
    select id from visitors where id = ${visitorId} and client_id = ${clientId}
    union select v.id from visitors v join grp on v.merged_into_id = grp.id where v.client_id = ${clientId}
  ) select id from grp`;

/** the e-mail addresses and phone numbers the person gave (messages sent to them) */
const contactsOf = (clientId: number, group: SQL) => sql`
  select email as c from visitors where client_id = ${clientId} and id in (${group}) and email <> ''
  union select phone from visitors where client_id = ${clientId} and id in (${group}) and phone <> ''
  union select email from registrations where client_id = ${clientId} and visitor_id in (${group}) and email <> ''
  union select phone from registrations where client_id = ${clientId} and visitor_id in (${group}) and phone <> ''`;

const COUNTS: Record<TPersonRecordKind, (c: number, g: SQL) => SQL> = {
  visits: (c, g) => sql`select count(*)::int as n from visits where client_id = ${c} and visitor_id in (${g})`,
  deniedEntries: (c, g) =>
    sql`select count(*)::int as n from denied_entries where client_id = ${c} and visitor_id in (${g})`,
  screenings: (c, g) => sql`select count(*)::int as n from screenings where client_id = ${c} and visitor_id in (${g})`,
  registrations: (c, g) =>
    sql`select count(*)::int as n from registrations where client_id = ${c} and visitor_id in (${g})`,
  preRegistrations: (c, g) =>
    sql`select count(*)::int as n from pre_registrations where client_id = ${c} and visitor_id in (${g})`,
  exclusions: (c, g) => sql`select count(*)::int as n from exclusions where client_id = ${c} and visitor_id in (${g})`,
  guardianLinks: (c, g) =>
    sql`select count(*)::int as n from guardians where client_id = ${c} and visitor_id in (${g})`,
  messages: (c, g) =>
    sql`select count(*)::int as n from outbound_messages where client_id = ${c} and recipient in (${contactsOf(c, g)})`,
  auditRows: (c, g) => sql`select count(*)::int as n from audit_events where client_id = ${c}
    and target_type = 'visitor' and target_id in (select id::text from (${g}) x)`,
};

export function createPersonRecordsRepository(db: Db) {
  return {
    async district(actor: TActor, clientId: number) {
      const [row] = await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)));
      return row ?? null;
    },

    async person(clientId: number, visitorId: number) {
      const [row] = await rowsOf<{
        id: number;
        firstname: string;
        lastname: string;
        dob: string | null;
        email: string;
        phone: string;
        merged_into_id: number | null;
        erased_at: string | null;
      }>(
        db,
        sql`select id, firstname, lastname, dob::text as dob, email, phone, merged_into_id, erased_at::text as erased_at
          from visitors where id = ${visitorId} and client_id = ${clientId}`,
      );
      return row ?? null;
    },

    async group(clientId: number, visitorId: number) {
      return (await rowsOf<{ id: number }>(db, groupOf(clientId, visitorId))).map((r) => Number(r.id));
    },

    async counts(clientId: number, visitorId: number) {
      const g = groupOf(clientId, visitorId);
      const out = {} as Record<TPersonRecordKind, number>;
      for (const [kind, q] of Object.entries(COUNTS) as [TPersonRecordKind, (typeof COUNTS)[TPersonRecordKind]][]) {
        const [row] = await rowsOf<{ n: number }>(db, q(clientId, g));
        out[kind] = Number(row?.n ?? 0);
      }
      return out;
    },

    /** an open legal hold on the person (issue 26 §2), an open visit, a pending card */
    async blockers(clientId: number, visitorId: number) {
      const g = groupOf(clientId, visitorId);
      const [row] = await rowsOf<{ held: boolean; onSite: boolean; registrationHeld: boolean }>(
        db,
        sql`select
          exists (select 1 from legal_holds h where h.client_id = ${clientId} and h.released_at is null
            and h.subject_type = 'visitor' and h.subject_id in (${g})) as "held",
          exists (select 1 from legal_holds h join registrations r on r.id = h.subject_id
            where h.client_id = ${clientId} and h.released_at is null and h.subject_type = 'registration'
            and r.visitor_id in (${g})) as "registrationHeld",
          exists (select 1 from visits v where v.client_id = ${clientId} and v.visitor_id in (${g}) and v.check_out is null) as "onSite"`,
      );
      return row!;
    },

    /** everything held about the person, as rows per kind (the archive) */
    async everything(clientId: number, visitorId: number) {
      const g = groupOf(clientId, visitorId);
      const q = (query: SQL) => rowsOf<Record<string, unknown>>(db, query);
      return {
        visitorRecords:
          await q(sql`select id, firstname, middlename, lastname, suffix, dob::text as dob, sex, eye, hair, height,
          weight, race, street1, street2, city, state, zipcode, county, email, phone,
          current_drivers_license_number as "licenseNumber", license_state as "licenseState", note, photo_file_id as "photoFileId",
          created_at as "createdAt", merged_into_id as "mergedIntoId"
          from visitors where client_id = ${clientId} and id in (${g}) order by id`),
        visits: await q(sql`select v.id, b.name as building, v.visitor_type as "visitorType", v.check_in as "checkIn",
          v.check_out as "checkOut", v.reason, v.person_visiting as "personVisiting", v.via_kiosk as "viaKiosk"
          from visits v join buildings b on b.id = v.building_id
          where v.client_id = ${clientId} and v.visitor_id in (${g}) order by v.check_in`),
        deniedEntries:
          await q(sql`select d.id, b.name as building, d.denied_at as "deniedAt", d.exclusion_count as "exclusionMatches",
          d.potential_count as "registryMatches" from denied_entries d join buildings b on b.id = d.building_id
          where d.client_id = ${clientId} and d.visitor_id in (${g}) order by d.denied_at`),
        screenings:
          await q(sql`select s.id, b.name as building, s.screened_at as "screenedAt", s.registry_status as "registryStatus",
          jsonb_array_length(s.findings) as findings from screenings s join buildings b on b.id = s.building_id
          where s.client_id = ${clientId} and s.visitor_id in (${g}) order by s.screened_at`),
        registrations:
          await q(sql`select id, vendor, firstname, middlename, lastname, dob::text as dob, email, phone, street1, street2,
          city, state, zipcode, approved, exp_date::text as "expDate", photo_file_id as "photoFileId", created_at as "createdAt"
          from registrations where client_id = ${clientId} and visitor_id in (${g}) order by id`),
        preRegistrations:
          await q(sql`select id, firstname, lastname, dob::text as dob, email, phone, visit_date::text as "visitDate",
          visiting, reason, status from pre_registrations where client_id = ${clientId} and visitor_id in (${g}) order by id`),
        exclusions: await q(sql`select id, firstname, lastname, dob::text as dob, active from exclusions
          where client_id = ${clientId} and visitor_id in (${g}) order by id`),
        messages:
          await q(sql`select id, channel, recipient, subject, status, created_at as "createdAt", sent_at as "sentAt"
          from outbound_messages where client_id = ${clientId} and recipient in (${contactsOf(clientId, g)}) order by id`),
        auditRows: await q(sql`select id, at, action, target_type as "targetType", target_id as "targetId", ip
          from audit_events where client_id = ${clientId} and target_type = 'visitor'
          and target_id in (select id::text from (${g}) x) order by at`),
      };
    },

    async photo(clientId: number, fileId: string) {
      const [row] = await rowsOf<{ bytes: Uint8Array; content_type: string }>(
        db,
        sql`select bytes, content_type from files where client_id = ${clientId} and id = ${fileId}::uuid`,
      );
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
    },

    /**
     * Erasure (ADR 0048), one transaction: the person's own records go (registrations, cards,
     * screenings, cleared matches, merges, messages to them, photos); the visits and denied entries
     * stay, pointing at a tombstone record with no personal data, so the logs' counts and the
     * exclusion list stay consistent. Returns what was removed per kind.
     */
    async erase(clientId: number, visitorId: number, at: Date) {
      return db.transaction(async (tx) => {
        const ids = (await rowsOf<{ id: number }>(tx, groupOf(clientId, visitorId))).map((r) => Number(r.id));
        const list = sql`select unnest(${`{${ids.join(',')}}`}::int[])`;
        const contacts = (await rowsOf<{ c: string }>(tx, contactsOf(clientId, list))).map((r) => r.c);
        const photos = (
          await rowsOf<{ id: string }>(
            tx,
            sql`select photo_file_id as id from visitors where client_id = ${clientId} and id in (${list}) and photo_file_id is not null
              union select photo_file_id from badges where client_id = ${clientId} and visitor_id in (${list}) and photo_file_id is not null
              union select photo_file_id from registrations where client_id = ${clientId} and visitor_id in (${list}) and photo_file_id is not null
              union select temp_photo_file_id from pre_registrations where client_id = ${clientId} and visitor_id in (${list}) and temp_photo_file_id is not null`,
          )
        ).map((r) => r.id);
        const count = async (query: SQL) => (await rowsOf(tx, query)).length;
        const removed: Record<string, number> = {};
        removed.registrations = await count(
          sql`delete from registrations where client_id = ${clientId} and visitor_id in (${list}) returning 1`,
        );
        removed.preRegistrations = await count(
          sql`delete from pre_registrations where client_id = ${clientId} and visitor_id in (${list}) returning 1`,
        );
        removed.screenings = await count(
          sql`delete from screenings where client_id = ${clientId} and visitor_id in (${list}) returning 1`,
        );
        removed.clearedMatches = await count(
          sql`delete from cleared_matches where client_id = ${clientId} and visitor_id in (${list}) returning 1`,
        );
        removed.merges = await count(
          sql`delete from visitor_merges where client_id = ${clientId} and (survivor_id in (${list}) or merged_id in (${list})) returning 1`,
        );
        removed.messages =
          contacts.length === 0
            ? 0
            : await count(
                sql`delete from outbound_messages where client_id = ${clientId}
                  and recipient = any(${`{${contacts.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) returning 1`,
              );
        // the replay cache of creates (issue 23 §4) holds answers that name the person: a replay
        // after this answers "new request" instead, which for a day-old key changes nothing
        const names = await rowsOf<{ firstname: string; lastname: string }>(
          tx,
          sql`select distinct firstname, lastname from visitors where client_id = ${clientId} and id in (${list})
            and firstname <> '' and lastname <> ''`,
        );
        const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;
        removed.replayAnswers = 0;
        for (const n of names) {
          removed.replayAnswers += await count(sql`delete from idempotency_keys
            where response::text ilike ${like(n.firstname)} and response::text ilike ${like(n.lastname)} returning 1`);
        }
        await tx.execute(
          sql`update badges set photo_file_id = null where client_id = ${clientId} and visitor_id in (${list})`,
        );
        // an emergency's roster keeps the line of their visit, without their name or photo (ADR 0042)
        removed.rosterLines =
          await count(sql`update emergency_roster_entries set display_name = 'Erased person', photo_ref = null
          where client_id = ${clientId} and visit_id in (select id from visits where client_id = ${clientId} and visitor_id in (${list}))
          returning 1`);
        // the tombstone: the visits and denied entries keep a record to point at, with no personal data
        await tx.execute(sql`update visitors set firstname = 'Erased', middlename = '', lastname = 'person ' || id::text,
          title = '', suffix = '', dob = null, sex = '', eye = '', hair = '', height = '', weight = '', race = '', note = '',
          street1 = '', street2 = '', city = '', state = '', zipcode = '', county = '', email = '', phone = '',
          current_drivers_license_number = '', license_state = '', photo_file_id = null, search_name = '',
          first_key = null, last_key = null, erased_at = ${at}
          where client_id = ${clientId} and id in (${list})`);
        removed.photos =
          photos.length === 0
            ? 0
            : await count(sql`delete from files f where f.client_id = ${clientId}
                and f.id = any(${`{${photos.join(',')}}`}::uuid[])
                and not exists (select 1 from visitors x where x.photo_file_id = f.id)
                and not exists (select 1 from badges x where x.photo_file_id = f.id)
                and not exists (select 1 from registrations x where x.photo_file_id = f.id)
                and not exists (select 1 from exclusions x where x.photo_file_id = f.id)
                and not exists (select 1 from pickup_events x where x.photo_file_id = f.id)
                and not exists (select 1 from pre_registrations x where x.temp_photo_file_id = f.id)
                returning 1`);
        return { ids, removed };
      });
    },
  };
}
export type PersonRecordsRepository = ReturnType<typeof createPersonRecordsRepository>;
