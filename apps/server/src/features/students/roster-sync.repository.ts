import { personNameError, ZMobile } from '@sv/contracts';
import { cleanPersonName } from '@sv/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  buildings,
  clients,
  guardians,
  sisSchools,
  sisSyncState,
  studentGuardians,
  students,
} from '../../db/schema/index';
import type { RosterUser } from '../../integrations/sis/index';
import { upsertRosterHosts } from '../hosts';
import type { Db } from '../../platform/db/database';

export type SyncState = typeof sisSyncState.$inferSelect;

/** lower("first last"), the students' lookup key (keep in sync with students.repository search). */
export const studentSearchName = (first: string, last: string) =>
  `${first} ${last}`.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Issue 22 (input hygiene at every entry point, the SIS roster feed included): a roster person's
 * names are stored cleaned (`cleanPersonName`: invisible characters removed, spaces collapsed). A
 * person whose name breaks the person-name rule (no letter, digits, symbols, a link, a line
 * break) is not stored or updated: the SIS is asked again next pass, and the run counts them
 * (`SyncResult.refused`), since nobody is at a form to be told.
 */
export function acceptRosterNames(users: RosterUser[]): { accepted: RosterUser[]; refused: number } {
  const accepted: RosterUser[] = [];
  for (const u of users) {
    const givenName = cleanPersonName(u.givenName);
    const familyName = cleanPersonName(u.familyName);
    if (personNameError(u.givenName) || personNameError(u.familyName) || givenName === '' || familyName === '')
      continue;
    accepted.push({ ...u, givenName, familyName });
  }
  return { accepted, refused: users.length - accepted.length };
}

const isoDate = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const modified = (v: string) => {
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t);
};

/**
 * The roster sync's writes (a system process: runs per district by the scheduled job or on an
 * administrator's request, which the service has scoped). Every page is applied in one
 * transaction together with the cursor, so a crash or a failed page never half-applies a page.
 */
