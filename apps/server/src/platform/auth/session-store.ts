import { CONSTANTS, type TActor, type TRoleId } from '@sv/contracts';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index';
import type { Db } from '../db/database';
import { newToken, sha256 } from './tokens';

export interface SessionRecord {
  id: string;
  userId: number;
  csrfToken: string;
  signedInWith: 'password' | 'microsoft';
  impersonatorId: number | null;
  impersonationStartedAt: Date | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  user: { roleId: TRoleId; clientId: number | null; buildingId: number | null; active: boolean };
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/**
 * Server-side sessions (security guide). The browser holds only a random token; the row is
 * keyed by its SHA-256 so a database leak does not leak live sessions.
 */
export function createSessionStore(db: Db, policy: SessionPolicy) {
  return {
    async create(input: {
      userId: number;
      signedInWith: 'password' | 'microsoft';
      ip: string;
      userAgent: string;
      impersonatorId?: number | null;
      now?: Date;
      /** keep the absolute lifetime of the sign-in this session replaces (rotation) */
      expiresAt?: Date;
    }) {
      const token = newToken();
      const now = input.now ?? new Date();
      const csrfToken = newToken();
      await db.insert(sessions).values({
        id: sha256(token),
        userId: input.userId,
        csrfToken,
        signedInWith: input.signedInWith,
        impersonatorId: input.impersonatorId ?? null,
        impersonationStartedAt: input.impersonatorId ? now : null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: input.expiresAt ?? new Date(now.getTime() + policy.absoluteHours * 3600_000),
        ip: input.ip.slice(0, 64),
        userAgent: input.userAgent.slice(0, 256),
      });
      return { token, csrfToken };
    },

    /** Returns the live session for a cookie token, or null when unknown, idle-expired or past its lifetime. */
    async find(token: string, now = new Date()): Promise<SessionRecord | null> {
      const id = sha256(token);
      const rows = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          csrfToken: sessions.csrfToken,
          signedInWith: sessions.signedInWith,
          impersonatorId: sessions.impersonatorId,
          impersonationStartedAt: sessions.impersonationStartedAt,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          roleId: users.roleId,
          clientId: users.clientId,
          buildingId: users.buildingId,
          active: users.active,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const idleLimit = row.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
      if (now.getTime() > idleLimit || now > row.expiresAt || !row.active) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      return {
        id: row.id,
        userId: row.userId,
        csrfToken: row.csrfToken,
        signedInWith: row.signedInWith as 'password' | 'microsoft',
        impersonatorId: row.impersonatorId,
        impersonationStartedAt: row.impersonationStartedAt,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
        user: { roleId: row.roleId as TRoleId, clientId: row.clientId, buildingId: row.buildingId, active: row.active },
      };
    },

    /** Records activity; writes at most once a minute per session. */
    async touch(session: SessionRecord, now = new Date()) {
      if (now.getTime() - session.lastSeenAt.getTime() < 60_000) return;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    },

    /**
     * A new session id for a change of identity (security guide: new session id on
     * impersonation start and end). The old row is deleted, so its cookie stops working; the
     * sign-in method and the absolute lifetime of the original sign-in carry over.
     */
    async rotate(
      old: SessionRecord,
      next: { userId: number; impersonatorId: number | null; ip: string; userAgent: string; now: Date },
    ) {
      await this.destroy(old.id);
      return this.create({
        userId: next.userId,
        impersonatorId: next.impersonatorId,
        signedInWith: old.signedInWith,
        ip: next.ip,
        userAgent: next.userAgent,
        now: next.now,
        expiresAt: old.expiresAt,
      });
    },

    async destroy(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Deactivation and password changes end every session of the user (security guide). */
    async destroyAllForUser(userId: number) {
      await db.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)));
    },

    async purgeExpired(now = new Date()) {
      const idleCutoff = new Date(now.getTime() - policy.idleMinutes * 60_000);
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
    },

    /** Sessions currently impersonating; used by tests and the audit screen. */
    async countImpersonating(userId: number) {
      const r = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(and(eq(sessions.impersonatorId, userId)));
      return r[0]?.n ?? 0;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

/** Impersonation lasts at most CONSTANTS.impersonationMaxMinutes (issue 2 §6). */
export function impersonationExpired(session: SessionRecord, now: Date): boolean {
  if (!session.impersonatorId) return false;
  const started = session.impersonationStartedAt ?? session.createdAt;
  return now.getTime() - started.getTime() >= CONSTANTS.impersonationMaxMinutes * 60_000;
}

export function actorOf(session: SessionRecord): TActor {
  return {
    userId: session.userId,
    roleId: session.user.roleId,
    clientId: session.user.clientId,
    buildingId: session.user.buildingId,
    impersonatorId: session.impersonatorId,
  };
}
