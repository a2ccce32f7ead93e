import type { TRegTypeRow, TRegTypeValues, ZRegTypeListQuery } from '@sv/contracts';
import { applyArrestWatchRules } from '@sv/domain';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createRegTypesRepository, type StoredRegType } from './registration-types.repository';

const CODE_TAKEN = 'This URL code is already used by another registration type or vendor company of this district.';
const codeTaken = () => new AppError('CONFLICT', CODE_TAKEN, { code: ['This URL code is already in use'] });

function toRow(r: StoredRegType): TRegTypeRow {
  return {
    id: r.id,
    clientId: r.clientId,
    name: r.name,
    isActive: r.isActive,
    code: r.code,
    ddUsername: r.ddUsername,
    extraUrls: r.extraUrls,
    attributes: r.attributes,
    awContacts: r.awContacts,
    language: r.language === 'es' ? 'es' : 'en',
    inArrestWatch: r.inArrestWatch,
    scheduledArrestWatchAll: r.scheduledArrestWatchAll,
    arrestWatchApprovalDate: r.arrestWatchApprovalDate,
    badgeByDate: r.badgeByDate,
    strExpDate: r.strExpDate,
    months: r.months,
    reminderDays: r.reminderDays,
    version: r.version,
  };
}

/** A unique violation of (client_id, code) raced past the check: the same field error. */
function isUniqueViolation(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export function createRegTypesService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createRegTypesRepository> }) {
  async function mustFind(ctx: RequestCtx, id: number) {
    const row = await repo.findById(ctx.actor, id);
    if (!row) throw notFound('Registration type not found');
    return row;
  }

  return {
    async list(ctx: RequestCtx, clientId: number, query: z.output<typeof ZRegTypeListQuery>) {
      requirePermission(ctx.actor, 'regTypes.read');
      if (!(await repo.clientInScope(ctx.actor, clientId))) throw notFound('Client not found');
      return repo.list(ctx.actor, clientId, query);
    },

    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'regTypes.read');
      return toRow(await mustFind(ctx, id));
    },

    async create(ctx: RequestCtx, clientId: number, body: TRegTypeValues) {
      requirePermission(ctx.actor, 'regTypes.manage');
      if (!(await repo.clientInScope(ctx.actor, clientId))) throw notFound('Client not found');
      const values = applyArrestWatchRules(body);
      if (await repo.codeTaken(ctx.actor, clientId, values.code)) throw codeTaken();
      let id: number | null;
      try {
        id = await repo.insert(ctx.actor, clientId, values);
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
      if (id === null) throw notFound('Client not found');
      await deps.audit.record(ctx, {
        action: 'regType.create',
        targetType: 'registration_type',
        targetId: id,
        clientId,
        details: {
          name: values.name,
          code: values.code,
          isActive: values.isActive,
          inArrestWatch: values.inArrestWatch,
        },
      });
      return toRow(await mustFind(ctx, id));
    },

    async update(ctx: RequestCtx, id: number, { version, ...body }: TRegTypeValues & { version: number }) {
      requirePermission(ctx.actor, 'regTypes.manage');
      const before = await mustFind(ctx, id);
      refuseStale(before, version);
      const values = applyArrestWatchRules(body);
      if (await repo.codeTaken(ctx.actor, before.clientId, values.code, id)) throw codeTaken();
      try {
        mustHaveSaved(await repo.update(ctx.actor, id, values, version));
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
      await deps.audit.record(ctx, {
        action: 'regType.update',
        targetType: 'registration_type',
        targetId: id,
        clientId: before.clientId,
        details: {
          code: { from: before.code, to: values.code },
          isActive: { from: before.isActive, to: values.isActive },
          inArrestWatch: { from: before.inArrestWatch, to: values.inArrestWatch },
          scheduledArrestWatchAll: { from: before.scheduledArrestWatchAll, to: values.scheduledArrestWatchAll },
        },
      });
      return toRow(await mustFind(ctx, id));
    },
  };
}
export type RegTypesService = ReturnType<typeof createRegTypesService>;
