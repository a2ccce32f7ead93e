import {
  EMERGENCY_CANCEL_WINDOW_SECONDS,
  EMERGENCY_MESSAGES,
  emergencyConfirmWord,
  type TEmergencyStartRequest,
  type TEmergencyState,
} from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, forbidden } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { publishWebhook } from '../webhooks/index';
import { type EmergencyStatesCore, isUniqueViolation, toState } from './emergency-states.core';

/** A state's life: start, cancel by its starter, end by an administrator, notes (issue 27 §1). */
export function lifeCycleUseCases(core: EmergencyStatesCore) {
  const { deps, repo, rosterRepo, idempotency, load, publish, buildingsOf, tellContacts, closeState } = core;
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
            // the accountability roster (issue 27 §2, ADR 0042): who is expected on site, as of the start
            await rosterRepo.snapshot(
              tx,
              sid,
              blds.map((b) => b.id),
              now,
            );
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
            // issue 28 §5 (ADR 0051): the district's webhooks, in the start's transaction
            await publishWebhook(tx, {
              type: 'emergency.started',
              clientId,
              data: { emergencyStateId: sid, kind: body.kind, drill: body.drill, buildingIds: blds.map((b) => b.id) },
              names: { buildingNames: blds.map((b) => b.name) },
              occurredAt: now,
            });
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
  };
}
