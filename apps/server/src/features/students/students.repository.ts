import type { TActor } from '@sv/contracts';
import { canonicalName } from '@sv/domain';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  buildings,
  clients,
  dropoffEvents,
  guardians,
  pickupAuthorizations,
  pickupEvents,
  preRegistrations,
  releaseVerifications,
  sisSyncState,
  sisWritebacks,
  studentGuardians,
  studentReasons,
  students,
  users,
  visitors,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { likeEscape } from '../../platform/db/paging';
import { buildingFilter, clientFilter, scopeOf } from '../../platform/db/scope';
import { atVersion } from '../../platform/db/versions';
import { searchNameOf } from '../visitors';
import { studentSearchName } from './roster-sync.repository';
import { withNameKeys } from '../../platform/db/identity-keys';

const studentColumns = {
  id: students.id,
  clientId: students.clientId,
  buildingId: students.buildingId,
  sourcedId: students.sourcedId,
  identifier: students.identifier,
  firstname: students.firstname,
  lastname: students.lastname,
  active: students.active,
  buildingName: buildings.name,
  timeZone: buildings.timeZone,
  studentIdLabel: buildings.studentIdLabel,
};

/** Students are building-owned: attendants see their building's, client admins their district's. */
const studentScope = (actor: TActor) =>
  buildingFilter(actor, { clientId: students.clientId, buildingId: students.buildingId });

