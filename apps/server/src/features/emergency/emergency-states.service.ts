import type { AppDeps } from '../../platform/deps';
import { createEmergencyStatesCore } from './emergency-states.core';
import { lifeCycleUseCases } from './emergency-states.life-cycle';
import { readUseCases } from './emergency-states.reads';
import { rosterUseCases } from './emergency-states.roster';

/**
 * Emergency states and drills (issue 27 §1, §4; ADR 0037): start (staff for their building, a
 * district administrator for several buildings or the district), cancel by the starter within
 * the cancel window, end by an administrator with notes, notes, the active and past states, and
 * the drills report. The security contacts are told through the emergency button's path
 * (`deliverToContacts`) and its delivery report is kept on the time line. Every change is audited
 * and pushed to the building's desks (realtime 'emergency.changed').
 * One closure per use case (issue 24 §1): emergency-states.life-cycle and emergency-states.reads
 * on one shared core (emergency-states.core.ts).
 */
export function createEmergencyStatesService(deps: AppDeps, parts: Parameters<typeof createEmergencyStatesCore>[1]) {
  const core = createEmergencyStatesCore(deps, parts);
  return {
    ...lifeCycleUseCases(core),
    ...readUseCases(core),
    ...rosterUseCases(core),
  };
}
export type EmergencyStatesService = ReturnType<typeof createEmergencyStatesService>;
