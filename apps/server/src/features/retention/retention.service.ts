import {
  RETENTION_CATEGORIES,
  RETENTION_DEFAULT_DAYS,
  type THoldSubjectSearch,
  type TLegalHold,
  type TLegalHoldCreate,
  type TLegalHoldSubject,
  type TRetentionCategory,
  type TRetentionPreview,
  type TRetentionRun,
  type TRetentionSettings,
  type TRetentionSettingsUpdate,
} from '@sv/contracts';
import { effectiveRetention, retentionCutoff, retentionRunDue } from '@sv/domain';
import { requestedDistrict } from '../../platform/auth/district';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { RetentionRepository } from './retention.repository';

/** rows per delete statement: small enough that the desk never waits on a long lock (issue 26 §2) */
export const RETENTION_BATCH = 2000;

type HoldRow = Awaited<ReturnType<RetentionRepository['holds']>>[number];
type RunRow = Awaited<ReturnType<RetentionRepository['runs']>>[number];

const toHold = (h: HoldRow): TLegalHold => ({
  ...h,
  subjectType: h.subjectType as TLegalHoldSubject,
  createdAt: h.createdAt.toISOString(),
  releasedAt: h.releasedAt?.toISOString() ?? null,
});
const toRun = (r: RunRow): TRetentionRun => ({
  id: r.id,
  clientId: r.clientId,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  status: r.status as TRetentionRun['status'],
  trigger: r.trigger as TRetentionRun['trigger'],
  counts: r.counts,
  error: r.error,
});

/**
 * Retention (issue 26 §2, ADR 0047): the district's periods, legal holds, the preview of the next
 * run, and the run itself (nightly through the job queue, or "Run now"). `retention.manage` first;
 * a district administrator manages their own district, the platform administrator names one.
 */
