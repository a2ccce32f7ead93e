import type { TAppRoutePath } from '@sv/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { en } from '../lib/i18n/en';

export type TitleKey = keyof typeof en.titles;

export interface AppRoute {
  /** its permission is ROUTE_PERMISSIONS[path] (@sv/contracts), the one place a route's audience is written */
  path: TAppRoutePath;
  title: TitleKey;
  /** the screen; routes whose screen arrives with a later feature show the dashboard meanwhile */
  screen?: LazyExoticComponent<ComponentType>;
}

const Dashboard = lazy(() => import('../features/dashboard/dashboard-page'));
const Outbox = lazy(() => import('../features/outbox/outbox-page'));

/**
 * Every browser route of the three spec documents (spec 000 §2, 001 §2, 002 §2), each guarded by
 * its permission in ROUTE_PERMISSIONS (@sv/contracts; issue 24 §2), from which the server also
 * builds the navigation menu. Paths match case-insensitively (React Router's default).
 */
export const staffRoutes: AppRoute[] = [
  { path: '/', title: 'dashboard', screen: Dashboard },
  // administration (spec 000)
  {
    path: '/client',
    title: 'clients',
    screen: lazy(() => import('../features/clients/clients-page')),
  },
  {
    path: '/client/settings/:id',
    title: 'clientSettings',
    screen: lazy(() => import('../features/clients/client-settings-page')),
  },
  {
    path: '/client/kiosksettings/:id',
    title: 'kioskSettings',
    screen: lazy(() => import('../features/clients/kiosk-settings-page')),
  },
  {
    path: '/client/edit/:id',
    title: 'clientEdit',
    screen: lazy(() => import('../features/clients/client-edit-page')),
  },
  {
    path: '/client/bgsettings/:id',
    title: 'bgSettings',
    screen: lazy(() => import('../features/clients/background-settings-page')),
  },
  // the district's own sign-in and directory sync (issue 30; ADR 0052)
  {
    path: '/client/sso/:id',
    title: 'ssoSettings',
    screen: lazy(() => import('../features/sso/sso-settings-page')),
  },
  {
    path: '/client/regTypes/:id',
    title: 'regTypes',
    screen: lazy(() => import('../features/registration-types/registration-types-page')),
  },
  {
    path: '/client/regTypes/:clientId/:id',
    title: 'regTypeEdit',
    screen: lazy(() => import('../features/registration-types/registration-type-edit-page')),
  },
  { path: '/user/:list?', title: 'users', screen: lazy(() => import('../features/users/users-page')) },
  {
    path: '/building',
    title: 'buildings',
    screen: lazy(() => import('../features/buildings/buildings-page')),
  },
  {
    path: '/settings',
    title: 'settings',
    screen: lazy(() => import('../features/settings/system-settings-page')),
  },
  {
    path: '/settings/studentreasons',
    title: 'studentReasons',
    screen: lazy(() => import('../features/settings/student-reasons-page')),
  },
  {
    path: '/contact',
    title: 'contacts',
    screen: lazy(() => import('../features/contacts/contacts-page')),
  },
  {
    path: '/exclusion',
    title: 'exclusions',
    screen: lazy(() => import('../features/exclusions/exclusions-page')),
  },
  { path: '/outbox', title: 'outbox', screen: Outbox },
  // records retention and legal holds (issue 26 §2; ADR 0047)
  { path: '/retention', title: 'retention', screen: lazy(() => import('../features/retention/retention-page')) },
  // a district's own wording of the visitor screens (issue 29 §1; ADR 0054)
  {
    path: '/visitor-wording',
    title: 'visitorWording',
    screen: lazy(() => import('../features/visitor-wording/visitor-wording-page')),
  },
  // API keys and webhooks (issue 28 §5; ADR 0051)
  { path: '/api-keys', title: 'apiKeys', screen: lazy(() => import('../features/api-keys/api-keys-page')) },
  { path: '/webhooks', title: 'webhooks', screen: lazy(() => import('../features/webhooks/webhooks-page')) },
  // hosts and visitor passes (issue 28 §1–2; ADR 0053)
  { path: '/hosts', title: 'hosts', screen: lazy(() => import('../features/visitor-passes/hosts-page')) },
  {
    path: '/visitor-passes',
    title: 'visitorPasses',
    screen: lazy(() => import('../features/visitor-passes/visitor-passes-page')),
  },
  { path: '/audit', title: 'audit', screen: lazy(() => import('../features/audit/audit-page')) },
  // emergency states and drills (issue 27; ADR 0037)
  { path: '/emergency', title: 'emergency', screen: lazy(() => import('../features/emergency/emergency-page')) },
  {
    path: '/emergency/roster',
    title: 'emergencyRoster',
    screen: lazy(() => import('../features/emergency/roster-page')),
  },
  { path: '/drills', title: 'drills', screen: lazy(() => import('../features/emergency/drills-page')) },
  // reunification stations (issue 27 §3; ADR 0050)
  {
    path: '/reunification',
    title: 'reunification',
    screen: lazy(() => import('../features/reunification/reunification-page')),
  },
  // registrations (spec 001)
  {
    path: '/registration',
    title: 'registrations',
    screen: lazy(() => import('../features/registrations/registrations-page')),
  },
  {
    path: '/registration/add',
    title: 'registrationAdd',
    screen: lazy(() => import('../features/registrations/registration-edit-page')),
  },
  {
    path: '/registration/send',
    title: 'registrationSend',
    screen: lazy(() => import('../features/invitations/send-page')),
  },
  {
    path: '/registration/:id',
    title: 'registrationEdit',
    screen: lazy(() => import('../features/registrations/registration-edit-page')),
  },
  // SafeVendor (spec 001 §2; ADR 0014)
  {
    path: '/svregistration',
    title: 'svRegistrations',
    screen: lazy(() => import('../features/safevendor/sv-registrations-page')),
  },
  {
    path: '/svregistration/add',
    title: 'svRegistrationAdd',
    screen: lazy(() => import('../features/safevendor/sv-registration-edit-page')),
  },
  {
    path: '/svregistration/:id',
    title: 'svRegistrationEdit',
    screen: lazy(() => import('../features/safevendor/sv-registration-edit-page')),
  },
  {
    path: '/safeVendorCompanies',
    title: 'vendorCompanies',
    screen: lazy(() => import('../features/safevendor/vendor-companies-page')),
  },
  // front desk (spec 002)
  {
    path: '/visitor/verify/0',
    title: 'visitor',
    screen: lazy(() => import('../features/visitor-flow/visitor-page')),
  },
  {
    path: '/verify/:type/:visitorId',
    title: 'visitor',
    screen: lazy(() => import('../features/visitor-flow/visitor-page')),
  },
  {
    path: '/background/:type/:visitorId/:preRegId?',
    title: 'background',
    screen: lazy(() => import('../features/visitor-flow/screening-page')),
  },
  {
    path: '/visitor/badge/:visitorId',
    title: 'badge',
    screen: lazy(() => import('../features/visitor-flow/badge-page')),
  },
  {
    path: '/visitor/checkin/:visitorId',
    title: 'checkIn',
    screen: lazy(() => import('../features/visitor-flow/checkin-page')),
  },
  {
    path: '/visitor/checkout/:visitorId',
    title: 'checkOut',
    screen: lazy(() => import('../features/visitor-flow/checkout-page')),
  },
  {
    path: '/visitor/in/:type/:visitorId',
    title: 'checkedIn',
    screen: lazy(() => import('../features/visitor-flow/checked-in-page')),
  },
  {
    path: '/visitor/out',
    title: 'checkedOut',
    screen: lazy(() => import('../features/visitor-flow/checked-out-page')),
  },
  {
    path: '/visitors/search/:text',
    title: 'visitorSearch',
    screen: lazy(() => import('../features/visitor-search/visitor-search-page')),
  },
  // students (spec 002 §2; issue 12): one pickup screen, General or SIS variant by its path
  {
    path: '/student/pickup/:nameId',
    title: 'studentPickup',
    screen: lazy(() => import('../features/students/student-pickup-page')),
  },
  {
    path: '/student/pickupSIS/:nameId',
    title: 'studentPickup',
    screen: lazy(() => import('../features/students/student-pickup-page')),
  },
  {
    path: '/student/dropoffSIS/:nameId',
    title: 'studentDropoff',
    screen: lazy(() => import('../features/students/student-dropoff-page')),
  },
  // beyond the spec (issue 12): the district's pickup authorisations, administrators only
  {
    path: '/student/authorizations/:studentId?',
    title: 'pickupAuthorizations',
    screen: lazy(() => import('../features/students/pickup-authorizations-page')),
  },
  // logs (spec 002)
  { path: '/log', title: 'visitLog', screen: lazy(() => import('../features/logs/visit-log-page')) },
  {
    path: '/Vendorlog',
    title: 'vendorLog',
    screen: lazy(() => import('../features/logs/vendor-log-page')),
  },
  {
    path: '/PickupLog',
    title: 'pickupLog',
    screen: lazy(() => import('../features/logs/pickup-log-page')),
  },
  {
    path: '/NearbyLog',
    title: 'nearbyLog',
    screen: lazy(() => import('../features/logs/nearby-log-page')),
  },
  {
    path: '/onsite',
    title: 'onSite',
    screen: lazy(() => import('../features/logs/on-site-page')),
  },
  {
    path: '/deniedEntries',
    title: 'deniedEntries',
    screen: lazy(() => import('../features/logs/denied-log-page')),
  },
];

/** Kiosk routes (spec 002 §2): kiosk accounts only. */
export const kioskRoutes: AppRoute[] = [
  {
    path: '/safe/kiosk/:id?',
    title: 'kiosk',
    screen: lazy(() => import('../features/kiosk/kiosk-main-page')),
  },
  {
    path: '/safe/kioskthankyou',
    title: 'kioskThankYou',
    screen: lazy(() => import('../features/kiosk/kiosk-thank-you-page')),
  },
  {
    path: '/safe/kioskproblem',
    title: 'kioskProblem',
    screen: lazy(() => import('../features/kiosk/kiosk-problem-page')),
  },
];
