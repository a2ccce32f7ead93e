import { z } from 'zod';
import { pageQuery, pageResponse, ZIdText, ZIsoDate, ZString } from './common';
import { VISITOR_TYPES } from './visits';

/**
 * Logs (issue 13; spec 002 §2 Logs, §3 Log rows, §5, §6, §7 Logs, §9; spec 001 §3 vendor log
 * row, §9 vendor log). One request shape behind every log: the filters (date range in the
 * building's time zone, building and attendant for roles with 'logs.filterByBuilding', search)
 * and the one paging contract. Search text travels in a POST body, never in a URL.
 */

/** The logs built on the one log component and query. */
export const LOG_KINDS = ['visits', 'vendors', 'denied', 'pickups', 'nearby'] as const;
export type TLogKind = (typeof LOG_KINDS)[number];

/** Sort keys of the visit and vendor logs; the date (check-in) newest first is the default (spec 002 §9). */
export const VISIT_LOG_SORTS = ['checkIn', 'checkOut', 'visitor', 'building', 'attendant', 'type'] as const;
/** Sort keys of the pickup log (spec 002 §9: by date, newest first). */
export const PICKUP_LOG_SORTS = ['pickedUpAt', 'student', 'guardian', 'building', 'attendant'] as const;
/** Sort keys of the nearby visitor log (spec 002 §3 Nearby log: entered newest first). */
export const NEARBY_LOG_SORTS = ['enteredAt', 'exitedAt', 'visitor', 'building'] as const;
/** Sort keys of the denied entry log. */
export const DENIED_LOG_SORTS = ['deniedAt', 'visitor', 'building', 'attendant'] as const;

/** spec 002 §9: the default range is the last 7 days up to today (today and the 6 days before). */
export const LOG_DEFAULT_DAYS = 7;
/** A range longer than this is refused (a year and a day: a year's export fits). */
export const LOG_MAX_RANGE_DAYS = 367;

/** What the API answers (400) and the log screens say next to the dates (issue 25 §Logs: never silently ignored). */
export const LOG_RANGE_MESSAGES = {
  order: 'The start date must be on or before the end date.',
  length: `Choose a range of at most ${LOG_MAX_RANGE_DAYS} days.`,
} as const;

const dayNumberOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Why a range of calendar days (yyyy-mm-dd, inclusive) cannot be applied, or null when it can:
 * 'order' when the start is after the end, 'length' when it covers more than
 * LOG_MAX_RANGE_DAYS days. A missing end (or start) is checked against the one given only.
 */
export function logRangeProblem(
  from: string | undefined,
  to: string | undefined,
): keyof typeof LOG_RANGE_MESSAGES | null {
  if (!from || !to) return null;
  if (from > to) return 'order';
  if (dayNumberOf(to) - dayNumberOf(from) + 1 > LOG_MAX_RANGE_DAYS) return 'length';
  return null;
}

/** ids in a body or query string: bounded like every id (issue 10 §2) */
const id = ZIdText;

/**
 * The filters every log takes. `from` / `to` are calendar days (inclusive) in each building's
 * IANA time zone; omitted, the server uses the last 7 days up to today in the building's zone
 * and answers the range it used. `buildingId` / `attendantId` are requests checked against the
 * actor (a building outside the scope answers 404; the attendant filter needs
 * 'logs.filterByBuilding', spec 002 §6).
 */
export const ZLogFilters = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** admins only: one district */
  clientId: id.optional(),
  buildingId: id.optional(),
  attendantId: id.optional(),
  /** visitor name, person visiting or reason (contains, case-insensitive) */
  search: ZString.trim().max(100).default(''),
});
export type TLogFilters = z.input<typeof ZLogFilters>;

/** A wall-clock time, 24-hour hh:mm (the screens show h:mm AM). */
export const ZLocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 10:00 AM');

/**
 * "On site at …" (issue 25; audit 002 U7: "who was in the building on Tuesday at 10:00?"): a
 * local date and time, read in each building's own zone. A visit is on site at that instant when
 * it checked in at or before it and had not checked out before it (still open, or out at or
 * after it). Given, it replaces the date range: a visit that began the day before is listed.
 */
export const ZOnSiteAt = z.object({ date: ZIsoDate, time: ZLocalTime });
export type TOnSiteAt = z.infer<typeof ZOnSiteAt>;

