import type { FrontDeskEvent } from './realtime';

/**
 * Dashboard reads shared by every open dashboard of a building (issue 5: dashboard data at
 * ≥ 60% of the single-lookup floor, 200 open dashboards refetching on every pushed event).
 *
 * Every dashboard of a building asks for the same rows (current visits, today's
 * pre-registrations) and refetches them when an event arrives, so they are computed once per
 * change and kept as the serialised JSON. Correctness rests on invalidation, not on the TTL:
 * - every front-desk event of a building (NOTIFY, heard by every server instance) drops its
 *   entries; `publish` also drops them in this process before the change commits;
 * - a read records the building's version before it queries and stores its answer only if no
 *   event arrived meanwhile, so an answer computed from a snapshot older than a change is
 *   never kept;
 * - concurrent misses of one key share one query (100 dashboards refetching at once);
 * - the TTL only bounds changes that publish no event (a visitor's name edited elsewhere).
 * Scope is never cached: the caller checks the actor against the entry's district/building
 * on every hit (`isUsable`), and a miss goes through the normal, scoped path.
 */
export interface BuildingReadCacheOptions {
  ttlMs: number;
  maxBuildings: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  version: number;
  expiresAt: number;
}

export function createBuildingReadCache(
  subscribe: (listener: (event: FrontDeskEvent) => void) => Promise<() => void>,
  options: BuildingReadCacheOptions,
) {
  const now = options.now ?? Date.now;
  /** buildingId → (read name → entry); Map order = least recently stored building first */
  const entries = new Map<number, Map<string, Entry<unknown>>>();
  const versions = new Map<number, number>();
  const inflight = new Map<string, { version: number; promise: Promise<unknown> }>();
  let listening: Promise<unknown> | null = null;

  const versionOf = (buildingId: number) => versions.get(buildingId) ?? 0;

  function invalidate(buildingId: number) {
    versions.set(buildingId, versionOf(buildingId) + 1);
    entries.delete(buildingId);
  }

  function store(buildingId: number, name: string, entry: Entry<unknown>) {
    const reads = entries.get(buildingId) ?? new Map<string, Entry<unknown>>();
    reads.set(name, entry);
    entries.delete(buildingId);
    entries.set(buildingId, reads);
    while (entries.size > options.maxBuildings) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  return {
    invalidate,

    /** Drops every building's entries (the instance may have missed events: issue 23 §8). */
    invalidateAll() {
      for (const buildingId of new Set([...entries.keys(), ...versions.keys()])) invalidate(buildingId);
    },

    /**
     * The cached answer of `name` for the building when it is fresh and `isUsable` accepts it;
     * otherwise `load()` (which must apply the actor's scope itself and throw when out of scope).
     */
    async read<T>(buildingId: number, name: string, isUsable: (value: T) => boolean, load: () => Promise<T>) {
      const hit = entries.get(buildingId)?.get(name) as Entry<T> | undefined;
      if (hit && hit.expiresAt > now() && hit.version === versionOf(buildingId) && isUsable(hit.value)) {
        return hit.value;
      }
      // Entries are stored only once this process hears events: before that, nothing is cached.
      listening ??= subscribe((event) => invalidate(event.buildingId)).catch(() => {
        listening = null;
      });
      await listening;
      const listeningNow = listening !== null;

      const key = `${buildingId}|${name}`;
      const version = versionOf(buildingId);
      const running = inflight.get(key);
      if (running && running.version === version) {
        // A shared answer still passes this caller's own scope check; if the first caller's
        // load failed (e.g. out of its scope), this caller asks for itself.
        const shared = await running.promise.then(
          (v) => v as T,
          () => undefined,
        );
        if (shared !== undefined && isUsable(shared)) return shared;
        return load();
      }
      const promise = load();
      inflight.set(key, { version, promise });
      try {
        const value = await promise;
        if (listeningNow && versionOf(buildingId) === version) {
          store(buildingId, name, { value, version, expiresAt: now() + options.ttlMs });
        }
        return value;
      } finally {
        if (inflight.get(key)?.promise === promise) inflight.delete(key);
      }
    },

    /** For tests and health: how many buildings have cached reads. */
    get size() {
      return entries.size;
    },
  };
}
export type BuildingReadCache = ReturnType<typeof createBuildingReadCache>;
