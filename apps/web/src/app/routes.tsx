import { ROLE, type TRoleId } from '@sv/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { en } from '../lib/i18n/en';

export type TitleKey = keyof typeof en.titles;

export interface AppRoute {
  path: string;
  title: TitleKey;
  roles: readonly TRoleId[];
  /** the screen; routes whose screen arrives with a later feature show the dashboard meanwhile */
  screen?: LazyExoticComponent<ComponentType>;
}

const { Admin, ClientAdmin, Attendant } = ROLE;
const ADMIN_ONLY = [Admin] as const;
const ADMINS = [Admin, ClientAdmin] as const;
const STAFF = [Admin, ClientAdmin, Attendant] as const;

const Dashboard = lazy(() => import('../features/dashboard/dashboard-page'));
const Outbox = lazy(() => import('../features/outbox/outbox-page'));

/**
 * Every browser route of the three spec documents (spec 000 §2, 001 §2, 002 §2), guarded by
 * role. Paths match case-insensitively (React Router's default). Keep in sync with the
 * server's navigation links (apps/server/src/features/auth/nav-links.ts).
 */
export const staffRoutes: AppRoute[] = [
  { path: '/', title: 'dashboard', roles: STAFF, screen: Dashboard },
  // administration (spec 000)
  {
    path: '/client',
    title: 'clients',
    roles: ADMIN_ONLY,
    screen: lazy(() => import('../features/clients/clients-page')),
  },
  {
    path: '/client/settings/:id',
    title: 'clientSettings',
    roles: ADMINS,
    screen: lazy(() => import('../features/clients/client-settings-page')),
  },
  {
    path: '/client/kiosksettings/:id',
    title: 'kioskSettings',
    roles: ADMINS,
    screen: lazy(() => import('../features/clients/kiosk-settings-page')),
  },
  {
    path: '/client/edit/:id',
    title: 'clientEdit',
    roles: ADMIN_ONLY,
    screen: lazy(() => import('../features/clients/client-edit-page')),
  },
  {
    path: '/client/bgsettings/:id',
    title: 'bgSettings',
    roles: ADMINS,
    screen: lazy(() => import('../features/clients/background-settings-page')),
  },
  {
    path: '/client/regTypes/:id',
    title: 'regTypes',
    roles: ADMINS,
    screen: lazy(() => import('../features/registration-types/registration-types-page')),
  },
  {
    path: '/client/regTypes/:clientId/:id',
    title: 'regTypeEdit',
    roles: ADMINS,
    screen: lazy(() => import('../features/registration-types/registration-type-edit-page')),
  },
  { path: '/user/:list?', title: 'users', roles: ADMINS, screen: lazy(() => import('../features/users/users-page')) },
  {
    path: '/building',
    title: 'buildings',
    roles: ADMINS,
    screen: lazy(() => import('../features/buildings/buildings-page')),
  },
  {
    path: '/settings',
    title: 'settings',
    roles: ADMINS,
    screen: lazy(() => import('../features/settings/system-settings-page')),
  },
  {
    path: '/settings/studentreasons',
    title: 'studentReasons',
    roles: ADMINS,
    screen: lazy(() => import('../features/settings/student-reasons-page')),
  },
  {
    path: '/contact',
    title: 'contacts',
    roles: ADMINS,
    screen: lazy(() => import('../features/contacts/contacts-page')),
  },
  {
    path: '/exclusion',
    title: 'exclusions',
    roles: STAFF,
    screen: lazy(() => import('../features/exclusions/exclusions-page')),
  },
  { path: '/outbox', title: 'outbox', roles: ADMINS, screen: Outbox },
  // registrations (spec 001)
  {
    path: '/registration',
    title: 'registrations',
    roles: STAFF,
    screen: lazy(() => import('../features/registrations/registrations-page')),
  },
  {
    path: '/registration/add',
    title: 'registrationAdd',
    roles: ADMINS,
    screen: lazy(() => import('../features/registrations/registration-edit-page')),
  },
  {
    path: '/registration/send',
    title: 'registrationSend',
    roles: ADMINS,
    screen: lazy(() => import('../features/invitations/send-page')),
  },
  {
    path: '/registration/:id',
    title: 'registrationEdit',
    roles: ADMINS,
    screen: lazy(() => import('../features/registrations/registration-edit-page')),
  },
  // SafeVendor (spec 001 §2; ADR 0014)
  {
    path: '/svregistration',
    title: 'svRegistrations',
    roles: STAFF,
    screen: lazy(() => import('../features/safevendor/sv-registrations-page')),
  },
  {
    path: '/svregistration/add',
    title: 'svRegistrationAdd',
    roles: ADMINS,
    screen: lazy(() => import('../features/safevendor/sv-registration-edit-page')),
  },
  {
    path: '/svregistration/:id',
    title: 'svRegistrationEdit',
    roles: ADMINS,
    screen: lazy(() => import('../features/safevendor/sv-registration-edit-page')),
  },
  {
    path: '/safeVendorCompanies',
    title: 'vendorCompanies',
    roles: ADMINS,
    screen: lazy(() => import('../features/safevendor/vendor-companies-page')),
  },
  // front desk (spec 002)
  {
    path: '/visitor/verify/0',
    title: 'visitor',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/visitor-page')),
  },
  {
    path: '/verify/:type/:visitorId',
    title: 'visitor',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/visitor-page')),
  },
  {
    path: '/background/:type/:visitorId/:preRegId?',
    title: 'background',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/screening-page')),
  },
  {
    path: '/visitor/badge/:visitorId',
    title: 'badge',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/badge-page')),
  },
  {
    path: '/visitor/checkin/:visitorId',
    title: 'checkIn',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/checkin-page')),
  },
  {
    path: '/visitor/checkout/:visitorId',
    title: 'checkOut',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/checkout-page')),
  },
  {
    path: '/visitor/in/:type/:visitorId',
    title: 'checkedIn',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/checked-in-page')),
  },
  {
    path: '/visitor/out',
    title: 'checkedOut',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-flow/checked-out-page')),
  },
  {
    path: '/visitors/search/:text',
    title: 'visitorSearch',
    roles: STAFF,
    screen: lazy(() => import('../features/visitor-search/visitor-search-page')),
  },
  // students (spec 002 §2; issue 12): one pickup screen, General or SIS variant by its path
  {
    path: '/student/pickup/:nameId',
    title: 'studentPickup',
    roles: STAFF,
    screen: lazy(() => import('../features/students/student-pickup-page')),
  },
  {
    path: '/student/pickupSIS/:nameId',
    title: 'studentPickup',
    roles: STAFF,
    screen: lazy(() => import('../features/students/student-pickup-page')),
  },
  {
    path: '/student/dropoffSIS/:nameId',
    title: 'studentDropoff',
    roles: STAFF,
    screen: lazy(() => import('../features/students/student-dropoff-page')),
  },
  // beyond the spec (issue 12): the district's pickup authorisations, administrators only
  {
    path: '/student/authorizations/:studentId?',
    title: 'pickupAuthorizations',
    roles: ADMINS,
    screen: lazy(() => import('../features/students/pickup-authorizations-page')),
  },
  // logs (spec 002)
  { path: '/log', title: 'visitLog', roles: STAFF, screen: lazy(() => import('../features/logs/visit-log-page')) },
  {
    path: '/Vendorlog',
    title: 'vendorLog',
    roles: STAFF,
    screen: lazy(() => import('../features/logs/vendor-log-page')),
  },
  {
    path: '/PickupLog',
    title: 'pickupLog',
    roles: STAFF,
    screen: lazy(() => import('../features/logs/pickup-log-page')),
  },
  {
    path: '/NearbyLog',
    title: 'nearbyLog',
    roles: STAFF,
    screen: lazy(() => import('../features/logs/nearby-log-page')),
  },
  {
    path: '/onsite',
    title: 'onSite',
    roles: STAFF,
    screen: lazy(() => import('../features/logs/on-site-page')),
  },
  {
    path: '/deniedEntries',
    title: 'deniedEntries',
    roles: STAFF,
    screen: lazy(() => import('../features/logs/denied-log-page')),
  },
];

/** Kiosk routes (spec 002 §2): kiosk accounts only. */
export const kioskRoutes: AppRoute[] = [
  {
    path: '/safe/kiosk/:id?',
    title: 'kiosk',
    roles: [ROLE.Kiosk],
    screen: lazy(() => import('../features/kiosk/kiosk-main-page')),
  },
  {
    path: '/safe/kioskthankyou',
    title: 'kioskThankYou',
    roles: [ROLE.Kiosk],
    screen: lazy(() => import('../features/kiosk/kiosk-thank-you-page')),
  },
  {
    path: '/safe/kioskproblem',
    title: 'kioskProblem',
    roles: [ROLE.Kiosk],
    screen: lazy(() => import('../features/kiosk/kiosk-problem-page')),
  },
];