const desc = { dir: z.enum(['asc', 'desc']).default('desc') };
export const ZVisitLogRequest = pageQuery(VISIT_LOG_SORTS, 'checkIn')
  .extend(desc)
  .merge(ZLogFilters)
  .extend({ onSiteAt: ZOnSiteAt.optional() });
export type TVisitLogRequest = z.input<typeof ZVisitLogRequest>;
export const ZDeniedLogRequest = pageQuery(DENIED_LOG_SORTS, 'deniedAt').extend(desc).merge(ZLogFilters);
export type TDeniedLogRequest = z.input<typeof ZDeniedLogRequest>;

export const ZPickupLogRequest = pageQuery(PICKUP_LOG_SORTS, 'pickedUpAt').extend(desc).merge(ZLogFilters);
export type TPickupLogRequest = z.input<typeof ZPickupLogRequest>;

/** The nearby log takes no attendant filter: nobody lets a nearby visitor in. */
export const ZNearbyLogRequest = pageQuery(NEARBY_LOG_SORTS, 'enteredAt')
  .extend(desc)
  .merge(ZLogFilters.omit({ attendantId: true }));
export type TNearbyLogRequest = z.input<typeof ZNearbyLogRequest>;

/** The range the server applied (calendar days) and the zone "today" was read in. */
export const ZLogRange = z.object({ from: ZIsoDate, to: ZIsoDate, timeZone: z.string() });
export type TLogRange = z.infer<typeof ZLogRange>;

/** spec 002 §3 visit log row; spec 001 §3 vendor log row (Company = the vendor company of a SafeVendor check-in). */
export const ZVisitLogRow = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  visitorName: z.string(),
  personVisiting: z.string(),
  reason: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  attendantName: z.string().nullable(),
  visitorType: z.enum(VISITOR_TYPES).or(z.string()),
  registrationId: z.number().int().nullable(),
  svRegistrationId: z.number().int().nullable(),
  badgeId: z.number().int().nullable(),
  /** vendor company (spec 001 §3 registrationType shown as Company); null for a visit without a SafeVendor registration */
  company: z.string().nullable(),
  checkIn: z.string(),
  checkOut: z.string().nullable(),
  /** the building's IANA zone: dates and times are shown in it, never in the browser's offset */
  timeZone: z.string(),
});
export type TVisitLogRow = z.infer<typeof ZVisitLogRow>;
export const ZVisitLogResponse = pageResponse(ZVisitLogRow).extend({ range: ZLogRange });
export type TVisitLogResponse = z.infer<typeof ZVisitLogResponse>;

/** spec 002 §3 denied entry row, with the counts the info modal shows. */
export const ZDeniedLogRow = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  visitorName: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  attendantName: z.string().nullable(),
  deniedAt: z.string(),
  timeZone: z.string(),
  exclusionCount: z.number().int(),
  potentialCount: z.number().int(),
  watchdogCount: z.number().int(),
  securityNotified: z.boolean(),
});
export type TDeniedLogRow = z.infer<typeof ZDeniedLogRow>;
export const ZDeniedLogResponse = pageResponse(ZDeniedLogRow).extend({ range: ZLogRange });
export type TDeniedLogResponse = z.infer<typeof ZDeniedLogResponse>;

/**
 * spec 002 §3 Pickup log: id, studentName, guardianName, reason, buildingName, attendantName,
 * pickupDateTime; the photo through the authorized file endpoint; and the SIS write-back status
 * (beyond the spec: 'pending' | 'retrying' | 'sent' | 'failed' | 'unsupported', null = no SIS queue).
 */
export const ZPickupLogRow = z.object({
  id: z.number().int(),
  studentName: z.string(),
  guardianName: z.string(),
  reason: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  attendantName: z.string().nullable(),
  pickedUpAt: z.string(),
  timeZone: z.string(),
  /** null: a kiosk pickup where the building requires no photo (issue 25) */
  photoFileId: z.string().uuid().nullable(),
  sisStatus: z.string().nullable(),
  /** how the adult was verified (issue 22; RELEASE_VERIFICATION_METHODS), null before it was recorded */
  verification: z.string().nullable(),
});
export type TPickupLogRow = z.infer<typeof ZPickupLogRow>;
export const ZPickupLogResponse = pageResponse(ZPickupLogRow).extend({ range: ZLogRange });
export type TPickupLogResponse = z.infer<typeof ZPickupLogResponse>;

/**
 * spec 002 §3 Nearby log: visitorName, buildingName, enterDateMilliseconds, exitDate (instants
 * as ISO strings here, shown in the building's zone); `removed` = cleared from the dashboard.
 */
