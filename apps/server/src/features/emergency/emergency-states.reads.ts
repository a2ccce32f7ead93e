import {
  CONSTANTS,
  EMERGENCY_KINDS,
  ROLE,
  type TDrillRequirements,
  type TDrillsReport,
  type TEmergencyKind,
} from '@sv/contracts';
import { drillPace, schoolYearBounds, schoolYearOf } from '@sv/domain';
import { requestedDistrict } from '../../platform/auth/district';
import { requirePermission } from '../../platform/auth/permission';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type EmergencyStatesCore, localDate, toState } from './emergency-states.core';

/** The active and past states, the drills report and its requirements (issue 27 §1, §4). */
export function readUseCases(core: EmergencyStatesCore) {
  const { deps, repo } = core;
  return {
    /** The active states of the actor's building(s) (the kiosk: its own building). */
    async active(ctx: RequestCtx, buildingId?: number) {
      requirePermission(ctx.actor, 'emergencyStates.read');
      const ids = await repo.stateIds(ctx.actor, { activeOnly: true, buildingId, limit: 100 });
      return { states: (await repo.loadStates(ctx.actor, ids)).map(toState) };
    },

    async list(ctx: RequestCtx, q: { buildingId?: number; limit: number }) {
      requirePermission(ctx.actor, 'emergencyStates.history');
      const ids = await repo.stateIds(ctx.actor, { activeOnly: false, buildingId: q.buildingId, limit: q.limit });
      return { states: (await repo.loadStates(ctx.actor, ids)).map(toState) };
    },

    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'emergencyStates.history');
      // the whole time line, roster marks included (ADR 0042)
      const [s] = await repo.loadStates(ctx.actor, [id], { marks: true });
      if (!s) throw notFound('Emergency state not found');
      return toState(s);
    },

    /** Issue 27 §4: drills by kind per building and school year against the district's required counts. */
    async drillsReport(
      ctx: RequestCtx,
      q: { schoolYear?: number; buildingId?: number; clientId?: number },
    ): Promise<TDrillsReport> {
      requirePermission(ctx.actor, 'drills.read');
      if (ctx.actor.clientId !== null && q.clientId !== undefined && q.clientId !== ctx.actor.clientId)
        throw notFound('Client not found');
      const clientId = ctx.actor.clientId ?? q.clientId;
      if (clientId === undefined && q.buildingId === undefined)
        throw badRequest('Choose a district.', { clientId: ['Choose a district.'] });
      const blds = await repo.reportBuildings(ctx.actor, { buildingId: q.buildingId, clientId });
      const now = deps.now();
      const zoneOf = (tz: string | null) => tz ?? CONSTANTS.defaultTimeZone;
      const schoolYear = q.schoolYear ?? schoolYearOf(localDate(now, zoneOf(blds[0]?.timeZone ?? null)));
      const { from, to } = schoolYearBounds(schoolYear);
      // a day either side of the local bounds covers every zone; each drill is then placed by its
      // building's own calendar date
      const drills = (
        await repo.drillsBetween(
          ctx.actor,
          new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000),
          new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000),
          { buildingId: q.buildingId, clientId },
        )
      ).filter((d) => {
        const day = localDate(d.startedAt, zoneOf(d.timeZone));
        return day >= from && day <= to;
      });
      const reqs = await repo.requirements([...new Set(blds.map((b) => b.clientId))]);
      const rows = blds.flatMap((b) => {
        const today = localDate(now, zoneOf(b.timeZone));
        return EMERGENCY_KINDS.map((kind) => {
          const mine = drills.filter((d) => d.buildingId === b.id && d.kind === kind);
          const required = reqs.find((r) => r.clientId === b.clientId && r.kind === kind)?.requiredCount ?? 0;
          const pace = drillPace({ schoolYear, required, done: mine.length, today });
          return {
            buildingId: b.id,
            buildingName: b.name,
            kind,
            required,
            done: mine.length,
            ...pace,
            lastDrillAt: mine.at(-1)?.startedAt.toISOString() ?? null,
          };
        });
      });
      return {
        schoolYear,
        from,
        to,
        rows,
        drills: drills.map((d) => ({
          id: d.id,
          kind: d.kind as TEmergencyKind,
          buildingId: d.buildingId,
          startedAt: d.startedAt.toISOString(),
          endedAt: d.endedAt?.toISOString() ?? null,
          durationMinutes: d.endedAt ? Math.round((d.endedAt.getTime() - d.startedAt.getTime()) / 60_000) : null,
          endNotes: d.endNotes,
        })),
      };
    },

    /** The district's required drills per school year (state law differs). */
    async setRequirements(ctx: RequestCtx, body: TDrillRequirements) {
      requirePermission(ctx.actor, 'drills.manage');
      const clientId = requestedDistrict(ctx.actor, body.clientId);
      if ((await repo.districtBuildings(ctx.actor, clientId)).length === 0 && ctx.actor.roleId === ROLE.Admin) {
        // a district with no building, or none at all: nothing to require drills of
        throw notFound('Client not found');
      }
      await repo.setRequirements(clientId, body.requirements);
      await deps.audit.record(ctx, {
        action: 'drills.requirementsSet',
        clientId,
        details: Object.fromEntries(body.requirements.map((r) => [r.kind, r.requiredCount])),
      });
      return {
        clientId,
        requirements: (await repo.requirements([clientId])).map(({ kind, requiredCount }) => ({
          kind: kind as TEmergencyKind,
          requiredCount,
        })),
      };
    },
  };
}
