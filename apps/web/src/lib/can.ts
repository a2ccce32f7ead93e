import { can as canDo, ROUTE_PERMISSIONS, type TAppRoutePath, type TPermission } from '@sv/contracts';
import { useSession } from './session';

/**
 * The web's only role checks (issue 24 §2; ADR 0032): through the one permission map of
 * @sv/contracts, never by comparing role ids (one-way.unit.test.ts fails CI on one elsewhere).
 * They hide controls the server would refuse anyway (the server enforces; architecture guide §5).
 */
export function useCan(action: TPermission): boolean {
  const { data } = useSession();
  return canDo(data?.user ?? null, action);
}

/** For code outside a component (a sign-in answer, a query helper): the same check on a given user. */
export const can = canDo;

/** May the signed-in user open this route? Its permission is ROUTE_PERMISSIONS[path]. */
export function useCanOpen(path: TAppRoutePath): boolean {
  return useCan(ROUTE_PERMISSIONS[path]);
}
