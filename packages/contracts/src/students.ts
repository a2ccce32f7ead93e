import { z } from 'zod';
import { personName, ZId, ZIdText, ZIsoDate, zText, versionField } from './common';

/**
 * Students (issue 12; spec 002 §2 student screens, §3 guardian row / pickup and dropoff records,
 * §4 pickup and dropoff, §7 Students, §8). Names and student IDs travel in request bodies only
 * (security guide: no PII in URLs); paths carry database ids.
 */

/** The refusals of the pickup rule (pickupAuthorization in @sv/domain), as the desk reads them. */
export const PICKUP_MESSAGES = {
  notAuthorised: 'This person is not authorised to pick up this student.',
  restricted: 'This person may not pick up this student (restriction on file). Contact the office.',
  expired: 'This person’s permission to pick up this student has expired.',
  notYetValid: 'This person’s permission to pick up this student has not started yet.',
  notEnrolledHere: 'This student is not enrolled in this building.',
  inactive: 'This student or person is no longer active in the student information system.',
  notScreened: 'Screen the person again before the pickup.',
  flagged:
    'This person cannot pick up a student: the screening found a possible exclusion or registry match. The office has been alerted.',
  photoRequired: 'Take a photo of the person picking up the student.',
  reasonRequired: 'Choose a reason.',
  registryUnavailable:
    'The registry could not be searched for this person (no date of birth on file, or the service did not answer); the exclusion list was checked.',
  // issue 22 "Releasing a child needs a verified adult"
  verificationRequired: 'Check this person’s ID before the release.',
  unverified:
    'This person’s identity could not be verified: the ID does not agree with what is on file. The office has been alerted.',
  noIdentityOnFile: 'Nothing is on file to check this person against: scan or type their ID.',
  idIncomplete: 'Enter the licence number, its state and the date of birth from the ID.',
  idScanUnreadable: 'The ID could not be read. Scan it again or type the licence details.',
} as const;

/**
 * How the desk verified the adult before a release (issue 22): their licence, scanned (the raw
 * text of the scanner) or typed (number, state, date of birth); or "known": the attendant checked
 * them against the identity already on file. The server refuses a release without one.
 */
export const ZReleaseVerificationRequest = z.discriminatedUnion('method', [
  z.object({ method: z.literal('id_scan'), raw: z.string().min(1, 'Scan the ID').max(4000) }),
  z.object({
    method: z.literal('id_typed'),
    licenseNumber: zText(40).min(1, 'Required'),
    licenseState: zText(20).min(1, 'Required'),
    dob: ZIsoDate,
  }),
  z.object({ method: z.literal('known_visitor') }),
]);
export type TReleaseVerificationRequest = z.infer<typeof ZReleaseVerificationRequest>;
export const RELEASE_VERIFICATION_METHODS = ['dob', 'one_time_code', 'id_scan', 'id_typed', 'known_visitor'] as const;
export type TReleaseVerificationMethod = (typeof RELEASE_VERIFICATION_METHODS)[number];
/** The pickup log's words for each method. */
export const RELEASE_VERIFICATION_LABELS: Record<TReleaseVerificationMethod, string> = {
  dob: 'Date of birth on file',
  one_time_code: 'Code sent to the phone or e-mail on file',
  id_scan: 'ID scanned',
  id_typed: 'ID checked (typed)',
  known_visitor: 'Known to staff, identity on file',
};

/** Desk lookup (spec 002 §2: name, student ID under the building's studentIdLabel, or a scanned card). */
export const ZStudentSearchRequest = z.object({
  /** the desk's building; admins and client admins name it, attendants may omit it (their own) */
  buildingId: ZId.optional(),
  /** admin screen: the district (administrators only; client admins are their own) */
  clientId: ZId.optional(),
  text: zText(100).min(1, 'Enter a name or student ID'),
});
export type TStudentSearchRequest = z.input<typeof ZStudentSearchRequest>;

