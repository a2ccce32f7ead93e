import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../platform/auth/tokens';

/**
 * Trusted-device cookie (ADR 0009; OWASP "Slow down online guessing attacks with device
 * cookies"). A successful password sign-in marks the browser as a device of that user; sign-ins
 * from it skip the account and address locks a stranger can trigger, so an attacker who keeps
 * failing on a front-desk account does not lock the front desk out (issue 10 §4). The value is
 * a list of `v1.<userId>.<issuedAt>.<nonce>.<mac>` entries (a shared desk PC holds several
 * users), MAC'd with APP_SECRET: nothing is stored on the server, and a browser cannot forge
 * or move an entry to another user.
 */
export const DEVICE_COOKIE_DAYS = 90;
const MAX_ENTRIES = 5;

export function deviceCookieName(secure: boolean) {
  return secure ? '__Host-sv_device' : 'sv_device';
}

export interface DeviceEntry {
  userId: number;
  issuedAt: number;
  /** random id of this entry: the key of its own failure counter */
  nonce: string;
  raw: string;
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`sv-device:${body}`).digest('base64url');

function parse(secret: string, raw: string): DeviceEntry | null {
  const parts = raw.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, user, issued, nonce, sig] = parts;
  if (!/^\d{1,10}$/.test(user) || !/^\d{1,12}$/.test(issued) || !/^[\w-]{16,64}$/.test(nonce)) return null;
  if (!safeEqual(sig, mac(secret, `${user}.${issued}.${nonce}`))) return null;
  return { userId: Number(user), issuedAt: Number(issued), nonce, raw };
}

/** The valid, unexpired entries of a cookie value (anything malformed or forged is ignored). */
export function readDeviceCookie(secret: string, value: string | undefined, now: Date): DeviceEntry[] {
  if (!value || value.length > 2000) return [];
  const oldest = now.getTime() / 1000 - DEVICE_COOKIE_DAYS * 86_400;
  return value
    .split('~')
    .slice(0, MAX_ENTRIES)
    .map((raw) => parse(secret, raw))
    .filter((e): e is DeviceEntry => e !== null && e.issuedAt >= oldest);
}

/** The cookie value after `userId` signed in: a fresh entry first, the other users' kept. */
export function addDeviceEntry(secret: string, entries: DeviceEntry[], userId: number, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  const nonce = randomBytes(16).toString('base64url');
  const body = `${userId}.${issued}.${nonce}`;
  const fresh = `v1.${body}.${mac(secret, body)}`;
  const others = entries.filter((e) => e.userId !== userId).map((e) => e.raw);
  return [fresh, ...others].slice(0, MAX_ENTRIES).join('~');
}
