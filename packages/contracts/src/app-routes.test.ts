import { describe, expect, it } from 'vitest';
import { appRouteOf, canOpen, ROUTE_PERMISSIONS } from './app-routes';
import { PERMISSIONS } from './permissions';
import { ROLE } from './roles';

// issue 24 §2: a route's audience is written once, as a permission of the one map
describe('app routes and their permissions', () => {
  it('names only permissions of the map', () => {
    for (const [path, permission] of Object.entries(ROUTE_PERMISSIONS))
      expect(PERMISSIONS, `${path} → ${permission}`).toHaveProperty([permission]);
  });

  it('matches concrete URLs like React Router does (params, optional params, any case, no query)', () => {
    expect(appRouteOf('/')).toBe('/');
    expect(appRouteOf('/client/settings/7')).toBe('/client/settings/:id');
    expect(appRouteOf('/user')).toBe('/user/:list?');
    expect(appRouteOf('/user/clientadmin')).toBe('/user/:list?');
    expect(appRouteOf('/vendorlog?x=1')).toBe('/Vendorlog');
    expect(appRouteOf('/registration/add')).toBe('/registration/add');
    expect(appRouteOf('/registration/12')).toBe('/registration/:id');
    expect(appRouteOf('/safe/kiosk')).toBe('/safe/kiosk/:id?');
    expect(appRouteOf('/api/docs')).toBeNull();
    expect(appRouteOf('/client/settings')).toBeNull();
  });

  it('opens a route to the roles its permission grants', () => {
    const admin = { roleId: ROLE.Admin };
    const clientAdmin = { roleId: ROLE.ClientAdmin };
    const attendant = { roleId: ROLE.Attendant };
    const kiosk = { roleId: ROLE.Kiosk };
    expect([admin, clientAdmin, attendant, kiosk].map((a) => canOpen(a, '/client'))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([admin, clientAdmin, attendant, kiosk].map((a) => canOpen(a, '/building'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([admin, clientAdmin, attendant, kiosk].map((a) => canOpen(a, '/exclusion'))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([admin, clientAdmin, attendant, kiosk].map((a) => canOpen(a, '/safe/kiosk/3'))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(canOpen(null, '/')).toBe(false);
    expect(canOpen(admin, '/nowhere')).toBe(false);
  });
});
