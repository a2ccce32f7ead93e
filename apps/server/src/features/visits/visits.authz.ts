import { badges, visitors, visits } from '../../db/schema/index';
import type { AuthzEntry, AuthzFixture, Expected, Principal } from '../../test/authz/types';
import { insertPhoto } from '../exclusions/exclusions.fixtures';
import { insertScreening } from '../screening/screening.fixtures';
import { withNameKeys } from '../../platform/db/identity-keys';
import { randomNameTag } from '../../test/names';

/** A fresh visitor of tenant A, and optionally an open visit at building 1 (North High). */
async function fixtureVisit({ world, deps }: AuthzFixture, open = true) {
  const [visitor] = await deps.db
    .insert(visitors)
    .values(
      withNameKeys({
        clientId: world.north.clientId,
        firstname: 'Matrix',
        lastname: `Probe${randomNameTag(5)}`,
        dob: '1985-01-01',
      }),
    )
    .returning();
  if (!open) return { visitorId: visitor.id, visitId: 0, code: '' };
  const code = `MX${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const [badge] = await deps.db
    .insert(badges)
    .values({ clientId: world.north.clientId, buildingId: world.north.northHighId, visitorId: visitor.id, code })
    .returning();
  const [visit] = await deps.db
    .insert(visits)
    .values({
      clientId: world.north.clientId,
      buildingId: world.north.northHighId,
      visitorId: visitor.id,
      badgeId: badge.id,
    })
    .returning();
  return { visitorId: visitor.id, visitId: visit.id, code };
}

/** Desk staff of building 1 (and their admins) may act; others see 404; kiosks 403. */
const deskAction: Record<Principal, Expected> = {
  anonymous: 401,
  admin: 'ok',
  clientAdminA: 'ok',
  attendantA1: 'ok',
  attendantA2: 404,
  kioskA: 403,
  clientAdminB: 404,
  attendantB: 404,
  adminAsAttendantA1: 'ok',
};

const key = () => `authz-${Math.random().toString(36).slice(2, 14)}`;

export const authz: AuthzEntry[] = [
  {
    method: 'POST',
    route: '/api/visits',
    // a clean screening of the visitor at building 1, and the photo the building requires
    request: async (f) => {
      const { visitorId } = await fixtureVisit(f, false);
      const buildingId = f.world.north.northHighId;
      const screeningId = await insertScreening(f.deps.db, {
        clientId: f.world.north.clientId,
        buildingId,
        visitorId,
        at: f.deps.now(),
      });
      const photoFileId = await insertPhoto(f.deps.db, f.world.north.clientId);
      return {
        body: { screeningId, visitorId, buildingId, photoFileId },
        headers: { 'idempotency-key': key() },
      };
    },
    expect: deskAction,
  },
  {
    method: 'GET',
    route: '/api/visits/:id',
    request: async (f) => ({ url: `/api/visits/${(await fixtureVisit(f)).visitId}` }),
    expect: deskAction,
  },
  {
    method: 'POST',
    route: '/api/visits/:id/check-out',
    request: async (f) => ({ url: `/api/visits/${(await fixtureVisit(f)).visitId}/check-out`, body: {} }),
    expect: deskAction,
  },
  {
    method: 'POST',
    route: '/api/visits/check-out-by-badge',
    request: async (f) => ({
      body: { buildingId: f.world.north.northHighId, badgeCode: (await fixtureVisit(f)).code },
    }),
    expect: deskAction,
  },
  {
    method: 'POST',
    route: '/api/visitors/:id/check-out',
    request: async (f) => ({
      url: `/api/visitors/${(await fixtureVisit(f)).visitorId}/check-out`,
      body: { buildingId: f.world.north.northHighId },
    }),
    expect: deskAction,
  },
  {
    method: 'GET',
    route: '/api/buildings/:buildingId/visits/current',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/visits/current` }),
    expect: deskAction,
  },
  {
    method: 'POST',
    route: '/api/buildings/:buildingId/visits/auto-check-out',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/visits/auto-check-out`, body: {} }),
    expect: deskAction,
  },
  {
    method: 'GET',
    route: '/api/buildings/:buildingId/visit-reasons',
    request: ({ world }) => ({ url: `/api/buildings/${world.north.northHighId}/visit-reasons` }),
    expect: deskAction,
  },
  {
    method: 'GET',
    route: '/api/visits/:id/badge.pdf',
    request: async (f) => ({ url: `/api/visits/${(await fixtureVisit(f)).visitId}/badge.pdf` }),
    expect: deskAction,
  },
  {
    method: 'GET',
    route: '/api/visits/:id/badge.zpl',
    request: async (f) => ({ url: `/api/visits/${(await fixtureVisit(f)).visitId}/badge.zpl` }),
    expect: deskAction,
  },
  {
    method: 'POST',
    route: '/api/visits/:id/badge/print',
    request: async (f) => ({ url: `/api/visits/${(await fixtureVisit(f)).visitId}/badge/print`, body: {} }),
    expect: deskAction,
  },
  {
    method: 'GET',
    route: '/Badge/print/:id',
    request: async (f) => ({ url: `/Badge/print/${(await fixtureVisit(f)).visitId}` }),
    // a browser window: signed out → redirected to sign in
    expect: { ...deskAction, anonymous: 302 },
  },
];
