import { z } from 'zod';
import { ZId } from './common';

/**
 * Retention rules per district (issue 26 §2, ADR 0047): how long each kind of record is kept
 * before the nightly run deletes it (or, for photos and ID-scan data, blanks it), legal holds that
 * suspend deletion for one person or record, a preview of the next run and the runs' history.
 */
export const RETENTION_CATEGORIES = [
  'visits',
  'visitorIdData',
  'deniedEntries',
  'studentEvents',
  'registrations',
  'backgroundResults',
  'auditEvents',
  'outboundMessages',
] as const;
export const ZRetentionCategory = z.enum(RETENTION_CATEGORIES);
export type TRetentionCategory = z.infer<typeof ZRetentionCategory>;

/**
 * The defaults a district starts with (README "Retention"): what a district's records schedule
 * usually asks of visitor logs (3 years), a year for photos and ID-card data, 7 years of audit.
 * `null` keeps the records for ever.
 */
export const RETENTION_DEFAULT_DAYS: Record<TRetentionCategory, number | null> = {
  visits: 1095,
  visitorIdData: 365,
  deniedEntries: 1095,
  studentEvents: 1095,
  registrations: 1095,
  backgroundResults: 365,
  auditEvents: 2555,
  outboundMessages: 180,
};

/** The shortest period a district may choose: audit rows answer for a year at least (ASVS 7.1). */
export const RETENTION_MIN_DAYS: Record<TRetentionCategory, number> = {
  visits: 30,
  visitorIdData: 30,
  deniedEntries: 30,
  studentEvents: 30,
  registrations: 30,
  backgroundResults: 30,
  auditEvents: 365,
  outboundMessages: 30,
};
export const RETENTION_MAX_DAYS = 36_500;

export const ZRetentionRule = z.object({
  category: ZRetentionCategory,
  /** null: kept for ever */
  days: z.number().int().min(1).max(RETENTION_MAX_DAYS).nullable(),
});
export type TRetentionRule = z.infer<typeof ZRetentionRule>;

export const ZRetentionQuery = z.object({ clientId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

export const ZRetentionSettings = z.object({
  clientId: z.number().int(),
  rules: z.array(ZRetentionRule.extend({ isDefault: z.boolean() })),
});
export type TRetentionSettings = z.infer<typeof ZRetentionSettings>;

export const ZRetentionSettingsUpdate = z
  .object({
    clientId: ZId.optional(),
    rules: z.array(ZRetentionRule).min(1).max(RETENTION_CATEGORIES.length),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.rules.forEach((r, i) => {
      if (seen.has(r.category))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'category'], message: 'Each kind of record once.' });
      seen.add(r.category);
      if (r.days !== null && r.days < RETENTION_MIN_DAYS[r.category])
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'days'],
          message: `Keep these records at least ${RETENTION_MIN_DAYS[r.category]} days.`,
        });
    });
  });
export type TRetentionSettingsUpdate = z.input<typeof ZRetentionSettingsUpdate>;

export const ZRetentionPreview = z.object({
  clientId: z.number().int(),
  asOf: z.string(),
  categories: z.array(
    z.object({
      category: ZRetentionCategory,
      days: z.number().int().nullable(),
      /** records older than this go (ISO instant); null when kept for ever */
      cutoff: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
  /** records kept past their period because a legal hold covers them */
  held: z.number().int(),
});
export type TRetentionPreview = z.infer<typeof ZRetentionPreview>;

export const LEGAL_HOLD_SUBJECTS = ['visitor', 'student', 'registration'] as const;
export const ZLegalHoldSubject = z.enum(LEGAL_HOLD_SUBJECTS);
export type TLegalHoldSubject = z.infer<typeof ZLegalHoldSubject>;

export const ZLegalHoldCreate = z.object({
  clientId: ZId.optional(),
  subjectType: ZLegalHoldSubject,
  subjectId: ZId,
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the records are held (a case or request number).')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type TLegalHoldCreate = z.input<typeof ZLegalHoldCreate>;

export const ZLegalHold = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  subjectType: ZLegalHoldSubject,
  subjectId: z.number().int(),
  /** the person or record's name, to recognise it in the list */
  subjectName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
});
export type TLegalHold = z.infer<typeof ZLegalHold>;
export const ZLegalHoldList = z.object({ data: z.array(ZLegalHold) });

export const ZRetentionRun = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** running | done | failed */
  status: z.enum(['running', 'done', 'failed']),
  /** manual (an administrator's "Run now") or the nightly job */
  trigger: z.enum(['manual', 'nightly']),
  counts: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
});
export type TRetentionRun = z.infer<typeof ZRetentionRun>;
export const ZRetentionRunList = z.object({ data: z.array(ZRetentionRun) });

/** Finding the person or record a hold is for, by name (the words travel in the body, never the URL). */
export const ZHoldSubjectSearch = z.object({
  clientId: ZId.optional(),
  subjectType: ZLegalHoldSubject,
  q: z.string().trim().min(2, 'Type at least two letters of the name.').max(100),
});
export type THoldSubjectSearch = z.input<typeof ZHoldSubjectSearch>;
export const ZHoldSubjectList = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** what tells two namesakes apart: date of birth, building, registration type and status */
      detail: z.string(),
    }),
  ),
});
export type THoldSubjectList = z.infer<typeof ZHoldSubjectList>;
