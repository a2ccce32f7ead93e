import { randomUUID } from 'node:crypto';
import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  auditEvents,
  badges,
  files,
  buildings,
  hostNotifications,
  hosts,
  clients,
  exclusions,
  preRegistrations,
  users,
  visitReasons,
  visitors,
  visits,
  screeningDecisions,
  screenings,
} from '../../db/schema/index';
import { fileBytesOfDistrict } from '../../platform/files/files';
import type { Db } from '../../platform/db/database';
import { insertSelectPlaceholders, placeholderValues } from '../../platform/db/insert-select';
import { named, preparedStatement, scopedQuery } from '../../platform/db/named';
import { answerUpdate } from '../../platform/http/idempotency';
import { AUDIT_ROW_COLUMNS, type AuditRow } from '../../platform/audit/audit-log';
import { deskBuildingColumns } from '../buildings';
import { frontDeskNotifyExpression } from '../../platform/realtime/realtime';
import { webhookDeliveriesInsert } from '../webhooks/index';
import { buildingFilter, buildingInScope, clientFilter } from '../../platform/db/scope';

const checkedInBy = alias(users, 'checked_in_by_user');

/** Columns of a visit summary (contracts ZVisitSummary), selected in one query: no N+1. */
const summaryColumns = {
  id: visits.id,
  visitorId: visits.visitorId,
  firstname: visitors.firstname,
  lastname: visitors.lastname,
  visitorType: visits.visitorType,
  buildingId: visits.buildingId,
  buildingName: buildings.name,
  checkIn: visits.checkIn,
  checkOut: visits.checkOut,
  reason: visits.reason,
  personVisiting: visits.personVisiting,
  photoFileId: badges.photoFileId,
  checkedInByName: checkedInBy.name,
  badgeId: badges.id,
  badgeCode: badges.code,
  badgeExpiresAt: badges.expiresAt,
  clientId: visits.clientId,
};

const BADGE_COLUMNS = [
  'clientId',
  'buildingId',
  'visitorId',
  'code',
  'personVisiting',
  'visitorType',
  'photoFileId',
  'createdAt',
  'expiresAt',
] as const;
const VISIT_COLUMNS = [
  'clientId',
  'buildingId',
  'visitorId',
  'visitorType',
  'checkIn',
  'checkedInBy',
  'reason',
  'visitReasonId',
  'personVisiting',
  'durationBegin',
  'allowedMinutes',
  'badgeProxy',
  'preRegistrationId',
  'registrationId',
  'svRegistrationId',
  'screeningId',
] as const;
/** The audit row's columns but its target, which the statement fills with the new visit's id. */
const AUDIT_COLUMNS = AUDIT_ROW_COLUMNS.filter(
  (c): c is Exclude<(typeof AUDIT_ROW_COLUMNS)[number], 'targetId'> => c !== 'targetId',
);
export type CheckInBadge = Required<Pick<typeof badges.$inferInsert, (typeof BADGE_COLUMNS)[number]>>;
export type CheckInVisit = Required<Pick<typeof visits.$inferInsert, (typeof VISIT_COLUMNS)[number]>>;

