import { describe, expect, it } from 'vitest';
import {
  PICKUP_PATHS,
  type PickupInput,
  type PickupRule,
  pickupAuthorization,
  pickupPermission,
} from './pickup-authorization';

const TODAY = '2026-03-13';
const allow = (id: number, validFrom: string | null = null, validTo: string | null = null): PickupRule => ({
  id,
  kind: 'allow',
  validFrom,
  validTo,
  revoked: false,
});
const deny = (id: number): PickupRule => ({ id, kind: 'deny', validFrom: null, validTo: null, revoked: false });

const base = (over: Partial<PickupInput>): PickupInput => ({
  path: 'desk',
  studentBuildingId: 1,
  buildingId: 1,
  studentActive: true,
  guardianActive: true,
  rules: [allow(1)],
  today: TODAY,
  screening: 'clear',
  ...over,
});

// The table over every pickup path (security guide: a safety rule tested as a table over every path).
const CASES: [string, Partial<PickupInput>, ReturnType<typeof pickupAuthorization>][] = [
  ['standing permission', {}, { allowed: true, authorizationId: 1 }],
  ['no authorisation at all', { rules: [] }, { allowed: false, reason: 'no_authorisation' }],
  ['court order wins over a permission', { rules: [allow(1), deny(2)] }, { allowed: false, reason: 'restricted' }],
  ['revoked permission', { rules: [{ ...allow(1), revoked: true }] }, { allowed: false, reason: 'no_authorisation' }],
  ['revoked court order', { rules: [allow(1), { ...deny(2), revoked: true }] }, { allowed: true, authorizationId: 1 }],
  ['exception today', { rules: [allow(3, TODAY, TODAY)] }, { allowed: true, authorizationId: 3 }],
  ['expired exception', { rules: [allow(3, '2026-03-01', '2026-03-12')] }, { allowed: false, reason: 'expired' }],
  ['future exception', { rules: [allow(3, '2026-03-14', '2026-03-20')] }, { allowed: false, reason: 'not_yet_valid' }],
  ['another building', { buildingId: 2 }, { allowed: false, reason: 'not_enrolled_here' }],
  ['school not mapped', { studentBuildingId: null }, { allowed: false, reason: 'not_enrolled_here' }],
  ['withdrawn student', { studentActive: false }, { allowed: false, reason: 'inactive' }],
  ['not screened', { screening: 'missing' }, { allowed: false, reason: 'not_screened' }],
  ['flagged by screening', { screening: 'flagged' }, { allowed: false, reason: 'flagged' }],
];

describe('pickupAuthorization (every path × every case)', () => {
  for (const path of PICKUP_PATHS)
    for (const [name, over, expected] of CASES)
      it(`${path}: ${name}`, () => expect(pickupAuthorization(base({ path, ...over }))).toEqual(expected));
});

describe('pickupPermission', () => {
  it('prefers a standing permission over an exception', () => {
    expect(pickupPermission([allow(5, TODAY, TODAY), allow(9)], TODAY)).toEqual({
      canPickup: true,
      authorizationId: 9,
    });
  });
  it('an exception is inclusive of both ends', () => {
    expect(pickupPermission([allow(1, '2026-03-10', TODAY)], TODAY).canPickup).toBe(true);
    expect(pickupPermission([allow(1, TODAY, '2026-03-20')], TODAY).canPickup).toBe(true);
  });
});
