import {
  ZBuildingRow,
  ZGuardianListResponse,
  ZKioskConfigResponse,
  ZPickupCheckResponse,
  ZPreRegistration,
  ZScreeningMatch,
  ZScreeningResponse,
  ZSessionResponse,
  ZVisitor,
  type TBuildingRow,
  type TGuardianListResponse,
  type TKioskConfigResponse,
  type TPickupCheckResponse,
  type TPreRegistration,
  type TScreeningMatch,
  type TScreeningResponse,
  type TSessionResponse,
  type TVisitor,
} from '@sv/contracts';

/**
 * Typed answers of the API for component tests, each parsed by its zod contract (packages/contracts):
 * a fixture that drifts from what the server may answer fails where it is built.
 */

export const BUILDING_ID = 11;
export const CLIENT_ID = 5;
export const SCREENING_ID = '0a4c7c1e-6f51-4d7e-9a51-3f0b6a0d2c11';

type Role = 'admin' | 'attendant';
export function session(role: Role = 'attendant'): TSessionResponse {
  const admin = role === 'admin';
  return ZSessionResponse.parse({
    user: {
      id: admin ? 1 : 3,
      name: admin ? 'Ada Admin' : 'Avery Attendant',
      email: admin ? 'admin@example.test' : 'desk@example.test',
      roleId: admin ? 1 : 3,
      roleName: admin ? 'Admin' : 'Attendant',
      clientId: admin ? null : CLIENT_ID,
      clientName: admin ? null : 'Lincoln District',
      buildingId: admin ? null : BUILDING_ID,
      buildingName: admin ? null : 'Lincoln High',
      buildingTimeZone: admin ? null : 'America/Chicago',
      homepage: '/',
      elevatedReports: false,
      scanWithCamera: false,
      signedInWith: 'password',
      links: [],
      impersonatedBy: null,
    },
    csrfToken: 'csrf-test',
    demoData: false,
  });
}

export function visitor(over: Partial<TVisitor> = {}): TVisitor {
  return ZVisitor.parse({
    id: 7,
    version: 1,
    clientId: CLIENT_ID,
    firstname: 'Jordan',
    middlename: '',
    lastname: 'Rivers',
    suffix: '',
    dob: '1980-04-12',
    photoFileId: null,
    createdAt: '2026-01-05T15:00:00.000Z',
    openVisit: null,
    lastVisit: null,
    hasActiveExclusion: false,
    lastVisitAt: null,
    mergedIntoId: null,
    undoableMerges: [],
    ...over,
  });
}

export function building(over: Partial<TBuildingRow> = {}): TBuildingRow {
  return ZBuildingRow.parse({
    id: BUILDING_ID,
    clientId: CLIENT_ID,
    clientName: 'Lincoln District',
    name: 'Lincoln High',
    street1: '1 Main St',
    street2: '',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    latitude: null,
    longitude: null,
    radius: null,
    note: '',
    timeZone: 'America/Chicago',
    printMethod: 'pdf',
    printerIpAddress: '',
    visitorPrinterIpAddress: '',
    scanWithCamera: false,
    active: true,
    studentIdLabel: 'Student ID',
    showKioskStudentCheckIn: false,
    studentCheckInBtn: '',
    requireKioskStudentPhotoCheckIn: false,
    showKioskStudentCheckOut: false,
    studentCheckOutBtn: '',
    requireKioskStudentPhotoCheckOut: false,
    requireKioskVisitorPhotoCheckIn: false,
    requireKioskVolunteerPhotoCheckIn: false,
    requireKioskVisitorBadgePrint: false,
    requireKioskVolunteerBadgePrint: false,
    requireAttendantVisitorPhotoCheckIn: false,
    requireAttendantVolunteerPhotoCheckIn: false,
    requireAttendantVisitorBadgePrint: false,
    requireAttendantVolunteerBadgePrint: false,
    version: 1,
    ...over,
  });
}

export function match(over: Partial<TScreeningMatch> & Pick<TScreeningMatch, 'kind'>): TScreeningMatch {
  return ZScreeningMatch.parse({
    id: `${over.kind}-1`,
    firstName: 'Jordan',
    lastName: 'Rivers',
    dob: '1980-04-12',
    reasons: ['Same first and last name'],
    cleared: false,
    ...over,
  });
}

