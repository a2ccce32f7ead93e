import { requirePermission, requirePermissionVia } from '../../platform/auth/permission';
import { inScope } from '../../platform/db/scope';
import { notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import { publishWebhook } from '../webhooks/index';
import type { VisitsCore } from './visits.core';
import { toSummary } from './visits.rules';

/** The open visits of a building: read, check out (one, by badge, by visitor, left from earlier days). */
export function checkOutUseCases(core: VisitsCore) {
  const { deps, repo, requireBuilding } = core;
  return {
    async getVisit(ctx: RequestCtx, visitId: number) {
      requirePermission(ctx.actor, 'visitors.read');
      const visit = await repo.getVisit(ctx.actor, visitId);
      if (!visit) throw notFound('Visit not found');
      return toSummary(visit);
    },

    /** Check-out of one visit; checking out a visit that is already out answers it unchanged. */
    async checkOut(ctx: RequestCtx, visitId: number, method: 'desk' | 'dashboard' | 'scan' | 'kiosk' = 'desk') {
      requirePermissionVia(ctx.actor, 'visits.checkOut', method === 'kiosk' ? 'kiosk' : 'desk');
      const visit = await repo.getVisit(ctx.actor, visitId);
      if (!visit) throw notFound('Visit not found');
      if (!visit.checkOut) {
        const at = deps.now();
        await deps.db.transaction(async (tx) => {
          const done = await repo.checkOut(ctx.actor, visit.id, { at, by: ctx.actor.userId, method }, tx);
          if (!done) return;
          await deps.realtime.publish(
            { type: 'visit.checked_out', clientId: visit.clientId, buildingId: visit.buildingId, id: visit.id },
            tx,
          );
          // issue 28 §5 (ADR 0051): the district's webhooks, in the check-out's transaction
          await publishWebhook(tx as unknown as Db, {
            type: 'visit.checked_out',
            clientId: visit.clientId,
            data: {
              visitId: visit.id,
              visitorId: visit.visitorId,
              buildingId: visit.buildingId,
              checkOut: at.toISOString(),
            },
            names: { firstName: visit.firstname, lastName: visit.lastname, buildingName: visit.buildingName },
            occurredAt: at,
          });
          await deps.audit.record(
            ctx,
            {
              action: 'visit.checked_out',
              targetType: 'visit',
              targetId: visit.id,
              clientId: visit.clientId,
              buildingId: visit.buildingId,
              details: { method },
            },
            tx,
          );
        });
      }
      return toSummary((await repo.getVisit(ctx.actor, visit.id))!);
    },

    /** Check-out by scanning the badge barcode (spec 002 §4 Scan flow, check-out by badge scan). */
    async checkOutByBadge(ctx: RequestCtx, buildingId: number, badgeCode: string) {
      requirePermission(ctx.actor, 'visits.checkOut');
      await requireBuilding(ctx, buildingId);
      const visit = await repo.findOpenVisitByBadgeCode(ctx.actor, buildingId, badgeCode.trim().toUpperCase());
      if (!visit) throw notFound('No open visit has this badge at this building.');
      return this.checkOut(ctx, visit.id, 'scan');
    },

    /** Check-out of a visitor's open visit at a building (spec route /visitor/checkout/{visitorId}). */
    async checkOutVisitor(ctx: RequestCtx, visitorId: number, buildingId: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      await requireBuilding(ctx, buildingId);
      const open = await repo.findOpenVisitOfVisitor(visitorId);
      if (!open || open.buildingId !== buildingId) throw notFound('This visitor is not checked in here.');
      return this.checkOut(ctx, open.id, 'desk');
    },

    /**
     * The dashboard's current visits as the response body (JSON text), shared by every open
     * dashboard of the building until the next event (platform/realtime/building-read-cache.ts).
     */
    async currentVisitsJson(ctx: RequestCtx, buildingId: number): Promise<string> {
      requirePermission(ctx.actor, 'visitors.read');
      const answer = await deps.realtime.reads.read(
        buildingId,
        'visits.current',
        (cached: { clientId: number; body: string }) => inScope(ctx.actor, { clientId: cached.clientId, buildingId }),
        async () => {
          const building = await requireBuilding(ctx, buildingId);
          const data = (await repo.findCurrentVisits(ctx.actor, buildingId)).map(toSummary);
          return { clientId: building.clientId, body: JSON.stringify({ data }) };
        },
      );
      return answer.body;
    },

    /** Reasons for the check-in form (spec 002 §7 GetVisitorReasons / GetVolunteerReasons). */
    async reasons(ctx: RequestCtx, buildingId: number, kind?: 'visitor' | 'volunteer') {
      requirePermission(ctx.actor, 'visits.checkIn');
      const building = await requireBuilding(ctx, buildingId);
      return repo.findReasons(ctx.actor, building.clientId, kind);
    },

    /** Checks out visits left open from previous days (spec 002 §2: on dashboard load; and the job). */
    async checkOutPreviousDays(ctx: RequestCtx, buildingId: number) {
      requirePermission(ctx.actor, 'visits.checkOut');
      await requireBuilding(ctx, buildingId);
      return this.runAutoCheckOut(buildingId);
    },

    /** The scheduled sweep (every minute) and the dashboard-load call share this. */
    async runAutoCheckOut(buildingId?: number) {
      const now = deps.now();
      // the visits close in one transaction with their webhook events, dashboard notices and audit
      // row: a crash or a failed insert closes none (the next sweep finds them again), never a
      // visit closed whose event is lost (issue 28 §5, ADR 0051)
      const rows = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const closed = await repo.autoCheckOut(now, buildingId, tx);
        for (const r of closed) {
          // issue 28 §5: a visit left open and closed by the sweep is checked out too (ids only here)
          await publishWebhook(tx, {
            type: 'visit.checked_out',
            clientId: r.client_id,
            data: {
              visitId: r.id,
              visitorId: r.visitor_id,
              buildingId: r.building_id,
              checkOut: now.toISOString(),
              automatic: true,
            },
            occurredAt: now,
          });
          await deps.realtime.publish(
            { type: 'visit.checked_out', clientId: r.client_id, buildingId: r.building_id, id: r.id },
            tx,
          );
        }
        if (closed.length)
          await deps.audit.record({}, { action: 'visit.auto_checked_out', details: { count: closed.length } }, tx);
        return closed;
      });
      return rows.length;
    },
  };
}
