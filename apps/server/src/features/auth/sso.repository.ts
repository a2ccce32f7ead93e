import { ROLE, type TActor } from '@sv/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import {
  buildings,
  clients,
  districtDomains,
  districtSso,
  oidcStates,
  ssoLinks,
  ssoPending,
  users,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

export type SsoConfigRow = typeof districtSso.$inferSelect;

const userColumns = {
  id: users.id,
  active: users.active,
  roleId: users.roleId,
  clientId: users.clientId,
  buildingId: users.buildingId,
  homepage: users.homepage,
};

/**
 * District sign-in storage (issue 30, ADR 0052). Administration reads and writes take the actor
 * and apply its district scope; the sign-in itself has no actor yet, and every lookup of a user is
 * bound to the district whose provider answered (a provider never reaches another district).
 */
export function createSsoRepository(db: Db) {
  return {
    /** the district, when it is in the actor's scope */
    async district(actor: TActor, clientId: number) {
      const rows = await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)));
      return rows[0] ?? null;
    },

    async config(clientId: number): Promise<SsoConfigRow | null> {
      const rows = await db.select().from(districtSso).where(eq(districtSso.clientId, clientId));
      return rows[0] ?? null;
    },

    /** Saves the configuration; an existing row only at the version the administrator loaded. */
    async saveConfig(
      actor: TActor,
      clientId: number,
      values: Omit<typeof districtSso.$inferInsert, 'clientId' | 'version'>,
      version: number | null,
      now: Date,
    ) {
      if (version === null) {
        const rows = await db
          .insert(districtSso)
          .values({ ...values, clientId, updatedAt: now })
          .onConflictDoNothing()
          .returning({ clientId: districtSso.clientId });
        return rows.length === 1;
      }
      const rows = await db
        .update(districtSso)
        .set({ ...values, updatedAt: now })
        .where(
          and(
            eq(districtSso.clientId, clientId),
            clientFilter(actor, districtSso.clientId),
            eq(districtSso.version, version),
          ),
        )
        .returning({ clientId: districtSso.clientId });
      return rows.length === 1;
    },

    async slugTaken(slug: string, clientId: number) {
      const rows = await db
        .select({ id: districtSso.clientId })
        .from(districtSso)
        .where(and(eq(sql`lower(${districtSso.slug})`, slug), sql`${districtSso.clientId} <> ${clientId}`));
      return rows.length > 0;
    },

    async domains(clientId: number) {
      return db
        .select()
        .from(districtDomains)
        .where(eq(districtDomains.clientId, clientId))
        .orderBy(asc(districtDomains.domain));
    },

    /** The claimed domains become `domains`: removed ones go, new ones wait for verification. */
    async setDomains(actor: TActor, clientId: number, domains: string[]) {
      const scope = and(eq(districtDomains.clientId, clientId), clientFilter(actor, districtDomains.clientId));
      await db
        .delete(districtDomains)
        .where(domains.length ? and(scope, notInArray(sql`lower(${districtDomains.domain})`, domains)) : scope);
      if (domains.length) {
        await db
          .insert(districtDomains)
          .values(domains.map((domain) => ({ clientId, domain })))
          .onConflictDoNothing();
      }
    },

    /** The platform administrator verifies a claim (one district per verified domain: unique index). */
    async verifyDomain(actor: TActor, id: number, by: number, now: Date) {
      const rows = await db
        .update(districtDomains)
        .set({ verifiedAt: now, verifiedBy: by })
        .where(
          and(
            eq(districtDomains.id, id),
            isNull(districtDomains.verifiedAt),
            clientFilter(actor, districtDomains.clientId),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    async domainById(actor: TActor, id: number) {
      const rows = await db
        .select()
        .from(districtDomains)
        .where(and(eq(districtDomains.id, id), clientFilter(actor, districtDomains.clientId)));
      return rows[0] ?? null;
    },

    async verifiedDomainOwner(domain: string) {
      const rows = await db
        .select({ clientId: districtDomains.clientId })
        .from(districtDomains)
        .where(and(eq(sql`lower(${districtDomains.domain})`, domain), isNotNull(districtDomains.verifiedAt)));
      return rows[0]?.clientId ?? null;
    },

    async administrators(clientId: number) {
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.clientId, clientId), eq(users.roleId, ROLE.ClientAdmin), eq(users.active, true)))
        .orderBy(asc(users.name));
    },

    async buildings(clientId: number) {
      return db
        .select({ id: buildings.id, name: buildings.name })
        .from(buildings)
        .where(eq(buildings.clientId, clientId))
        .orderBy(asc(buildings.name));
    },

    /** The district a sign-in link names, by its slug or id; with its name. */
    async findDistrict(key: string) {
      const byId = /^\d{1,9}$/.test(key) ? Number(key) : null;
      const rows = await db
        .select({ config: districtSso, name: clients.name })
        .from(districtSso)
        .innerJoin(clients, eq(clients.id, districtSso.clientId))
        .where(
          and(
            eq(clients.active, true),
            byId === null
              ? eq(sql`lower(${districtSso.slug})`, key.toLowerCase())
              : or(eq(districtSso.clientId, byId), eq(sql`lower(${districtSso.slug})`, key.toLowerCase())),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** The district whose verified domain this is and whose provider is switched on. */
    async findDistrictByDomain(domain: string) {
      const rows = await db
        .select({ config: districtSso, name: clients.name })
        .from(districtDomains)
        .innerJoin(districtSso, eq(districtSso.clientId, districtDomains.clientId))
        .innerJoin(clients, eq(clients.id, districtSso.clientId))
        .where(
          and(
            eq(sql`lower(${districtDomains.domain})`, domain),
            isNotNull(districtDomains.verifiedAt),
            eq(districtSso.enabled, true),
            eq(clients.active, true),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Pending sign-ins older than the cutoff are abandoned (the platform's and the districts'). */
    async purgeStates(olderThan: Date) {
      await db.delete(oidcStates).where(lt(oidcStates.createdAt, olderThan));
    },

    async saveState(row: typeof oidcStates.$inferInsert) {
      await db.insert(oidcStates).values(row);
    },

    /** Reads and deletes a pending sign-in: one callback per state. */
    async takeState(state: string) {
      const rows = await db.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
      return rows[0] ?? null;
    },

    /** The user a provider account is linked to, in that district only. */
    async findLinked(clientId: number, issuer: string, subject: string) {
      const rows = await db
        .select(userColumns)
        .from(ssoLinks)
        .innerJoin(users, eq(users.id, ssoLinks.userId))
        .where(
          and(
            eq(ssoLinks.clientId, clientId),
            eq(ssoLinks.issuer, issuer),
            eq(ssoLinks.subject, subject),
            eq(users.clientId, clientId),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Linking candidate: an active user of this district with that e-mail, not yet linked in it. */
    async findLinkCandidate(clientId: number, email: string) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
            eq(users.clientId, clientId),
            eq(users.active, true),
            inArray(users.roleId, [ROLE.ClientAdmin, ROLE.Attendant]),
            sql`not exists (select 1 from ${ssoLinks} where ${ssoLinks.userId} = ${users.id} and ${ssoLinks.clientId} = ${clientId})`,
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async link(clientId: number, issuer: string, subject: string, userId: number) {
      const rows = await db
        .insert(ssoLinks)
        .values({ clientId, issuer, subject, userId })
        .onConflictDoNothing()
        .returning({ userId: ssoLinks.userId });
      return rows.length === 1;
    },

    /** A user created by a first sign-in (provisioning 'create') or an approval; null when the e-mail is taken. */
    async createUser(input: {
      clientId: number;
      email: string;
      name: string;
      roleId: number;
      buildingId: number | null;
    }) {
      const rows = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          name: input.name || input.email,
          roleId: input.roleId,
          clientId: input.clientId,
          buildingId: input.roleId === ROLE.ClientAdmin ? null : input.buildingId,
          passwordHash: null,
        })
        .onConflictDoNothing()
        .returning(userColumns);
      return rows[0] ?? null;
    },

    async addPending(input: { clientId: number; issuer: string; subject: string; email: string; name: string }) {
      await db
        .insert(ssoPending)
        .values(input)
        .onConflictDoUpdate({
          target: [ssoPending.clientId, ssoPending.issuer, ssoPending.subject],
          set: { email: input.email, name: input.name },
          setWhere: eq(ssoPending.status, 'pending'),
        });
    },

    async pending(actor: TActor, clientId: number) {
      return db
        .select()
        .from(ssoPending)
        .where(
          and(
            eq(ssoPending.clientId, clientId),
            eq(ssoPending.status, 'pending'),
            clientFilter(actor, ssoPending.clientId),
          ),
        )
        .orderBy(asc(ssoPending.createdAt));
    },

    async pendingCount(clientId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(ssoPending)
        .where(and(eq(ssoPending.clientId, clientId), eq(ssoPending.status, 'pending')));
      return Number(row?.n ?? 0);
    },

    /** Decides a pending sign-in once (a second decision finds nothing). */
    async decidePending(actor: TActor, id: number, status: 'approved' | 'rejected', by: number, now: Date) {
      const rows = await db
        .update(ssoPending)
        .set({ status, decidedBy: by, decidedAt: now })
        .where(and(eq(ssoPending.id, id), eq(ssoPending.status, 'pending'), clientFilter(actor, ssoPending.clientId)))
        .returning();
      return rows[0] ?? null;
    },

    /** Records a successful test sign-in, only if the configuration is still the one tested. */
    async markTested(clientId: number, version: number, email: string | null, now: Date) {
      const rows = await db
        .update(districtSso)
        .set({ testedAt: now, testedEmail: email })
        .where(and(eq(districtSso.clientId, clientId), eq(districtSso.version, version)))
        .returning({ clientId: districtSso.clientId });
      return rows.length === 1;
    },

    async setScimToken(actor: TActor, clientId: number, hash: string, now: Date) {
      await db
        .insert(districtSso)
        .values({ clientId, scimTokenHash: hash, scimTokenCreatedAt: now })
        .onConflictDoUpdate({
          target: districtSso.clientId,
          set: { scimTokenHash: hash, scimTokenCreatedAt: now },
          setWhere: clientFilter(actor, districtSso.clientId),
        });
    },
  };
}
export type SsoRepository = ReturnType<typeof createSsoRepository>;
