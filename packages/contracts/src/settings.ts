import { z } from 'zod';
import { pageQuery, pageResponse, ZId, ZIdText, ZString, versionField } from './common';
import { ZOptionalUrl, ZRegistrationLink } from './clients';

/**
 * System settings (spec 000 §2 /settings: visitor and volunteer URLs, Skyward connection test)
 * and student reasons (/settings/studentreasons, spec 002 §3 SIS pickup and dropoff reasons).
 * Both belong to one client: the actor's own, or the one an admin chooses.
 */

/** Admins choose a client; everyone else gets their own (a different id answers 404). */
export const ZClientChoiceQuery = z.object({ clientId: ZIdText.optional() });

export const ZSystemSettingsResponse = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  visitorUrl: z.string(),
  volunteerUrl: z.string(),
  /** the district's registration links (the spec's visitor/volunteer URLs), derived; read-only */
  registrationLinks: z.array(ZRegistrationLink),
  /** whether SIS (Skyward) pickup is on and a connection is configured, for the test button */
  skyward: z.boolean(),
  sisConfigured: z.boolean(),
  /** issue 23 §4: the client's version (the URLs are client settings); send it back with an edit */
  version: z.number().int(),
});
export type TSystemSettingsResponse = z.infer<typeof ZSystemSettingsResponse>;

export const ZSystemSettingsRequest = z.object({
  clientId: ZId.optional(),
  visitorUrl: ZOptionalUrl,
  volunteerUrl: ZOptionalUrl,
  ...versionField,
});
export type TSystemSettingsRequest = z.input<typeof ZSystemSettingsRequest>;

export const STUDENT_REASON_KINDS = ['pickup', 'dropoff'] as const;
export const ZStudentReasonKind = z.enum(STUDENT_REASON_KINDS);
export type TStudentReasonKind = z.infer<typeof ZStudentReasonKind>;

export const ZStudentReason = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  kind: ZStudentReasonKind,
  name: z.string(),
  /** the name in Spanish for the kiosk ('' = none; issue 25, ADR 0034) */
  nameEs: z.string(),
  /** drop-off reasons only: the tardy is excused (spec 002 §3 Dropoff record) */
  isExcused: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TStudentReason = z.infer<typeof ZStudentReason>;

export const ZStudentReasonListQuery = pageQuery(['sortOrder', 'name', 'id'], 'sortOrder').extend({
  clientId: ZIdText.optional(),
  kind: ZStudentReasonKind,
  activeOnly: z.stringbool().default(true),
});
export type TStudentReasonListQuery = z.input<typeof ZStudentReasonListQuery>;
export const ZStudentReasonListResponse = pageResponse(ZStudentReason);
export type TStudentReasonListResponse = z.infer<typeof ZStudentReasonListResponse>;

const studentReasonFields = z.object({
  /** admins: the client the reason belongs to (required on create); ignored on edit */
  clientId: ZId.optional(),
  kind: ZStudentReasonKind,
  name: ZString.trim().min(1, 'Enter the reason').max(100, 'Use at most 100 characters'),
  /** optional: what the kiosk shows in Spanish (issue 25, ADR 0034) */
  nameEs: ZString.trim().max(100, 'Use at most 100 characters').default(''),
  isExcused: z.boolean().default(false),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0, 'Use 0 or more').max(9999, 'At most 9999').default(0),
});
const excusedOnlyForDropoff = <R extends z.output<typeof studentReasonFields>>(r: R) => ({
  ...r,
  isExcused: r.kind === 'dropoff' ? r.isExcused : false,
});
export const ZStudentReasonUpsert = studentReasonFields.transform(excusedOnlyForDropoff);
export type TStudentReasonUpsert = z.input<typeof ZStudentReasonUpsert>;
/** PUT /api/student-reasons/:id: the form and the version it started from (issue 23 §4). */
export const ZStudentReasonUpdate = studentReasonFields.extend(versionField).transform(excusedOnlyForDropoff);
export type TStudentReasonUpdate = z.input<typeof ZStudentReasonUpdate>;