/** A screening answer; counts follow the matches given (as the server computes them). */
export function screening(
  over: {
    direct?: TScreeningMatch[];
    potential?: TScreeningMatch[];
    registry?: TScreeningMatch[];
    registryStatus?: TScreeningResponse['registry']['status'];
    registryMessage?: string;
    nameWarnings?: string[];
  } = {},
): TScreeningResponse {
  const direct = over.direct ?? [];
  const potential = over.potential ?? [];
  const registry = over.registry ?? [];
  const openPotential = potential.filter((m) => !m.cleared).length;
  const gating = registry.filter((m) => !m.cleared && m.gating !== false).length;
  const status = over.registryStatus ?? 'ok';
  return ZScreeningResponse.parse({
    id: SCREENING_ID,
    visitorId: 7,
    buildingId: BUILDING_ID,
    registry: { status, message: over.registryMessage, matches: registry },
    exclusions: { direct, potential },
    issueCount: direct.length + openPotential + gating + (status === 'failed' ? 1 : 0),
    nameWarnings: over.nameWarnings ?? [],
    screenedAt: '2026-11-27T15:30:00.000Z',
    summary: {
      exclusionCount: direct.length,
      potentialCount: openPotential,
      watchdogCount: gating,
      informationalCount: registry.filter((m) => m.gating === false).length,
    },
  });
}

export function preRegistration(over: Partial<TPreRegistration> = {}): TPreRegistration {
  return ZPreRegistration.parse({
    id: 31,
    visitorId: 7,
    firstname: 'Jordan',
    lastname: 'Rivers',
    dob: '1980-04-12',
    visitDate: '2026-11-27',
    visiting: 'Ms. Patel',
    reason: 'Parent conference',
    visitorType: 'visitor',
    notifyEmail: '',
    notifySms: '',
    bgResults: null,
    issues: { exclusionCount: 0, potentialCount: 0, watchdogCount: 0, summary: [], findings: [] },
    tempPhotoFileId: null,
    tempPhotoAt: null,
    status: 'scheduled',
    visitId: null,
    flagged: false,
    flagReasons: [],
    ...over,
  });
}

export function kioskConfig(over: Partial<TKioskConfigResponse> = {}): TKioskConfigResponse {
  return ZKioskConfigResponse.parse({
    buildingId: BUILDING_ID,
    buildingName: 'Lincoln High',
    buttons: [
      { key: 'visitor', label: 'VISITOR' },
      { key: 'checkIn', label: 'VOLUNTEER / VENDOR CHECK IN' },
      { key: 'checkOut', label: 'CHECK OUT' },
    ],
    autoBadge: false,
    banner: { enabled: false, questions: [], questionsEs: [] },
    photoRequired: { visitor: false, volunteer: false, studentCheckIn: false, studentCheckOut: false },
    studentIdLabel: 'Student ID',
    studentPickup: null,
    ...over,
  });
}

export function guardianList(over: Partial<TGuardianListResponse> = {}): TGuardianListResponse {
  return ZGuardianListResponse.parse({
    student: {
      id: 41,
      clientId: CLIENT_ID,
      name: 'Sam Rivers',
      identifier: 'S-1041',
      buildingId: BUILDING_ID,
      buildingName: 'Lincoln High',
      active: true,
    },
    guardians: [
      {
        guardianId: 51,
        name: 'Jordan Rivers',
        relationship: 'parent',
        address: '1 Main St, Springfield',
        comments: '',
        canPickup: true,
        refusal: null,
      },
      {
        guardianId: 52,
        name: 'Casey Rivers',
        relationship: 'parent',
        address: '9 Elm St, Springfield',
        comments: '',
        canPickup: false,
        refusal: 'A court order on file forbids this pickup.',
      },
    ],
    ...over,
  });
}

export function pickupCheck(over: Partial<TPickupCheckResponse> = {}): TPickupCheckResponse {
  return ZPickupCheckResponse.parse({
    screeningId: SCREENING_ID,
    notice: null,
    identity: { onFile: true, dob: '1980-04-12', licenseHint: 'IL ••••8901' },
    ...over,
  });
}
