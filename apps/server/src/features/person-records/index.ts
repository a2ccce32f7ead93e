/** A person's records on request: summary, archive, erasure (issue 26 §3, ADR 0048). */
export { createPersonRecordsRepository, type PersonRecordsRepository } from './person-records.repository';
export { createPersonRecordsService, type PersonRecordsService } from './person-records.service';
export { personRecordsRoutes } from './person-records.routes';
