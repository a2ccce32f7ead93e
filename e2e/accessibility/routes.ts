import { can, ROLE, ROUTE_PERMISSIONS, type TAppRoutePath } from '@sv/contracts';

/**
 * Every browser route a role can open (issue 29 §3): derived from ROUTE_PERMISSIONS (@sv/contracts),
 * the one map the web router guards and the server's menu are built from — a new route is scanned
 * without anyone listing it. Parameters are filled from `Samples`; a route with a parameter this
 * file does not know fails (routes.unit.test.ts), naming it.
 */
export const AXE_ROLES = {
  admin: ROLE.Admin,
  clientAdminNorth: ROLE.ClientAdmin,
  deskNorthHigh: ROLE.Attendant,
  kioskNorthHigh: ROLE.Kiosk,
} as const;
export type AxeLogin = keyof typeof AXE_ROLES;

/** Real records of the demo data the test looked up for the routes' parameters. */
export interface Samples {
  clientId: number;
  visitorId: number;
  registrationId: number;
  svRegistrationId: number;
  studentId: number;
}

/** A required parameter's value, by the route's first segment where a name is shared (`:id`). */
function paramValue(path: string, name: string, s: Samples): string {
  const first = path.split('/')[1] ?? '';
  switch (name) {
    case 'id':
      if (first === 'client') return String(path.includes('regTypes/:clientId') ? 'new' : s.clientId);
      if (first === 'registration') return String(s.registrationId);
      if (first === 'svregistration') return String(s.svRegistrationId);
      break;
    case 'clientId':
      return String(s.clientId);
    case 'type':
      return 'visitor';
    case 'visitorId':
      return String(s.visitorId);
    case 'text':
      return 'smith';
    case 'nameId':
      return String(s.studentId);
  }
  throw new Error(`e2e/accessibility/routes.ts: no sample for :${name} of ${path}; add one`);
}

/** The URL the scan opens for a route pattern: optional parameters left out, the others filled. */
export function urlOf(path: TAppRoutePath, s: Samples): string {
  const url = path
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      if (seg.endsWith('?')) return null;
      return paramValue(path, seg.slice(1), s);
    })
    .filter((seg) => seg !== null)
    .join('/');
  return url || '/';
}

/** The routes of a role: every pattern whose permission the role holds. */
export function routesOf(login: AxeLogin): TAppRoutePath[] {
  return (Object.keys(ROUTE_PERMISSIONS) as TAppRoutePath[]).filter((p) =>
    can({ roleId: AXE_ROLES[login] }, ROUTE_PERMISSIONS[p]),
  );
}
