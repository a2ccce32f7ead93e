import type { TActor, TLegalHoldSubject, TRetentionCategory } from '@sv/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients, legalHolds, retentionRules, retentionRuns, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

/**
 * Retention (issue 26 §2, ADR 0047): the district's rules, legal holds and runs, and per kind of
 * record the rows past their period. Each kind is one candidate query (`<kind>Candidates`), used
 * both to count (the preview) and to delete in batches, so the preview says exactly what the run
 * removes. A batch is one statement (its own transaction): a run stopped half-way has removed whole
 * batches and the next run goes on from there.
 */

/** a hold on this subject, unreleased, in this district */
const held = (clientId: number, subjectType: TLegalHoldSubject, subjectId: SQL) =>
  sql`exists (select 1 from legal_holds h where h.client_id = ${clientId} and h.released_at is null
    and h.subject_type = ${subjectType} and h.subject_id = ${subjectId})`;

interface Candidates {
  /** the ids past the period; `withHolds` false ignores holds (to count what holds keep) */
  ids(clientId: number, cutoff: Date, withHolds: boolean): SQL;
  /** removes one batch of those ids (a statement returning one row per removed record) */
  remove(clientId: number, ids: SQL): SQL;
}

const notHeld = (withHolds: boolean, condition: SQL) => (withHolds ? sql`and not ${condition}` : sql``);

/** The files a removed record pointed at, deleted when nothing else points at them any more. */
const FILE_REFERENCES = sql`
  not exists (select 1 from visitors x where x.photo_file_id = f.id)
  and not exists (select 1 from badges x where x.photo_file_id = f.id)
  and not exists (select 1 from registrations x where x.photo_file_id = f.id)
  and not exists (select 1 from exclusions x where x.photo_file_id = f.id)
  and not exists (select 1 from pickup_events x where x.photo_file_id = f.id)
  and not exists (select 1 from pre_registrations x where x.temp_photo_file_id = f.id)
  and not exists (select 1 from release_verifications x where x.photo_file_id = f.id)`;