/** The statement of `writeCheckIn` (placeholders: b_*, v_*, a_* columns, n_*, k_*, answer). */
const writeCheckInStatement = preparedStatement<{
  not_excluded: boolean;
  open_at: string | null;
  photo_ok: boolean;
  visit_id: number | null;
  badge_id: number | null;
  checked_in_by_name: string | null;
  stored: number;
}>(() => {
  const p = (name: string) => sql`${sql.placeholder(name)}`;
  const checkedInByName = sql`(select ${users.name} from ${users} where ${users.id} = cast(${p('v_checkedInBy')} as int))`;
  const response = sql`jsonb_set(jsonb_set(jsonb_set(jsonb_set(cast(${p('answer')} as jsonb),
      '{visit,id}', to_jsonb(v.id)), '{visit,badge,id}', to_jsonb(b.id)),
      '{visit,checkedInByName}', coalesce(to_jsonb(${checkedInByName}), 'null'::jsonb)),
      '{print,pdfUrl}', to_jsonb('/api/visits/' || v.id || '/badge.pdf'))`;
  // the visit's host: an active host of the visit's district (issue 28 §1), else none
  const hostIs = sql`${hosts.id} = cast(${p('h_host')} as int) and ${hosts.clientId} = cast(${p('v_clientId')} as int) and ${hosts.active}`;
  return sql`
    with guard as (
      select not exists (
               select 1 from ${exclusions}
                where ${exclusions.visitorId} = cast(${p('v_visitorId')} as int)
                  and ${exclusions.clientId} = cast(${p('v_clientId')} as int) and ${exclusions.active}
                  and (${exclusions.buildingId} is null or ${exclusions.buildingId} = cast(${p('v_buildingId')} as int))
             ) as not_excluded,
             (select ob.name from ${visits} ov join ${buildings} ob on ob.id = ov.building_id
               where ov.visitor_id = cast(${p('v_visitorId')} as int) and ov.check_out is null limit 1) as open_at,
             (cast(${p('b_photoFileId')} as uuid) is null
               or exists (select 1 from ${files} f where f.id = cast(${p('b_photoFileId')} as uuid)
                                                    and f.client_id = cast(${p('v_clientId')} as int))) as photo_ok
    ),
    admitted as (select 1 from guard where not_excluded and open_at is null and photo_ok),
    b as (${insertSelectPlaceholders(badges, 'b_', BADGE_COLUMNS, {}, sql`from admitted`)} returning id),
    v as (${insertSelectPlaceholders(visits, 'v_', VISIT_COLUMNS, { badgeId: sql`b.id`, hostId: sql`(select ${hosts.id} from ${hosts} where ${hostIs})` }, sql`from b`)} returning id),
    -- issue 28 §4 (ADR 0053): the host is told through their queue, one row per visit; not again
    -- when the same person was announced to the same host in the last 15 minutes (a cancelled
    -- check-in done again)
    h as (insert into ${hostNotifications} (client_id, building_id, visit_id, host_id, channel)
          select cast(${p('v_clientId')} as int), cast(${p('v_buildingId')} as int), v.id, ${hosts.id}, ${hosts.channel}
            from v join ${hosts} on ${hostIs}
           where not exists (
              select 1 from ${hostNotifications} x join ${visits} xv on xv.id = x.visit_id
               where x.host_id = ${hosts.id} and xv.visitor_id = cast(${p('v_visitorId')} as int)
                 and x.created_at > now() - interval '15 minutes')
          on conflict do nothing returning 1),
    a as (${insertSelectPlaceholders(auditEvents, 'a_', AUDIT_COLUMNS, { targetId: sql`v.id::text` }, sql`from v`)}),
    k as (${answerUpdate(response, sql`from v, b where true`, sql`cast(${p('k_user')} as int)`, sql`cast(${p('k_key')} as text)`)} returning 1),
    -- issue 28 §5 (ADR 0051): the district's webhook deliveries of visit.checked_in, with the visit
    w as (${webhookDeliveriesInsert({
      type: sql`'visit.checked_in'`,
      clientId: p('v_clientId'),
      eventId: p('w_event'),
      occurredAt: p('w_at'),
      data: sql`jsonb_set(cast(${p('w_data')} as jsonb), '{visitId}', to_jsonb(v.id))`,
      names: sql`cast(${p('w_names')} as jsonb)`,
      from: sql`v`,
    })}),
    n as (select ${frontDeskNotifyExpression(
      {
        type: sql`cast(${p('n_type')} as text)`,
        clientId: sql`cast(${p('n_client')} as int)`,
        buildingId: sql`cast(${p('n_building')} as int)`,
      },
      sql`v.id`,
    )} from v)
    select guard.not_excluded, guard.open_at, guard.photo_ok, v.id as visit_id, b.id as badge_id, ${checkedInByName} as checked_in_by_name,
           -- n is read so that it runs: a CTE that modifies nothing runs only when referenced
           (select count(*) from k)::int as stored, (select count(*) from n)::int as notified,
           (select count(*) from h)::int as host_notified
      from guard left join v on true left join b on true`;
});

