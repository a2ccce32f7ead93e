import type { TSystemSettingsRequest } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ClientsService } from '../clients';
import { resolveClientId } from './client-choice';

/** System settings (spec 000 §2 /settings): the visitor and volunteer URLs of one client. */
export function createSettingsService(_deps: AppDeps, { clients }: { clients: ClientsService }) {
  return {
    async get(ctx: RequestCtx, requestedClientId: number | undefined) {
      requirePermission(ctx.actor, 'systemSettings.manage');
      return clients.getSystemSettings(ctx, resolveClientId(ctx.actor, requestedClientId));
    },
    async save(ctx: RequestCtx, body: Required<Omit<TSystemSettingsRequest, 'clientId'>> & { clientId?: number }) {
      requirePermission(ctx.actor, 'systemSettings.manage');
      const clientId = resolveClientId(ctx.actor, body.clientId);
      return clients.saveSystemSettings(
        ctx,
        clientId,
        { visitorUrl: body.visitorUrl, volunteerUrl: body.volunteerUrl },
        body.version,
      );
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
