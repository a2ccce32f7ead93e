import { ZStatesResponse } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { StatesService } from './states.service';

/** spec 000 §7 GET /api/states?list=lookup: states (id, name, abbreviation). */
export async function statesRoutes(app: ZodApp, _deps: AppDeps, service: StatesService) {
  app.get(
    '/api/states',
    { schema: { tags: ['lookups'], summary: 'US states, DC and territories', response: { 200: ZStatesResponse } } },
    async (req) => ({ data: await service.listStates(requireCtx(req)) }),
  );
}
