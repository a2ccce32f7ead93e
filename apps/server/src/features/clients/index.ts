/**
 * The clients feature's public surface: what other features may import (issue 24 §3). Anything
 * not exported here is the feature's own; architecture.unit.test.ts fails CI on an import that
 * reaches past this file. The composition root builds the feature's repositories and services.
 */
export type { ClientsRepository } from './clients.repository';
export type { ClientsService } from './clients.service';
export { createDistrictBackgroundChecks } from './district-background-check';
export { readStored } from './stored-settings';
