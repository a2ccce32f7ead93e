import { ROLE, type TActor, type TNavLink, canOpen } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { buildNavLinks } from './nav-links';

const actor = (roleId: TActor['roleId'], clientId: number | null): TActor => ({
  userId: 1,
  roleId,
  clientId,
  buildingId: null,
  impersonatorId: null,
});

/** `key url` per link, children indented: the menu as a reader sees it */
const outline = (links: TNavLink[], depth = 0): string[] =>
  links.flatMap((l) => [`${'  '.repeat(depth)}${l.key} ${l.url}`, ...outline(l.childLinks ?? [], depth + 1)]);

// issue 24 §2: the menu is derived from the permission map; these are the menus each role had
// when they were written out per role (spec 000 §2 Shell), kept exactly
describe('navigation menu from the permission map', () => {
  it('gives the platform administrator administration, registrations, logs and tools', () => {
    expect(outline(buildNavLinks(actor(ROLE.Admin, null)))).toEqual([
      'home /',
      // issue 28 (ADR 0053)
      'visitorPasses /visitor-passes',
      'admin /client',
      '  clients /client',
      '  buildings /building',
      '  contacts /contact',
      // issue 28 (ADR 0053)
      '  hosts /hosts',
      '  users /user',
      '  administrators /user/clientadmin',
      '  attendants /user/attendant',
      '  exclusions /exclusion',
      '  settings /settings',
      '  studentReasons /settings/studentreasons',
      '  pickupAuthorizations /student/authorizations',
      // issue 26 §2 (ADR 0047)
      '  retention /retention',
      '  visitorWording /visitor-wording',
      'registrations /registration',
      '  registrationList /registration',
      '  registrationSend /registration/send',
      '  svRegistrations /svregistration',
      '  vendorCompanies /safeVendorCompanies',
      'logs /log',
      '  visitLog /log',
      '  vendorLog /Vendorlog',
      '  pickupLog /PickupLog',
      '  nearbyLog /NearbyLog',
      '  deniedEntries /deniedEntries',
      '  audit /audit',
      'tools action:impersonate',
      '  impersonate action:impersonate',
      '  settingsModal action:settings',
      '  outbox /outbox',
      '  apiDocs /api/docs',
      // issue 27 (ADR 0037)
      'emergency /emergency',
      '  emergencyStates /emergency',
      '  emergencyRoster /emergency/roster',
      '  drills /drills',
      '  reunification /reunification',
      'help action:help',
    ]);
  });

  it("gives a client administrator their district's settings, the outbox and the audit log, without tools", () => {
    expect(outline(buildNavLinks(actor(ROLE.ClientAdmin, 7)))).toEqual([
      'home /',
      // issue 28 (ADR 0053)
      'visitorPasses /visitor-passes',
      'admin /building',
      '  clientSettings /client/settings/7',
      '  kioskSettings /client/kiosksettings/7',
      '  bgSettings /client/bgsettings/7',
      // issue 30 (ADR 0052)
      '  ssoSettings /client/sso/7',
      '  regTypes /client/regTypes/7',
      '  buildings /building',
      '  contacts /contact',
      // issue 28 (ADR 0053)
      '  hosts /hosts',
      '  users /user',
      '  attendants /user/attendant',
      '  exclusions /exclusion',
      '  settings /settings',
      '  studentReasons /settings/studentreasons',
      '  pickupAuthorizations /student/authorizations',
      // issue 26 §2 (ADR 0047)
      '  retention /retention',
      '  visitorWording /visitor-wording',
      // issue 28 §5 (ADR 0051)
      '  apiKeys /api-keys',
      '  webhooks /webhooks',
      'registrations /registration',
      '  registrationList /registration',
      '  registrationSend /registration/send',
      '  svRegistrations /svregistration',
      '  vendorCompanies /safeVendorCompanies',
      'logs /log',
      '  visitLog /log',
      '  vendorLog /Vendorlog',
      '  pickupLog /PickupLog',
      '  nearbyLog /NearbyLog',
      '  deniedEntries /deniedEntries',
      '  audit /audit',
      'outbox /outbox',
      // issue 27 (ADR 0037)
      'emergency /emergency',
      '  emergencyStates /emergency',
      '  emergencyRoster /emergency/roster',
      '  drills /drills',
      '  reunification /reunification',
      'help action:help',
    ]);
  });

  it('gives an attendant exclusions, the registration lists and the logs', () => {
    expect(outline(buildNavLinks(actor(ROLE.Attendant, 7)))).toEqual([
      'home /',
      // issue 28 (ADR 0053)
      'visitorPasses /visitor-passes',
      'exclusions /exclusion',
      'registrations /registration',
      '  registrationList /registration',
      '  svRegistrations /svregistration',
      'logs /log',
      '  visitLog /log',
      '  vendorLog /Vendorlog',
      '  pickupLog /PickupLog',
      '  nearbyLog /NearbyLog',
      '  deniedEntries /deniedEntries',
      // issue 27 (ADR 0037)
      'emergency /emergency',
      '  emergencyStates /emergency',
      '  emergencyRoster /emergency/roster',
      '  drills /drills',
      '  reunification /reunification',
      'help action:help',
    ]);
  });

  it('gives a kiosk the kiosk only', () => {
    expect(outline(buildNavLinks(actor(ROLE.Kiosk, 7)))).toEqual(['kiosk /safe/kiosk']);
  });

  it('never links a role to an app route its guard refuses', () => {
    for (const a of [
      actor(ROLE.Admin, null),
      actor(ROLE.ClientAdmin, 7),
      actor(ROLE.Attendant, 7),
      actor(ROLE.Kiosk, 7),
    ])
      for (const line of outline(buildNavLinks(a))) {
        const url = line.trim().split(' ')[1]!;
        if (url.startsWith('/') && !url.startsWith('/api/'))
          expect(canOpen(a, url), `role ${a.roleId}: ${url}`).toBe(true);
      }
  });
});
