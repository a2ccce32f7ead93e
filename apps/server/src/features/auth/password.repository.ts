import type { TActor } from '@sv/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { authThrottle, passwordTokens, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';

export type PasswordPurpose = 'activation' | 'reset';

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  active: users.active,
  roleId: users.roleId,
  clientId: users.clientId,
  buildingId: users.buildingId,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
};

export function createPasswordRepository(db: Db) {
  return {
    /** Public "forgot password": looked up by e-mail only, no actor (the caller is not signed in). */
    async findUserByEmail(email: string) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The users screen's target, within the actor's client (admins: any). Building scope does
     * not apply: client administrators manage every user of their client (spec 000 §6).
     */
    async findUserInScope(actor: TActor, userId: number) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.id, userId), clientFilter(actor, users.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async countTokensSince(userId: number, since: Date) {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(passwordTokens)
        .where(and(eq(passwordTokens.userId, userId), gt(passwordTokens.createdAt, since)));
      return rows[0]?.n ?? 0;
    },

    async insertToken(input: {
      userId: number;
      tokenHash: string;
      purpose: PasswordPurpose;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(passwordTokens).values(input);
    },

    async findToken(tokenHash: string) {
      const rows = await db
        .select({
          id: passwordTokens.id,
          userId: passwordTokens.userId,
          purpose: passwordTokens.purpose,
          expiresAt: passwordTokens.expiresAt,
          usedAt: passwordTokens.usedAt,
          email: users.email,
          active: users.active,
          clientId: users.clientId,
          buildingId: users.buildingId,
        })
        .from(passwordTokens)
        .innerJoin(users, eq(users.id, passwordTokens.userId))
        .where(eq(passwordTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Consumes the token and sets the password in one transaction. The conditional update makes
     * the token single-use even under concurrent requests; every other outstanding link of the
     * user is spent too (a new password makes older links meaningless).
     */
    async consumeTokenAndSetPassword(tokenId: number, userId: number, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.id, tokenId), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
          .returning({ id: passwordTokens.id });
        if (used.length === 0) return false;
        await tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        return true;
      });
    },

    /**
     * Counts password e-mail requests from one address in a rolling hour (stored in the
     * sign-in throttle table under its own key prefix). Returns the count including this one.
     */
    async countAddressRequest(ip: string, now: Date) {
      const key = `pwmail:${ip}`;
      const hourAgo = sql`${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz`;
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await db
        .insert(authThrottle)
        .values({ key, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${authThrottle.lastFailureAt} < ${hourAgo} then 1 else ${authThrottle.failures} + 1 end`,
            lastFailureAt: sql`case when ${authThrottle.lastFailureAt} < ${hourAgo} then ${at} else ${authThrottle.lastFailureAt} end`,
          },
        })
        .returning({ failures: authThrottle.failures });
      return rows[0]?.failures ?? 1;
    },
  };
}
export type PasswordRepository = ReturnType<typeof createPasswordRepository>;
