/**
 * The hosts feature's public surface (issue 28 §1, §4; ADR 0053): what other features may import.
 * The composition root builds the repository and the service.
 */
export type { HostsRepository } from './hosts.repository';
export type { HostsService } from './hosts.service';
/** The roster sync's staff become hosts (issue 28 §1), in the sync's transaction. */
export { type RosterStaffHost, upsertRosterHosts } from './hosts.repository';
