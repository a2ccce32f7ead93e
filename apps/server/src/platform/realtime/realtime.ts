import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { createBuildingReadCache } from './building-read-cache';

/**
 * Front-desk events pushed to open dashboards (issue 4: "a check-in, check-out or denial at
 * one desk appears on every open dashboard of that building within one second").
 *
 * Events go through PostgreSQL NOTIFY so every server instance hears them (each instance
 * LISTENs once and fans out in memory). Payloads carry ids and types only — never personal
 * data: the browser refetches what changed through the normal, scoped API.
 * NOTIFY inside a transaction is delivered on commit, so nobody hears of a rolled-back change.
 */
export const EVENTS_CHANNEL = 'sv_front_desk_events';

export interface FrontDeskEvent {
  type:
    | 'visit.checked_in'
    | 'visit.checked_out'
    | 'entry.denied'
    | 'preregistration.changed'
    | 'visitor.pending'
    // spec 002 §2 Dashboard nearby visitors (ADR 0017): an entry opened, closed or removed
    | 'nearby.changed'
    // issue 27 §1 (ADR 0037): an emergency state of the building started, changed or ended
    | 'emergency.changed'
    // issue 27 §2 (ADR 0042): a roster mark of the building's active state
    | 'emergency.roster'
    // issue 27 §3 (ADR 0050): a reunification request, runner step or release of the building
    | 'reunification.changed'
    // this instance lost its LISTEN connection / has it back (issue 23 §8): sent to every stream
    // of the instance (clientId and buildingId 0), never through NOTIFY
    | 'stream.reconnecting'
    | 'stream.resync';
  clientId: number;
  buildingId: number;
  id?: number;
}

type Listener = (event: FrontDeskEvent) => void;

/**
 * The NOTIFY of an event, for code that holds a transaction but not the realtime instance
 * (imports). Inside a transaction it is delivered on commit. Ids and types only.
 */
export async function notifyFrontDesk(tx: Db, event: FrontDeskEvent) {
  const payload: FrontDeskEvent = {
    type: event.type,
    clientId: event.clientId,
    buildingId: event.buildingId,
    id: event.id,
  };
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * The NOTIFY of an event as an expression inside a larger statement (issue 10 §9: a check-in's
 * writes in one round trip), with the id the same statement created. Same payload as
 * `notifyFrontDesk`: ids and types only; delivered on commit. The caller also calls
 * `realtime.invalidate(buildingId)` for this process's cached reads.
 */
export function frontDeskNotifyExpression(event: { type: SQL; clientId: SQL; buildingId: SQL }, id: SQL): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('type', ${event.type}, 'clientId', ${event.clientId},
    'buildingId', ${event.buildingId}, 'id', ${id})::text)`;
}

/** Events about this instance's connection, delivered to every stream whatever its building. */
export const isStreamStateEvent = (event: FrontDeskEvent) =>
  event.type === 'stream.reconnecting' || event.type === 'stream.resync';

export function createRealtime(database: Database) {
  const listeners = new Set<Listener>();
  let subscribed: Promise<() => Promise<void>> | null = null;

  const ensureListening = () => {
    subscribed ??= database.listen(EVENTS_CHANNEL, (payload) => {
      let event: FrontDeskEvent;
      try {
        event = JSON.parse(payload);
      } catch {
        return;
      }
      for (const l of listeners) l(event);
    });
    return subscribed;
  };

  async function subscribe(listener: Listener): Promise<() => void> {
    await ensureListening();
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  const reads = createBuildingReadCache(subscribe, { ttlMs: 15_000, maxBuildings: 2_000 });

  // Issue 23 §8: while the LISTEN connection is down this instance hears no event, so its cached
  // reads may be stale and its streams miss changes: drop the reads, tell the streams
  // ('reconnecting'), and when it is back drop them again and tell the streams to refetch.
  database.onListenState?.((state) => {
    reads.invalidateAll();
    const event: FrontDeskEvent = {
      type: state === 'lost' ? 'stream.reconnecting' : 'stream.resync',
      clientId: 0,
      buildingId: 0,
    };
    for (const l of listeners) l(event);
  });

  return {
    /** Dashboard reads shared by every open dashboard of a building, dropped on each event. */
    reads,

    /** Publishes an event (inside the caller's transaction when given: delivered on commit). */
    async publish(event: FrontDeskEvent, tx: Db = database.db) {
      // drop this process's cached reads now; the NOTIFY drops them again after the commit
      reads.invalidate(event.buildingId);
      await notifyFrontDesk(tx, event);
    },

    /** Drops this process's cached reads of a building (for writes that NOTIFY by `frontDeskNotifyExpression`). */
    invalidate(buildingId: number) {
      reads.invalidate(buildingId);
    },

    /** Subscribes to every event of this process; returns the unsubscribe function. */
    subscribe,

    get subscriberCount() {
      return listeners.size;
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
