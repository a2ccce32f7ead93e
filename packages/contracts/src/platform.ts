import { z } from 'zod';
import { pageQuery, pageResponse } from './common';

/** Header emergency button (spec 000 §4, §7 POST /api/emergency): no payload from the header. */
export const ZEmergencyResponse = z.object({ notified: z.number().int() });

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
