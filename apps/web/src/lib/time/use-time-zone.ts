import { useUser } from '../session';
import { displayTimeZone } from './format';

/**
 * The zone a signed-in screen shows times in when its rows carry none: the user's building's,
 * else the district default (issue 24 §2; spec 002 §4: the building's zone, never the browser's).
 */
export function useDisplayTimeZone(): string {
  return displayTimeZone(useUser().buildingTimeZone);
}