export const ZStudentRow = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  identifier: z.string(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  active: z.boolean(),
});
export type TStudentRow = z.infer<typeof ZStudentRow>;
export const ZStudentSearchResponse = z.object({ data: z.array(ZStudentRow) });
export type TStudentSearchResponse = z.infer<typeof ZStudentSearchResponse>;

export const ZStudentParams = z.object({ id: ZIdText });

/** spec 002 §2 / §7 GuardianList (general) and GuardianListSIS (Skyward). */
export const ZGuardianListQuery = z.object({
  buildingId: ZIdText.optional(),
  mode: z.enum(['general', 'sis']).default('general'),
});
/** spec 002 §3 Guardian row: name, nameId, comments, address, canPickup. */
export const ZGuardianRow = z.object({
  guardianId: z.number().int(),
  name: z.string(),
  relationship: z.string(),
  address: z.string(),
  comments: z.string(),
  canPickup: z.boolean(),
  /** why not (a PICKUP_MESSAGES text), shown beside the cross */
  refusal: z.string().nullable(),
});
export type TGuardianRow = z.infer<typeof ZGuardianRow>;
export const ZGuardianListResponse = z.object({
  student: ZStudentRow,
  guardians: z.array(ZGuardianRow),
});
export type TGuardianListResponse = z.infer<typeof ZGuardianListResponse>;

/** Before the photo: the rule and the guardian's screening (exclusions and registry). */
export const ZPickupCheckRequest = z.object({ buildingId: ZId, guardianId: ZId });
export type TPickupCheckRequest = z.input<typeof ZPickupCheckRequest>;
export const ZPickupCheckResponse = z.object({
  screeningId: z.string().uuid(),
  /** registry not searched: information for the attendant, the exclusion list was checked */
  notice: z.string().nullable(),
  /**
   * what the adult can be checked against (issue 22): with nothing on file, the release needs
   * their ID (scan or typed); with a date of birth or licence on file, "known" is offered too
   */
  identity: z.object({
    onFile: z.boolean(),
    dob: z.string().nullable(),
    /** the last 4 characters of the licence on file, e.g. "IL ••••8901" */
    licenseHint: z.string().nullable(),
  }),
});
export type TPickupCheckResponse = z.infer<typeof ZPickupCheckResponse>;

/** spec 002 §3 Pickup record (SIS): photo, reason, student, guardian, building (the attendant is the session's). */
export const ZPickupRequest = z.object({
  buildingId: ZId,
  guardianId: ZId,
  reasonId: ZId,
  photoFileId: z.string().uuid(),
  screeningId: z.string().uuid(),
  /** required (issue 22): optional here so a missing one gets PICKUP_MESSAGES.verificationRequired */
  verification: ZReleaseVerificationRequest.optional(),
});
export type TPickupRequest = z.input<typeof ZPickupRequest>;
export const ZPickupResponse = z.object({ id: z.number().int(), message: z.string() });
export type TPickupResponse = z.infer<typeof ZPickupResponse>;
export const ZPickupPhotoResponse = z.object({ photoFileId: z.string().uuid() });

/** spec 002 §3 Dropoff record (SIS): reason (its isExcused), student, building. */
export const ZDropoffRequest = z.object({ buildingId: ZId, reasonId: ZId });
export type TDropoffRequest = z.input<typeof ZDropoffRequest>;
/** spec 002 §7 AddDropoffSIS: a numeric event id (> 0 opens the tardy slip). */
export const ZDropoffResponse = z.object({ eventId: z.number().int(), message: z.string() });
export type TDropoffResponse = z.infer<typeof ZDropoffResponse>;
export const ZDropoffParams = z.object({ eventId: ZIdText });
/** spec 002 §7 window /GenerateAndPrint/GenerateTardySlipForEvent/{eventId}/{timezoneOffsetMinutes} (the offset is ignored: the building's zone is used) */
export const ZTardySlipWindowParams = z.object({ eventId: ZIdText, tzOffset: z.string().max(8) });

// ------------------------------------------------------------------ pickup authorisations (admin)

