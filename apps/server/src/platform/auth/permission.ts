import { can, type TActor, type TPermission } from '@sv/contracts';
import { forbidden } from '../http/app-error';

/** The first statement of every service method (architecture guide §2). */
export function requirePermission(actor: TActor, action: TPermission): void {
  if (!can(actor, action)) throw forbidden();
}

/**
 * Who is driving a shared use case. The kiosk (issue 14) reuses the desk's screening, check-in,
 * check-out and scan services from its own service, whose routes require 'kiosk.use'; a kiosk
 * account has no desk permission of its own, so POST /api/visits and the screening route stay
 * closed to it. Only server code passes `'kiosk'` (no route takes it from a request).
 */
export type Via = 'desk' | 'kiosk';

/** `requirePermission` for a use case the kiosk service may drive: the kiosk needs 'kiosk.use'. */
export function requirePermissionVia(actor: TActor, action: TPermission, via: Via = 'desk'): void {
  requirePermission(actor, via === 'kiosk' ? 'kiosk.use' : action);
}
