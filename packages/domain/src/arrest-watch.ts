/**
 * Arrest watch (spec 001 §3 registration type awContat and arrest-watch options, §4; issue 11
 * "Arrest watch"; ADR 0013): which registrations are watched, and what a registry match of a
 * watched registration does. Pure rules; the run itself is features/arrest-watch.
 */
import type { ConfidenceLevelId } from './confidence';
import { registryMatchGates } from './registry-gating';

export interface WatchedTypeSettings {
  inArrestWatch: boolean;
  scheduledArrestWatchAll: boolean;
  /** arrest watch is approved for the type from this date on (ISO), when neither flag is set */
  arrestWatchApprovalDate: string | null;
}

/**
 * A type is watched when it is in arrest watch, scheduled for all, or its arrest-watch approval
 * date has come (ADR 0013: spec 001 §4 gives the three options as mutually exclusive settings).
 */
export function typeIsWatched(type: WatchedTypeSettings, todayIso: string): boolean {
  if (type.inArrestWatch || type.scheduledArrestWatchAll) return true;
  return type.arrestWatchApprovalDate !== null && type.arrestWatchApprovalDate <= todayIso;
}

export interface WatchContact {
  name: string;
  email: string;
  mobile: string;
  notificationLevels: readonly number[];
  badgeLevels: readonly number[];
}

export interface ArrestMatchEffect {
  /** an alert is recorded at all */
  alert: boolean;
  /** the contacts told about it (their notification levels include the match's level) */
  notify: WatchContact[];
  /** the registration is suspended until reviewed (a contact's badge levels include the level) */
  suspends: boolean;
}

/**
 * What a registry match at `level` does for a type with these contacts. A level no contact listed
 * is still recorded when the district's desk policy would have gated it at the door
 * (registryMatchGates, ADR 0010), so a type without contacts still gets its alerts on the
 * registration; weaker matches nobody asked about are not alerts.
 */
export function arrestMatchEffect(
  level: ConfidenceLevelId,
  contacts: readonly WatchContact[],
  gatingPolicy: string | null | undefined,
): ArrestMatchEffect {
  const notify = contacts.filter((c) => c.notificationLevels.includes(level));
  const suspends = contacts.some((c) => c.badgeLevels.includes(level));
  const alert = notify.length > 0 || suspends || registryMatchGates(level, gatingPolicy);
  return { alert, notify, suspends };
}
