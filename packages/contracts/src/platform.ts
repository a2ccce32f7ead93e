import { z } from 'zod';
import { pageQuery, pageResponse, ZId } from './common';

/**
 * Header emergency button (spec 000 §4, §7 POST /api/emergency): no payload from the header for
 * users of a district or building. Issue 23 §2: the platform administrator, who belongs to no
 * district, names the building the emergency is at; a client administrator may name one of the
 * district's buildings (its contacts are notified besides the district's). Checked against the
 * sender's scope, never trusted.
 */
export const ZEmergencyRequest = z.object({ buildingId: ZId.optional() }).optional();
export type TEmergencyRequest = z.input<typeof ZEmergencyRequest>;
/** Issue 23 §2: the platform administrator's press without a building. */
export const EMERGENCY_CHOOSE_BUILDING = 'Choose the building the emergency is at.';

export const ZEmergencyResponse = z.object({
  /** contacts that got a message: delivered, or waiting in the outbox (spec 000 §8 success when > 0) */
  notified: z.number().int(),
  /** issue 23 §2, the honest report: contacts at all, contacts with a message actually delivered */
  contacts: z.number().int(),
  delivered: z.number().int(),
  /** messages that wait in the Message Outbox because their channel is not configured */
  inOutbox: z.number().int(),
  /** messages whose delivery failed and is retried */
  retrying: z.number().int(),
  /** the channels with no transport configured */
  notConfigured: z.array(z.enum(['email', 'sms'])),
});

/** Outbox (issue 2 §7): outbound e-mail and SMS, readable by administrators. */
export const ZOutboxQuery = pageQuery(['createdAt', 'channel', 'status'] as const, 'createdAt').extend({
  channel: z.enum(['email', 'sms']).optional(),
});
export type TOutboxQuery = z.input<typeof ZOutboxQuery>;
export const ZOutboxMessage = z.object({
  id: z.number().int(),
  clientId: z.number().int().nullable(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['queued', 'sent', 'outbox', 'failed']),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** delivery attempts so far, the last failure, and when the next attempt is due (issue 23 §3) */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxPage = pageResponse(ZOutboxMessage);
export type TOutboxPage = z.infer<typeof ZOutboxPage>;
/** POST /api/outbox/{id}/retry: whether the message went out this time (else it is queued again). */
export const ZOutboxRetryResponse = z.object({ id: z.number().int(), sent: z.boolean() });
export type TOutboxRetryResponse = z.infer<typeof ZOutboxRetryResponse>;
export type TEmergencyResponse = z.infer<typeof ZEmergencyResponse>;

/** POST /api/demo-data/remove (issue 23 §1): what was removed. */
export const ZDemoDataRemoved = z.object({ districts: z.number().int(), accounts: z.number().int() });
export type TDemoDataRemoved = z.infer<typeof ZDemoDataRemoved>;