export function createStudentsRepository(db: Db) {
  return {
    /** A building of the actor's scope (attendants: their own), with what the desk needs. */
    async building(actor: TActor, buildingId: number) {
      const s = scopeOf(actor);
      const rows = await db
        .select({
          id: buildings.id,
          clientId: buildings.clientId,
          name: buildings.name,
          timeZone: buildings.timeZone,
          studentIdLabel: buildings.studentIdLabel,
          requireKioskStudentPhotoCheckOut: buildings.requireKioskStudentPhotoCheckOut,
        })
        .from(buildings)
        .where(
          and(
            eq(buildings.id, buildingId),
            clientFilter(actor, buildings.clientId),
            s.buildingId === null ? undefined : eq(buildings.id, s.buildingId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async student(actor: TActor, id: number) {
      const rows = await db
        .select(studentColumns)
        .from(students)
        .leftJoin(buildings, eq(buildings.id, students.buildingId))
        .where(and(eq(students.id, id), studentScope(actor)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Desk lookup (spec 002 §2): an exact student ID (typed or scanned from the card), or a name:
     * last-name prefix, "first last" prefix, or a trigram-similar name. At most 20, exact IDs first.
     */
    async search(actor: TActor, f: { clientId?: number; buildingId?: number; text: string }) {
      const text = f.text.trim();
      const name = studentSearchName(text, '');
      const prefix = `${likeEscape(name)}%`;
      const where = and(
        studentScope(actor),
        f.clientId !== undefined ? eq(students.clientId, f.clientId) : undefined,
        f.buildingId !== undefined ? eq(students.buildingId, f.buildingId) : undefined,
        or(
          eq(students.identifier, text),
          sql`lower(${students.lastname}) LIKE ${prefix}`,
          sql`${students.searchName} LIKE ${prefix}`,
          sql`${students.searchName} % ${name}`,
        ),
      );
      return db
        .select({
          id: students.id,
          clientId: students.clientId,
          firstname: students.firstname,
          lastname: students.lastname,
          identifier: students.identifier,
          buildingId: students.buildingId,
          buildingName: buildings.name,
          active: students.active,
        })
        .from(students)
        .leftJoin(buildings, eq(buildings.id, students.buildingId))
        .where(where)
        .orderBy(
          desc(sql`${students.identifier} = ${text}`),
          desc(students.active),
          asc(sql`lower(${students.lastname})`),
          asc(sql`lower(${students.firstname})`),
          asc(students.id),
        )
        .limit(20);
    },

    /** The student's people: SIS guardians (links) and anyone with a rule for this student. */
    async people(studentId: number) {
      const linked = db
        .select({ guardianId: studentGuardians.guardianId, sortOrder: studentGuardians.sortOrder })
        .from(studentGuardians)
        .where(eq(studentGuardians.studentId, studentId));
      const ruled = db
        .selectDistinct({ guardianId: pickupAuthorizations.guardianId, sortOrder: sql<number>`1000` })
        .from(pickupAuthorizations)
        .where(eq(pickupAuthorizations.studentId, studentId));
      const [a, b] = await Promise.all([linked, ruled]);
      const order = new Map<number, number>();
      for (const r of [...a, ...b]) if (!order.has(r.guardianId)) order.set(r.guardianId, r.sortOrder);
      if (order.size === 0) return [];
      const rows = await db
        .select({
          id: guardians.id,
          clientId: guardians.clientId,
          source: guardians.source,
          sourcedId: guardians.sourcedId,
          firstname: guardians.firstname,
          lastname: guardians.lastname,
          role: guardians.role,
          address: guardians.address,
          dob: guardians.dob,
          email: guardians.email,
          phone: guardians.phone,
          active: guardians.active,
          visitorId: guardians.visitorId,
        })
        .from(guardians)
        .where(inArray(guardians.id, [...order.keys()]));
      return rows
        .map((r) => ({ ...r, linked: a.some((l) => l.guardianId === r.id) }))
        .sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0) || x.id - y.id);
    },

    async rules(studentId: number) {
      return db
        .select()
        .from(pickupAuthorizations)
        .where(eq(pickupAuthorizations.studentId, studentId))
        .orderBy(asc(pickupAuthorizations.id));
    },

    async guardianOfClient(clientId: number, guardianId: number) {
      const rows = await db
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(eq(guardians.id, guardianId), eq(guardians.clientId, clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async addLocalPerson(clientId: number, p: { firstname: string; lastname: string; address: string }) {
      const [row] = await db
        .insert(guardians)
        .values({ clientId, source: 'local', firstname: p.firstname, lastname: p.lastname, address: p.address })
        .returning({ id: guardians.id });
      return row.id;
    },

    async addRule(row: typeof pickupAuthorizations.$inferInsert) {
      const [r] = await db.insert(pickupAuthorizations).values(row).returning();
      return r;
    },

    /** A rule of the student (ended or not), for the version check of an edit (issue 23 §4). */
    async findRule(studentId: number, ruleId: number) {
      const [row] = await db
        .select({ id: pickupAuthorizations.id, version: pickupAuthorizations.version })
        .from(pickupAuthorizations)
        .where(and(eq(pickupAuthorizations.id, ruleId), eq(pickupAuthorizations.studentId, studentId)))
        .limit(1);
      return row ?? null;
    },

    async revokeRule(studentId: number, ruleId: number, by: number, at: Date, version: number) {
      const rows = await db
        .update(pickupAuthorizations)
        .set({ revokedAt: at, revokedBy: by })
        .where(
          and(
            eq(pickupAuthorizations.id, ruleId),
            eq(pickupAuthorizations.studentId, studentId),
            isNull(pickupAuthorizations.revokedAt),
            atVersion(pickupAuthorizations.version, version),
          ),
        )
        .returning({ id: pickupAuthorizations.id });
      return rows[0] ?? null;
    },

    /**
     * The visitor record the guardian is screened as (exclusions and registry like any visitor;
     * issue 12 "Beyond the spec"): made once, on the first pickup, from the SIS name and birth date.
     */
    async guardianVisitor(
      g: {
        id: number;
        clientId: number;
        firstname: string;
        lastname: string;
        dob: string | null;
        visitorId: number | null;
      },
      buildingId: number,
    ) {
      if (g.visitorId) return g.visitorId;
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // one person behind every record (issue 22, ADR 0022): a guardian already on file as a
        // visitor (the same canonical names and date of birth) is screened as that record
        const onFile = g.dob
          ? await tx
              .select({ id: visitors.id })
              .from(visitors)
              .where(
                and(
                  eq(visitors.clientId, g.clientId),
                  eq(visitors.lastKey, canonicalName(g.lastname)),
                  eq(visitors.firstKey, canonicalName(g.firstname)),
                  eq(visitors.dob, g.dob),
                  isNull(visitors.mergedIntoId),
                ),
              )
              .orderBy(asc(visitors.id))
              .limit(1)
          : [];
        const [v] = onFile.length
          ? onFile
          : await tx
              .insert(visitors)
              .values(
                withNameKeys({
                  clientId: g.clientId,
                  buildingId,
                  firstname: g.firstname,
                  lastname: g.lastname,
                  dob: g.dob,
                  note: 'Student guardian',
                  searchName: searchNameOf({ firstname: g.firstname, lastname: g.lastname }),
                }),
              )
              .returning({ id: visitors.id });
        // a concurrent first pickup of the same person keeps the first link
        const [linked] = await tx
          .update(guardians)
          .set({ visitorId: v.id })
          .where(and(eq(guardians.id, g.id), isNull(guardians.visitorId)))
          .returning({ visitorId: guardians.visitorId });
        if (linked) return v.id;
        const [again] = await tx
          .select({ visitorId: guardians.visitorId })
          .from(guardians)
          .where(eq(guardians.id, g.id));
        return again.visitorId ?? v.id;
      });
    },

    /** The identity on the guardian's visitor record (issue 22: what a release is checked against). */
    async visitorIdentity(visitorId: number | null) {
      if (!visitorId) return null;
      const rows = await db
        .select({
          dob: visitors.dob,
          licenseNumber: visitors.currentDriversLicenseNumber,
          licenseState: visitors.licenseState,
        })
        .from(visitors)
        .where(eq(visitors.id, visitorId))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * After the desk checked the adult's ID (issue 22): the date of birth and licence are kept on
     * their visitor record where it had none, so the next release has an identity on file. Never
     * overwrites what is there (a disagreement refused the release before this runs).
     */
    async fillVisitorIdentity(
      tx: Db,
      visitorId: number,
      id: { dob: string; licenseNumber: string; licenseState: string },
    ) {
      await tx
        .update(visitors)
        .set({
          dob: sql`coalesce(${visitors.dob}, ${id.dob}::date)`,
          currentDriversLicenseNumber: sql`case when ${visitors.currentDriversLicenseNumber} = '' then ${id.licenseNumber} else ${visitors.currentDriversLicenseNumber} end`,
          licenseState: sql`case when ${visitors.currentDriversLicenseNumber} = '' then ${id.licenseState} else ${visitors.licenseState} end`,
        })
        .where(eq(visitors.id, visitorId));
    },

    /**
     * A refusal card still waiting for the desk, for the same attempt (student, adult, reason and
     * path: `issues.pickup.key`) made since `since` (issue 22 "Floods": one card per person and reason
     * within the screening window).
     */
    async openRefusalCard(buildingId: number, key: string, since: Date) {
      const rows = await db
        .select({ id: preRegistrations.id })
        .from(preRegistrations)
        .where(
          and(
            eq(preRegistrations.buildingId, buildingId),
            eq(preRegistrations.status, 'pending'),
            sql`${preRegistrations.createdAt} >= ${since}`,
            sql`${preRegistrations.issues}->'pickup'->>'key' = ${key}`,
          ),
        )
        .limit(1);
      return rows[0]?.id ?? null;
    },

    /** A refused or diverted pickup's card on the desk's dashboard ("needs a decision"; issue 22). */
    async insertCard(tx: Db, values: typeof preRegistrations.$inferInsert) {
      const [row] = await tx.insert(preRegistrations).values(values).returning({ id: preRegistrations.id });
      return row.id;
    },

    // ------------------------------------------------------------ one-time codes (issue 22)

    async insertChallenge(row: typeof releaseVerifications.$inferInsert) {
      const [r] = await db.insert(releaseVerifications).values(row).returning();
      return r;
    },

    async challenge(id: string, buildingId: number) {
      const rows = await db
        .select()
        .from(releaseVerifications)
        .where(and(eq(releaseVerifications.id, id), eq(releaseVerifications.buildingId, buildingId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Codes sent for this person since `since` (a kiosk cannot flood a guardian's phone). */
    async recentChallenges(guardianId: number, since: Date) {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(releaseVerifications)
        .where(
          and(eq(releaseVerifications.guardianId, guardianId), sql`${releaseVerifications.createdAt} >= ${since}`),
        );
      return r.n;
    },

    /**
     * Counts one attempt, atomically: two concurrent guesses cannot both be the fifth. Answers the
     * row after the count, or null when the code no longer takes attempts.
     */
    async countAttempt(id: string, max: number) {
      const rows = await db
        .update(releaseVerifications)
        .set({ attempts: sql`${releaseVerifications.attempts} + 1` })
        .where(
          and(
            eq(releaseVerifications.id, id),
            eq(releaseVerifications.state, 'pending'),
            lt(releaseVerifications.attempts, max),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** pending → verified | failed; verified → used (once). */
    async setChallengeState(id: string, from: string, to: 'verified' | 'failed' | 'used', at?: Date) {
      const rows = await db
        .update(releaseVerifications)
        .set({ state: to, ...(to === 'used' ? { usedAt: at ?? new Date() } : {}) })
        .where(and(eq(releaseVerifications.id, id), eq(releaseVerifications.state, from)))
        .returning({ id: releaseVerifications.id });
      return rows.length > 0;
    },

    async reason(clientId: number, reasonId: number, kind: 'pickup' | 'dropoff') {
      const rows = await db
        .select({ id: studentReasons.id, name: studentReasons.name, isExcused: studentReasons.isExcused })
        .from(studentReasons)
        .where(
          and(
            eq(studentReasons.id, reasonId),
            eq(studentReasons.clientId, clientId),
            eq(studentReasons.kind, kind),
            eq(studentReasons.active, true),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Whether the district has a SIS to write events back to (an http(s) address, not the local bundle). */
    async hasRemoteSis(clientId: number) {
      const rows = await db
        .select({ url: sql<string>`coalesce(${clients.settings}->>'sisBaseUrl', '')` })
        .from(clients)
        .where(eq(clients.id, clientId));
      return /^https?:\/\//.test(rows[0]?.url ?? '');
    },

    async insertPickup(tx: Db, row: typeof pickupEvents.$inferInsert) {
      const [r] = await tx.insert(pickupEvents).values(row).returning({ id: pickupEvents.id });
      return r.id;
    },

    async insertDropoff(tx: Db, row: typeof dropoffEvents.$inferInsert) {
      const [r] = await tx.insert(dropoffEvents).values(row).returning({ id: dropoffEvents.id });
      return r.id;
    },

    /** A drop-off of the actor's scope with what the tardy slip prints. */
    async dropoff(actor: TActor, eventId: number) {
      const rows = await db
        .select({
          id: dropoffEvents.id,
          studentName: dropoffEvents.studentName,
          identifier: students.identifier,
          reason: dropoffEvents.reason,
          isExcused: dropoffEvents.isExcused,
          at: dropoffEvents.droppedOffAt,
          buildingName: buildings.name,
          timeZone: buildings.timeZone,
          studentIdLabel: buildings.studentIdLabel,
          attendantName: users.name,
          clientId: dropoffEvents.clientId,
          buildingId: dropoffEvents.buildingId,
          printMethod: buildings.printMethod,
          printerIpAddress: buildings.printerIpAddress,
          visitorPrinterIpAddress: buildings.visitorPrinterIpAddress,
        })
        .from(dropoffEvents)
        .innerJoin(students, eq(students.id, dropoffEvents.studentId))
        .innerJoin(buildings, eq(buildings.id, dropoffEvents.buildingId))
        .leftJoin(users, eq(users.id, dropoffEvents.attendantId))
        .where(
          and(
            eq(dropoffEvents.id, eventId),
            buildingFilter(actor, { clientId: dropoffEvents.clientId, buildingId: dropoffEvents.buildingId }),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async syncStatus(clientId: number) {
      const [state] = await db.select().from(sisSyncState).where(eq(sisSyncState.clientId, clientId));
      const counts = await db
        .select({ status: sisWritebacks.status, n: sql<number>`count(*)::int` })
        .from(sisWritebacks)
        .where(eq(sisWritebacks.clientId, clientId))
        .groupBy(sisWritebacks.status);
      return { state: state ?? null, counts };
    },

    async clientExists(actor: TActor, clientId: number) {
      const rows = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type StudentsRepository = ReturnType<typeof createStudentsRepository>;
