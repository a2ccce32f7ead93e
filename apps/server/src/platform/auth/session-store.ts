import { CONSTANTS, ROLE, type TActor, type TRoleId } from '@sv/contracts';
import { and, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/named';
import { newToken, sha256 } from './tokens';

export interface SessionRecord {
  id: string;
  userId: number;
  csrfToken: string;
  signedInWith: 'password' | 'microsoft' | 'sso';
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
  /**
   * Kiosk accounts (issue 14: "the kiosk session does not idle out like staff sessions"): a lobby
   * tablet sits unused all night, so no idle limit; an absolute lifetime still ends it (security
   * guide), after which the kiosk shows its sign-in. Log-out, deactivation and an administrator's
   * "end kiosk sessions" end it at once. Default 30 days (KIOSK_SESSION_DAYS).
   */
  kioskAbsoluteHours?: number;
}

/** The idle limit does not apply to kiosk accounts (see SessionPolicy.kioskAbsoluteHours). */
const idleExempt = (roleId: number) => roleId === ROLE.Kiosk;

/**
 * Server-side sessions (security guide). The browser holds only a random token; the row is
 * keyed by its SHA-256 so a database leak does not leak live sessions.
 */
interface Watcher {
  sessionId: string;
  userId: number;
  impersonatorId: number | null;
  onEnd: () => void;
}

/** NOTIFY channel of ended sessions, so every instance ends their streams at once (issue 23 §8). */
export const SESSIONS_ENDED_CHANNEL = 'sv_sessions_ended';
type EndedNotice = { sessionId: string } | { userId: number };

export function createSessionStore(
  db: Db,
  policy: SessionPolicy,
  /** the database's LISTEN, so sessions ended by another instance end this one's streams too */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<unknown>,
) {
  const watchers = new Set<Watcher>();
  const ended = (match: (w: Watcher) => boolean) => {
    for (const w of [...watchers]) {
      if (!match(w)) continue;
      watchers.delete(w);
      w.onEnd();
    }
  };
  const endedBy = (notice: EndedNotice) =>
    'sessionId' in notice
      ? ended((w) => w.sessionId === notice.sessionId)
      : ended((w) => w.userId === notice.userId || w.impersonatorId === notice.userId);
  /** Ends the watchers here and tells the other instances (delivered to this one too: harmless). */
  const announce = async (notice: EndedNotice) => {
    endedBy(notice);
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(notice)})`).catch(() => {});
  };
  let listening: Promise<unknown> | null = null;
  const listenOnce = () => {
    if (!listen) return;
    listening ??= listen(SESSIONS_ENDED_CHANNEL, (payload) => {
      try {
        endedBy(JSON.parse(payload) as EndedNotice);
      } catch {
        // not ours
      }
    }).catch(() => {
      listening = null;
    });
  };

  // every request reads its session: built once, run with the id (issue 10 §9)
  const sessionById = preparedQuery(db, (d) =>
    d
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
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1),
  );

  return {
    async create(input: {
      userId: number;
      signedInWith: 'password' | 'microsoft' | 'sso';
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
      let lifetimeHours = policy.absoluteHours;
      if (!input.expiresAt && policy.kioskAbsoluteHours) {
        const [u] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, input.userId)).limit(1);
        if (u && idleExempt(u.roleId)) lifetimeHours = policy.kioskAbsoluteHours;
      }
      await db.insert(sessions).values({
        id: sha256(token),
        userId: input.userId,
        csrfToken,
        signedInWith: input.signedInWith,
        impersonatorId: input.impersonatorId ?? null,
        impersonationStartedAt: input.impersonatorId ? now : null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: input.expiresAt ?? new Date(now.getTime() + lifetimeHours * 3600_000),
        ip: input.ip.slice(0, 64),
        userAgent: input.userAgent.slice(0, 256),
      });
      return { token, csrfToken };
    },

    /** Returns the live session for a cookie token, or null when unknown, idle-expired or past its lifetime. */
    async find(token: string, now = new Date()): Promise<SessionRecord | null> {
      return this.findById(sha256(token), now);
    },

    /** The live session with this id (the token's hash), as `find`; long-lived streams re-check with it. */
    async findById(id: string, now = new Date()): Promise<SessionRecord | null> {
      const rows = await sessionById({ id });
      const row = rows[0];
      if (!row) return null;
      const idleLimit = row.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
      const idle = !idleExempt(row.roleId) && now.getTime() > idleLimit;
      if (idle || now > row.expiresAt || !row.active) {
        await db.delete(sessions).where(eq(sessions.id, id));
        ended((w) => w.sessionId === id);
        return null;
      }
      return {
        id: row.id,
        userId: row.userId,
        csrfToken: row.csrfToken,
        signedInWith: row.signedInWith as 'password' | 'microsoft' | 'sso',
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
      await announce({ sessionId });
    },

    /** Deactivation and password changes end every session of the user (security guide). */
    async destroyAllForUser(userId: number) {
      await db.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)));
      await announce({ userId });
    },

    /**
     * Calls `onEnd` once when this process ends the session (logout, rotation, deactivation,
     * password change, expiry noticed by `find`). Long-lived responses (the SSE stream) use it
     * to stop at once (issue 10 §5); sessions ended by another instance arrive by NOTIFY within a
     * second (issue 23 §8), and their periodic `findById` remains the backstop. Answers the
     * unsubscribe function.
     */
    watch(session: Pick<SessionRecord, 'id' | 'userId' | 'impersonatorId'>, onEnd: () => void) {
      listenOnce();
      const watcher: Watcher = {
        sessionId: session.id,
        userId: session.userId,
        impersonatorId: session.impersonatorId,
        onEnd,
      };
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },

    async purgeExpired(now = new Date()) {
      const idleCutoff = new Date(now.getTime() - policy.idleMinutes * 60_000);
      const kioskUsers = db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE.Kiosk));
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, now),
            and(lt(sessions.lastSeenAt, idleCutoff), notInArray(sessions.userId, kioskUsers)),
          ),
        );
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
