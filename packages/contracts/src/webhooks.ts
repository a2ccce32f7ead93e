import { z } from 'zod';
import { pageQuery, pageResponse, versionField, zText } from './common';

/**
 * Webhooks of a district (issue 28 §5, ADR 0051): subscriptions to the events below; each event is
 * POSTed as JSON to the receiver, signed with HMAC-SHA256 (see WEBHOOK_SIGNATURE_DOC), retried with
 * back-off through the job queue; a delivery log keeps each delivery's last response.
 */
export const WEBHOOK_EVENTS = [
  'visit.checked_in',
  'visit.checked_out',
  'screening.flagged',
  'entry.denied',
  'registration.approved',
  'arrest_alert.raised',
  'pickup.recorded',
  'emergency.started',
  'emergency.ended',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;
/** the "send test event" button's event: only ever sent to the one subscription it was asked for */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The headers of every delivery (ADR 0051). */
export const WEBHOOK_HEADERS = {
  signature: 'X-SafeVisitor-Signature',
  timestamp: 'X-SafeVisitor-Timestamp',
  event: 'X-SafeVisitor-Event',
  delivery: 'X-SafeVisitor-Delivery',
} as const;

/** How a receiver verifies a delivery: the OpenAPI description and the ADR say the same. */
export const WEBHOOK_SIGNATURE_DOC = [
  'Every delivery is a POST with a JSON body and these headers:',
  '`X-SafeVisitor-Timestamp`: the time of this attempt in Unix seconds;',
  '`X-SafeVisitor-Signature`: `v1=` followed by the lowercase hex HMAC-SHA256, keyed with the',
  "subscription's secret (the whole `whsec_…` text, as UTF-8), of the timestamp, a full stop and the raw body",
  '(the bytes of `<timestamp>.<body>`);',
  '`X-SafeVisitor-Event`: the event type; `X-SafeVisitor-Delivery`: the event id (the same on every retry: use it to ignore a repeat).',
  'Verify: recompute the HMAC over the bytes received, compare in constant time, and refuse a timestamp more than 5 minutes from your clock.',
  'Answer any 2xx within 10 seconds; anything else is retried with back-off (1 min, 2, 4 … up to 8 attempts).',
].join(' ');

/** ids only, or the people's and buildings' names too (the district's choice per receiver) */
export const ZWebhookPersonalData = z.enum(['ids', 'names']);

const url = zText(500)
  .min(1, 'Enter the URL of the receiver')
  .refine((u) => {
    try {
      const p = new URL(u);
      return p.protocol === 'https:' || p.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a full http(s):// URL');

const subscriptionFields = {
  url,
  description: zText(200).default(''),
  events: z.array(ZWebhookEvent).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
  personalData: ZWebhookPersonalData.default('ids'),
  active: z.boolean().default(true),
};
export const ZWebhookCreate = z.object(subscriptionFields);
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;
export const ZWebhookUpdate = z.object({ ...subscriptionFields, ...versionField });
export type TWebhookUpdate = z.input<typeof ZWebhookUpdate>;

export const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEvent),
  personalData: ZWebhookPersonalData,
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  /** the last delivery's state, for the list */
  lastDelivery: z
    .object({ status: z.string(), at: z.string().nullable(), statusCode: z.number().int().nullable() })
    .nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
/** The create's answer: the signing secret, this once (it is never shown again). */
export const ZWebhookCreated = z.object({ webhook: ZWebhook, secret: z.string() });
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhookListQuery = pageQuery(['createdAt', 'url'] as const, 'createdAt');
export const ZWebhookList = pageResponse(ZWebhook);
export type TWebhookList = z.infer<typeof ZWebhookList>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastResponse: z.string().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryQuery = pageQuery(['id'] as const, 'id').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const ZWebhookDeliveryList = pageResponse(ZWebhookDelivery);
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;

/** The answer of "send test event": the delivery as it stands after the first attempt. */
export const ZWebhookTestResult = z.object({ delivery: ZWebhookDelivery });

/** The body of every event (the envelope); `data` per event below. */
const envelope = <T extends z.ZodRawShape>(type: string, data: T) =>
  z
    .object({
      id: z.string().uuid().describe('the event id: the same on every retry and for every receiver'),
      type: z.literal(type),
      occurredAt: z.string().describe('ISO 8601 instant'),
      clientId: z.number().int().describe('the district'),
      data: z.object(data),
    })
    .describe(`The body of a ${type} delivery. Names (…Name fields) only when the subscription sends names.`);
const names = { firstName: z.string().optional(), lastName: z.string().optional() };
const building = { buildingId: z.number().int(), buildingName: z.string().optional() };

/** Every event's body (OpenAPI documents them: components of the generated spec). */
export const WEBHOOK_EVENT_BODIES = {
  'visit.checked_in': envelope('visit.checked_in', {
    visitId: z.number().int(),
    visitorId: z.number().int(),
    ...building,
    visitorType: z.string(),
    checkIn: z.string(),
    ...names,
  }),
  'visit.checked_out': envelope('visit.checked_out', {
    visitId: z.number().int(),
    visitorId: z.number().int(),
    ...building,
    checkOut: z.string(),
    automatic: z.boolean().optional().describe('closed by the end-of-day sweep'),
    ...names,
  }),
  'screening.flagged': envelope('screening.flagged', {
    screeningId: z.string().uuid(),
    visitorId: z.number().int(),
    ...building,
    findings: z.array(z.string()).describe('the kinds of the findings to decide: direct, potential, registry …'),
    ...names,
  }),
  'entry.denied': envelope('entry.denied', {
    deniedEntryId: z.number().int(),
    visitorId: z.number().int().nullable(),
    ...building,
    ...names,
  }),
  'registration.approved': envelope('registration.approved', {
    registrationId: z.number().int(),
    kind: z.enum(['volunteer', 'vendor']),
    ...names,
  }),
  'arrest_alert.raised': envelope('arrest_alert.raised', {
    alertId: z.number().int(),
    registrationId: z.number().int(),
    ...names,
  }),
  'pickup.recorded': envelope('pickup.recorded', {
    pickupId: z.number().int(),
    studentId: z.number().int(),
    ...building,
    path: z.string().describe('desk or kiosk'),
    verification: z.string().describe('how the adult was verified'),
    studentFirstName: z.string().optional(),
    studentLastName: z.string().optional(),
    adultName: z.string().optional(),
  }),
  'emergency.started': envelope('emergency.started', {
    emergencyStateId: z.number().int(),
    kind: z.string(),
    drill: z.boolean(),
    buildingIds: z.array(z.number().int()),
    buildingNames: z.array(z.string()).optional(),
  }),
  'emergency.ended': envelope('emergency.ended', {
    emergencyStateId: z.number().int(),
    kind: z.string(),
    drill: z.boolean(),
    cancelled: z.boolean().describe('ended by its starter within the cancel window (a mistake)'),
    buildingIds: z.array(z.number().int()),
    buildingNames: z.array(z.string()).optional(),
  }),
} satisfies Record<TWebhookEvent, z.ZodTypeAny>;
