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
  { path: '/client/regTypes/:id', title: 'regTypes', roles: ADMINS },
  { path: '/client/regTypes/:clientId/:id', title: 'regTypeEdit', roles: ADMINS },
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
  { path: '/registration', title: 'registrations', roles: STAFF },
  { path: '/registration/add', title: 'registrationAdd', roles: ADMINS },
  { path: '/registration/send', title: 'registrationSend', roles: ADMINS },
  { path: '/registration/:id', title: 'registrationEdit', roles: ADMINS },
  { path: '/svregistration', title: 'svRegistrations', roles: STAFF },
  { path: '/svregistration/add', title: 'svRegistrationAdd', roles: ADMINS },
  { path: '/svregistration/:id', title: 'svRegistrationEdit', roles: ADMINS },
  { path: '/safeVendorCompanies', title: 'vendorCompanies', roles: ADMINS },
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
  { path: '/visitors/search/:text', title: 'visitorSearch', roles: STAFF },
  { path: '/student/pickup/:nameId', title: 'studentPickup', roles: STAFF },
  { path: '/student/pickupSIS/:nameId', title: 'studentPickup', roles: STAFF },
  { path: '/student/dropoffSIS/:nameId', title: 'studentDropoff', roles: STAFF },
  // logs (spec 002)
  { path: '/log', title: 'visitLog', roles: STAFF },
  { path: '/Vendorlog', title: 'vendorLog', roles: STAFF },
  { path: '/PickupLog', title: 'pickupLog', roles: STAFF },
  { path: '/NearbyLog', title: 'nearbyLog', roles: STAFF },
  { path: '/deniedEntries', title: 'deniedEntries', roles: STAFF },
];

/** Kiosk routes (spec 002 §2): kiosk accounts only. */
export const kioskRoutes: AppRoute[] = [
  { path: '/safe/kiosk/:id?', title: 'kiosk', roles: [ROLE.Kiosk] },
  { path: '/safe/kioskthankyou', title: 'kioskThankYou', roles: [ROLE.Kiosk] },
  { path: '/safe/kioskproblem', title: 'kioskProblem', roles: [ROLE.Kiosk] },
];