export const ZNearbyLogRow = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  visitorName: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  enteredAt: z.string(),
  exitedAt: z.string().nullable(),
  removed: z.boolean(),
  timeZone: z.string(),
});
export type TNearbyLogRow = z.infer<typeof ZNearbyLogRow>;
export const ZNearbyLogResponse = pageResponse(ZNearbyLogRow).extend({ range: ZLogRange });
export type TNearbyLogResponse = z.infer<typeof ZNearbyLogResponse>;

/** Visits per local day and per local hour of the filtered range, by visitor type (charts). */
export const ZVisitLogChartResponse = z.object({
  range: ZLogRange,
  byDay: z.array(z.object({ day: ZIsoDate, type: z.string(), count: z.number().int() })),
  byHour: z.array(z.object({ hour: z.number().int().min(0).max(23), type: z.string(), count: z.number().int() })),
});
export type TVisitLogChartResponse = z.infer<typeof ZVisitLogChartResponse>;

/**
 * Export columns (spec 002 §9, spec 001 §9): the ids are the old system's and stay stable.
 * `clientAdminOnly`: only the role named 'Client Admin' may export it (spec 002 §6); anyone
 * else asking for it gets 403, never a quietly trimmed file.
 */
export interface TLogExportColumn {
  id: number;
  header: string;
  selectedByDefault: boolean;
  clientAdminOnly: boolean;
}
const col = (id: number, header: string, kind: 'default' | 'optional' | 'clientAdmin'): TLogExportColumn => ({
  id,
  header,
  selectedByDefault: kind === 'default',
  clientAdminOnly: kind === 'clientAdmin',
});

export type TExportLogKind = 'visits' | 'vendors' | 'pickups' | 'nearby' | 'denied';
export const LOG_EXPORT_COLUMNS: Record<TExportLogKind, readonly TLogExportColumn[]> = {
  visits: [
    col(1, 'Visitor', 'default'),
    col(2, 'Person Visiting', 'default'),
    col(3, 'Reason', 'default'),
    col(4, 'Building', 'default'),
    col(5, 'Attendant', 'default'),
    col(6, 'Check In', 'default'),
    col(7, 'Check Out', 'default'),
    col(8, 'Type', 'default'),
    col(9, 'Suffix', 'optional'),
    col(10, 'Address Street 1', 'clientAdmin'),
    col(11, 'Address Street 2', 'clientAdmin'),
    col(12, 'City', 'clientAdmin'),
    col(13, 'State', 'clientAdmin'),
    col(14, 'Zip Code', 'clientAdmin'),
    col(15, 'County', 'clientAdmin'),
    col(16, 'Email', 'clientAdmin'),
    col(17, 'DOB', 'optional'),
    col(18, "Driver's License", 'clientAdmin'),
    col(19, 'Notes', 'optional'),
    col(20, 'BadgeId', 'clientAdmin'),
  ],
  vendors: [
    col(1, 'Visitor', 'default'),
    col(3, 'Reason', 'default'),
    col(4, 'Building', 'default'),
    col(5, 'Attendant', 'default'),
    col(6, 'Check In', 'default'),
    col(7, 'Check Out', 'default'),
    col(21, 'Company', 'default'),
    col(17, 'DOB', 'optional'),
    col(19, 'Notes', 'optional'),
    col(10, 'Address Street 1', 'clientAdmin'),
    col(11, 'Address Street 2', 'clientAdmin'),
    col(12, 'City', 'clientAdmin'),
    col(13, 'State', 'clientAdmin'),
    col(14, 'Zip Code', 'clientAdmin'),
    col(15, 'County', 'clientAdmin'),
    col(16, 'Email', 'clientAdmin'),
    col(20, 'BadgeId', 'clientAdmin'),
  ],
  // spec 002 §2 Pickup Log columns (the spec lists no export ids for it: these are ours)
  pickups: [
    col(1, 'Student', 'default'),
    col(2, 'Guardian', 'default'),
    col(3, 'Reason', 'default'),
    col(4, 'Building', 'default'),
    col(5, 'Attendant', 'default'),
    col(6, 'Date', 'default'),
    col(7, 'SIS write-back', 'optional'),
    col(8, 'Verified by', 'optional'),
  ],
  // spec 002 §3 Nearby log columns (the spec lists no export ids for it: these are ours)
  nearby: [
    col(1, 'Visitor', 'default'),
    col(2, 'Building', 'default'),
    col(3, 'Entered', 'default'),
    col(4, 'Left', 'default'),
  ],
  // issue 25 (spec 002 §1 "review … denied entries … and export them"; §3 denied entry row:
  // visitor, building, attendant, denyEntryDate, exclusionCount, potentialCount, watchdogCount)
  denied: [
    col(1, 'Visitor', 'default'),
    col(2, 'Building', 'default'),
    col(3, 'Attendant', 'default'),
    col(4, 'Date', 'default'),
    col(5, 'Exclusion Matches', 'default'),
    col(6, 'Potential Matches', 'default'),
    col(7, 'Sex-Offender Registry Matches', 'default'),
    col(8, 'Security Notified', 'default'),
  ],
};

