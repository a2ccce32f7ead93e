import { ZFileIdParam } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';

/** GET /api/files/:id — the authorized photo endpoint (security guide "Photos and files"). */
export async function filesRoutes(app: ZodApp, deps: AppDeps) {
  const store = createFileStore(deps.db);
  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored photo, within the caller’s client scope (404 otherwise); Cache-Control: no-store',
        params: ZFileIdParam,
      },
    },
    async (req, reply) => {
      const ctx = requireCtx(req);
      const file = await store.getFile(ctx, req.params.id);
      // a photo or document of a person: a sensitive read (ADR 0044), written by the batched writer
      deps.audit.read(ctx, {
        action: 'file.read',
        targetType: file.kind,
        targetId: req.params.id,
        clientId: file.clientId,
      });
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .type(file.contentType)
        .send(file.bytes);
    },
  );
}
