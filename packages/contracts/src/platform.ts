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
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxPage = pageResponse(ZOutboxMessage);
export type TOutboxPage = z.infer<typeof ZOutboxPage>;
export type TEmergencyResponse = z.infer<typeof ZEmergencyResponse>;
