import { STALE_EDIT_MESSAGE, type TVisitorLanguage, type TWordingList, type TWordingSave } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ClientsRepository } from '../clients';
import { resolveClientId } from '../settings';
import type { VisitorWordingRepository } from './visitor-wording.repository';

/**
 * A district's own wording of the visitor screens, per language (issue 29 §1, ADR 0054): their
 * wording matters (health questions, instructions). The product's text stays the default; a
 * district's text replaces it on its kiosks and public forms; an empty text goes back to the default.
 */
export function createVisitorWordingService(
  deps: AppDeps,
  { repo, clients }: { repo: VisitorWordingRepository; clients: ClientsRepository },
) {
  return {
    async list(ctx: RequestCtx, q: { clientId?: number; language: TVisitorLanguage }): Promise<TWordingList> {
      requirePermission(ctx.actor, 'visitorWording.manage');
      const clientId = resolveClientId(ctx.actor, q.clientId);
      if (!(await clients.findById(ctx.actor, clientId))) throw notFound('Client not found');
      return { clientId, language: q.language, items: await repo.list(ctx.actor, clientId, q.language) };
    },

    /** Every change or none (a stale one refuses the save: someone else changed that wording meanwhile). */
    async save(ctx: RequestCtx, body: TWordingSave): Promise<TWordingList> {
      requirePermission(ctx.actor, 'visitorWording.manage');
      const clientId = resolveClientId(ctx.actor, body.clientId);
      if (!(await clients.findById(ctx.actor, clientId))) throw notFound('Client not found');
      const keys = new Set(body.changes.map((c) => c.key));
      if (keys.size !== body.changes.length) throw conflict('The same wording is changed twice in one save.');
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        for (const change of body.changes) {
          const saved = await repo.save(
            ctx.actor,
            { clientId, language: body.language, ...change },
            ctx.actor.userId,
            now,
            tx,
          );
          if (!saved) throw conflict(STALE_EDIT_MESSAGE);
        }
        await deps.audit.record(
          ctx,
          {
            action: 'visitorWording.save',
            targetType: 'client',
            targetId: clientId,
            clientId,
            details: {
              language: body.language,
              changed: body.changes.filter((c) => c.text).map((c) => c.key),
              reset: body.changes.filter((c) => !c.text).map((c) => c.key),
            },
          },
          tx,
        );
      });
      return { clientId, language: body.language, items: await repo.list(ctx.actor, clientId, body.language) };
    },

    /** For the kiosk and the public forms: no sign-in (the wording is what any visitor reads). */
    async publicWording(clientId: number, language: TVisitorLanguage) {
      return { language, wording: await repo.publicWording(clientId, language) };
    },
  };
}
export type VisitorWordingService = ReturnType<typeof createVisitorWordingService>;
