import { RELEASE_VERIFICATION_LABELS, type TReleaseVerificationMethod } from '@sv/contracts';
import { createLogsRepository, type VisitExportField } from './logs.repository';

export type ExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['visitExportBatch']>>[number];

export type PickupExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['pickupExportBatch']>>[number];

export type NearbyExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['nearbyExportBatch']>>[number];

export type DeniedExportRow = Awaited<ReturnType<ReturnType<typeof createLogsRepository>['deniedExportBatch']>>[number];

/** Cell of each denied entry log export column (LOG_EXPORT_COLUMNS.denied). */
export const DENIED_CELL: Record<number, (r: DeniedExportRow) => string | number | boolean | null> = {
  1: (r) => r.visitorName,
  2: (r) => r.buildingName,
  3: (r) => r.attendantName,
  4: (r) => r.deniedAt,
  5: (r) => r.exclusionCount,
  6: (r) => r.potentialCount,
  7: (r) => r.watchdogCount,
  8: (r) => r.securityNotified,
};

/** Cell of each nearby log export column (LOG_EXPORT_COLUMNS.nearby). */
export const NEARBY_CELL: Record<number, (r: NearbyExportRow) => string | number | null> = {
  1: (r) => r.visitorName,
  2: (r) => r.buildingName,
  3: (r) => r.enteredAt,
  4: (r) => r.exitedAt,
};

/** Cell of each pickup log export column (LOG_EXPORT_COLUMNS.pickups). */
export const PICKUP_CELL: Record<number, (r: PickupExportRow) => string | number | null> = {
  1: (r) => r.studentName,
  2: (r) => r.guardianName,
  3: (r) => r.reason,
  4: (r) => r.buildingName,
  5: (r) => r.attendantName,
  6: (r) => r.pickedUpAt,
  7: (r) => r.sisStatus,
  // issue 22: how the adult was verified
  8: (r) =>
    r.verification ? (RELEASE_VERIFICATION_LABELS[r.verification as TReleaseVerificationMethod] ?? r.verification) : '',
};

const VISITOR_TYPE_LABEL: Record<string, string> = {
  visitor: 'Visitor',
  volunteer: 'Volunteer',
  vendor: 'Vendor',
  student: 'Student',
};

/** Cell of each export column id (spec 002 §9 / 001 §9 ids). */
export const CELL: Record<number, (r: ExportRow) => string | number | null> = {
  1: (r) => r.visitorName,
  2: (r) => r.personVisiting,
  3: (r) => r.reason,
  4: (r) => r.buildingName,
  5: (r) => r.attendantName,
  6: (r) => r.checkIn,
  7: (r) => r.checkOut,
  // the type as the screens say it (issue 25, audit 002-ksl U8: 'visitor' in lower case)
  8: (r) => VISITOR_TYPE_LABEL[r.visitorType] ?? r.visitorType,
  9: (r) => r.suffix,
  10: (r) => r.street1,
  11: (r) => r.street2,
  12: (r) => r.city,
  13: (r) => r.state,
  14: (r) => r.zipcode,
  15: (r) => r.county,
  16: (r) => r.email,
  17: (r) => r.dob,
  18: (r) => r.license,
  19: (r) => r.note,
  20: (r) => r.badgeCode,
  21: (r) => r.company, // the vendor company of a SafeVendor check-in (ADR 0014)
};

/** The row fields each export column id writes: a batch reads only the chosen columns' (issue 24 §6). */
export const CELL_FIELDS: Record<number, VisitExportField[]> = {
  1: ['visitorName'],
  2: ['personVisiting'],
  3: ['reason'],
  4: ['buildingName'],
  5: ['attendantName'],
  6: ['checkIn'],
  7: ['checkOut'],
  8: ['visitorType'],
  9: ['suffix'],
  10: ['street1'],
  11: ['street2'],
  12: ['city'],
  13: ['state'],
  14: ['zipcode'],
  15: ['county'],
  16: ['email'],
  17: ['dob'],
  18: ['license'],
  19: ['note'],
  20: ['badgeCode'],
  21: ['company'],
};

/** The fields the chosen export columns write. */
export const fieldsOfColumns = (columns: number[]): VisitExportField[] => [
  ...new Set(columns.flatMap((id) => CELL_FIELDS[id] ?? [])),
];