const CANDIDATES: Record<TRetentionCategory, Candidates> = {
  visits: {
    // a visit still open is never removed, however old (it would vanish from the on-site list); a
    // visit on an emergency's accountability roster stays with that record (ADR 0042, 0047)
    ids: (c, t, h) => sql`select v.id from visits v where v.client_id = ${c} and v.check_in < ${t}
      and v.check_out is not null and v.check_out < ${t}
      and not exists (select 1 from emergency_roster_entries r where r.visit_id = v.id)
      ${notHeld(h, held(c, 'visitor', sql`v.visitor_id`))}`,
    remove: (
      c,
      ids,
    ) => sql`with gone as (delete from visits where client_id = ${c} and id in (${ids}) returning badge_id),
      badges_gone as (delete from badges where client_id = ${c} and id in (select badge_id from gone where badge_id is not null))
      select 1 from gone`,
  },
  visitorIdData: {
    // photo and ID-card data of a person not seen since the cutoff; a person an exclusion names keeps
    // theirs (the attendant compares faces, issue 25 B7)
    ids: (c, t, h) => sql`select vi.id from visitors vi where vi.client_id = ${c}
      and (vi.photo_file_id is not null or vi.current_drivers_license_number <> '' or vi.street1 <> '' or vi.height <> '')
      and vi.created_at < ${t}
      and not exists (select 1 from visits v where v.visitor_id = vi.id and v.check_in >= ${t})
      and not exists (select 1 from exclusions e where e.visitor_id = vi.id)
      ${notHeld(h, held(c, 'visitor', sql`vi.id`))}`,
    remove: (
      c,
      ids,
    ) => sql`with target as (select id, photo_file_id from visitors where client_id = ${c} and id in (${ids})),
      blanked as (update visitors set photo_file_id = null, current_drivers_license_number = '', license_state = '',
        sex = '', eye = '', hair = '', height = '', weight = '', race = '',
        street1 = '', street2 = '', city = '', zipcode = '', county = ''
        where id in (select id from target) returning id),
      badge_photos as (update badges set photo_file_id = null where client_id = ${c} and visitor_id in (select id from target) returning photo_file_id)
      select 1 from blanked`,
  },
  deniedEntries: {
    ids: (c, t, h) => sql`select d.id from denied_entries d where d.client_id = ${c} and d.denied_at < ${t}
      ${notHeld(h, held(c, 'visitor', sql`d.visitor_id`))}`,
    remove: (c, ids) => sql`delete from denied_entries where client_id = ${c} and id in (${ids}) returning 1`,
  },
  studentEvents: {
    // pickups and tardy drop-offs, one list: a negative id is a drop-off
    ids: (c, t, h) => sql`select p.id from pickup_events p where p.client_id = ${c} and p.picked_up_at < ${t}
        ${notHeld(h, held(c, 'student', sql`p.student_id`))}
      union all select -d.id from dropoff_events d where d.client_id = ${c} and d.dropped_off_at < ${t}
        ${notHeld(h, held(c, 'student', sql`d.student_id`))}`,
    remove: (c, ids) => sql`with batch as (${ids}),
      pickups as (delete from pickup_events where client_id = ${c} and id in (select id from batch where id > 0) returning 1),
      dropoffs as (delete from dropoff_events where client_id = ${c} and id in (select -id from batch where id < 0) returning 1)
      select 1 from pickups union all select 1 from dropoffs`,
  },
  registrations: {
    // denied, or expired, since before the cutoff; a pending or current registration stays
    ids: (c, t, h) => sql`select r.id from registrations r where r.client_id = ${c} and r.updated_at < ${t}
      and (r.approved = false or (r.exp_date is not null and r.exp_date < (${t}::timestamptz)::date))
      ${notHeld(h, held(c, 'registration', sql`r.id`))}
      ${notHeld(h, sql`(r.visitor_id is not null and ${held(c, 'visitor', sql`r.visitor_id`)})`)}`,
    remove: (c, ids) => sql`delete from registrations where client_id = ${c} and id in (${ids}) returning 1`,
  },
  backgroundResults: {
    // the screenings (and the decisions on them); cleared matches, the district's standing answers, stay
    ids: (c, t, h) => sql`select s.id from screenings s where s.client_id = ${c} and s.screened_at < ${t}
      ${notHeld(h, held(c, 'visitor', sql`s.visitor_id`))}`,
    remove: (c, ids) => sql`delete from screenings where client_id = ${c} and id in (${ids}) returning 1`,
  },
  auditEvents: {
    // the one place rows of the append-only audit log are deleted (ADR 0047)
    ids: (c, t) => sql`select a.id from audit_events a where a.client_id = ${c} and a.at < ${t}`,
    remove: (c, ids) => sql`delete from audit_events where client_id = ${c} and id in (${ids}) returning 1`,
  },
  outboundMessages: {
    // a message still to be sent is never removed
    ids: (c, t) => sql`select m.id from outbound_messages m where m.client_id = ${c} and m.created_at < ${t}
      and m.status <> 'queued'`,
    remove: (c, ids) => sql`delete from outbound_messages where client_id = ${c} and id in (${ids}) returning 1`,
  },
};

/** the photos of records a batch removed (pickups, visitors' photos, registrations): collected before, deleted after */
const FILES_OF: Partial<Record<TRetentionCategory, (c: number, ids: SQL) => SQL>> = {
  visitorIdData: (
    c,
    ids,
  ) => sql`select photo_file_id as id from visitors where client_id = ${c} and id in (${ids}) and photo_file_id is not null
    union select photo_file_id from badges where client_id = ${c} and visitor_id in (${ids}) and photo_file_id is not null`,
  studentEvents: (c, ids) =>
    sql`select photo_file_id as id from pickup_events where client_id = ${c} and id in (select id from (${ids}) b where id > 0) and photo_file_id is not null`,
  registrations: (c, ids) =>
    sql`select photo_file_id as id from registrations where client_id = ${c} and id in (${ids}) and photo_file_id is not null`,
};

