import { z } from 'zod';
import { ZVisitorLanguage } from './visitor-wording';
import { personName, ZId, ZIdText, zText } from './common';
import { ZReleaseVerificationRequest } from './students';

/**
 * Reunification (issue 27 §3, ADR 0050): an event per building, tied to an emergency state or
 * started on its own by an administrator. Adults pre-request on a public page (link sent by the
 * district) or are met at a station; the station verifies the adult and offers only the children
 * the one release rule allows (students' `releaseOptions` / `recordPickup`, path 'reunification');
 * a runner fetches each child; the release records the adult's photo, the time and the station.
 */
export const REUNIFICATION_MESSAGES = {
  alreadyOpen: (building: string) => `${building} already has an open reunification. Use it, or end it first.`,
  needsState:
    'Start reunification from an active emergency state of your building. An administrator can start one on its own.',
  ended: 'This reunification has ended.',
  linkClosed: 'This reunification link is no longer open. Please contact the school.',
  requestSaved: 'Your request was received. Bring a photo ID to the reunification area; staff will call your name.',
  notOffered: 'This child cannot be released to this adult.',
  notSent: 'Send a runner for this child first.',
  notArrived: 'The child has not arrived at the station yet.',
  alreadyReleased: 'This child has already been released.',
  verifyFirst: 'Verify the adult’s ID first.',
  stationRequired: 'Name this station first.',
  chooseChildren: 'Name at least one child.',
  linkSent: (n: number) => `The link was sent to ${n} ${n === 1 ? 'contact' : 'contacts'}.`,
  released: 'Released. The child has left the roster.',
} as const;

/** The station's name, chosen and remembered by the browser (e.g. "Table 3"). */
export const ZStationName = zText(40).min(1, REUNIFICATION_MESSAGES.stationRequired);

export const ZReunificationStartRequest = z.object({
  /** the emergency state it belongs to (staff: an active state of their building) */
  stateId: ZId.optional(),
  /** the building (an administrator's reunification on its own; staff: their own building) */
  buildingId: ZId.optional(),
});
export type TReunificationStartRequest = z.input<typeof ZReunificationStartRequest>;

export const ZReunificationCounts = z.object({
  /** children released to an adult */
  reunified: z.number().int(),
  /** children sent for or arrived, not yet released */
  waiting: z.number().int(),
  /** requests with a child not yet released or refused */
  requestsOpen: z.number().int(),
  /** children on the roster (not released) whom no verified adult present may take */
  noEligibleAdult: z.number().int(),
});
export type TReunificationCounts = z.infer<typeof ZReunificationCounts>;

export const ZReunificationEvent = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  stateId: z.number().int().nullable(),
  /** the state's kind and drill flag, when tied to one */
  stateKind: z.string().nullable(),
  drill: z.boolean().nullable(),
  startedAt: z.string(),
  startedBy: z.string(),
  endedAt: z.string().nullable(),
  linkSentAt: z.string().nullable(),
  /** the public pre-request page's path (staff only) */
  publicPath: z.string(),
  timeZone: z.string(),
  counts: ZReunificationCounts,
});
export type TReunificationEvent = z.infer<typeof ZReunificationEvent>;

export const ZReunificationListQuery = z.object({ open: z.enum(['true', 'false']).optional() });
export const ZReunificationListResponse = z.object({
  data: z.array(ZReunificationEvent),
  /** the district view (issue 27 §3): totals across the listed events */
  totals: ZReunificationCounts,
});
export type TReunificationListResponse = z.infer<typeof ZReunificationListResponse>;

export const REUNIFICATION_CHILD_STATUSES = [
  'requested',
  'offered',
  'refused',
  'sent',
  'arrived',
  'releasing',
  'released',
] as const;
export type TReunificationChildStatus = (typeof REUNIFICATION_CHILD_STATUSES)[number];

export const ZReunificationChild = z.object({
  id: z.number().int(),
  studentId: z.number().int().nullable(),
  /** the student's name on file, or the name the adult typed when no student matched */
  name: z.string(),
  identifier: z.string(),
  status: z.enum(REUNIFICATION_CHILD_STATUSES),
  refusal: z.string().nullable(),
  /** where the runner goes: the roster group and mark (issue 27 §3 "the child's location from the roster marks") */
  location: z.string(),
  station: z.string(),
  sentAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
});
export type TReunificationChild = z.infer<typeof ZReunificationChild>;

