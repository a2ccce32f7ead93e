import {
  GUARDIAN_ROLES,
  type RosterResource,
  type SisClient,
  SisError,
  STAFF_ROLES,
} from '../../integrations/sis/index';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { RosterSyncRepository } from './roster-sync.repository';
import { sisClientFor } from './sis-connection';

export const SYNC_PAGE_SIZE = 500;
/** a run that has not finished in this time is taken to have died */
const RUN_LEASE_MS = 15 * 60_000;

export interface SyncResult {
  status: 'complete' | 'failed';
  /** users (guardians) and students pages applied in this run */
  pages: number;
  students: number;
  guardians: number;
  /** staff kept as the district's hosts (issue 28 §1) */
  hosts: number;
  /** people not stored because their name breaks the person-name rule (issue 22) */
  refused: number;
  /** 'unreachable' | 'failed' when a page failed (the run resumes there next time) */
  error?: string;
}

/**
 * Roster sync (issue 12 "Student information system"): students and their guardians (OneRoster
 * users with role parent / guardian / relative) into the district's tables, and the staff
 * (teacher / administrator / aide / proctor) as the district's hosts (issue 28 §1), by dateLastModified
 * deltas. A pass asks for everything changed after the cursor: first `users` (guardians), then
 * `students` (which link to the guardians in their `agents`), page by page (limit / offset).
 * Each page is applied in one transaction with the pass position, and the cursor moves only when
 * the whole pass is done: a failed page leaves everything where it was and the next run resumes
 * at that page.
 */
export async function syncRoster(
  deps: AppDeps,
  repo: RosterSyncRepository,
  clientId: number,
  opts: { client?: SisClient; pageSize?: number } = {},
): Promise<SyncResult> {
  const client = opts.client ?? (await sisClientFor(deps, clientId));
  return syncRosterWith({ db: deps.db, now: deps.now }, repo, clientId, client, opts.pageSize);
}

/** The sync itself, on a database and a clock (the demo seed runs it with the local provider). */
export async function syncRosterWith(
  deps: { db: Db; now: () => Date },
  repo: RosterSyncRepository,
  clientId: number,
  client: SisClient | null,
  pageSize?: number,
): Promise<SyncResult> {
  const limit = pageSize ?? SYNC_PAGE_SIZE;
  const result: SyncResult = { status: 'complete', pages: 0, students: 0, guardians: 0, hosts: 0, refused: 0 };
  let state = await repo.state(clientId);
  const now = deps.now();
  if (!client) return { ...result, status: 'failed', error: 'failed' };
  if (state.passSince === null && state.passOffset === 0 && state.passResource === 'users') {
    // a new pass starts from the cursor
    await repo.saveState(clientId, { passSince: state.cursor, passMax: state.cursor });
    state = await repo.state(clientId);
  }
  // one run per district at a time (the job and an administrator's request may meet)
  if (state.status === 'running' && state.lastRunAt && now.getTime() - state.lastRunAt.getTime() < RUN_LEASE_MS)
    return { ...result, status: 'failed', error: 'busy' };
  await repo.saveState(clientId, { status: 'running', lastRunAt: now });
  try {
    await repo.saveSchools(clientId, await client.schools());
    let resource: RosterResource = state.passResource === 'students' ? 'students' : 'users';
    let offset = state.passOffset;
    let max = state.passMax;
    const since = state.passSince;
    for (;;) {
      const page = await client.rosterPage(resource, { since, offset, limit });
      for (const u of page) {
        const t = Date.parse(u.dateLastModified);
        if (!Number.isNaN(t) && (max === null || t > max.getTime())) max = new Date(t);
      }
      const done = page.length < limit;
      const nextResource: RosterResource = done && resource === 'users' ? 'students' : resource;
      const nextOffset = done ? 0 : offset + page.length;
      const finished = done && resource === 'students';
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (resource === 'users') {
          const people = page.filter((u) => GUARDIAN_ROLES.has(u.role));
          const { refused } = await repo.applyGuardians(tx, clientId, people);
          result.guardians += people.length - refused;
          result.refused += refused;
          // issue 28 §1: the district's staff are the hosts visitors name
          const staff = await repo.applyStaff(
            tx,
            clientId,
            page.filter((u) => STAFF_ROLES.has(u.role)),
          );
          result.hosts += staff.hosts;
          result.refused += staff.refused;
        } else {
          const kids = page.filter((u) => u.role === 'student' || u.role === '');
          const { refused } = await repo.applyStudents(tx, clientId, kids);
          result.students += kids.length - refused;
          result.refused += refused;
        }
        await repo.saveState(
          clientId,
          finished
            ? {
                cursor: max,
                passSince: null,
                passMax: null,
                passOffset: 0,
                passResource: 'users',
                status: 'idle',
                lastError: '',
                lastSuccessAt: deps.now(),
              }
            : { passResource: nextResource, passOffset: nextOffset, passMax: max },
          tx,
        );
      });
      result.pages++;
      if (finished) break;
      resource = nextResource;
      offset = nextOffset;
    }
    const total = await repo.countStudents(clientId);
    await repo.saveState(clientId, { studentsSynced: total });
    return result;
  } catch (err) {
    const kind = err instanceof SisError ? err.kind : 'failed';
    await repo.saveState(clientId, { status: 'failed', lastError: kind });
    if (!(err instanceof SisError)) throw err;
    return { ...result, status: 'failed', error: kind };
  }
}

/** The scheduled job (ADR 0005: an idempotent sweep on an interval): every district with a SIS. */
export async function syncAllRosters(deps: AppDeps, repo: RosterSyncRepository) {
  const results: Record<number, SyncResult> = {};
  for (const clientId of await repo.districtsToSync()) results[clientId] = await syncRoster(deps, repo, clientId);
  return results;
}