/** The columns a role is offered (the chooser hides what the server would refuse). */
export function logExportColumnsFor(kind: TExportLogKind, roleId: number): TLogExportColumn[] {
  return LOG_EXPORT_COLUMNS[kind].filter((c) => !c.clientAdminOnly || roleId === 2);
}

/** POST /api/logs/{visits|vendors}/export: the list's filters, the format and the chosen column ids. */
export const ZLogExportRequest = ZLogFilters.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** column ids; empty → 400 'Please select atleast one column to download the report.' */
  columns: z.array(z.coerce.number().int().min(1).max(99)).max(30),
  sort: z.enum(VISIT_LOG_SORTS).default('checkIn'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TLogExportRequest = z.input<typeof ZLogExportRequest>;
/** POST /api/logs/{visits|vendors}/export: the visit log's filters, "on site at" included (issue 25). */
export const ZVisitLogExportRequest = ZLogExportRequest.extend({ onSiteAt: ZOnSiteAt.optional() });
export type TVisitLogExportRequest = z.input<typeof ZVisitLogExportRequest>;
/** POST /api/logs/pickups/export: as the other exports, sorted like the pickup log. */
export const ZPickupLogExportRequest = ZLogExportRequest.extend({
  sort: z.enum(PICKUP_LOG_SORTS).default('pickedUpAt'),
});
export type TPickupLogExportRequest = z.input<typeof ZPickupLogExportRequest>;
/** POST /api/logs/nearby/export: the nearby log's filters (no attendant), sorted like it. */
export const ZNearbyLogExportRequest = ZLogExportRequest.omit({ attendantId: true }).extend({
  sort: z.enum(NEARBY_LOG_SORTS).default('enteredAt'),
});
export type TNearbyLogExportRequest = z.input<typeof ZNearbyLogExportRequest>;
/** POST /api/logs/denied-entries/export: the denied entry log's filters, sorted like it (issue 25). */
export const ZDeniedLogExportRequest = ZLogExportRequest.extend({
  sort: z.enum(DENIED_LOG_SORTS).default('deniedAt'),
});
export type TDeniedLogExportRequest = z.input<typeof ZDeniedLogExportRequest>;

/**
 * Beyond the spec (issue 13): everyone on site now, per building, for an emergency roll call:
 * the open visits (visitors, volunteers, vendors, students) with their photos.
 */
export const ZOnSiteQuery = z
  .object({
    buildingId: id.optional(),
    /** issue 25: who was on site at this local date and time (each building's zone); omitted: now */
    date: ZIsoDate.optional(),
    time: ZLocalTime.optional(),
  })
  .refine((q) => (q.date === undefined) === (q.time === undefined), {
    message: 'Choose both a date and a time.',
    path: ['time'],
  });
export const ZOnSitePerson = z.object({
  visitId: z.number().int(),
  visitorName: z.string(),
  visitorType: z.string(),
  personVisiting: z.string(),
  reason: z.string(),
  checkIn: z.string(),
  /** null: still checked in (always null for "now") */
  checkOut: z.string().nullable(),
  photoFileId: z.string().uuid().nullable(),
});
export type TOnSitePerson = z.infer<typeof ZOnSitePerson>;
export const ZOnSiteResponse = z.object({
  generatedAt: z.string(),
  /** the local date and time asked for (issue 25), null for "now" */
  onSiteAt: ZOnSiteAt.nullable(),
  buildings: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      timeZone: z.string(),
      /** the instant the roster is for, in this building's zone (now, or the date and time asked for) */
      at: z.string(),
      people: z.array(ZOnSitePerson),
    }),
  ),
});
export type TOnSiteResponse = z.infer<typeof ZOnSiteResponse>;
