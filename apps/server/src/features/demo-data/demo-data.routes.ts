import { ZDemoDataRemoved } from '@sv/contracts';
import { DemoRemovalError } from '../../../db/seed/demo-removal';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { DemoDataService } from './demo-data.service';

/** Issue 23 §1: the platform administrator removes the demo districts and accounts. */
export async function demoDataRoutes(app: ZodApp, _deps: AppDeps, service: DemoDataService) {
  app.post(
    '/api/demo-data/remove',
    {
      schema: {
        tags: ['platform'],
        summary:
          'Remove the demo districts and the demo accounts (platform administrators; needs another administrator)',
        response: { 200: ZDemoDataRemoved },
      },
    },
    async (req) => {
      try {
        return await service.remove(requireCtx(req));
      } catch (err) {
        if (err instanceof DemoRemovalError) throw new AppError('CONFLICT', err.message);
        throw err;
      }
    },
  );
}
