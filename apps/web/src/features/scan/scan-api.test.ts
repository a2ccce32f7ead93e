import type { TScanResponse, TVisitorMatch } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { scanOutcome } from './scan-api';

const match = (id: number, openVisitId: number | null = null): TVisitorMatch => ({
  id,
  firstname: `First${id}`,
  middlename: '',
  lastname: `Last${id}`,
  dob: null,
  city: '',
  state: '',
  photoFileId: null,
  licenseLast4: '',
  lastVisitAt: null,
  openVisit: openVisitId
    ? { id: openVisitId, buildingId: 1, buildingName: 'B', checkIn: '2026-01-01T10:00:00Z' }
    : null,
});
const license = { firstName: 'Ann', lastName: 'Lee' } as TScanResponse['license'];
const res = (over: Partial<TScanResponse>): TScanResponse => ({
  kind: 'unknown',
  license: null,
  matches: [],
  checkedOutVisitIds: [],
  registration: null,
  ...over,
});

describe('scanOutcome (spec 002 §4 Scan flow)', () => {
  it('check-in and new with exactly one match go to that visitor', () => {
    expect(scanOutcome('in', res({ kind: 'badge', matches: [match(7)] }))).toEqual({ kind: 'visitor', visitorId: 7 });
    expect(scanOutcome('new', res({ kind: 'license', license, matches: [match(8)] }))).toEqual({
      kind: 'visitor',
      visitorId: 8,
    });
  });
  it('several matches are not a result', () => {
    expect(scanOutcome('in', res({ kind: 'license', license, matches: [match(1), match(2)] }))).toEqual({
      kind: 'multiple',
    });
  });
  it('a licence nobody matches becomes a new visitor prefilled from it', () => {
    expect(scanOutcome('in', res({ kind: 'license', license }))).toEqual({ kind: 'newLicense', license });
  });
  it('an unknown code is the no-data state', () => {
    expect(scanOutcome('in', res({}))).toEqual({ kind: 'noData' });
  });
  it('check-out reports who the server checked out', () => {
    const out = scanOutcome(
      'out',
      res({ kind: 'badge', matches: [match(1, 11), match(2, 12)], checkedOutVisitIds: [11, 12] }),
    );
    expect(out).toEqual({ kind: 'checkedOut', visitIds: [11, 12], names: ['First1 Last1', 'First2 Last2'] });
  });
  it('a registration badge that admits goes to its screening as a registered check-in; one that does not says why', () => {
    const registration = {
      ok: true,
      reason: null,
      registrationId: 31,
      registrationType: 'Volunteer',
      vendor: false,
      name: 'Ann Lee',
      visitorId: 41,
    };
    expect(scanOutcome('in', res({ kind: 'registration', registration }))).toEqual({
      kind: 'registration',
      visitorId: 41,
      registration: { id: 31, type: 'Volunteer', vendor: false },
    });
    // a SafeVendor badge (ADR 0014): the company as the type, checked in as a vendor
    const vendor = { ...registration, registrationType: 'Acme Catering', vendor: true };
    expect(scanOutcome('in', res({ kind: 'registration', registration: vendor }))).toEqual({
      kind: 'registration',
      visitorId: 41,
      registration: { id: 31, type: 'Acme Catering', vendor: true },
    });
    const refused = { ...registration, ok: false, reason: 'This registration has expired.', visitorId: null };
    expect(scanOutcome('in', res({ kind: 'registration', registration: refused }))).toEqual({
      kind: 'registrationRefused',
      name: 'Ann Lee',
      registrationType: 'Volunteer',
      reason: 'This registration has expired.',
    });
  });
  it('check-out of a known visitor with nothing checked out says they are not checked in (audit 002 B10)', () => {
    expect(scanOutcome('out', res({ kind: 'license', license, matches: [match(1)] }))).toEqual({
      kind: 'notIn',
      names: [expect.any(String)],
    });
  });
  it('check-out of a scan nobody matches is the no-data state', () => {
    expect(scanOutcome('out', res({ kind: 'license', license, matches: [] }))).toEqual({ kind: 'noData' });
  });
});
