import type { AppDeps } from '../../platform/deps';
import { rosterUseCases } from './students.roster';
import { pickupUseCases } from './students.pickup';
import { dropoffUseCases } from './students.dropoff';
import { authorizationsUseCases } from './students.authorizations';
import { createStudentsCore } from './students.core';

export * from './students.core';

/**
 * Students at the desk (issue 12; spec 002 §2 student screens, §4 Pickup and Dropoff, §7
 * Students, §8): lookup, guardian tables, the release of a student to a guardian, tardy drop-offs
 * with their slip, the district's pickup authorisations and the roster sync.
 *
 * Every pickup path calls `recordPickup`, which applies `pickupAuthorization` (@sv/domain): the
 * one place "never release a child without a current authorisation" is enforced.
 * One closure per use case (issue 24 §1): students.roster, .pickup, .dropoff, .authorizations,
 * on one shared core (students.core.ts).
 */
export function createStudentsService(deps: AppDeps, parts: Parameters<typeof createStudentsCore>[1]) {
  const core = createStudentsCore(deps, parts);
  return {
    ...rosterUseCases(core),
    ...pickupUseCases(core),
    ...dropoffUseCases(core),
    ...authorizationsUseCases(core),
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