export const PICKUP_RULE_KINDS = ['allow', 'deny'] as const;
export const ZPickupRule = z.object({
  id: z.number().int(),
  guardianId: z.number().int(),
  kind: z.enum(PICKUP_RULE_KINDS),
  note: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** 'standing' | 'exception' | 'restriction', and whether it is in force today */
  state: z.enum(['in_force', 'expired', 'upcoming']),
  createdAt: z.string(),
  /** issue 23 §4: send it back to end the rule */
  version: z.number().int(),
});
export type TPickupRule = z.infer<typeof ZPickupRule>;
export const ZAuthorizationPerson = z.object({
  guardianId: z.number().int(),
  name: z.string(),
  relationship: z.string(),
  source: z.enum(['sis', 'local']),
  canPickupToday: z.boolean(),
});
export type TAuthorizationPerson = z.infer<typeof ZAuthorizationPerson>;
export const ZAuthorizationsResponse = z.object({
  student: ZStudentRow,
  today: ZIsoDate,
  people: z.array(ZAuthorizationPerson),
  rules: z.array(ZPickupRule),
});
export type TAuthorizationsResponse = z.infer<typeof ZAuthorizationsResponse>;

/**
 * A new rule: for a person of the student (guardianId) or a new local person (firstname,
 * lastname: "grandmother on Friday"). 'deny' needs a note (the court order); dates make an
 * exception (both or neither; an exception must have an end).
 */
export const ZAuthorizationCreate = z
  .object({
    guardianId: ZId.optional(),
    firstname: personName({ max: 50 }).optional(),
    lastname: personName({ max: 50 }).optional(),
    address: zText(200).default(''),
    kind: z.enum(PICKUP_RULE_KINDS),
    note: zText(500).default(''),
    validFrom: ZIsoDate.optional(),
    validTo: ZIsoDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.guardianId && !(v.firstname && v.lastname))
      ctx.addIssue({ code: 'custom', path: ['guardianId'], message: 'Choose a person or enter a first and last name' });
    if (v.kind === 'deny' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say which court order or restriction applies' });
    if (v.kind === 'allow' && (v.validFrom === undefined) !== (v.validTo === undefined))
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'An exception needs a first and a last day' });
    if (v.validFrom && v.validTo && v.validFrom > v.validTo)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'The last day must be on or after the first day' });
  });
export type TAuthorizationCreate = z.input<typeof ZAuthorizationCreate>;
export const ZAuthorizationParams = z.object({ id: ZIdText, ruleId: ZIdText });
/** POST …/authorizations/:ruleId/revoke: the version of the rule the administrator saw (issue 23 §4). */
export const ZAuthorizationRevoke = z.object(versionField);
export type TAuthorizationRevoke = z.input<typeof ZAuthorizationRevoke>;

// ------------------------------------------------------------------ roster sync

export const ZSyncRequest = z.object({ clientId: ZId.optional() });
export const ZSyncStatusQuery = z.object({ clientId: ZIdText.optional() });
export const ZSyncStatus = z.object({
  clientId: z.number().int(),
  status: z.enum(['never', 'idle', 'running', 'failed']),
  message: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  studentsSynced: z.number().int(),
  writeback: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    unsupported: z.number().int(),
  }),
});
export type TSyncStatus = z.infer<typeof ZSyncStatus>;

/**
 * How a tardy slip reached paper (audit 002 ksl U6), by the building's print method (ADR 0027):
 * 'printed' — the server sent it to the building's printer; 'printerDown' — it tried and the printer
 * did not take it (the print window opens instead); 'browser' — the screen sends it through Zebra
 * Browser Print; 'window' — the building prints PDFs: the print window opens.
 */
export const ZTardySlipPrint = z.enum(['printed', 'printerDown', 'browser', 'window']);
export type TTardySlipPrint = z.infer<typeof ZTardySlipPrint>;
/** POST /api/students/dropoffs/{eventId}/tardy-slip/print: the desk's slip, the building's way (audit 002 ksl U6). */
export const ZTardySlipPrintResponse = z.object({ slipPrint: ZTardySlipPrint });
export type TTardySlipPrintResponse = z.infer<typeof ZTardySlipPrintResponse>;
