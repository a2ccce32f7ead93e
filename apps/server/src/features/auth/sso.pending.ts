import { SSO_MESSAGES } from '@sv/contracts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { SsoCore } from './sso.core';

/** The sign-ins waiting for a district administrator's approval (issue 30 §2, provisioning 'approve'). */
export function pendingUseCases(core: SsoCore) {
  const { deps, repo, districtOf } = core;
  return {
    async pending(ctx: RequestCtx, q: { clientId?: number }) {
      const district = await districtOf(ctx, q.clientId);
      const rows = await repo.pending(ctx.actor, district.id);
      return {
        data: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, createdAt: r.createdAt.toISOString() })),
      };
    },

    /** Approves (creates and links the user with the district's default role and building) or refuses a pending sign-in. */
    async decide(ctx: RequestCtx, id: number, body: { clientId?: number }, approve: boolean) {
      const district = await districtOf(ctx, body.clientId);
      const waiting = await repo.pending(ctx.actor, district.id);
      if (!waiting.some((p) => p.id === id)) throw notFound('Pending sign-in not found');
      const row = await repo.config(district.id);
      if (approve && !row?.defaultRoleId) throw badRequest(SSO_MESSAGES.defaultsRequired);
      const decided = await repo.decidePending(
        ctx.actor,
        id,
        approve ? 'approved' : 'rejected',
        ctx.actor.userId,
        deps.now(),
      );
      if (!decided || decided.clientId !== district.id) throw notFound('Pending sign-in not found');
      let userId: number | null = null;
      if (approve && row?.defaultRoleId) {
        const user =
          (await repo.findLinkCandidate(district.id, decided.email)) ??
          (await repo.createUser({
            clientId: district.id,
            email: decided.email,
            name: decided.name,
            roleId: row.defaultRoleId,
            buildingId: row.defaultBuildingId,
          }));
        if (!user) throw new AppError('CONFLICT', 'A user with this e-mail already exists.');
        await repo.link(district.id, decided.issuer, decided.subject, user.id);
        userId = user.id;
      }
      await deps.audit.record(ctx, {
        action: approve ? 'sso.pending.approve' : 'sso.pending.reject',
        clientId: district.id,
        targetType: 'user',
        targetId: userId,
        details: { email: decided.email },
      });
      return { ok: true as const };
    },
  };
}
