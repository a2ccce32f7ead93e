import { ROSTER_UNASSIGNED_GROUP, type TActor, type TReunificationCounts } from '@sv/contracts';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  buildings,
  clients,
  emergencyRosterEntries,
  emergencyStateBuildings,
  emergencyStates,
  reunificationChildren,
  reunificationEvents,
  reunificationRequests,
  students,
  users,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, buildingInScope } from '../../platform/db/scope';

/** Rows of a plain SQL statement (PGlite and PostgreSQL both answer `{ rows }`). */
const rowsOf = async <Row>(db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const eventScope = (actor: TActor) =>
  buildingFilter(actor, { clientId: reunificationEvents.clientId, buildingId: reunificationEvents.buildingId });
const childScope = (actor: TActor) =>
  buildingFilter(actor, { clientId: reunificationChildren.clientId, buildingId: reunificationChildren.buildingId });
const requestScope = (actor: TActor) =>
  buildingFilter(actor, { clientId: reunificationRequests.clientId, buildingId: reunificationRequests.buildingId });

/**
 * Reunification (issue 27 §3, ADR 0050): events, requests and children. Every read and every
 * write by id takes the actor and applies the building scope; the public page's reads go by the
 * token's hash only and answer nothing but the building's and district's names.
 */
export function createReunificationRepository(db: Db) {
  const eventColumns = {
    id: reunificationEvents.id,
    clientId: reunificationEvents.clientId,
    buildingId: reunificationEvents.buildingId,
    buildingName: buildings.name,
    timeZone: buildings.timeZone,
    stateId: reunificationEvents.stateId,
    stateKind: emergencyStates.kind,
    drill: emergencyStates.drill,
    startedAt: reunificationEvents.startedAt,
    startedBy: users.name,
    endedAt: reunificationEvents.endedAt,
    linkSentAt: reunificationEvents.linkSentAt,
    tokenSealed: reunificationEvents.tokenSealed,
  };
  const eventQuery = () =>
    db
      .select(eventColumns)
      .from(reunificationEvents)
      .innerJoin(buildings, eq(buildings.id, reunificationEvents.buildingId))
      .innerJoin(users, eq(users.id, reunificationEvents.startedBy))
      .leftJoin(emergencyStates, eq(emergencyStates.id, reunificationEvents.stateId));

  return {
    async building(actor: TActor, buildingId: number) {
      const [b] = await db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name, timeZone: buildings.timeZone })
        .from(buildings)
        .where(buildingInScope(actor, buildingId));
      return b ?? null;
    },

    /** An active (not ended, not cancelled) emergency state covering this building, in the actor's scope. */
    async activeState(actor: TActor, stateId: number, buildingId: number) {
      const [s] = await db
        .select({ id: emergencyStates.id })
        .from(emergencyStates)
        .innerJoin(emergencyStateBuildings, eq(emergencyStateBuildings.stateId, emergencyStates.id))
        .innerJoin(buildings, eq(buildings.id, emergencyStateBuildings.buildingId))
        .where(
          and(
            eq(emergencyStates.id, stateId),
            eq(emergencyStateBuildings.buildingId, buildingId),
            isNull(emergencyStates.endedAt),
            eq(emergencyStates.cancelled, false),
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
          ),
        );
      return s ?? null;
    },

    async insertEvent(row: typeof reunificationEvents.$inferInsert) {
      const [e] = await db
        .insert(reunificationEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: reunificationEvents.id });
      return e?.id ?? null;
    },

    async events(actor: TActor, opts: { open?: boolean; ids?: number[] } = {}) {
      const where = [eventScope(actor)];
      if (opts.open === true) where.push(isNull(reunificationEvents.endedAt));
      if (opts.open === false) where.push(sql`${reunificationEvents.endedAt} is not null`);
      if (opts.ids) where.push(inArray(reunificationEvents.id, opts.ids));
      return eventQuery()
        .where(and(...where))
        .orderBy(desc(reunificationEvents.startedAt), desc(reunificationEvents.id))
        .limit(100);
    },

    async event(actor: TActor, id: number) {
      const [e] = await eventQuery().where(and(eq(reunificationEvents.id, id), eventScope(actor)));
      return e ?? null;
    },

    async end(actor: TActor, id: number, userId: number, at: Date) {
      const rows = await db
        .update(reunificationEvents)
        .set({ endedAt: at, endedBy: userId })
        .where(and(eq(reunificationEvents.id, id), isNull(reunificationEvents.endedAt), eventScope(actor)))
        .returning({ id: reunificationEvents.id });
      return rows.length > 0;
    },

    async markLinkSent(actor: TActor, id: number, at: Date) {
      await db
        .update(reunificationEvents)
        .set({ linkSentAt: at })
        .where(and(eq(reunificationEvents.id, id), eventScope(actor)));
    },

    /** The open event behind a public link (by the token's SHA-256), with the names the page shows. */
    async eventByToken(tokenHash: string) {
      const [e] = await db
        .select({
          id: reunificationEvents.id,
          clientId: reunificationEvents.clientId,
          buildingId: reunificationEvents.buildingId,
          buildingName: buildings.name,
          districtName: clients.name,
          endedAt: reunificationEvents.endedAt,
        })
        .from(reunificationEvents)
        .innerJoin(buildings, eq(buildings.id, reunificationEvents.buildingId))
        .innerJoin(clients, eq(clients.id, reunificationEvents.clientId))
        .where(eq(reunificationEvents.tokenHash, tokenHash));
      return e ?? null;
    },

    /** The adults on file with a way to reach them, of the building's enrolled students (the link's recipients). */
    async guardianContacts(buildingId: number) {
      return rowsOf<{ email: string; phone: string }>(
        db,
        sql`
        select distinct g.email, g.phone from guardians g
        join student_guardians sg on sg.guardian_id = g.id
        join students s on s.id = sg.student_id
        where s.building_id = ${buildingId} and s.active and g.active and (g.email <> '' or g.phone <> '')`,
      );
    },

    /** The building's students, to match the names an adult typed (canonical names compared by the caller). */
    async buildingStudents(buildingId: number) {
      return db
        .select({ id: students.id, firstname: students.firstname, lastname: students.lastname })
        .from(students)
        .where(and(eq(students.buildingId, buildingId), eq(students.active, true)));
    },

    /** The students of this building among `ids` in the actor's scope (a station's request). */
    async studentsAt(actor: TActor, buildingId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: students.id })
        .from(students)
        .innerJoin(buildings, eq(buildings.id, students.buildingId))
        .where(
          and(
            inArray(students.id, ids),
            eq(students.buildingId, buildingId),
            buildingFilter(actor, { clientId: students.clientId, buildingId: students.buildingId }),
          ),
        );
    },

    /** A request and its children, in one transaction. */
    async insertRequest(
      row: typeof reunificationRequests.$inferInsert,
      children: { studentId: number | null; typedName: string }[],
    ) {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [r] = await tx.insert(reunificationRequests).values(row).returning({ id: reunificationRequests.id });
        if (children.length > 0)
          await tx.insert(reunificationChildren).values(
            children.map((c) => ({
              requestId: r.id,
              eventId: row.eventId,
              clientId: row.clientId,
              buildingId: row.buildingId,
              studentId: c.studentId,
              typedName: c.typedName,
              createdAt: row.createdAt,
            })),
          );
        return r.id;
      });
    },

    async requests(actor: TActor, eventId: number, requestIds?: number[]) {
      const where = [eq(reunificationRequests.eventId, eventId), requestScope(actor)];
      if (requestIds) where.push(inArray(reunificationRequests.id, requestIds));
      return db
        .select()
        .from(reunificationRequests)
        .where(and(...where))
        .orderBy(asc(reunificationRequests.id));
    },

    async children(actor: TActor, eventId: number, requestIds?: number[]) {
      const where = [eq(reunificationChildren.eventId, eventId), childScope(actor)];
      if (requestIds) where.push(inArray(reunificationChildren.requestId, requestIds));
      return db
        .select({
          id: reunificationChildren.id,
          requestId: reunificationChildren.requestId,
          studentId: reunificationChildren.studentId,
          firstname: students.firstname,
          lastname: students.lastname,
          identifier: students.identifier,
          typedName: reunificationChildren.typedName,
          status: reunificationChildren.status,
          refusal: reunificationChildren.refusal,
          location: reunificationChildren.location,
          station: reunificationChildren.station,
          sentAt: reunificationChildren.sentAt,
          arrivedAt: reunificationChildren.arrivedAt,
          releasedAt: reunificationChildren.releasedAt,
          releasedBy: reunificationChildren.releasedBy,
          pickupEventId: reunificationChildren.pickupEventId,
          createdAt: reunificationChildren.createdAt,
        })
        .from(reunificationChildren)
        .leftJoin(students, eq(students.id, reunificationChildren.studentId))
        .where(and(...where))
        .orderBy(asc(reunificationChildren.id));
    },

    /** The people on file for these students (SIS links and pickup rules): whom a station may identify an adult as. */
    async peopleOf(studentIds: number[]) {
      if (studentIds.length === 0) return [];
      const list = sql.join(
        studentIds.map((i) => sql`${i}`),
        sql`, `,
      );
      const rows = await rowsOf<{ student_id: number; id: number; firstname: string; lastname: string }>(
        db,
        sql`
        select x.student_id, g.id, g.firstname, g.lastname from (
          select student_id, guardian_id from student_guardians where student_id in (${list})
          union
          select student_id, guardian_id from pickup_authorizations where student_id in (${list})
        ) x join guardians g on g.id = x.guardian_id
        order by g.lastname, g.firstname, g.id`,
      );
      return rows.map((row) => ({ ...row, student_id: Number(row.student_id), id: Number(row.id) }));
    },

    async setVerified(
      actor: TActor,
      requestId: number,
      v: {
        guardianId: number;
        station: string;
        verification: string | null;
        screeningId: string | null;
        by: number;
        at: Date;
      },
      children: { studentId: number; allowed: boolean; message: string | null }[],
    ) {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx
          .update(reunificationRequests)
          .set({
            guardianId: v.guardianId,
            station: v.station,
            verification: v.verification,
            screeningId: v.screeningId,
            verifiedBy: v.by,
            verifiedAt: v.at,
            status: 'verified',
          })
          .where(and(eq(reunificationRequests.id, requestId), requestScope(actor)));
        for (const c of children)
          await tx
            .update(reunificationChildren)
            .set(
              c.allowed
                ? { status: 'offered', refusal: null, station: v.station }
                : { status: 'refused', refusal: c.message, station: v.station },
            )
            .where(
              and(
                eq(reunificationChildren.requestId, requestId),
                eq(reunificationChildren.studentId, c.studentId),
                inArray(reunificationChildren.status, ['requested', 'offered', 'refused']),
                childScope(actor),
              ),
            );
      });
    },

    /** Where a runner finds the child: the roster group and the latest mark (issue 27 §3). */
    async rosterLocation(stateId: number | null, buildingId: number, studentId: number) {
      if (stateId === null) {
        const [s] = await db.select({ grade: students.grade }).from(students).where(eq(students.id, studentId));
        return s?.grade ? `Grade ${s.grade}` : '';
      }
      const [e] = await db
        .select({
          group: emergencyRosterEntries.groupLabel,
          status: emergencyRosterEntries.markStatus,
          markedBy: users.name,
        })
        .from(emergencyRosterEntries)
        .leftJoin(users, eq(users.id, emergencyRosterEntries.markedBy))
        .where(
          and(
            eq(emergencyRosterEntries.stateId, stateId),
            eq(emergencyRosterEntries.buildingId, buildingId),
            eq(emergencyRosterEntries.studentId, studentId),
          ),
        );
      if (!e) return '';
      const mark =
        e.status === 'accounted'
          ? `accounted${e.markedBy ? ` by ${e.markedBy}` : ''}`
          : e.status === 'missing'
            ? 'MISSING'
            : e.status === 'needs_help'
              ? 'needs help'
              : 'not marked yet';
      // a student's roster group is their grade (ADR 0042)
      const group = e.group === ROSTER_UNASSIGNED_GROUP ? e.group : `Grade ${e.group}`;
      return `${group} · ${mark}`;
    },

    /** Moves a child from one status to the next; false when it was not in `from` (another station moved it). */
    async step(
      actor: TActor,
      eventId: number,
      childId: number,
      from: string[],
      set: Partial<typeof reunificationChildren.$inferInsert>,
    ) {
      const rows = await db
        .update(reunificationChildren)
        .set(set)
        .where(
          and(
            eq(reunificationChildren.id, childId),
            eq(reunificationChildren.eventId, eventId),
            inArray(reunificationChildren.status, from),
            childScope(actor),
          ),
        )
        .returning({ id: reunificationChildren.id });
      return rows.length > 0;
    },

    /**
     * Claims the release ('arrived' → 'releasing'): one statement, and the unique index on
     * (event, student) for 'releasing'/'released' lets one claim win when two stations or a
     * double submit race; the loser gets false.
     */
    async claimRelease(actor: TActor, eventId: number, childId: number, station: string) {
      try {
        const rows = await db
          .update(reunificationChildren)
          .set({ status: 'releasing', station })
          .where(
            and(
              eq(reunificationChildren.id, childId),
              eq(reunificationChildren.eventId, eventId),
              eq(reunificationChildren.status, 'arrived'),
              childScope(actor),
            ),
          )
          .returning({ id: reunificationChildren.id });
        return rows.length > 0;
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return false;
        throw err;
      }
    },

    /** The release is recorded: the child row, and the child leaves the state's roster (accounted, released). */
    async finishRelease(
      actor: TActor,
      e: { id: number; stateId: number | null; buildingId: number },
      c: { childId: number; studentId: number; pickupId: number; photoFileId: string; by: number; at: Date },
    ) {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx
          .update(reunificationChildren)
          .set({
            status: 'released',
            pickupEventId: c.pickupId,
            photoFileId: c.photoFileId,
            releasedAt: c.at,
            releasedBy: c.by,
          })
          .where(
            and(eq(reunificationChildren.id, c.childId), eq(reunificationChildren.eventId, e.id), childScope(actor)),
          );
        if (e.stateId !== null)
          await tx
            .update(emergencyRosterEntries)
            .set({ releasedAt: c.at, markStatus: 'accounted', markedBy: c.by, markedAt: c.at, pressedAt: c.at })
            .where(
              and(
                eq(emergencyRosterEntries.stateId, e.stateId),
                eq(emergencyRosterEntries.buildingId, e.buildingId),
                eq(emergencyRosterEntries.studentId, c.studentId),
              ),
            );
      });
    },

    async undoClaim(actor: TActor, eventId: number, childId: number) {
      await db
        .update(reunificationChildren)
        .set({ status: 'arrived' })
        .where(
          and(
            eq(reunificationChildren.id, childId),
            eq(reunificationChildren.eventId, eventId),
            eq(reunificationChildren.status, 'releasing'),
            childScope(actor),
          ),
        );
    },

    /**
     * Live counts per event (issue 27 §3): reunified, waiting (sent/arrived), requests open, and the
     * children still expected (the state's roster at the building, else the building's enrolled
     * students) not released whom no verified adult may take.
     */
    async counts(eventIds: number[]): Promise<Map<number, TReunificationCounts>> {
      const out = new Map<number, TReunificationCounts>();
      if (eventIds.length === 0) return out;
      const list = sql.join(
        eventIds.map((i) => sql`${i}`),
        sql`, `,
      );
      const rows = await rowsOf<{
        id: number;
        reunified: string;
        waiting: string;
        requests_open: string;
        no_eligible: string;
      }>(
        db,
        sql`
        select e.id,
          (select count(*) from reunification_children c where c.event_id = e.id and c.status = 'released') as reunified,
          (select count(*) from reunification_children c where c.event_id = e.id and c.status in ('sent', 'arrived', 'releasing')) as waiting,
          (select count(*) from reunification_requests q where q.event_id = e.id and exists (
             select 1 from reunification_children c where c.request_id = q.id and c.status in ('requested', 'offered', 'sent', 'arrived', 'releasing'))) as requests_open,
          (case when e.state_id is not null then
             (select count(*) from emergency_roster_entries r where r.state_id = e.state_id and r.building_id = e.building_id
                and r.person_kind = 'student' and r.released_at is null
                and not exists (select 1 from reunification_children c where c.event_id = e.id and c.student_id = r.student_id
                  and c.status in ('offered', 'sent', 'arrived', 'releasing', 'released')))
           else
             (select count(*) from students s where s.building_id = e.building_id and s.active
                and not exists (select 1 from reunification_children c where c.event_id = e.id and c.student_id = s.id
                  and c.status in ('offered', 'sent', 'arrived', 'releasing', 'released')))
           end) as no_eligible
        from reunification_events e where e.id in (${list})`,
      );
      for (const row of rows)
        out.set(Number(row.id), {
          reunified: Number(row.reunified),
          waiting: Number(row.waiting),
          requestsOpen: Number(row.requests_open),
          noEligibleAdult: Number(row.no_eligible),
        });
      return out;
    },

    /** The after-action report's rows: every child of the event with its request and who released it. */
    async reportRows(actor: TActor, eventId: number) {
      const r = await db
        .select({
          childId: reunificationChildren.id,
          requestId: reunificationChildren.requestId,
          studentName: sql<string>`coalesce(nullif(trim(${students.firstname} || ' ' || ${students.lastname}), ''), ${reunificationChildren.typedName})`,
          identifier: sql<string>`coalesce(${students.identifier}, '')`,
          adultName: sql<string>`trim(${reunificationRequests.adultFirst} || ' ' || ${reunificationRequests.adultLast})`,
          source: reunificationRequests.source,
          verification: reunificationRequests.verification,
          requestedAt: reunificationRequests.createdAt,
          verifiedAt: reunificationRequests.verifiedAt,
          status: reunificationChildren.status,
          refusal: reunificationChildren.refusal,
          station: reunificationChildren.station,
          sentAt: reunificationChildren.sentAt,
          arrivedAt: reunificationChildren.arrivedAt,
          releasedAt: reunificationChildren.releasedAt,
          releasedBy: users.name,
          pickupId: reunificationChildren.pickupEventId,
        })
        .from(reunificationChildren)
        .innerJoin(reunificationRequests, eq(reunificationRequests.id, reunificationChildren.requestId))
        .leftJoin(students, eq(students.id, reunificationChildren.studentId))
        .leftJoin(users, eq(users.id, reunificationChildren.releasedBy))
        .where(and(eq(reunificationChildren.eventId, eventId), childScope(actor)))
        .orderBy(asc(reunificationChildren.id));
      return r;
    },
  };
}
export type ReunificationRepository = ReturnType<typeof createReunificationRepository>;
