import type { AppDeps } from '../../platform/deps';
import { signInUseCases } from './kiosk.sign-in';
import { visitsUseCases } from './kiosk.visits';
import { dropoffUseCases } from './kiosk.dropoff';
import { pickupUseCases } from './kiosk.pickup';
import { createKioskCore } from './kiosk.core';

export { KIOSK_CARD_TEXT, kioskRepeatLine } from './kiosk.core';

/**
 * The kiosk (issue 14; spec 002 §2 Kiosk screens, §4 kiosk with/without auto badge, health banner,
 * §7 Kiosk). Every method requires 'kiosk.use' and acts on the kiosk account's own building.
 * The kiosk never decides who gets in: a sign-in is screened here exactly as the desk screens
 * (registry per the district's setting, exclusions), and only a screening with nothing to decide
 * is checked in, through `visits.checkIn` and its admission gate. Anything else becomes a pending
 * card on the desk's dashboard (ALLOW / DENY / CLOSE) and the kiosk says "see the office".
 * One closure per use case (issue 24 §1): kiosk.sign-in, kiosk.visits, kiosk.dropoff, kiosk.pickup,
 * on one shared core (kiosk.core.ts).
 */
export function createKioskService(deps: AppDeps, parts: Parameters<typeof createKioskCore>[1]) {
  const core = createKioskCore(deps, parts);
  return {
    ...signInUseCases(core),
    ...visitsUseCases(core),
    ...dropoffUseCases(core),
    ...pickupUseCases(core),
  };
}
export type KioskService = ReturnType<typeof createKioskService>;
