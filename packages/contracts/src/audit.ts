import { z } from 'zod';
import { pageQuery, pageResponse, ZIsoDate } from './common';

/**
 * The audit console (issue 26 §1; ADR 0042-audit): the append-only audit log read back, by the
 * platform administrator (every district) and a district administrator (their own district only).
 * Filters go in the query string: they are ids, action names and dates, never personal data.
 * Dates are calendar days of the product's default time zone (administrators have no building).
 */
const ZQueryId = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * An audit row's outcome: the actions that record a refusal end in one of these words
 * ('auth.login.failed', 'pickup.refused', 'entry.denied', 'auth.login.locked'); every other row
 * records something done. One rule, read by the server's filter and the console's column.
 */
export const AUDIT_REFUSED_ACTION = /(failed|refused|locked|denied)$/;
export const AUDIT_REFUSED_ACTION_SQL = '(failed|refused|locked|denied)$';
export const ZAuditOutcome = z.enum(['done', 'refused']);
export type TAuditOutcome = z.infer<typeof ZAuditOutcome>;
export const auditOutcomeOf = (action: string): TAuditOutcome =>
  AUDIT_REFUSED_ACTION.test(action) ? 'refused' : 'done';
export const ZAuditQuery = pageQuery(['at'] as const, 'at')
  .extend({
    dir: z.enum(['asc', 'desc']).default('desc'),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    /** the platform administrator's district filter; a district administrator's own is forced */
    clientId: ZQueryId.optional(),
    actorUserId: ZQueryId.optional(),
    /** an action ('exclusions.update') or a family of actions ('exclusions.') */
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[\w.:-]*$/, 'Choose an action from the list')
      .optional(),
    /** one record's history: its type and id (both, or neither) */
    targetType: z
      .string()
      .trim()
      .max(60)
      .regex(/^[\w.:-]*$/, 'Choose a record type from the list')
      .optional(),
    targetId: z.string().trim().max(60).optional(),
    outcome: ZAuditOutcome.optional(),
    /**
     * free text: part of the action, the record id, the address or the user's name or e-mail;
     * sent in the body of POST /api/audit/search by the console (words stay out of URLs)
     */
    q: z.string().trim().max(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date.',
    path: ['from'],
  });
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** the platform administrator who was acting as the actor (impersonation), if any */
  impersonatorName: z.string().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  action: z.string(),
  outcome: ZAuditOutcome,
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  /** what the event recorded, personal data already masked when it was written */
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = pageResponse(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The choices of the console's filters: the actions and record types the actor's scope holds. */
export const ZAuditFacetsQuery = z.object({ clientId: ZQueryId.optional() });
export const ZAuditFacets = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TAuditFacets = z.infer<typeof ZAuditFacets>;
