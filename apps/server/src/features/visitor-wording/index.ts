/**
 * The visitor-wording feature's public surface: what other features may import (issue 24 §3).
 * The composition root builds the feature's repository and service.
 */
export type { VisitorWordingRepository } from './visitor-wording.repository';
export { createVisitorWordingRepository } from './visitor-wording.repository';
export { createVisitorWordingService } from './visitor-wording.service';
