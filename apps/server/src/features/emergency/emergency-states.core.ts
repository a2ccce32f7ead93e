import {
  CONSTANTS,
  can,
  EMERGENCY_CANCEL_WINDOW_SECONDS,
  EMERGENCY_MESSAGES,
  ROLE_NAMES,
  type TDeliveryReport,
  type TEmergencyKind,
  type TEmergencyStartRequest,
  type TEmergencyState,
  type TRoleId,
} from '@sv/contracts';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { RequestCtx } from '../../platform/http/request-context';
import type { EmergencyRepository } from './emergency.repository';
import { deliverToContacts, formatWhen } from './emergency.service';
import type { EmergencyRosterRepository } from './emergency-roster.repository';
import type { EmergencyStatesRepository } from './emergency-states.repository';
import { publishWebhook } from '../webhooks/index';

export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A local calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

type Loaded = Awaited<ReturnType<EmergencyStatesRepository['loadStates']>>[number];

export function toState(s: Loaded): TEmergencyState {
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
 * What the emergency-state use cases share (issue 24 §1: one closure per use case on a shared
 * core): the state's load in scope, the realtime push, the buildings a start names, the contacts'
 * messages and the close of a state.
 */
export function createEmergencyStatesCore(
  deps: AppDeps,
  {
    repo,
    contactsRepo,
    rosterRepo,
  }: { repo: EmergencyStatesRepository; contactsRepo: EmergencyRepository; rosterRepo: EmergencyRosterRepository },
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
      // issue 28 §5 (ADR 0051): ended or cancelled, the district's webhooks hear it in this transaction
      await publishWebhook(tx, {
        type: 'emergency.ended',
        clientId: s.clientId,
        data: {
          emergencyStateId: s.id,
          kind: s.kind,
          drill: s.drill,
          cancelled: o.cancelled,
          buildingIds: s.buildings.map((b) => b.id),
        },
        names: { buildingNames: s.buildings.map((b) => b.name) },
        occurredAt: o.now,
      });
    });
  }

  return { deps, repo, contactsRepo, rosterRepo, idempotency, load, publish, buildingsOf, tellContacts, closeState };
}
export type EmergencyStatesCore = ReturnType<typeof createEmergencyStatesCore>;
