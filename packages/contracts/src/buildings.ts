import { z } from 'zod';
import { ZStateCode, ZStateCodeOrEmpty } from './states';
import { pageQuery, pageResponse, ZId, ZIdText, ZListSearch, ZString, ZZipCode, versionField } from './common';
import { CONSTANTS } from './constants';
import { PRINT_METHODS, printerAddressProblem } from './printing';

/**
 * Buildings (spec 000 §2 Buildings screen, §3 Building, §4 new-building defaults, §5 geocoding,
 * 002 §3 "Building settings used at the desk"). Each building has an IANA time zone
 * (security guide: day boundaries use the building's zone).
 */

/** Common US zones offered first in the editor; any other IANA zone may be typed. */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Boise',
  'America/Puerto_Rico',
  'Pacific/Guam',
] as const;

/** True for an IANA zone name the runtime knows ('America/Chicago', 'UTC'); offsets like '+05:00' are refused. */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z
  .string()
  .trim()
  .min(1, 'Choose a time zone')
  .max(64)
  .refine(isIanaTimeZone, 'Choose a time zone such as America/Chicago');

const flag = (on: boolean) => z.boolean().default(on);
const text = (max: number) => ZString.trim().max(max).default('');

/** Coordinates: latitude −90..90, longitude −180..180; null when unknown (spec 000 §5: 6 decimals). */
export const ZLatitude = z.number().min(-90).max(90).nullable();
export const ZLongitude = z.number().min(-180).max(180).nullable();

/**
 * A server-side printer address: blank (none: the PDF badge, spec 002 §4) or a private-network IP
 * address with a printer port (issue 23 §7; the rule and its messages: printing.ts, ADR 0027).
 */
export const ZPrinterAddress = ZString.trim()
  .max(200)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : printerAddressProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .default('');

/**
 * Every editable building field with the new-building defaults (spec 000 §4: active, and every
 * kiosk and attendant photo and badge-print requirement on). Field names follow spec 000 §3
 * (printerIPAddress is spelled printerIpAddress).
 */
export const ZBuildingFields = z.object({
  name: ZString.trim().min(1, 'Enter the building name').max(200),
  street1: text(200),
  street2: text(200),
  city: text(100),
  state: ZStateCodeOrEmpty.default(''),
  zipcode: z.union([ZZipCode, z.literal('')]).default(''),
  latitude: ZLatitude.default(null),
  longitude: ZLongitude.default(null),
  /** geofence radius in metres around the coordinates (nearby log, spec 002) */
  radius: z.number().int().min(0).max(100_000).nullable().default(null),
  note: text(2000),
  timeZone: ZTimeZone.default(CONSTANTS.defaultTimeZone),
  /**
   * How badges print (issue 23 §7): 'server' sends ZPL to the printer address (none set: the PDF
   * badge, spec 002 §4), 'browser' through Zebra Browser Print on the desk's computer, 'pdf' the
   * browser's print window.
   */
  printMethod: z.enum(PRINT_METHODS).default('server'),
  printerIpAddress: ZPrinterAddress,
  visitorPrinterIpAddress: ZPrinterAddress,
  scanWithCamera: flag(false),
  active: flag(true),
  studentIdLabel: text(100),
  showKioskStudentCheckIn: flag(true),
  studentCheckInBtn: text(100),
  requireKioskStudentPhotoCheckIn: flag(true),
  showKioskStudentCheckOut: flag(true),
  studentCheckOutBtn: text(100),
  requireKioskStudentPhotoCheckOut: flag(true),
  requireKioskVisitorPhotoCheckIn: flag(true),
  requireKioskVolunteerPhotoCheckIn: flag(true),
  requireKioskVisitorBadgePrint: flag(true),
  requireKioskVolunteerBadgePrint: flag(true),
  requireAttendantVisitorPhotoCheckIn: flag(true),
  requireAttendantVolunteerPhotoCheckIn: flag(true),
  requireAttendantVisitorBadgePrint: flag(true),
  requireAttendantVolunteerBadgePrint: flag(true),
});

/**
 * POST /api/buildings and PUT /api/buildings/:id. `clientId`: admins choose the client of a new
 * building; everyone else's buildings belong to their own client (an id of another client
 * answers 404). A building never moves to another client on update.
 */
