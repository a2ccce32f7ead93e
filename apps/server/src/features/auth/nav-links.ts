import { ROLE, type TActor, type TNavLink } from '@sv/contracts';

/**
 * The navigation menu of each role (spec 000 §2 Shell: parent links with child links; a link
 * is an app route, a full URL or an action). Labels are i18n keys the web translates.
 * Keep in sync with the role guards of apps/web/src/app/routes.tsx.
 */
export function buildNavLinks(actor: TActor): TNavLink[] {
  const home: TNavLink = { key: 'home', label: 'nav.home', url: '/' };
  const help: TNavLink = { key: 'help', label: 'nav.help', url: 'action:help' };
  const logs: TNavLink = {
    key: 'logs',
    label: 'nav.logs',
    url: '/log',
    childLinks: [
      { key: 'visitLog', label: 'nav.visitLog', url: '/log' },
      { key: 'vendorLog', label: 'nav.vendorLog', url: '/Vendorlog' },
      { key: 'pickupLog', label: 'nav.pickupLog', url: '/PickupLog' },
      { key: 'nearbyLog', label: 'nav.nearbyLog', url: '/NearbyLog' },
      { key: 'deniedEntries', label: 'nav.deniedEntries', url: '/deniedEntries' },
    ],
  };
  const registrations = (withAdmin: boolean): TNavLink => ({
    key: 'registrations',
    label: 'nav.registrations',
    url: '/registration',
    childLinks: [
      { key: 'registrationList', label: 'nav.registrationList', url: '/registration' },
      ...(withAdmin
        ? [
            { key: 'registrationSend', label: 'nav.registrationSend', url: '/registration/send' },
            { key: 'svRegistrations', label: 'nav.svRegistrations', url: '/svregistration' },
            { key: 'vendorCompanies', label: 'nav.vendorCompanies', url: '/safeVendorCompanies' },
          ]
        : [{ key: 'svRegistrations', label: 'nav.svRegistrations', url: '/svregistration' }]),
    ],
  });

  switch (actor.roleId) {
    case ROLE.Admin:
      return [
        home,
        {
          key: 'admin',
          label: 'nav.administration',
          url: '/client',
          childLinks: [
            { key: 'clients', label: 'nav.clients', url: '/client' },
            { key: 'buildings', label: 'nav.buildings', url: '/building' },
            { key: 'contacts', label: 'nav.contacts', url: '/contact' },
            { key: 'users', label: 'nav.users', url: '/user' },
            { key: 'administrators', label: 'nav.administrators', url: '/user/clientadmin' },
            { key: 'attendants', label: 'nav.attendants', url: '/user/attendant' },
            { key: 'exclusions', label: 'nav.exclusions', url: '/exclusion' },
            { key: 'settings', label: 'nav.systemSettings', url: '/settings' },
            { key: 'studentReasons', label: 'nav.studentReasons', url: '/settings/studentreasons' },
            { key: 'pickupAuthorizations', label: 'nav.pickupAuthorizations', url: '/student/authorizations' },
          ],
        },
        registrations(true),
        logs,
        {
          key: 'tools',
          label: 'nav.tools',
          url: 'action:impersonate',
          childLinks: [
            { key: 'impersonate', label: 'nav.impersonate', url: 'action:impersonate' },
            { key: 'settingsModal', label: 'nav.systemSettings', url: 'action:settings' },
            { key: 'outbox', label: 'nav.outbox', url: '/outbox' },
            { key: 'apiDocs', label: 'nav.apiDocs', url: '/api/docs' },
          ],
        },
        help,
      ];
    case ROLE.ClientAdmin: {
      const c = actor.clientId;
      return [
        home,
        {
          key: 'admin',
          label: 'nav.administration',
          url: '/building',
          childLinks: [
            { key: 'clientSettings', label: 'nav.clientSettings', url: `/client/settings/${c}` },
            { key: 'kioskSettings', label: 'nav.kioskSettings', url: `/client/kiosksettings/${c}` },
            { key: 'bgSettings', label: 'nav.backgroundSettings', url: `/client/bgsettings/${c}` },
            { key: 'regTypes', label: 'nav.registrationTypes', url: `/client/regTypes/${c}` },
            { key: 'buildings', label: 'nav.buildings', url: '/building' },
            { key: 'contacts', label: 'nav.contacts', url: '/contact' },
            { key: 'users', label: 'nav.users', url: '/user' },
            { key: 'attendants', label: 'nav.attendants', url: '/user/attendant' },
            { key: 'exclusions', label: 'nav.exclusions', url: '/exclusion' },
            { key: 'settings', label: 'nav.systemSettings', url: '/settings' },
            { key: 'studentReasons', label: 'nav.studentReasons', url: '/settings/studentreasons' },
            { key: 'pickupAuthorizations', label: 'nav.pickupAuthorizations', url: '/student/authorizations' },
          ],
        },
        registrations(true),
        logs,
        { key: 'outbox', label: 'nav.outbox', url: '/outbox' },
        help,
      ];
    }
    case ROLE.Attendant:
      return [
        home,
        { key: 'exclusions', label: 'nav.exclusions', url: '/exclusion' },
        registrations(false),
        logs,
        help,
      ];
    default:
      return [{ key: 'kiosk', label: 'nav.kiosk', url: '/safe/kiosk' }];
  }
}
