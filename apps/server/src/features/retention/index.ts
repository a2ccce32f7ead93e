/** Retention rules, legal holds and retention runs (issue 26 §2, ADR 0047). */
export { retentionJobs } from './retention.jobs';
export { createRetentionRepository, type RetentionRepository } from './retention.repository';
export { createRetentionService, type RetentionService } from './retention.service';
export { retentionRoutes } from './retention.routes';
