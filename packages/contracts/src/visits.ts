import { z } from 'zod';
import { ZId, ZString } from './common';

/**
 * Who is coming in (spec 002 §1): visitors, volunteers, vendors and students; and first
 * responders (issue 27 §1, ADR 0042), recorded by staff at the desk only, admitted unscreened.
 */
export const VISITOR_TYPES = ['visitor', 'volunteer', 'vendor', 'student', 'responder'] as const;
export const ZVisitorType = z.enum(VISITOR_TYPES);
export type TVisitorType = z.infer<typeof ZVisitorType>;

/** The answer to a first responder anywhere but the desk's staff (issue 27 §1, ADR 0042). */
export const RESPONDER_MESSAGE = 'First responders are recorded at the front desk by staff.';
/** A visitor type on the kiosk, a pre-registration or a public form: never a first responder. */
export const ZArrivalVisitorType = ZVisitorType.refine((t) => t !== 'responder', { message: RESPONDER_MESSAGE });

/** spec 002 §7 POST /Visit/CheckIn/{id}: building, type, reason, reason id, duration, badge proxy. */
export const ZCheckInRequest = z.object({
  /**
   * the server's screening of this visitor at this building (issue 10 §1): required (but for a first
   * responder recorded by staff at the desk, issue 27 §1); the check-in is refused when it is older than CONSTANTS.screeningValidMinutes or has findings nobody decided on
   */
  screeningId: z.string().uuid().optional(),
  visitorId: ZId,
  buildingId: ZId,
  /** default 'visitor', or for a pre-registered visitor the card's type (issue 22) */
  visitorType: ZVisitorType.optional(),
  visitReasonId: ZId.nullable().optional(),
  reason: ZString.trim().max(200).default(''),
  personVisiting: ZString.trim().max(200).default(''),
  /** the host picked for "person visiting" (issue 28 §1): told of the arrival on their channel (§4) */
  hostId: ZId.nullable().optional(),
  allowedMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .nullable()
    .optional(),
  badgeProxy: z.boolean().default(false),
  preRegistrationId: ZId.nullable().optional(),
  /**
   * registered check-in (spec 002 §4; issue 11): the registration whose badge was scanned; the
   * server refuses it unless it is this visitor's and admits at this building today
   */
  registrationId: ZId.nullable().optional(),
  /** the photo taken in the photo modal (spec 002 §4 Photo modal) */
  photoFileId: z.string().uuid().nullable().optional(),
});
export type TCheckInRequest = z.input<typeof ZCheckInRequest>;

export const ZBadgeSummary = z.object({ id: z.number().int(), code: z.string(), expiresAt: z.string().nullable() });

export const ZVisitSummary = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  visitorName: z.string(),
  visitorType: ZVisitorType,
  buildingId: z.number().int(),
  buildingName: z.string(),
  checkIn: z.string(),
  checkOut: z.string().nullable(),
  reason: z.string(),
  personVisiting: z.string(),
  photoFileId: z.string().nullable(),
  checkedInByName: z.string().nullable(),
  badge: ZBadgeSummary.nullable(),
  /**
   * On the current visits (the dashboard's on-site cards): how many possible matches were cleared
   * to admit this person (issue 25, audit 002-desk usability 1b). Absent elsewhere.
   */
  clearedFindings: z.number().int().optional(),
});
export type TVisitSummary = z.infer<typeof ZVisitSummary>;

/**
 * How the badge gets printed (spec 002 §4 Badge printing; issue 23 §7 the building's print
 * method): 'network' when the building prints from the server and its printer address has at
 * least 7 characters (the server sends ZPL to it), 'browser' when the desk's browser sends the ZPL
 * through Zebra Browser Print, otherwise 'pdf' in the browser's print window.
 */
export const PRINT_MODES = ['network', 'browser', 'pdf'] as const;
export type TPrintMode = (typeof PRINT_MODES)[number];
export const ZPrintPlan = z.object({
  mode: z.enum(PRINT_MODES),
  required: z.boolean(),
  pdfUrl: z.string(),
});

export const ZCheckInResponse = z.object({ visit: ZVisitSummary, print: ZPrintPlan });
export type TCheckInResponse = z.infer<typeof ZCheckInResponse>;

export const ZCheckOutResponse = z.object({ visit: ZVisitSummary });
export const ZCheckOutByBadgeRequest = z.object({
  buildingId: ZId,
  badgeCode: ZString.trim().min(4).max(64),
});
export const ZCheckOutVisitorRequest = z.object({ buildingId: ZId });

export const ZCurrentVisitsResponse = z.object({ data: z.array(ZVisitSummary) });

export const ZVisitReason = z.object({
  id: z.number().int(),
  kind: z.enum(['visitor', 'volunteer']),
  label: z.string(),
});
export const ZVisitReasonsResponse = z.object({ data: z.array(ZVisitReason) });

export const ZPrintResponse = z.object({ printed: z.boolean(), mode: z.enum(['network', 'pdf']), message: z.string() });
export const ZAutoCheckOutResponse = z.object({ checkedOut: z.number().int() });