export function createRetentionService(deps: AppDeps, { repo }: { repo: RetentionRepository }) {
  /** the district the request is about: a district administrator's own, or the one the platform administrator names */
  async function districtOf(ctx: RequestCtx, requested: number | undefined) {
    requirePermission(ctx.actor, 'retention.manage');
    const clientId = requestedDistrict(ctx.actor, requested);
    const district = await repo.district(ctx.actor, clientId);
    if (!district) throw notFound('Client not found');
    return district.id;
  }

  async function rulesOf(clientId: number) {
    return effectiveRetention(RETENTION_CATEGORIES, RETENTION_DEFAULT_DAYS, await repo.rules(clientId));
  }

  /** one district's run: every kind of record in batches, the counts recorded after each batch */
  async function runDistrict(clientId: number, trigger: 'manual' | 'nightly', by: number | null) {
    const now = deps.now();
    const runId = await repo.startRun(clientId, trigger, by, now);
    const counts: Record<string, number> = {};
    try {
      for (const rule of await rulesOf(clientId)) {
        const cutoff = retentionCutoff(now, rule.days);
        if (!cutoff) continue;
        counts[rule.category] = 0;
        for (;;) {
          const removed = await repo.removeBatch(rule.category, clientId, cutoff, RETENTION_BATCH);
          counts[rule.category] += removed;
          if (removed > 0) await repo.recordProgress(runId, counts);
          if (removed < RETENTION_BATCH) break;
        }
      }
      await repo.finishRun(runId, { status: 'done', counts }, deps.now());
      await deps.audit.record(
        { actor: null },
        {
          action: 'retention.run',
          clientId,
          targetType: 'retentionRun',
          targetId: runId,
          details: { trigger, counts },
        },
      );
    } catch (error) {
      await repo.finishRun(
        runId,
        { status: 'failed', counts, error: (error as Error).message.slice(0, 500) },
        deps.now(),
      );
      throw error;
    }
    return runId;
  }

  return {
    async settings(ctx: RequestCtx, q: { clientId?: number }): Promise<TRetentionSettings> {
      const clientId = await districtOf(ctx, q.clientId);
      return { clientId, rules: await rulesOf(clientId) };
    },

    async updateSettings(ctx: RequestCtx, body: TRetentionSettingsUpdate): Promise<TRetentionSettings> {
      const clientId = await districtOf(ctx, body.clientId);
      const before = await rulesOf(clientId);
      await repo.setRules(clientId, body.rules, ctx.actor.userId);
      const after = await rulesOf(clientId);
      const changed = Object.fromEntries(
        after
          .filter((r) => before.find((b) => b.category === r.category)?.days !== r.days)
          .map((r) => [r.category, { from: before.find((b) => b.category === r.category)?.days ?? null, to: r.days }]),
      );
      await deps.audit.record(ctx, { action: 'retention.settingsUpdate', clientId, details: changed });
      return { clientId, rules: after };
    },

    /** what the next run would remove now, per kind, and how many records holds keep past their period */
    async preview(ctx: RequestCtx, q: { clientId?: number }): Promise<TRetentionPreview> {
      const clientId = await districtOf(ctx, q.clientId);
      const now = deps.now();
      let held = 0;
      const categories = [];
      for (const rule of await rulesOf(clientId)) {
        const cutoff = retentionCutoff(now, rule.days);
        const count = cutoff ? await repo.countPast(rule.category, clientId, cutoff) : 0;
        if (cutoff) held += (await repo.countPast(rule.category, clientId, cutoff, false)) - count;
        categories.push({ category: rule.category, days: rule.days, cutoff: cutoff?.toISOString() ?? null, count });
      }
      return { clientId, asOf: now.toISOString(), categories, held };
    },

    async holds(ctx: RequestCtx, q: { clientId?: number; all?: boolean }) {
      const clientId = await districtOf(ctx, q.clientId);
      return { data: (await repo.holds(clientId, q.all ?? false)).map(toHold) };
    },

    async searchSubjects(ctx: RequestCtx, body: THoldSubjectSearch) {
      const clientId = await districtOf(ctx, body.clientId);
      return { data: await repo.searchSubjects(clientId, body.subjectType, body.q.trim()) };
    },

    async addHold(ctx: RequestCtx, body: TLegalHoldCreate): Promise<TLegalHold> {
      const clientId = await districtOf(ctx, body.clientId);
      if (!(await repo.subjectExists(clientId, body.subjectType, body.subjectId)))
        throw badRequest('There is no such record in this district.', {
          subjectId: ['There is no such record in this district.'],
        });
      const id = await repo.addHold(
        { clientId, subjectType: body.subjectType, subjectId: body.subjectId, reason: body.reason.trim() },
        ctx.actor.userId,
      );
      await deps.audit.record(ctx, {
        action: 'retention.holdAdd',
        clientId,
        targetType: body.subjectType,
        targetId: body.subjectId,
        details: { holdId: id, reason: body.reason },
      });
      const hold = (await repo.holds(clientId, false)).find((h) => h.id === id);
      return toHold(hold!);
    },

    async releaseHold(ctx: RequestCtx, id: number, q: { clientId?: number }) {
      const clientId = await districtOf(ctx, q.clientId);
      if (!(await repo.releaseHold(clientId, id, ctx.actor.userId, deps.now()))) {
        const exists = (await repo.holds(clientId, true)).some((h) => h.id === id);
        if (!exists) throw notFound('Legal hold not found');
        throw conflict('This hold was already released.');
      }
      await deps.audit.record(ctx, {
        action: 'retention.holdRelease',
        clientId,
        targetType: 'legalHold',
        targetId: id,
      });
      return { ok: true as const };
    },

    async runs(ctx: RequestCtx, q: { clientId?: number }) {
      const clientId = await districtOf(ctx, q.clientId);
      return { data: (await repo.runs(clientId)).map(toRun) };
    },

    /** "Run now": the district's run, in the request (batches keep each statement short) */
    async runNow(ctx: RequestCtx, body: { clientId?: number }): Promise<TRetentionRun> {
      const clientId = await districtOf(ctx, body.clientId);
      const runId = await runDistrict(clientId, 'manual', ctx.actor.userId);
      return toRun((await repo.runs(clientId)).find((r) => r.id === runId)!);
    },

    /** the nightly job (through the job queue, once across instances): every district whose run is due */
    async runDue() {
      const ran: number[] = [];
      for (const { id } of await repo.allDistricts()) {
        if (!retentionRunDue(deps.now(), await repo.lastFinished(id))) continue;
        try {
          await runDistrict(id, 'nightly', null);
          ran.push(id);
        } catch {
          // recorded on the run (status failed, its error); the next district still runs, and this
          // one is due again at the next hourly tick
        }
      }
      return ran;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
export type { TRetentionCategory };
