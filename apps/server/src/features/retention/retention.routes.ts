import {
  ZHoldSubjectList,
  ZHoldSubjectSearch,
  ZIdParam,
  ZLegalHold,
  ZLegalHoldCreate,
  ZLegalHoldList,
  ZOk,
  ZRetentionPreview,
  ZRetentionQuery,
  ZRetentionRun,
  ZRetentionRunList,
  ZRetentionSettings,
  ZRetentionSettingsUpdate,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { RetentionService } from './retention.service';

const tags = ['retention'];
const ZHoldsQuery = ZRetentionQuery.extend({ all: z.enum(['true', 'false']).optional() });

/**
 * Retention (issue 26 §2, ADR 0047): periods per kind of record, the preview of the next run, legal
 * holds and the runs. A district administrator's own district; the platform administrator passes `clientId`.
 */
export async function retentionRoutes(app: ZodApp, deps: AppDeps, service: RetentionService) {
  const once = createIdempotentRoutes(deps);

  app.get(
    '/api/retention/settings',
    {
      schema: {
        tags,
        summary: 'The district’s retention period per kind of record (its own or the default)',
        querystring: ZRetentionQuery,
        response: { 200: ZRetentionSettings },
      },
    },
    async (req) => service.settings(requireCtx(req), req.query),
  );
  app.put(
    '/api/retention/settings',
    {
      schema: {
        tags,
        summary: 'Set retention periods (null keeps the records for ever); audited with what changed',
        body: ZRetentionSettingsUpdate,
        response: { 200: ZRetentionSettings },
      },
    },
    async (req) => service.updateSettings(requireCtx(req), req.body),
  );
  app.get(
    '/api/retention/preview',
    {
      schema: {
        tags,
        summary: 'What the next retention run would remove now, per kind of record, and what legal holds keep',
        querystring: ZRetentionQuery,
        response: { 200: ZRetentionPreview },
      },
    },
    async (req) => service.preview(requireCtx(req), req.query),
  );
  app.get(
    '/api/retention/holds',
    {
      schema: {
        tags,
        summary: 'Legal holds of the district (open ones; all=true with the released)',
        querystring: ZHoldsQuery,
        response: { 200: ZLegalHoldList },
      },
    },
    async (req) => service.holds(requireCtx(req), { clientId: req.query.clientId, all: req.query.all === 'true' }),
  );
  app.post(
    '/api/retention/holds',
    {
      schema: {
        tags,
        summary: `Place a legal hold on a visitor, a student or a registration ${IDEMPOTENCY_NOTE}`,
        body: ZLegalHoldCreate,
        response: { 200: ZLegalHold },
      },
    },
    async (req) => once(req, () => service.addHold(requireCtx(req), req.body)),
  );
  app.post(
    '/api/retention/hold-subjects/search',
    {
      schema: {
        tags,
        summary: 'Find the visitor, student or registration a hold is for, by name (the words in the body)',
        body: ZHoldSubjectSearch,
        response: { 200: ZHoldSubjectList },
      },
    },
    async (req) => service.searchSubjects(requireCtx(req), req.body),
  );
  app.post(
    '/api/retention/holds/:id/release',
    {
      schema: {
        tags,
        summary: 'Release a legal hold: its records follow the retention periods again',
        params: ZIdParam,
        body: ZRetentionQuery,
        response: { 200: ZOk },
      },
    },
    async (req) => service.releaseHold(requireCtx(req), req.params.id, req.body),
  );
  app.get(
    '/api/retention/runs',
    {
      schema: {
        tags,
        summary: 'The district’s last 30 retention runs',
        querystring: ZRetentionQuery,
        response: { 200: ZRetentionRunList },
      },
    },
    async (req) => service.runs(requireCtx(req), req.query),
  );
  app.post(
    '/api/retention/runs',
    {
      schema: {
        tags,
        summary: `Run the district’s retention now (the nightly run does the same) ${IDEMPOTENCY_NOTE}`,
        body: ZRetentionQuery,
        response: { 200: ZRetentionRun },
      },
    },
    async (req) => once(req, () => service.runNow(requireCtx(req), req.body)),
  );
}