export function createRosterSyncRepository(db: Db) {
  return {
    async state(clientId: number): Promise<SyncState> {
      await db.insert(sisSyncState).values({ clientId }).onConflictDoNothing();
      const [row] = await db.select().from(sisSyncState).where(eq(sisSyncState.clientId, clientId));
      return row;
    },

    async saveState(clientId: number, patch: Partial<SyncState>, tx: Db = db) {
      await tx.update(sisSyncState).set(patch).where(eq(sisSyncState.clientId, clientId));
    },

    /** Upserts the SIS schools and maps new ones to the district's building of the same name. */
    async saveSchools(clientId: number, schools: { sourcedId: string; name: string }[]) {
      if (schools.length === 0) return;
      await db
        .insert(sisSchools)
        .values(schools.map((s) => ({ clientId, sourcedId: s.sourcedId, name: s.name })))
        .onConflictDoUpdate({
          target: [sisSchools.clientId, sisSchools.sourcedId],
          set: { name: sql`excluded.name` },
        });
      await db
        .update(sisSchools)
        .set({
          buildingId: sql`(SELECT ${buildings.id} FROM ${buildings} WHERE ${buildings.clientId} = ${clientId}
            AND lower(trim(${buildings.name})) = lower(trim(${sisSchools.name})) ORDER BY ${buildings.id} LIMIT 1)`,
        })
        .where(and(eq(sisSchools.clientId, clientId), isNull(sisSchools.buildingId)));
    },

    /** Guardians of a page of OneRoster users, and their links to students already known. */
    /**
     * Staff of a page (OneRoster teachers, administrators, aides, proctors) as the district's hosts
     * (issue 28 §1), at their school's building; a name the person-name rule refuses is left out.
     */
    async applyStaff(tx: Db, clientId: number, page: RosterUser[]): Promise<{ hosts: number; refused: number }> {
      const { accepted, refused } = acceptRosterNames(page);
      if (accepted.length === 0) return { hosts: 0, refused };
      const schools = await tx
        .select({ sourcedId: sisSchools.sourcedId, buildingId: sisSchools.buildingId })
        .from(sisSchools)
        .where(eq(sisSchools.clientId, clientId));
      const schoolBuilding = new Map(schools.map((s) => [s.sourcedId, s.buildingId]));
      // the one mobile rule; a feed's number that is not a 10-digit mobile is left out
      const mobileOf = (phone: string) => {
        const m = ZMobile.safeParse(phone);
        return m.success ? m.data : '';
      };
      await upsertRosterHosts(
        tx,
        clientId,
        accepted.map((u) => {
          const school = u.orgSourcedIds.find((o) => schoolBuilding.has(o));
          return {
            sourcedId: u.sourcedId,
            name: `${u.givenName} ${u.familyName}`,
            email: /^[^\s@]+@[^\s@]+$/.test(u.email.trim()) ? u.email.trim().toLowerCase() : '',
            mobile: mobileOf(u.phone),
            buildingId: school ? (schoolBuilding.get(school) ?? null) : null,
            active: u.status === 'active',
          };
        }),
      );
      return { hosts: accepted.length, refused };
    },
    async applyGuardians(tx: Db, clientId: number, page: RosterUser[]): Promise<{ refused: number }> {
      const { accepted: users, refused } = acceptRosterNames(page);
      if (users.length === 0) return { refused };
      const rows = await tx
        .insert(guardians)
        .values(
          users.map((u) => ({
            clientId,
            source: 'sis',
            sourcedId: u.sourcedId,
            firstname: u.givenName,
            lastname: u.familyName,
            role: u.role,
            email: u.email,
            phone: u.phone,
            dob: isoDate(u.birthDate),
            active: u.status === 'active',
          })),
        )
        .onConflictDoUpdate({
          target: [guardians.clientId, guardians.sourcedId],
          targetWhere: sql`${guardians.sourcedId} IS NOT NULL`,
          set: {
            firstname: sql`excluded.firstname`,
            lastname: sql`excluded.lastname`,
            role: sql`excluded.role`,
            email: sql`excluded.email`,
            phone: sql`excluded.phone`,
            dob: sql`coalesce(excluded.dob, ${guardians.dob})`,
            active: sql`excluded.active`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: guardians.id, sourcedId: guardians.sourcedId });
      const idOf = new Map(rows.map((r) => [r.sourcedId, r.id]));
      const studentIds = [...new Set(users.flatMap((u) => u.agentSourcedIds))];
      if (studentIds.length === 0) return { refused };
      const known = await tx
        .select({ id: students.id, sourcedId: students.sourcedId })
        .from(students)
        .where(and(eq(students.clientId, clientId), inArray(students.sourcedId, studentIds)));
      const studentOf = new Map(known.map((s) => [s.sourcedId, s.id]));
      const links = users.flatMap((u) =>
        u.agentSourcedIds
          .map((sid) => ({ studentId: studentOf.get(sid), guardianId: idOf.get(u.sourcedId) }))
          .filter((l): l is { studentId: number; guardianId: number } => !!l.studentId && !!l.guardianId),
      );
      if (links.length > 0) await tx.insert(studentGuardians).values(links).onConflictDoNothing();
      return { refused };
    },

    /**
     * Students of a page, with their school's building and their SIS guardian links (replaced by
     * what the SIS says now; local people's authorisations are not links and stay).
     */
    async applyStudents(tx: Db, clientId: number, page: RosterUser[]): Promise<{ refused: number }> {
      const { accepted: users, refused } = acceptRosterNames(page);
      if (users.length === 0) return { refused };
      const schools = await tx
        .select({ sourcedId: sisSchools.sourcedId, buildingId: sisSchools.buildingId })
        .from(sisSchools)
        .where(eq(sisSchools.clientId, clientId));
      const schoolBuilding = new Map(schools.map((s) => [s.sourcedId, s.buildingId]));
      const rows = await tx
        .insert(students)
        .values(
          users.map((u) => {
            const school = u.orgSourcedIds.find((o) => schoolBuilding.has(o)) ?? '';
            return {
              clientId,
              buildingId: school ? (schoolBuilding.get(school) ?? null) : null,
              sourcedId: u.sourcedId,
              identifier: u.identifier,
              firstname: u.givenName,
              lastname: u.familyName,
              searchName: studentSearchName(u.givenName, u.familyName),
              schoolSourcedId: school,
              active: u.status === 'active',
              sisModifiedAt: modified(u.dateLastModified),
              // issue 27 §2: the accountability roster groups students by grade when the feed has one
              grade: u.grades?.[0]?.slice(0, 40) ?? null,
            };
          }),
        )
        .onConflictDoUpdate({
          target: [students.clientId, students.sourcedId],
          set: {
            buildingId: sql`excluded.building_id`,
            identifier: sql`excluded.identifier`,
            firstname: sql`excluded.firstname`,
            lastname: sql`excluded.lastname`,
            searchName: sql`excluded.search_name`,
            schoolSourcedId: sql`excluded.school_sourced_id`,
            active: sql`excluded.active`,
            sisModifiedAt: sql`excluded.sis_modified_at`,
            grade: sql`excluded.grade`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: students.id, sourcedId: students.sourcedId });
      const idOf = new Map(rows.map((r) => [r.sourcedId, r.id]));
      const agentIds = [...new Set(users.flatMap((u) => u.agentSourcedIds))];
      const known =
        agentIds.length === 0
          ? []
          : await tx
              .select({ id: guardians.id, sourcedId: guardians.sourcedId })
              .from(guardians)
              .where(and(eq(guardians.clientId, clientId), inArray(guardians.sourcedId, agentIds)));
      const guardianOf = new Map(known.map((g) => [g.sourcedId, g.id]));
      await tx.delete(studentGuardians).where(inArray(studentGuardians.studentId, [...idOf.values()]));
      const links = users.flatMap((u) =>
        u.agentSourcedIds
          .map((gid, i) => ({ studentId: idOf.get(u.sourcedId), guardianId: guardianOf.get(gid), sortOrder: i }))
          .filter(
            (l): l is { studentId: number; guardianId: number; sortOrder: number } => !!l.studentId && !!l.guardianId,
          ),
      );
      if (links.length > 0) await tx.insert(studentGuardians).values(links).onConflictDoNothing();
      return { refused };
    },

    async countStudents(clientId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(students)
        .where(and(eq(students.clientId, clientId), eq(students.active, true)));
      return row?.n ?? 0;
    },

    /** Districts the scheduled job syncs: those with a sync state already (an admin ran it once) or a SIS address. */
    async districtsToSync(): Promise<number[]> {
      const rows = await db
        .select({ id: clients.id })
        .from(clients)
        .where(
          and(
            eq(clients.active, true),
            sql`(coalesce(${clients.settings}->>'sisBaseUrl', '') <> ''
              OR EXISTS (SELECT 1 FROM ${sisSyncState} WHERE ${sisSyncState.clientId} = ${clients.id}))`,
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
export type RosterSyncRepository = ReturnType<typeof createRosterSyncRepository>;
