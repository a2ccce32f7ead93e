import { ZAuditFacets, ZAuditFacetsQuery, ZAuditPage, ZAuditQuery } from '@sv/contracts';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import type { AuditService } from './audit.service';

const tags = ['audit'];

/**
 * The audit console (issue 26 §1). The export is the one export route's kind `audit`
 * (GET /api/exports/audit?format=csv|xlsx&…the same filters).
 */
export async function auditRoutes(app: ZodApp, _deps: AppDeps, service: AuditService) {
  app.get(
    '/api/audit',
    {
      schema: {
        tags,
        summary:
          'Audit rows, newest first: the platform administrator every district’s, a district administrator their own',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (req) => service.list(requireCtx(req), req.query),
  );
  // the console searched by free text: the words in the body, never the URL (issue 25's rule)
  app.post(
    '/api/audit/search',
    {
      schema: {
        tags,
        summary:
          'Audit rows as GET /api/audit, searched on the server by q (part of the action, record id, address or user): the words in the body',
        body: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (req) => service.list(requireCtx(req), req.body),
  );
  app.get(
    '/api/audit/facets',
    {
      schema: {
        tags,
        summary: 'The actions, record types and people of the actor’s audit rows (the console’s filter choices)',
        querystring: ZAuditFacetsQuery,
        response: { 200: ZAuditFacets },
      },
    },
    async (req) => service.facets(requireCtx(req), req.query),
  );
}
