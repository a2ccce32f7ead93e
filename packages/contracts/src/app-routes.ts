import { can, type TPermission } from './permissions';
import type { TActor } from './roles';

/**
 * Every browser route (spec 000 §2, 001 §2, 002 §2) and the permission that opens it: the one
 * place a route's audience is written (issue 24 §2; ADR 0032). The web guards each route with it
 * (apps/web/src/app/routes.tsx) and the server builds each role's navigation menu from it
 * (apps/server/src/features/auth/nav-links.ts), so the menu never offers a page its guard refuses.
 * Patterns use React Router's syntax (`:id`, optional `:list?`) and match case-insensitively.
 */
export const ROUTE_PERMISSIONS = {
  '/': 'visitors.read',
  // administration (spec 000)
  '/client': 'clients.manage',
  '/client/settings/:id': 'clientSettings.manage',
  '/client/kiosksettings/:id': 'clientSettings.manage',
  '/client/edit/:id': 'clients.manage',
  '/client/bgsettings/:id': 'backgroundSettings.manage',
  '/client/regTypes/:id': 'regTypes.read',
  '/client/regTypes/:clientId/:id': 'regTypes.manage',
  '/user/:list?': 'users.read',
  '/building': 'buildings.manage',
  '/settings': 'systemSettings.manage',
  '/settings/studentreasons': 'studentReasons.manage',
  '/contact': 'contacts.read',
  '/exclusion': 'exclusions.read',
  '/outbox': 'outbox.read',
  // records retention and legal holds (issue 26 §2; ADR 0047)
  '/retention': 'retention.manage',
  // a district's own wording of the visitor screens (issue 29 §1; ADR 0054)
  '/visitor-wording': 'visitorWording.manage',
  // the district's own sign-in and directory sync (issue 30; ADR 0052)
  '/client/sso/:id': 'sso.manage',
  // API keys and webhooks of the district (issue 28 §5; ADR 0051)
  '/api-keys': 'apiKeys.manage',
  '/webhooks': 'webhooks.manage',
  // hosts and visitor passes (issue 28 §1–2; ADR 0053)
  '/hosts': 'hosts.manage',
  '/visitor-passes': 'passes.manage',
  // the audit console (issue 26 §1)
  '/audit': 'audit.read',
  // registrations (spec 001)
  '/registration': 'registrations.read',
  '/registration/add': 'registrations.manage',
  '/registration/send': 'registrations.invite',
  '/registration/:id': 'registrations.manage',
  // SafeVendor (spec 001 §2; ADR 0014)
  '/svregistration': 'safeVendor.read',
  '/svregistration/add': 'safeVendor.manage',
  '/svregistration/:id': 'safeVendor.manage',
  '/safeVendorCompanies': 'vendorCompanies.read',
  // front desk (spec 002)
  '/visitor/verify/0': 'visitors.read',
  '/verify/:type/:visitorId': 'visitors.read',
  '/background/:type/:visitorId/:preRegId?': 'screening.run',
  '/visitor/badge/:visitorId': 'visits.checkIn',
  '/visitor/checkin/:visitorId': 'visits.checkIn',
  '/visitor/checkout/:visitorId': 'visits.checkOut',
  '/visitor/in/:type/:visitorId': 'visits.checkIn',
  '/visitor/out': 'visits.checkOut',
  '/visitors/search/:text': 'visitors.read',
  // students (spec 002 §2; issue 12)
  '/student/pickup/:nameId': 'students.release',
  '/student/pickupSIS/:nameId': 'students.release',
  '/student/dropoffSIS/:nameId': 'students.release',
  '/student/authorizations/:studentId?': 'pickupAuthorizations.manage',
  // logs (spec 002)
  '/log': 'logs.read',
  '/Vendorlog': 'logs.read',
  '/PickupLog': 'pickups.read',
  '/NearbyLog': 'logs.read',
  '/onsite': 'logs.read',
  '/deniedEntries': 'logs.read',
  // emergency states and drills (issue 27; ADR 0037)
  '/emergency': 'emergencyStates.history',
  '/emergency/roster': 'emergencyRoster.read',
  '/drills': 'drills.read',
  // reunification stations (issue 27 §3; ADR 0050)
  '/reunification': 'reunification.station',
  // kiosk (spec 002 §2)
  '/safe/kiosk/:id?': 'kiosk.use',
  '/safe/kioskthankyou': 'kiosk.use',
  '/safe/kioskproblem': 'kiosk.use',
} as const satisfies Record<string, TPermission>;

export type TAppRoutePath = keyof typeof ROUTE_PERMISSIONS;

function routePattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg, i) => {
      if (!seg.startsWith(':')) return (i === 0 ? '' : '/') + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${body || '/'}$`, 'i');
}

const PATTERNS = Object.entries(ROUTE_PERMISSIONS).map(([path, permission]) => ({
  path: path as TAppRoutePath,
  permission: permission as TPermission,
  pattern: routePattern(path),
}));

/** The route a browser URL opens (query and hash ignored), or null for a URL that is no app route. */
export function appRouteOf(url: string): TAppRoutePath | null {
  const path = url.split(/[?#]/)[0] ?? '';
  return PATTERNS.find((r) => r.pattern.test(path))?.path ?? null;
}

/** May the actor open this app URL? False for URLs that are no app route. */
export function canOpen(actor: Pick<TActor, 'roleId'> | null | undefined, url: string): boolean {
  const route = appRouteOf(url);
  return route !== null && can(actor, ROUTE_PERMISSIONS[route]);
}
