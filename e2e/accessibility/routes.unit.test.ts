import { ROUTE_PERMISSIONS, type TAppRoutePath } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { AXE_ROLES, routesOf, urlOf } from './routes';

const samples = { clientId: 1, visitorId: 2, registrationId: 3, svRegistrationId: 4, studentId: 5 };

describe('the accessibility scan covers every route of every role (issue 29 §3)', () => {
  it('every route is opened by at least one scanned role, with every parameter filled', () => {
    const all = Object.keys(ROUTE_PERMISSIONS) as TAppRoutePath[];
    const scanned = new Set(Object.keys(AXE_ROLES).flatMap((who) => routesOf(who as keyof typeof AXE_ROLES)));
    expect(all.filter((p) => !scanned.has(p))).toEqual([]);
    for (const path of all) expect(urlOf(path, samples)).not.toMatch(/:/);
  });

  it('fills parameters from the samples, leaves optional ones out', () => {
    expect(urlOf('/client/settings/:id', samples)).toBe('/client/settings/1');
    expect(urlOf('/client/regTypes/:clientId/:id', samples)).toBe('/client/regTypes/1/new');
    expect(urlOf('/background/:type/:visitorId/:preRegId?', samples)).toBe('/background/visitor/2');
    expect(urlOf('/user/:list?', samples)).toBe('/user');
    expect(urlOf('/safe/kiosk/:id?', samples)).toBe('/safe/kiosk');
  });
});
