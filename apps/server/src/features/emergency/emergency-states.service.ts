import {
  CONSTANTS,
  can,
  EMERGENCY_CANCEL_WINDOW_SECONDS,
  EMERGENCY_KINDS,
  EMERGENCY_MESSAGES,
  emergencyConfirmWord,
  ROLE,
  ROLE_NAMES,
  type TDeliveryReport,
  type TDrillRequirements,
  type TDrillsReport,
  type TEmergencyKind,
  type TEmergencyStartRequest,
  type TEmergencyState,
  type TRoleId,
} from '@sv/contracts';
import { drillPace, schoolYearBounds, schoolYearOf } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import type { EmergencyRepository } from './emergency.repository';
import { deliverToContacts, formatWhen } from './emergency.service';
import type { EmergencyStatesRepository } from './emergency-states.repository';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A local calendar date ('YYYY-MM-DD') of an instant in a time zone. */
const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

type Loaded = Awaited<ReturnType<EmergencyStatesRepository['loadStates']>>[number];

function toState(s: Loaded): TEmergencyState {
  return {
    id: s.id,
    clientId: s.clientId,
    kind: s.kind as TEmergencyKind,
    drill: s.drill,
    status: s.cancelled ? 'cancelled' : s.endedAt ? 'ended' : 'active',
    buildings: s.buildings,
    startedAt: s.startedAt.toISOString(),
    startedBy: { id: s.startedById, name: s.startedBy ?? '' },
    endedAt: s.endedAt?.toISOString() ?? null,
    endedBy: s.endedBy ?? null,
    endNotes: s.endNotes,
    cancelUntil: new Date(s.startedAt.getTime() + EMERGENCY_CANCEL_WINDOW_SECONDS * 1000).toISOString(),
    timeline: s.events.map((e) => ({
      id: e.id,
      kind: e.kind as TEmergencyState['timeline'][number]['kind'],
      at: e.at.toISOString(),
      by: e.by ?? null,
      text: e.text,
      report: e.kind === 'messages' ? ((e.details as { report?: TDeliveryReport } | null)?.report ?? null) : null,
    })),
  };
}

/**
 * Emergency states and drills (issue 27 §1, §4; ADR 0037): start (staff for their building, a
 * district administrator for several buildings or the district), cancel by the starter within
 * the cancel window, end by an administrator with notes, notes, the active and past states, and
 * the drills report. The security contacts are told through the emergency button's path
 * (`deliverToContacts`) and its delivery report is kept on the time line. Every change is audited
 * and pushed to the building's desks (realtime 'emergency.changed').
 */
