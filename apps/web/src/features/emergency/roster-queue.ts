import type { TRosterMark, TRosterMarkRequest, TRosterMarkResponse } from '@sv/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** A mark pressed at an assembly point, waiting to reach the server (issue 27 §2, ADR 0042). */
export interface QueuedMark extends TRosterMarkRequest {
  stateId: number;
  status: TRosterMark;
}

/** How often the queue tries again while marks wait. */
export const ROSTER_RETRY_MS = 5000;
const STORAGE_KEY = 'sv.emergencyRoster.queue';

/** Statuses that mean "not reached": the mark stays and is sent again. */
const unreachable = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;

const readStored = (): QueuedMark[] => {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as QueuedMark[]) : [];
  } catch {
    return [];
  }
};

/**
 * The marks not yet sent, in memory and in localStorage (a reload or a closed tab keeps them).
 * Each mark carries its client-made id and the time it was pressed, so sending it twice is one
 * mark and an older press never overrides a newer one on the server.
 */
export function createMarkQueue(send: (m: QueuedMark) => Promise<TRosterMarkResponse>) {
  let items: QueuedMark[] = readStored();
  let flushing: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch {
      // storage full or off: the memory copy still retries
    }
    for (const l of listeners) l();
  };
  const queue = {
    items: () => items,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    enqueue(m: QueuedMark) {
      items = [...items, m];
      changed();
    },
    /**
     * Sends every waiting mark in order. A mark that was not reached stays (and the ones after it
     * wait for the next try); a refused one (ended state, not on the roster) leaves the queue and
     * `onRefused` says why.
     */
    flush(hooks: { onSent?: (r: TRosterMarkResponse) => void; onRefused?: (message: string) => void } = {}) {
      if (flushing) return flushing;
      const run = async () => {
        // one microtask first, so `flushing` is set before the loop can end and clear it
        await Promise.resolve();
        try {
          while (items.length > 0) {
            const m = items[0];
            try {
              hooks.onSent?.(await send(m));
            } catch (err) {
              if (unreachable(err)) return;
              hooks.onRefused?.((err as ApiError).message);
            }
            items = items.filter((i) => i.clientMarkId !== m.clientMarkId);
            changed();
          }
        } finally {
          flushing = null;
        }
      };
      flushing = run();
      return flushing;
    },
  };
  return queue;
}
export type MarkQueue = ReturnType<typeof createMarkQueue>;

const sendMark = ({ stateId, ...body }: QueuedMark) =>
  // no automatic retry of the request itself: the queue retries, with the same mark id
  api.post<TRosterMarkResponse>(`/api/emergency-states/${stateId}/roster/marks`, body, { retry: false });

let shared: MarkQueue | null = null;
/** The page's queue: one per tab, so marks survive leaving and coming back to the roster. */
export const rosterQueue = () => {
  shared ??= createMarkQueue(sendMark);
  return shared;
};
/** Tests start from an empty queue. */
export const resetRosterQueue = () => {
  shared = null;
};

/**
 * The queue of a roster page: a press is queued and sent at once; waiting marks are tried again
 * every 5 seconds, when the browser is back online, and on "Try now".
 */
export function useMarkQueue(stateId: number | null, onChange: () => void) {
  const queue = rosterQueue();
  const items = useSyncExternalStore(queue.subscribe, queue.items, queue.items);
  const tryNow = useCallback(
    () =>
      queue.flush({
        onSent: onChange,
        onRefused: (message) => {
          notify.error(message);
          onChange();
        },
      }),
    [queue, onChange],
  );
  useEffect(() => {
    void tryNow();
    const timer = setInterval(() => {
      if (queue.items().length > 0) void tryNow();
    }, ROSTER_RETRY_MS);
    const online = () => void tryNow();
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [queue, tryNow]);
  const mark = useCallback(
    (entryId: number, status: TRosterMark) => {
      if (stateId === null) return;
      queue.enqueue({
        stateId,
        entryId,
        status,
        clientMarkId: crypto.randomUUID(),
        pressedAt: new Date().toISOString(),
      });
      void tryNow();
    },
    [queue, stateId, tryNow],
  );
  return { waiting: items.filter((m) => m.stateId === stateId), mark, tryNow };
}