export type VisitRow = Awaited<ReturnType<ReturnType<typeof createVisitsRepository>['getVisit']>> & {};

export function createVisitsRepository(db: Db) {
  /** The desk's building read (check-in, denials, pre-registrations), built once per scope shape. */
  const buildingForDesk = scopedQuery(db, (d, scope) =>
    d
      .select(deskBuildingColumns)
      .from(buildings)
      .innerJoin(clients, eq(clients.id, buildings.clientId))
      .where(buildingInScope(scope, sql.placeholder('buildingId')))
      .limit(1),
  );
  const summaryQuery = (tx: Db = db) =>
    tx
      .select(summaryColumns)
      .from(visits)
      .innerJoin(visitors, eq(visitors.id, visits.visitorId))
      .innerJoin(buildings, eq(buildings.id, visits.buildingId))
      .leftJoin(badges, eq(badges.id, visits.badgeId))
      .leftJoin(checkedInBy, eq(checkedInBy.id, visits.checkedInBy));

  return {
    /** A building the actor may work at (attendants: their own), with what the desk needs. */
    async getBuildingForDesk(actor: TActor, buildingId: number) {
      const rows = await buildingForDesk(actor, { buildingId });
      return rows[0] ?? null;
    },

    /**
     * The pre-registration a check-in answers (spec 002 §2 scheduled card): it must be this
     * building's, waiting (scheduled or pending), and for this visitor when it names one.
     */
    /**
     * A pre-registration of this building in the actor's scope, whatever its state (a retried
     * check-in reads it again): what its check-in keeps and whom it tells (issue 22).
     */
    async findPreRegistrationForCheckIn(actor: TActor, id: number, buildingId: number) {
      const rows = await db
        .select({
          id: preRegistrations.id,
          clientId: preRegistrations.clientId,
          visitorType: preRegistrations.visitorType,
          visiting: preRegistrations.visiting,
          reason: preRegistrations.reason,
          notifyEmail: preRegistrations.notifyEmail,
          notifySms: preRegistrations.notifySms,
          hostId: preRegistrations.hostId,
        })
        .from(preRegistrations)
        .where(
          and(
            eq(preRegistrations.id, id),
            eq(preRegistrations.buildingId, buildingId),
            buildingFilter(actor, { clientId: preRegistrations.clientId, buildingId: preRegistrations.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async markPreRegistrationCheckedIn(tx: Db, id: number, buildingId: number, visitorId: number) {
      const rows = await tx
        .update(preRegistrations)
        .set({ status: 'checked_in', visitorId })
        .where(
          and(
            eq(preRegistrations.id, id),
            eq(preRegistrations.buildingId, buildingId),
            sql`${preRegistrations.status} in ('scheduled', 'pending')`,
            or(isNull(preRegistrations.visitorId), eq(preRegistrations.visitorId, visitorId)),
          ),
        )
        .returning({ id: preRegistrations.id });
      return rows.length > 0;
    },

    /** The visitor's open visit, if any, with its building's name (the check-in's one-open-visit rule). */
    async findOpenVisitOfVisitor(visitorId: number, tx: Db = db) {
      const rows = await named(
        tx
          .select({ id: visits.id, buildingId: visits.buildingId, buildingName: buildings.name })
          .from(visits)
          .innerJoin(buildings, eq(buildings.id, visits.buildingId))
          .where(and(eq(visits.visitorId, visitorId), isNull(visits.checkOut)))
          .limit(1),
      );
      return rows[0] ?? null;
    },

    /**
     * A check-in's writes as ONE statement (issue 10 §9: round trips are what a check-in costs):
     * its last checks (a linked exclusion: the admission gate read it before, one added since
     * refuses; the visitor's open visit, with its building's name for the message; the photo is
     * the district's), then the badge, the open visit, the audit row, the NOTIFY and the Idempotency-Key's
     * answer (the answer template with the new ids filled in). A single statement is atomic on its
     * own, so no BEGIN/COMMIT is needed; inside a caller's transaction (registered or
     * pre-registered check-in) it is part of that one. Nothing is written when the guard refuses
     * (`admitted: false` and why). The partial unique index still answers a concurrent second open visit
     * with its error. Built once per process, run as a named statement (platform/db/named.ts).
     */
    async writeCheckIn(
      tx: Db,
      w: {
        badge: CheckInBadge;
        visit: CheckInVisit;
        audit: AuditRow;
        notify: { type: string; clientId: number; buildingId: number };
        /** the host picked for "person visiting" (issue 28): set on the visit and told through their queue */
        hostId?: number | null;
        key: { userId: number; key: string };
        /** the answer to store with the key: `visit.id`, `visit.badge.id`, `visit.checkedInByName`, `print.pdfUrl` are filled in */
        answer: object;
        /** the names a webhook that sends names adds (issue 28 §5) */
        webhookNames: { firstName: string; lastName: string; buildingName: string };
      },
    ): Promise<
      | { admitted: false; reason: 'excluded' | 'photo' }
      | { admitted: false; reason: 'open'; openAt: string }
      | { admitted: true; visitId: number; badgeId: number; checkedInByName: string | null; stored: boolean }
    > {
      const [row] = await writeCheckInStatement(tx, {
        ...placeholderValues('b_', w.badge),
        ...placeholderValues('v_', w.visit),
        ...placeholderValues('a_', w.audit),
        n_type: w.notify.type,
        n_client: w.notify.clientId,
        n_building: w.notify.buildingId,
        h_host: w.hostId ?? null,
        k_user: w.key.userId,
        k_key: w.key.key,
        answer: JSON.stringify(w.answer),
        w_event: randomUUID(),
        w_at: w.visit.checkIn.toISOString(),
        w_data: JSON.stringify({
          visitorId: w.visit.visitorId,
          buildingId: w.visit.buildingId,
          visitorType: w.visit.visitorType,
          checkIn: w.visit.checkIn.toISOString(),
        }),
        w_names: JSON.stringify(w.webhookNames),
      });
      // refusals in the order of their weight: a linked exclusion first
      if (!row.not_excluded) return { admitted: false, reason: 'excluded' };
      if (row.open_at !== null) return { admitted: false, reason: 'open', openAt: row.open_at };
      if (!row.photo_ok) return { admitted: false, reason: 'photo' };
      if (row.visit_id === null || row.badge_id === null) throw new Error('check-in statement wrote no visit');
      return {
        admitted: true,
        visitId: Number(row.visit_id),
        badgeId: Number(row.badge_id),
        checkedInByName: row.checked_in_by_name,
        stored: Number(row.stored) === 1,
      };
    },

    /** The bytes of a visit's photo for its badge, only from the visit's own district. */
    badgePhoto: (fileId: string, clientId: number) => fileBytesOfDistrict(db, fileId, clientId),

    async getVisit(actor: TActor, visitId: number, tx: Db = db) {
      const rows = await summaryQuery(tx)
        .where(
          and(
            eq(visits.id, visitId),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async findOpenVisitByBadgeCode(actor: TActor, buildingId: number, code: string) {
      const rows = await summaryQuery()
        .where(
          and(
            eq(badges.code, code),
            eq(visits.buildingId, buildingId),
            isNull(visits.checkOut),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Marks a visit within the actor's scope checked out unless it already is; answers whether
     * this call did it (a write by id takes the scope like the read before it: issue 24 §1).
     */
    async checkOut(
      actor: TActor,
      visitId: number,
      values: { at: Date; by: number | null; method: string },
      tx: Db = db,
    ) {
      const rows = await tx
        .update(visits)
        .set({ checkOut: values.at, checkedOutBy: values.by, checkOutMethod: values.method })
        .where(
          and(
            eq(visits.id, visitId),
            isNull(visits.checkOut),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .returning({ id: visits.id });
      return rows.length > 0;
    },

    /** Current visits of a building, newest first (spec 002 §2 Dashboard). */
    async findCurrentVisits(actor: TActor, buildingId: number) {
      return db
        .select({
          ...summaryColumns,
          // what was cleared to let this person in (issue 25, audit 002-desk usability 1b): the
          // decisions on the screening the visit was admitted on
          // decisions on the screening the visit was admitted on, and the findings it showed as
          // cleared before (a remembered clearing of an earlier visit)
          clearedFindings: sql<number>`(
            (select count(*)::int from ${screeningDecisions} d where d.screening_id = ${visits.screeningId})
            + coalesce((select count(*)::int from ${screenings} s, jsonb_array_elements(s.findings) f
                         where s.id = ${visits.screeningId} and (f ->> 'clearedBefore')::boolean), 0))`,
        })
        .from(visits)
        .innerJoin(visitors, eq(visitors.id, visits.visitorId))
        .innerJoin(buildings, eq(buildings.id, visits.buildingId))
        .leftJoin(badges, eq(badges.id, visits.badgeId))
        .leftJoin(checkedInBy, eq(checkedInBy.id, visits.checkedInBy))
        .where(
          and(
            eq(visits.buildingId, buildingId),
            isNull(visits.checkOut),
            buildingFilter(actor, { clientId: visits.clientId, buildingId: visits.buildingId }),
          ),
        )
        .orderBy(desc(visits.checkIn))
        .limit(500);
    },

    async findReasons(actor: TActor, clientId: number, kind?: 'visitor' | 'volunteer') {
      return db
        .select({ id: visitReasons.id, kind: visitReasons.kind, label: visitReasons.label })
        .from(visitReasons)
        .where(
          and(
            eq(visitReasons.clientId, clientId),
            clientFilter(actor, visitReasons.clientId),
            eq(visitReasons.active, true),
            kind ? eq(visitReasons.kind, kind) : sql`true`,
          ),
        )
        .orderBy(asc(visitReasons.sortOrder), asc(visitReasons.label));
    },

    async getReason(clientId: number, reasonId: number) {
      const rows = await db
        .select({ id: visitReasons.id, label: visitReasons.label })
        .from(visitReasons)
        .where(and(eq(visitReasons.id, reasonId), eq(visitReasons.clientId, clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Automatic check-out (spec 002 §4): every open visit whose check-in day has reached 23:59
     * in its building's time zone is checked out at that local 23:59 — computed by PostgreSQL
     * with the zone's own rules, so daylight-saving changes are handled. Clients with
     * disableAutoLogoutVisitors are skipped. Idempotent: safe on several instances at once.
     * `tx`: the sweep's transaction, so the visits close only with their events written (ADR 0051).
     */
    async autoCheckOut(now: Date, buildingId?: number, tx: Db = db) {
      const result = await tx.execute(sql`
        WITH due AS (
          SELECT v.id,
                 ((date_trunc('day', v.check_in AT TIME ZONE b.time_zone) + interval '23 hours 59 minutes')
                    AT TIME ZONE b.time_zone) AS out_at
          FROM visits v
          JOIN buildings b ON b.id = v.building_id
          JOIN clients c ON c.id = v.client_id
          WHERE v.check_out IS NULL
            AND coalesce((c.settings ->> 'disableAutoLogoutVisitors')::boolean, false) = false
            ${buildingId ? sql`AND v.building_id = ${buildingId}` : sql``}
        )
        UPDATE visits v
           SET check_out = greatest(due.out_at, v.check_in), check_out_method = 'auto'
          FROM due
         WHERE v.id = due.id AND due.out_at <= ${now.toISOString()}::timestamptz AND v.check_out IS NULL
        RETURNING v.id, v.building_id, v.client_id, v.visitor_id`);
      // Both drivers answer { rows }; the shape is the RETURNING list above.
      return (
        result as unknown as { rows: { id: number; building_id: number; client_id: number; visitor_id: number }[] }
      ).rows;
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
