/**
 * The registered-entry feature's public surface: what other features may import (issue 24 §3). Anything
 * not exported here is the feature's own; architecture.unit.test.ts fails CI on an import that
 * reaches past this file. The composition root builds the feature's repositories and services.
 */
export type { RegisteredEntryService } from './registered-entry.service';
