import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { RosterSyncRepository } from './roster-sync.repository';
import { syncAllRosters } from './roster-sync';
import { processWritebacks } from './sis-writeback';

/**
 * Issue 12 (ADR 0005: idempotent sweeps on an interval): the roster sync of every district with a
 * SIS each hour (a delta: only what changed since the cursor; an interrupted pass resumes), and
 * the SIS write-back queue every minute.
 */
export const studentsJobs: ScheduledJob<{ repositories: { rosterSync: RosterSyncRepository } }>[] = [
  {
    name: 'students.rosterSync',
    everyMs: 60 * 60_000,
    run: (deps, services) => syncAllRosters(deps, services.repositories.rosterSync),
  },
  { name: 'students.sisWriteback', everyMs: 60_000, run: (deps) => processWritebacks(deps) },
];