export const ZReunificationRequest = z.object({
  id: z.number().int(),
  source: z.enum(['public', 'station']),
  language: ZVisitorLanguage,
  adultName: z.string(),
  guardianId: z.number().int().nullable(),
  status: z.enum(['open', 'verified', 'closed']),
  station: z.string(),
  verification: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  children: z.array(ZReunificationChild),
  /** the people on file for these children the station may identify the adult as (name matches first) */
  candidates: z.array(z.object({ id: z.number().int(), name: z.string(), matchesName: z.boolean() })),
});
export type TReunificationRequest = z.infer<typeof ZReunificationRequest>;

export const ZReunificationBoard = z.object({
  event: ZReunificationEvent,
  requests: z.array(ZReunificationRequest),
});
export type TReunificationBoard = z.infer<typeof ZReunificationBoard>;

/** An adult met at a station: their name and the children they ask for (students of the building). */
export const ZStationRequestCreate = z.object({
  adultFirst: personName({ required: 'Required' }),
  adultLast: personName({ required: 'Required' }),
  studentIds: z.array(ZId).min(1, REUNIFICATION_MESSAGES.chooseChildren).max(12),
  station: ZStationName,
});
export type TStationRequestCreate = z.input<typeof ZStationRequestCreate>;

export const ZReunificationStudentSearch = z.object({ text: zText(80).min(1, 'Required') });
export const ZReunificationStudentSearchResponse = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), identifier: z.string(), group: z.string() })),
});
export type TReunificationStudentSearchResponse = z.infer<typeof ZReunificationStudentSearchResponse>;

/** The station checked the adult's ID and says who they are on file: the rule is applied to every child. */
export const ZReunificationVerifyRequest = z.object({
  guardianId: ZId,
  station: ZStationName,
  verification: ZReleaseVerificationRequest,
});
export type TReunificationVerifyRequest = z.input<typeof ZReunificationVerifyRequest>;
export const ZReunificationVerifyResponse = z.object({
  request: ZReunificationRequest,
  /** the screening the releases will rely on (the station sends it back with each release) */
  screeningId: z.string().uuid().nullable(),
});
export type TReunificationVerifyResponse = z.infer<typeof ZReunificationVerifyResponse>;

export const ZReunificationChildParams = z.object({ id: ZIdText, childId: ZIdText });
export const ZReunificationRequestParams = z.object({ id: ZIdText, requestId: ZIdText });
export const ZReunificationStationBody = z.object({ station: ZStationName });

/** The release: the adult's photo (the pickup photo path), the ID check again and the screening. */
export const ZReunificationReleaseRequest = z.object({
  station: ZStationName,
  photoFileId: z.string().uuid(),
  screeningId: z.string().uuid(),
  verification: ZReleaseVerificationRequest,
});
export type TReunificationReleaseRequest = z.input<typeof ZReunificationReleaseRequest>;
export const ZReunificationReleaseResponse = z.object({ pickupId: z.number().int(), message: z.string() });
export type TReunificationReleaseResponse = z.infer<typeof ZReunificationReleaseResponse>;

// ------------------------------------------------------------------ public pre-request page

export const ZPublicReunificationParams = z.object({ token: zText(100).min(16, 'Not found') });
export const ZPublicReunificationInfo = z.object({ buildingName: z.string(), districtName: z.string() });
export type TPublicReunificationInfo = z.infer<typeof ZPublicReunificationInfo>;

export const ZPublicReunificationRequest = z.object({
  language: ZVisitorLanguage,
  adultFirst: personName({ required: 'Required' }),
  adultLast: personName({ required: 'Required' }),
  phone: zText(30).optional(),
  children: z
    .array(
      z.object({ firstName: personName({ required: 'Required' }), lastName: personName({ required: 'Required' }) }),
    )
    .min(1, REUNIFICATION_MESSAGES.chooseChildren)
    .max(8),
  /** honeypot: people leave it empty */
  website: zText(200).optional(),
});
export type TPublicReunificationRequest = z.input<typeof ZPublicReunificationRequest>;
export const ZPublicReunificationResult = z.object({ ok: z.literal(true), message: z.string() });
export type TPublicReunificationResult = z.infer<typeof ZPublicReunificationResult>;

export const ZReunificationLinkResponse = z.object({ sent: z.number().int(), message: z.string() });
export type TReunificationLinkResponse = z.infer<typeof ZReunificationLinkResponse>;
