import type { TVisitor, TVisitorCreateRequest, TVisitorMatch, TVisitorUpdate } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import { AppError, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { MERGED_RECORD_MESSAGE, type VisitorsCore } from './visitors.core';

/** A visitor's record at the desk (spec 002 §4, §5): read, create, edit, name search, photo. */
export function recordUseCases(core: VisitorsCore) {
  const { deps, repo, fileStore, districtFor, validate, toVisitor } = core;
  return {
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'visitors.read');
      const visitor = await toVisitor(ctx.actor, id);
      deps.audit.read(ctx, {
        action: 'visitor.read',
        targetType: 'visitor',
        targetId: id,
        clientId: visitor.clientId,
      });
      return visitor;
    },

    /**
     * "Create a New Visitor" (issue 22 "A person, not a record"): the same person on file is
     * answered instead (`existing: true`, the desk's newer values applied as its save would); a
     * likely duplicate by name alone answers its candidates (409 at the route) unless `confirmNew`.
     */
    async create(
      ctx: RequestCtx,
      body: TVisitorCreateRequest,
    ): Promise<(TVisitor & { existing: boolean }) | { duplicates: TVisitorMatch[] }> {
      requirePermission(ctx.actor, 'visitors.manage');
      const district = await districtFor(ctx.actor, body.buildingId);
      const { buildingId: _b, confirmNew, ...rest } = body;
      const fields = validate(rest, district.timeZone);
      const result = await repo.resolveOrInsert(district.clientId, district.buildingId, fields, {
        mode: 'desk',
        refuseLikelyDuplicates: !confirmNew,
      });
      if (result.duplicates) return { duplicates: result.duplicates };
      await deps.audit.record(ctx, {
        action: result.existing ? 'visitor.resolved' : 'visitor.created',
        targetType: 'visitor',
        targetId: result.id,
        clientId: district.clientId,
        ...(confirmNew ? { details: { confirmedNew: true } } : {}),
      });
      return { ...(await toVisitor(ctx.actor, result.id)), existing: result.existing };
    },

    async update(ctx: RequestCtx, id: number, body: TVisitorUpdate) {
      requirePermission(ctx.actor, 'visitors.manage');
      const existing = await repo.get(ctx.actor, id);
      if (!existing) throw notFound('Visitor not found');
      if (existing.mergedIntoId !== null) throw new AppError('CONFLICT', MERGED_RECORD_MESSAGE);
      const { version } = body;
      refuseStale(existing, version);
      const fields = validate(body, 'America/Chicago');
      mustHaveSaved(await repo.update(ctx.actor, id, fields, version));
      await deps.audit.record(ctx, {
        action: 'visitor.updated',
        targetType: 'visitor',
        targetId: id,
        clientId: existing.clientId,
      });
      return toVisitor(ctx.actor, id);
    },

    /** Name search (spec 002 §5: blank input is ignored), scoped to the district. */
    async search(ctx: RequestCtx, text: string, buildingId?: number) {
      requirePermission(ctx.actor, 'visitors.read');
      if (!text.trim()) return [];
      const district = await districtFor(ctx.actor, buildingId);
      return repo.search(ctx.actor, district.clientId, text, { buildingId });
    },

    /** The visitor's photo (spec 002 §4 photo modal), re-encoded and stored by the file store. */
    async setPhoto(ctx: RequestCtx, id: number, buffer: Buffer) {
      requirePermission(ctx.actor, 'visitors.manage');
      const existing = await repo.get(ctx.actor, id);
      if (!existing) throw notFound('Visitor not found');
      const fileId = await fileStore.saveImage(ctx, existing.clientId, 'visitor-photo', buffer);
      await repo.setPhoto(ctx.actor, id, fileId);
      await deps.audit.record(ctx, {
        action: 'visitor.photo_set',
        targetType: 'visitor',
        targetId: id,
        clientId: existing.clientId,
      });
      return { photoFileId: fileId };
    },
  };
}
