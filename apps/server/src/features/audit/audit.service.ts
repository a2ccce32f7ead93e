import { auditOutcomeOf, ROLE, type TAuditEntry, ZAuditQuery } from '@sv/contracts';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { idOption, keysetBatches, registerExport } from '../../platform/exports/export-definition';
import type { RequestCtx } from '../../platform/http/request-context';
import type { AuditFilters, AuditRepository } from './audit.repository';

type Row = Awaited<ReturnType<AuditRepository['exportBatch']>>[number];
const EXPORT_BATCH = 2000;

const toEntry = (r: Row): TAuditEntry => ({
  ...r,
  at: r.at.toISOString(),
  outcome: auditOutcomeOf(r.action),
  details: (r.details ?? {}) as Record<string, unknown>,
});

/** A district administrator reads their own district only: a district filter is the platform administrator's. */
const filtersOf = (ctx: RequestCtx, q: AuditFilters): AuditFilters => ({
  ...q,
  clientId: ctx.actor.roleId === ROLE.Admin ? q.clientId : undefined,
});

/** The export's query string (every value a string): the console's filters, checked by the same contract. */
const exportParams = z.record(z.string(), z.string()).transform((raw) => {
  const parsed = ZAuditQuery.parse({
    from: raw.from || undefined,
    to: raw.to || undefined,
    actorUserId: raw.actorUserId || undefined,
    action: raw.action || undefined,
    targetType: raw.targetType || undefined,
    targetId: raw.targetId || undefined,
    outcome: raw.outcome || undefined,
    q: raw.q || undefined,
  });
  return {
    from: parsed.from,
    to: parsed.to,
    actorUserId: parsed.actorUserId,
    action: parsed.action,
    targetType: parsed.targetType,
    targetId: parsed.targetId,
    outcome: parsed.outcome,
    q: parsed.q,
    // checked against the actor by the export route before the rows are read (404 outside scope)
    clientId: idOption(raw.clientId, 'clientId') ?? undefined,
  } satisfies AuditFilters;
});

/**
 * The audit console (issue 26 §1): who did what, when, from where, to which record, read back
 * by the administrators who answer for it. `audit.read` first; the repository scopes every row.
 */
export function createAuditService(_deps: AppDeps, { repo }: { repo: AuditRepository }) {
  // the export of what the console shows, through the one export pipeline (streamed, escaped,
  // audited as 'export.audit' with its filters and row count: issue 26 §5)
  registerExport({
    kind: 'audit',
    permission: 'audit.read',
    paramsSchema: exportParams,
    columns: [
      { id: 1, header: 'When', value: (r: Row) => r.at },
      { id: 2, header: 'District', value: (r: Row) => r.clientName },
      { id: 3, header: 'Building', value: (r: Row) => r.buildingName },
      { id: 4, header: 'User', value: (r: Row) => r.actorName },
      { id: 5, header: 'User Email', value: (r: Row) => r.actorEmail },
      { id: 6, header: 'Acting As Administrator', value: (r: Row) => r.impersonatorName, hiddenByDefault: true },
      { id: 7, header: 'Action', value: (r: Row) => r.action },
      { id: 8, header: 'Record Type', value: (r: Row) => r.targetType },
      { id: 9, header: 'Record Id', value: (r: Row) => r.targetId },
      { id: 10, header: 'IP Address', value: (r: Row) => r.ip },
      { id: 11, header: 'Request Id', value: (r: Row) => r.requestId, hiddenByDefault: true },
      { id: 12, header: 'Details', value: (r: Row) => JSON.stringify(r.details ?? {}) },
    ],
    rows: (ctx: RequestCtx, p: AuditFilters) =>
      keysetBatches(
        EXPORT_BATCH,
        (r: Row) => r.id,
        (before) => repo.exportBatch(ctx.actor, filtersOf(ctx, p), before, EXPORT_BATCH),
      ),
    fileName: (p: AuditFilters) => `audit${p.from ? `_${p.from}` : ''}${p.to ? `_${p.to}` : ''}`,
  });

  return {
    async list(ctx: RequestCtx, q: z.output<typeof ZAuditQuery>) {
      requirePermission(ctx.actor, 'audit.read');
      const { page, perPage, dir, sort: _sort, ...filters } = q;
      const result = await repo.page(ctx.actor, filtersOf(ctx, filters), { page, perPage, dir });
      return { ...result, data: result.data.map(toEntry) };
    },

    async facets(ctx: RequestCtx, q: { clientId?: number }) {
      requirePermission(ctx.actor, 'audit.read');
      return repo.facets(ctx.actor, ctx.actor.roleId === ROLE.Admin ? q.clientId : undefined);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
