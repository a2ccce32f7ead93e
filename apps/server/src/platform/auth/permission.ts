import { can, type TActor, type TPermission } from '@sv/contracts';
import { forbidden } from '../http/app-error';

/** The first statement of every service method (architecture guide §2). */
export function requirePermission(actor: TActor, action: TPermission): void {
  if (!can(actor, action)) throw forbidden();
}
