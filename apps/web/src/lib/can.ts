import { can as canDo, type TPermission } from '@sv/contracts';
import { useSession } from './session';

/** Hides controls the server would refuse anyway (the server enforces; architecture guide §5). */
export function useCan(action: TPermission): boolean {
  const { data } = useSession();
  return canDo(data?.user ?? null, action);
}
