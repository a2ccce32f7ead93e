import {
  ROSTER_CLOCK_SKEW_SECONDS,
  ROSTER_MESSAGES,
  type TRosterCounts,
  type TRosterEntry,
  type TRosterMarkRequest,
  type TRosterMarkResponse,
  type TRosterResponse,
} from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type EmergencyStatesCore, toState } from './emergency-states.core';

type EntryRow = Awaited<ReturnType<EmergencyStatesCore['rosterRepo']['entries']>>[number];

const toEntry = (e: EntryRow): TRosterEntry => ({
  id: e.id,
  buildingId: e.buildingId,
  personKind: e.personKind === 'visit' ? 'visit' : 'student',
  name: e.name,
  group: e.group,
  photoUrl: e.photoRef ? `/api/files/${e.photoRef}` : null,
  badge: e.badge,
  visiting: e.visiting,
  status: (e.status as TRosterEntry['status']) ?? null,
  markedBy: e.markedBy ?? null,
  markedAt: e.markedAt?.toISOString() ?? null,
});

/** Live counts of a set of entries (issue 27 §2: for the incident commander). */
export function rosterCounts(entries: readonly { status: string | null }[]): TRosterCounts {
  const c = { total: entries.length, accounted: 0, missing: 0, needsHelp: 0, unmarked: 0 };
  for (const e of entries) {
    if (e.status === 'accounted') c.accounted++;
    else if (e.status === 'missing') c.missing++;
    else if (e.status === 'needs_help') c.needsHelp++;
    else c.unmarked++;
  }
  return c;
}

/** The accountability roster (issue 27 §2, ADR 0042): its read with live counts, and marks. */
export function rosterUseCases(core: EmergencyStatesCore) {
  const { deps, repo, rosterRepo, load } = core;

  async function rosterOf(ctx: RequestCtx, id: number, buildingId?: number): Promise<TRosterResponse> {
    const s = toState(await load(ctx, id));
    if (buildingId !== undefined && !s.buildings.some((b) => b.id === buildingId)) throw notFound('Building not found');
    // a visit checked in while the state is active joins its roster
    if (s.status === 'active') await rosterRepo.joinOpenVisits(id);
    const rows = await rosterRepo.entries(ctx.actor, id, buildingId);
    const entries = rows.map(toEntry);
    const groups = new Map<string, { label: string; personKind: 'visit' | 'student'; rows: TRosterEntry[] }>();
    for (const e of entries) {
      const key = `${e.personKind}|${e.group}`;
      const g = groups.get(key) ?? { label: e.group, personKind: e.personKind, rows: [] };
      g.rows.push(e);
      groups.set(key, g);
    }
    return {
      state: {
        id: s.id,
        kind: s.kind,
        drill: s.drill,
        status: s.status,
        startedAt: s.startedAt,
        buildings: s.buildings,
      },
      counts: rosterCounts(entries),
      groups: [...groups.values()].map((g) => ({
        label: g.label,
        personKind: g.personKind,
        counts: rosterCounts(g.rows),
      })),
      entries,
    };
  }

  return {
    /** GET /api/emergency-states/:id/roster: the entries in the actor's scope, with counts per group. */
    async roster(ctx: RequestCtx, id: number, buildingId?: number): Promise<TRosterResponse> {
      requirePermission(ctx.actor, 'emergencyRoster.read');
      return rosterOf(ctx, id, buildingId);
    },

    /**
     * POST /api/emergency-states/:id/roster/marks: one press at an assembly point. The same
     * client mark id twice is one mark; a press older than the entry's answers 'stale' and changes
     * nothing; a client clock more than two minutes ahead counts as now. Refused once the state
     * has ended or been cancelled. Every applied mark goes on the time line and is pushed.
     */
    async mark(ctx: RequestCtx, id: number, body: TRosterMarkRequest): Promise<TRosterMarkResponse> {
      requirePermission(ctx.actor, 'emergencyRoster.mark');
      const s = await load(ctx, id);
      const [entry] = await rosterRepo.entries(ctx.actor, id, undefined, [body.entryId]);
      if (!entry) throw notFound(ROSTER_MESSAGES.notOnRoster);
      if (s.endedAt) throw conflict(ROSTER_MESSAGES.ended);
      const now = deps.now();
      const pressed = new Date(body.pressedAt);
      const pressedAt = pressed.getTime() - now.getTime() > ROSTER_CLOCK_SKEW_SECONDS * 1000 ? now : pressed;
      const outcome = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const result = await rosterRepo.applyMark(tx, ctx.actor, {
          entryId: entry.id,
          stateId: id,
          status: body.status,
          clientMarkId: body.clientMarkId,
          pressedAt,
          userId: ctx.actor.userId,
          now,
        });
        if (result !== 'applied') return result;
        await repo.addEvent(tx, {
          stateId: id,
          kind: 'mark',
          at: now,
          userId: ctx.actor.userId,
          text: `${entry.name}: ${body.status.replace('_', ' ')}`,
          details: { entryId: entry.id, status: body.status, pressedAt: pressedAt.toISOString() },
        });
        await deps.realtime.publish(
          { type: 'emergency.roster', clientId: entry.clientId, buildingId: entry.buildingId, id },
          tx,
        );
        return result;
      });
      const [after] = await rosterRepo.entries(ctx.actor, id, undefined, [entry.id]);
      const all = await rosterRepo.entries(ctx.actor, id, entry.buildingId);
      return { outcome, entry: toEntry(after ?? entry), counts: rosterCounts(all) };
    },
  };
}