export function createEmergencyStatesService(
  deps: AppDeps,
  { repo, contactsRepo }: { repo: EmergencyStatesRepository; contactsRepo: EmergencyRepository },
) {
  const idempotency = createIdempotency(deps.db);

  async function load(ctx: RequestCtx, id: number) {
    const [s] = await repo.loadStates(ctx.actor, [id]);
    if (!s) throw notFound('Emergency state not found');
    return s;
  }

  async function publish(s: { clientId: number; buildings: { id: number }[]; id: number }, tx?: Db) {
    for (const b of s.buildings)
      await deps.realtime.publish({ type: 'emergency.changed', clientId: s.clientId, buildingId: b.id, id: s.id }, tx);
  }

  /** Which buildings a start covers, by the actor's role (ADR 0037). */
  async function buildingsOf(ctx: RequestCtx, body: TEmergencyStartRequest) {
    const { actor } = ctx;
    const ids = [...new Set(body.buildingIds ?? [])];
    if (!can(actor, 'emergencyStates.startSeveral')) {
      if (body.wholeDistrict || ids.some((id) => id !== actor.buildingId))
        throw forbidden(EMERGENCY_MESSAGES.ownBuildingOnly);
      return repo.buildingsInScope(actor, actor.buildingId ? [actor.buildingId] : []);
    }
    if (body.wholeDistrict) {
      const clientId =
        actor.clientId ?? (ids.length ? (await repo.buildingsInScope(actor, ids.slice(0, 1)))[0]?.clientId : undefined);
      if (!clientId)
        throw badRequest(EMERGENCY_MESSAGES.chooseBuildings, { buildingIds: [EMERGENCY_MESSAGES.chooseBuildings] });
      return repo.districtBuildings(actor, clientId);
    }
    if (ids.length === 0 && actor.buildingId) ids.push(actor.buildingId);
    if (ids.length === 0)
      throw badRequest(EMERGENCY_MESSAGES.chooseBuildings, { buildingIds: [EMERGENCY_MESSAGES.chooseBuildings] });
    const found = await repo.buildingsInScope(actor, ids);
    if (found.length !== ids.length) throw notFound('Building not found');
    return found;
  }

  /** Tells the security contacts of the state's district and buildings; the report goes on the time line. */
  async function tellContacts(
    ctx: RequestCtx,
    s: { id: number; clientId: number; kind: string; drill: boolean; buildings: { id: number; name: string }[] },
    what: 'start' | 'cancel' | 'end',
  ) {
    const seen = new Map<number, { email: string | null; mobile: string | null }>();
    for (const b of s.buildings)
      for (const c of await contactsRepo.findEmergencyContacts({ clientId: s.clientId, buildingId: b.id }))
        seen.set(c.id, c);
    const [sender, place] = await Promise.all([
      contactsRepo.findSender(ctx.actor),
      contactsRepo.findPlaceDetails({ clientId: s.clientId, buildingId: s.buildings[0]?.id ?? null }),
    ]);
    const when = formatWhen(deps.now(), place?.timeZone ?? CONSTANTS.defaultTimeZone);
    const who = `${sender?.name ?? 'Unknown'} (${ROLE_NAMES[ctx.actor.roleId as TRoleId] ?? 'User'})`;
    const label = `${s.kind.toUpperCase()}${s.drill ? ' DRILL' : ''}`;
    const where = `${s.buildings.map((b) => b.name).join(', ')} (${place?.clientName ?? ''})`;
    const verb = { start: 'STARTED', cancel: 'CANCELLED (started by mistake)', end: 'ENDED' }[what];
    const subject = `${label} ${verb}: ${s.buildings.map((b) => b.name).join(', ')}`;
    const body = [
      `${label} ${verb} in SafeVisitor.`,
      s.drill ? 'This is a DRILL.' : 'This is NOT a drill.',
      '',
      `By: ${who}`,
      `Where: ${where}`,
      `When: ${when}`,
      '',
      what === 'start'
        ? 'Respond according to your emergency procedures.'
        : 'No further action is needed for this state.',
    ].join('\n');
    const sms = `SafeVisitor: ${label} ${verb} at ${where}, ${when}, by ${who}.`;
    const report = await deliverToContacts(deps, s.clientId, [...seen.values()], { subject, body, sms });
    await repo.addEvent(deps.db, {
      stateId: s.id,
      kind: 'messages',
      at: deps.now(),
      userId: ctx.actor.userId,
      text: `${what}: ${report.notified} of ${report.contacts} contacts notified`,
      details: { purpose: what, report },
    });
    await deps.audit.record(ctx, {
      action: report.notified > 0 ? 'emergencyState.notified' : 'emergencyState.notifyFailed',
      clientId: s.clientId,
      targetType: 'emergencyState',
      targetId: s.id,
      details: { purpose: what, ...report, notConfigured: report.notConfigured.join(',') },
    });
    return report;
  }

  return {
    /** POST /api/emergency-states (Idempotency-Key): a double press starts one state. */
    async start(ctx: RequestCtx, key: string, body: TEmergencyStartRequest): Promise<TEmergencyState> {
      requirePermission(ctx.actor, 'emergencyStates.start');
      // a deliberate start (issue 27 §1): the kind's name typed, whatever the case
      if (body.confirmation.trim().toUpperCase() !== emergencyConfirmWord(body.kind))
        throw badRequest(EMERGENCY_MESSAGES.confirmWrong(body.kind), {
          confirmation: [EMERGENCY_MESSAGES.confirmWrong(body.kind)],
        });
      const blds = await buildingsOf(ctx, body);
      if (blds.length === 0)
        throw badRequest(EMERGENCY_MESSAGES.chooseBuildings, { buildingIds: [EMERGENCY_MESSAGES.chooseBuildings] });
      const clientId = blds[0].clientId;
      if (blds.some((b) => b.clientId !== clientId))
        throw badRequest('Choose buildings of one district.', { buildingIds: ['Choose buildings of one district.'] });
      const id = await idempotency.run(ctx.actor.userId, key, 'emergencyStates.start', body, async () => {
        const now = deps.now();
        let stateId: number;
        try {
          stateId = await deps.db.transaction(async (txRaw) => {
            const tx = txRaw as unknown as Db;
            const busy = await repo.activeAmong(
              blds.map((b) => b.id),
              tx,
            );
            if (busy.length > 0) throw conflict(EMERGENCY_MESSAGES.alreadyActive(busy.map((b) => b.name).join(', ')));
            const sid = await repo.insertState(tx, {
              clientId,
              kind: body.kind,
              drill: body.drill,
              startedBy: ctx.actor.userId,
              startedAt: now,
              buildingIds: blds.map((b) => b.id),
            });
            await repo.addEvent(tx, { stateId: sid, kind: 'start', at: now, userId: ctx.actor.userId });
            await deps.audit.record(
              ctx,
              {
                action: 'emergencyState.started',
                clientId,
                buildingId: blds.length === 1 ? blds[0].id : undefined,
                targetType: 'emergencyState',
                targetId: sid,
                details: { kind: body.kind, drill: body.drill, buildings: blds.map((b) => b.id).join(',') },
              },
              tx,
            );
            await publish({ id: sid, clientId, buildings: blds }, tx);
            return sid;
          });
        } catch (err) {
          // two desks at once: the unique partial index lets one state per building win
          if (isUniqueViolation(err))
            throw conflict(EMERGENCY_MESSAGES.alreadyActive(blds.map((b) => b.name).join(', ')));
          throw err;
        }
        await tellContacts(
          ctx,
          { id: stateId, clientId, kind: body.kind, drill: body.drill, buildings: blds },
          'start',
        );
        await publish({ id: stateId, clientId, buildings: blds });
        return stateId;
      });
      return toState(await load(ctx, id));
    },

    /** The starter's undo within the cancel window (a mistake); kept on the time line. */
    async cancel(ctx: RequestCtx, id: number): Promise<TEmergencyState> {
      requirePermission(ctx.actor, 'emergencyStates.start');
      const s = await load(ctx, id);
      if (s.endedAt) throw conflict(EMERGENCY_MESSAGES.notActive);
      if (s.startedById !== ctx.actor.userId) throw forbidden(EMERGENCY_MESSAGES.cancelOnlyStarter);
      const now = deps.now();
      if (now.getTime() - s.startedAt.getTime() > EMERGENCY_CANCEL_WINDOW_SECONDS * 1000)
        throw conflict(EMERGENCY_MESSAGES.cancelWindowPassed);
      await closeState(ctx, s, { cancelled: true, notes: null, now });
      await tellContacts(ctx, s, 'cancel');
      await publish(s);
      return toState(await load(ctx, id));
    },

    /** An administrator ends the state, with notes. */
    async end(ctx: RequestCtx, id: number, notes: string): Promise<TEmergencyState> {
      requirePermission(ctx.actor, 'emergencyStates.end');
      const s = await load(ctx, id);
      if (s.endedAt) throw conflict(EMERGENCY_MESSAGES.notActive);
      await closeState(ctx, s, { cancelled: false, notes, now: deps.now() });
      await tellContacts(ctx, s, 'end');
      await publish(s);
      return toState(await load(ctx, id));
    },

    async addNote(ctx: RequestCtx, id: number, text: string): Promise<TEmergencyState> {
      requirePermission(ctx.actor, 'emergencyStates.note');
      const s = await load(ctx, id);
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await repo.addEvent(tx, { stateId: id, kind: 'note', at: deps.now(), userId: ctx.actor.userId, text });
        await deps.audit.record(
          ctx,
          { action: 'emergencyState.note', clientId: s.clientId, targetType: 'emergencyState', targetId: id },
          tx,
        );
        await publish(s, tx);
      });
      return toState(await load(ctx, id));
    },

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
      return toState(await load(ctx, id));
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
      const clientId = ctx.actor.clientId ?? body.clientId;
      if (clientId === undefined) throw badRequest('Choose a district.', { clientId: ['Choose a district.'] });
      if (ctx.actor.clientId !== null && body.clientId !== undefined && body.clientId !== ctx.actor.clientId)
        throw notFound('Client not found');
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

  async function closeState(ctx: RequestCtx, s: Loaded, o: { cancelled: boolean; notes: string | null; now: Date }) {
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const closed = await repo.close(tx, s.id, {
        endedBy: ctx.actor.userId,
        endedAt: o.now,
        endNotes: o.notes,
        cancelled: o.cancelled,
      });
      if (!closed) throw new AppError('CONFLICT', EMERGENCY_MESSAGES.notActive);
      await repo.addEvent(tx, {
        stateId: s.id,
        kind: o.cancelled ? 'cancel' : 'end',
        at: o.now,
        userId: ctx.actor.userId,
        text: o.notes ?? undefined,
      });
      await deps.audit.record(
        ctx,
        {
          action: o.cancelled ? 'emergencyState.cancelled' : 'emergencyState.ended',
          clientId: s.clientId,
          targetType: 'emergencyState',
          targetId: s.id,
        },
        tx,
      );
      await publish(s, tx);
    });
  }
}
export type EmergencyStatesService = ReturnType<typeof createEmergencyStatesService>;