const rowsOf = async <Row>(db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export function createRetentionRepository(db: Db) {
  const creator = alias(users, 'creator');
  const releaser = alias(users, 'releaser');

  return {
    /** the district, if the actor may manage it */
    async district(actor: TActor, clientId: number) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)));
      return row ?? null;
    },

    async allDistricts() {
      return db.select({ id: clients.id }).from(clients).orderBy(clients.id);
    },

    async rules(clientId: number) {
      return db
        .select({ category: retentionRules.category, keepDays: retentionRules.keepDays })
        .from(retentionRules)
        .where(eq(retentionRules.clientId, clientId));
    },

    async setRules(clientId: number, rules: { category: TRetentionCategory; days: number | null }[], by: number) {
      await db.transaction(async (tx) => {
        for (const r of rules) {
          await tx
            .insert(retentionRules)
            .values({ clientId, category: r.category, keepDays: r.days, updatedBy: by })
            .onConflictDoUpdate({
              target: [retentionRules.clientId, retentionRules.category],
              set: { keepDays: r.days, updatedBy: by, updatedAt: sql`now()` },
            });
        }
      });
    },

    /** how many records of one kind are past the cutoff (with holds: what a run removes) */
    async countPast(category: TRetentionCategory, clientId: number, cutoff: Date, withHolds = true) {
      const [row] = await rowsOf<{ n: number | string }>(
        db,
        sql`select count(*)::int as n from (${CANDIDATES[category].ids(clientId, cutoff, withHolds)}) c`,
      );
      return Number(row?.n ?? 0);
    },

    /** removes up to `limit` records of one kind past the cutoff (and the files only they held); returns how many */
    async removeBatch(category: TRetentionCategory, clientId: number, cutoff: Date, limit: number) {
      const candidates = CANDIDATES[category];
      return db.transaction(async (tx) => {
        const ids = sql`select id from (${candidates.ids(clientId, cutoff, true)}) c order by id limit ${limit}`;
        const batchIds = (await rowsOf<{ id: number | string }>(tx, ids)).map((r) => r.id);
        if (batchIds.length === 0) return 0;
        const list = sql`select unnest(${`{${batchIds.join(',')}}`}::${sql.raw(category === 'backgroundResults' ? 'uuid' : 'int')}[]) as id`;
        const filesOf = FILES_OF[category];
        const fileIds = filesOf ? (await rowsOf<{ id: string }>(tx, filesOf(clientId, list))).map((r) => r.id) : [];
        const removed = await rowsOf(tx, candidates.remove(clientId, list));
        if (fileIds.length > 0) {
          await tx.execute(
            sql`delete from files f where f.client_id = ${clientId} and f.id = any(${`{${fileIds.join(',')}}`}::uuid[]) and ${FILE_REFERENCES}`,
          );
        }
        return removed.length;
      });
    },

    async holds(clientId: number, includeReleased: boolean) {
      return db
        .select({
          id: legalHolds.id,
          clientId: legalHolds.clientId,
          subjectType: legalHolds.subjectType,
          subjectId: legalHolds.subjectId,
          reason: legalHolds.reason,
          createdAt: legalHolds.createdAt,
          createdByName: creator.name,
          releasedAt: legalHolds.releasedAt,
          releasedByName: releaser.name,
          subjectName: sql<string>`coalesce(case ${legalHolds.subjectType}
            when 'visitor' then (select trim(v.firstname || ' ' || v.lastname) from visitors v where v.id = ${legalHolds.subjectId} and v.client_id = ${legalHolds.clientId})
            when 'student' then (select trim(s.firstname || ' ' || s.lastname) from students s where s.id = ${legalHolds.subjectId} and s.client_id = ${legalHolds.clientId})
            when 'registration' then (select trim(r.firstname || ' ' || r.lastname) from registrations r where r.id = ${legalHolds.subjectId} and r.client_id = ${legalHolds.clientId})
            end, '')`,
        })
        .from(legalHolds)
        .leftJoin(creator, eq(creator.id, legalHolds.createdBy))
        .leftJoin(releaser, eq(releaser.id, legalHolds.releasedBy))
        .where(and(eq(legalHolds.clientId, clientId), includeReleased ? undefined : isNull(legalHolds.releasedAt)))
        .orderBy(desc(legalHolds.createdAt), desc(legalHolds.id));
    },

    /** whether the subject is a record of this district (a hold names only its own district's records) */
    async subjectExists(clientId: number, subjectType: TLegalHoldSubject, subjectId: number) {
      const table = { visitor: 'visitors', student: 'students', registration: 'registrations' }[subjectType];
      const rows = await rowsOf(
        db,
        sql`select 1 from ${sql.identifier(table)} where id = ${subjectId} and client_id = ${clientId}`,
      );
      return rows.length > 0;
    },

    /** up to 20 records of the district whose name holds every word typed (a hold's subject) */
    async searchSubjects(clientId: number, subjectType: TLegalHoldSubject, q: string) {
      const words = q
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 4)
        .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const nameOf = {
        visitor: sql`trim(x.firstname || ' ' || x.lastname)`,
        student: sql`trim(x.firstname || ' ' || x.lastname)`,
        registration: sql`trim(x.firstname || ' ' || x.lastname)`,
      }[subjectType];
      const detailOf = {
        visitor: sql`coalesce('Born ' || to_char(x.dob, 'MM/DD/YYYY'), 'No date of birth')`,
        student: sql`coalesce((select b.name from buildings b where b.id = x.building_id), '')`,
        registration: sql`(case when x.vendor then 'SafeVendor' else 'Volunteer' end) || ' · ' ||
          (case when x.approved then 'approved' when x.approved = false then 'denied' else 'pending' end)`,
      }[subjectType];
      const table = { visitor: 'visitors', student: 'students', registration: 'registrations' }[subjectType];
      const match = sql.join(
        words.map((w) => sql`lower(${nameOf}) like ${w}`),
        sql` and `,
      );
      return rowsOf<{ id: number; name: string; detail: string }>(
        db,
        sql`select x.id, ${nameOf} as name, ${detailOf} as detail from ${sql.identifier(table)} x
          where x.client_id = ${clientId} and ${match} order by x.lastname, x.firstname, x.id limit 20`,
      );
    },

    async addHold(
      hold: { clientId: number; subjectType: TLegalHoldSubject; subjectId: number; reason: string },
      by: number,
    ) {
      const [row] = await db
        .insert(legalHolds)
        .values({ ...hold, createdBy: by })
        .returning({ id: legalHolds.id });
      return row!.id;
    },

    /** releases a hold of the district; false when there is none open */
    async releaseHold(clientId: number, id: number, by: number, at: Date) {
      const rows = await db
        .update(legalHolds)
        .set({ releasedAt: at, releasedBy: by })
        .where(and(eq(legalHolds.id, id), eq(legalHolds.clientId, clientId), isNull(legalHolds.releasedAt)))
        .returning({ id: legalHolds.id });
      return rows.length > 0;
    },

    async startRun(clientId: number, trigger: 'manual' | 'nightly', by: number | null, at: Date) {
      const [row] = await db
        .insert(retentionRuns)
        .values({ clientId, trigger, triggeredBy: by, startedAt: at })
        .returning({ id: retentionRuns.id });
      return row!.id;
    },

    async finishRun(
      id: number,
      result: { status: 'done' | 'failed'; counts: Record<string, number>; error?: string },
      at: Date,
    ) {
      await db
        .update(retentionRuns)
        .set({ status: result.status, counts: result.counts, error: result.error ?? null, finishedAt: at })
        .where(eq(retentionRuns.id, id));
    },

    /** the counts so far of a running run (a run is resumable: each batch is recorded as it lands) */
    async recordProgress(id: number, counts: Record<string, number>) {
      await db.update(retentionRuns).set({ counts }).where(eq(retentionRuns.id, id));
    },

    async runs(clientId: number, limit = 30) {
      return db
        .select()
        .from(retentionRuns)
        .where(eq(retentionRuns.clientId, clientId))
        .orderBy(desc(retentionRuns.startedAt), desc(retentionRuns.id))
        .limit(limit);
    },

    /** when the district's last run finished (the nightly job's "due" test) */
    async lastFinished(clientId: number) {
      const [row] = await db
        .select({ at: sql<Date | null>`max(${retentionRuns.finishedAt})` })
        .from(retentionRuns)
        .where(eq(retentionRuns.clientId, clientId));
      return row?.at ? new Date(row.at) : null;
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
