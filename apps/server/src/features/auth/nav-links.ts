import { type TActor, type TNavLink, type TPermission, can, canOpen } from '@sv/contracts';

/**
 * A link of the menu. An app route is shown to those who may open it (its permission in
 * ROUTE_PERMISSIONS, @sv/contracts); `permission` narrows it further or, for an action or an
 * outside URL, is the only check. `inDistrict` links lead to the actor's own district.
 */
type MenuLink = {
  key: string;
  label: string;
  url: string | ((clientId: number) => string);
  permission?: TPermission;
  inDistrict?: boolean;
  childLinks?: MenuLink[];
  /** a group's own URL: the first of these the actor may open (else its first link's URL) */
  landing?: string[];
};

/**
 * The one menu (spec 000 §2 Shell: parent links with child links; a link is an app route, a full
 * URL or an action). Each role sees the links the permission map lets it open (issue 24 §2; ADR
 * 0032): no role lists here. A group left with one link shows as that link; an empty group goes.
 * Labels are i18n keys the web translates.
 */
const MENU: MenuLink[] = [
  { key: 'home', label: 'nav.home', url: '/' },
  // issue 28 §2 (ADR 0053): invitations with a pass
  { key: 'visitorPasses', label: 'nav.visitorPasses', url: '/visitor-passes' },
  {
    key: 'admin',
    label: 'nav.administration',
    url: '/client',
    landing: ['/client', '/building'],
    childLinks: [
      { key: 'clients', label: 'nav.clients', url: '/client' },
      { key: 'clientSettings', label: 'nav.clientSettings', url: (c) => `/client/settings/${c}`, inDistrict: true },
      {
        key: 'kioskSettings',
        label: 'nav.kioskSettings',
        url: (c) => `/client/kiosksettings/${c}`,
        inDistrict: true,
      },
      { key: 'bgSettings', label: 'nav.backgroundSettings', url: (c) => `/client/bgsettings/${c}`, inDistrict: true },
      // issue 30 (ADR 0052)
      { key: 'ssoSettings', label: 'nav.ssoSettings', url: (c) => `/client/sso/${c}`, inDistrict: true },
      { key: 'regTypes', label: 'nav.registrationTypes', url: (c) => `/client/regTypes/${c}`, inDistrict: true },
      { key: 'buildings', label: 'nav.buildings', url: '/building' },
      { key: 'contacts', label: 'nav.contacts', url: '/contact' },
      // issue 28 §1 (ADR 0053)
      { key: 'hosts', label: 'nav.hosts', url: '/hosts' },
      { key: 'users', label: 'nav.users', url: '/user' },
      {
        key: 'administrators',
        label: 'nav.administrators',
        url: '/user/clientadmin',
        permission: 'users.manageAdministrators',
      },
      { key: 'attendants', label: 'nav.attendants', url: '/user/attendant' },
      { key: 'exclusions', label: 'nav.exclusions', url: '/exclusion' },
      { key: 'settings', label: 'nav.systemSettings', url: '/settings' },
      { key: 'studentReasons', label: 'nav.studentReasons', url: '/settings/studentreasons' },
      { key: 'pickupAuthorizations', label: 'nav.pickupAuthorizations', url: '/student/authorizations' },
      // issue 26 §2 (ADR 0047)
      { key: 'retention', label: 'nav.retention', url: '/retention' },
      // issue 29 §1 (ADR 0054)
      { key: 'visitorWording', label: 'nav.visitorWording', url: '/visitor-wording' },
      // issue 28 §5 (ADR 0051)
      { key: 'apiKeys', label: 'nav.apiKeys', url: '/api-keys' },
      { key: 'webhooks', label: 'nav.webhooks', url: '/webhooks' },
    ],
  },
  {
    key: 'registrations',
    label: 'nav.registrations',
    url: '/registration',
    childLinks: [
      { key: 'registrationList', label: 'nav.registrationList', url: '/registration' },
      { key: 'registrationSend', label: 'nav.registrationSend', url: '/registration/send' },
      { key: 'svRegistrations', label: 'nav.svRegistrations', url: '/svregistration' },
      { key: 'vendorCompanies', label: 'nav.vendorCompanies', url: '/safeVendorCompanies' },
    ],
  },
  {
    key: 'logs',
    label: 'nav.logs',
    url: '/log',
    childLinks: [
      { key: 'visitLog', label: 'nav.visitLog', url: '/log' },
      { key: 'vendorLog', label: 'nav.vendorLog', url: '/Vendorlog' },
      { key: 'pickupLog', label: 'nav.pickupLog', url: '/PickupLog' },
      { key: 'nearbyLog', label: 'nav.nearbyLog', url: '/NearbyLog' },
      { key: 'deniedEntries', label: 'nav.deniedEntries', url: '/deniedEntries' },
      // issue 26 §1: the audit console, for those `audit.read` lets open it (administrators)
      { key: 'audit', label: 'nav.audit', url: '/audit' },
    ],
  },
  {
    key: 'tools',
    label: 'nav.tools',
    url: 'action:impersonate',
    childLinks: [
      { key: 'impersonate', label: 'nav.impersonate', url: 'action:impersonate', permission: 'impersonation.start' },
      { key: 'settingsModal', label: 'nav.systemSettings', url: 'action:settings', permission: 'platformTools.use' },
      { key: 'outbox', label: 'nav.outbox', url: '/outbox' },
      { key: 'apiDocs', label: 'nav.apiDocs', url: '/api/docs', permission: 'platformTools.use' },
    ],
  },
  {
    // issue 27 (ADR 0037): emergency states and the drills report
    key: 'emergency',
    label: 'nav.emergency',
    url: '/emergency',
    childLinks: [
      { key: 'emergencyStates', label: 'nav.emergencyStates', url: '/emergency' },
      { key: 'emergencyRoster', label: 'nav.emergencyRoster', url: '/emergency/roster' },
      { key: 'drills', label: 'nav.drills', url: '/drills' },
      // issue 27 §3 (ADR 0050): reunification stations
      { key: 'reunification', label: 'nav.reunification', url: '/reunification' },
    ],
  },
  { key: 'kiosk', label: 'nav.kiosk', url: '/safe/kiosk' },
  { key: 'help', label: 'nav.help', url: 'action:help', permission: 'help.read' },
];

const isAppRoute = (url: string) => url.startsWith('/') && !url.startsWith('/api/');

function resolve(link: MenuLink, actor: TActor): TNavLink | null {
  if (link.childLinks) {
    const children = link.childLinks.map((c) => resolve(c, actor)).filter((c): c is TNavLink => c !== null);
    if (children.length === 0) return null;
    if (children.length === 1) return children[0]!;
    const landing = link.landing?.find((u) => canOpen(actor, u)) ?? children[0]!.url;
    return { key: link.key, label: link.label, url: landing, childLinks: children };
  }
  if (link.inDistrict && actor.clientId === null) return null;
  const url = typeof link.url === 'function' ? link.url(actor.clientId ?? 0) : link.url;
  if (link.permission && !can(actor, link.permission)) return null;
  if (isAppRoute(url) && !canOpen(actor, url)) return null;
  return { key: link.key, label: link.label, url };
}

/** The navigation menu of the actor: MENU, less what its permissions do not open. */
export function buildNavLinks(actor: TActor): TNavLink[] {
  return MENU.map((l) => resolve(l, actor)).filter((l): l is TNavLink => l !== null);
}