export const ZBuildingUpsert = ZBuildingFields.extend({
  clientId: ZId.nullable().default(null),
});
export type TBuildingUpsert = z.input<typeof ZBuildingUpsert>;
/** PUT /api/buildings/:id: the form and the version it started from (issue 23 §4). */
export const ZBuildingUpdate = ZBuildingUpsert.extend(versionField);
export type TBuildingUpdate = z.input<typeof ZBuildingUpdate>;
export type TBuildingFields = z.output<typeof ZBuildingFields>;

/** The form's starting values for a new building (spec 000 §4). */
export const NEW_BUILDING: z.output<typeof ZBuildingUpsert> = { ...ZBuildingUpsert.parse({ name: '-' }), name: '' };

/**
 * A building as the API answers it. Output shapes are plain (no input rules), so a row written
 * before a rule existed still serialises.
 */
export const ZBuildingRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  name: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().int().nullable(),
  note: z.string(),
  timeZone: z.string(),
  printMethod: z.enum(PRINT_METHODS),
  printerIpAddress: z.string(),
  visitorPrinterIpAddress: z.string(),
  scanWithCamera: z.boolean(),
  active: z.boolean(),
  studentIdLabel: z.string(),
  showKioskStudentCheckIn: z.boolean(),
  studentCheckInBtn: z.string(),
  requireKioskStudentPhotoCheckIn: z.boolean(),
  showKioskStudentCheckOut: z.boolean(),
  studentCheckOutBtn: z.string(),
  requireKioskStudentPhotoCheckOut: z.boolean(),
  requireKioskVisitorPhotoCheckIn: z.boolean(),
  requireKioskVolunteerPhotoCheckIn: z.boolean(),
  requireKioskVisitorBadgePrint: z.boolean(),
  requireKioskVolunteerBadgePrint: z.boolean(),
  requireAttendantVisitorPhotoCheckIn: z.boolean(),
  requireAttendantVolunteerPhotoCheckIn: z.boolean(),
  requireAttendantVisitorBadgePrint: z.boolean(),
  requireAttendantVolunteerBadgePrint: z.boolean(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TBuildingRow = z.infer<typeof ZBuildingRow>;

/** Query booleans arrive as text ('true' / 'false'). */
const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET /api/buildings: the Buildings screen table (spec 000 §2). */
export const ZBuildingListQuery = pageQuery(['name', 'id', 'city'], 'name').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  /** active-only toggle */
  activeOnly: queryBool.default(false),
  /** client filter (admins only; others always see their own client) */
  clientId: ZIdText.optional(),
});
export type TBuildingListQuery = z.input<typeof ZBuildingListQuery>;
export const ZBuildingListResponse = pageResponse(ZBuildingRow);

/** GET /api/buildings/lookup: building pickers and filters (spec 000 §7 GET /api/building/client/{clientId}). */
export const ZBuildingLookupQuery = z.object({
  clientId: ZIdText.optional(),
  activeOnly: queryBool.default(false),
});
export const ZBuildingLookupItem = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  active: z.boolean(),
});
export type TBuildingLookupItem = z.infer<typeof ZBuildingLookupItem>;
export const ZBuildingLookupResponse = z.object({ data: z.array(ZBuildingLookupItem) });

/** POST /api/geocode (spec 000 §5): needs street1, city and state. */
export const ZGeocodeRequest = z.object({
  street1: ZString.trim().min(1, 'Enter the street address').max(200),
  city: ZString.trim().min(1, 'Enter the city').max(100),
  state: ZStateCode,
  zipcode: z.union([ZZipCode, z.literal('')]).default(''),
});
export type TGeocodeRequest = z.input<typeof ZGeocodeRequest>;
/** Coordinates truncated (not rounded) to 6 decimals (spec 000 §5, §9). */
export const ZGeocodeResponse = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /**
   * The point is the town's centre, not the street address (the built-in offline geocoder; audit
   * 000 U9: any street got coordinates and nothing said they were approximate). Present only then.
   */
  approximate: z.literal(true).optional(),
});
export type TGeocodeResponse = z.infer<typeof ZGeocodeResponse>;

/**
 * POST /api/buildings/:id/test-print (issue 23 §7): a building that prints from the server sends
 * a test page to its printer(s); the message says, in words, where it went. A printer that does
 * not answer is a 503 and a refused address a 409, each with a sentence saying why.
 */
export const ZPrintTestResponse = z.object({ printed: z.boolean(), message: z.string() });
export type TPrintTestResponse = z.infer<typeof ZPrintTestResponse>;
