import { MESSAGES, ROLE, ROLE_NAMES, type TActor, type TRoleId } from '@sv/contracts';
import type { SessionRecord } from '../../platform/auth/session-store';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ClientInfo } from './auth.service';
import { createImpersonationRepository } from './impersonation.repository';
import { landingPage } from './microsoft.service';

/** The admin as an actor, for audit rows written on the admin's behalf. */
const adminActor = (adminId: number): TActor => ({
  userId: adminId,
  roleId: ROLE.Admin,
  clientId: null,
  buildingId: null,
  impersonatorId: null,
});

/**
 * Impersonation (spec 000 §2, §4; issue 2 §6; security guide). The state lives only in the
 * server session (impersonatorId, impersonationStartedAt), never in a cookie the browser could
 * edit; the session id is rotated at start and at end; it lasts at most 60 minutes.
 * Admins may act as client administrators and attendants only: never another admin, a
 * disabled user, or a kiosk account (a kiosk is a device, not a person; our choice, the spec
 * is silent).
 */
export function createImpersonationService(
  deps: AppDeps,
  { repo }: { repo: ReturnType<typeof createImpersonationRepository> },
) {
  /** Back to the admin in a new session; null when the admin can no longer sign in. */
  async function restoreAdmin(session: SessionRecord, client: ClientInfo, action: string) {
    const adminId = session.impersonatorId!;
    const admin = await repo.findImpersonator(adminId);
    const who = { actor: adminActor(adminId), requestId: client.requestId, ip: client.ip };
    const event = {
      targetType: 'user',
      targetId: session.userId,
      clientId: session.user.clientId,
      buildingId: session.user.buildingId,
    };
    if (!admin?.active || admin.roleId !== ROLE.Admin) {
      await deps.sessions.destroy(session.id);
      await deps.audit.record(who, { ...event, action, details: { restored: false } });
      return null;
    }
    const next = await deps.sessions.rotate(session, {
      userId: admin.id,
      impersonatorId: null,
      ip: client.ip,
      userAgent: client.userAgent,
      now: deps.now(),
    });
    await deps.audit.record(who, { ...event, action, details: { restored: true } });
    return { ...next, homepage: landingPage(admin) };
  }

  return {
    /** spec 000 §7 GET /api/users?list=impersonate&search=… (here a POST: no names in URLs). */
    async search(ctx: RequestCtx, text: string) {
      requirePermission(ctx.actor, 'impersonation.start');
      const rows = await repo.search(ctx.actor, text);
      return {
        results: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          roleName: ROLE_NAMES[r.roleId as TRoleId] ?? 'Unknown',
          clientName: r.clientName,
          buildingName: r.buildingName,
        })),
      };
    },

    /** spec 000 §7 PUT /api/logins/{id}: act as the person; answers their homepage. */
    async start(ctx: RequestCtx, session: SessionRecord, userId: number, client: ClientInfo) {
      requirePermission(ctx.actor, 'impersonation.start');
      const target = await repo.findUser(ctx.actor, userId);
      if (!target) throw notFound('User not found.');
      if (
        target.id === ctx.actor.userId ||
        target.roleId === ROLE.Admin ||
        target.roleId === ROLE.Kiosk ||
        !target.active
      ) {
        throw badRequest(MESSAGES.impersonationNotAllowed);
      }
      const next = await deps.sessions.rotate(session, {
        userId: target.id,
        impersonatorId: ctx.actor.userId,
        ip: client.ip,
        userAgent: client.userAgent,
        now: deps.now(),
      });
      await deps.audit.record(ctx, {
        action: 'impersonation.start',
        targetType: 'user',
        targetId: target.id,
        clientId: target.clientId,
        buildingId: target.buildingId,
      });
      return { ...next, homepage: landingPage(target) };
    },

    /**
     * spec 000 §7 PUT /api/logins/{impersonatedBy}: end and restore the admin. No role
     * permission applies here (the actor is the impersonated person); what authorizes it is
     * the server session's impersonatorId.
     */
    async end(session: SessionRecord, client: ClientInfo) {
      if (!session.impersonatorId) throw badRequest(MESSAGES.notImpersonating);
      const restored = await restoreAdmin(session, client, 'impersonation.end');
      if (!restored) throw new AppError('UNAUTHENTICATED', MESSAGES.sessionExpired);
      return restored;
    },

    /** Called before any route runs when an impersonating session passed its 60 minutes. */
    async expire(session: SessionRecord, client: ClientInfo) {
      return restoreAdmin(session, client, 'impersonation.expired');
    },
  };
}
export type ImpersonationService = ReturnType<typeof createImpersonationService>;
