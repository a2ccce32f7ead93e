import { z } from 'zod';
import { ZId } from './common';

/**
 * A person's records on request (issue 26 §3, ADR 0048): what the district holds about one visitor
 * (and the records merged into them), everything as one archive, and erasure that leaves a
 * tombstone so the logs and the exclusion list stay consistent.
 */
export const ZPersonRecordsQuery = z.object({
  clientId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const PERSON_RECORD_KINDS = [
  'visits',
  'deniedEntries',
  'screenings',
  'registrations',
  'preRegistrations',
  'exclusions',
  'guardianLinks',
  'messages',
  'auditRows',
] as const;
export type TPersonRecordKind = (typeof PERSON_RECORD_KINDS)[number];

export const ZPersonRecords = z.object({
  visitorId: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  dob: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  /** the other visitor records merged into this person (ADR 0022) */
  mergedRecords: z.array(z.number().int()),
  counts: z.record(z.enum(PERSON_RECORD_KINDS), z.number().int()),
  erased: z.boolean(),
  /** why this person cannot be erased now (empty: erasable), each a sentence */
  eraseBlockers: z.array(z.string()),
});
export type TPersonRecords = z.infer<typeof ZPersonRecords>;

/** Erasing is typed, not clicked: the word ERASE, as the screen asks. */
export const ZPersonErase = z.object({
  clientId: ZId.optional(),
  confirm: z.literal('ERASE', { message: 'Type ERASE to confirm.' }),
});
export type TPersonErase = z.input<typeof ZPersonErase>;
export const ZPersonEraseResult = z.object({
  visitorId: z.number().int(),
  removed: z.record(z.string(), z.number().int()),
});
export type TPersonEraseResult = z.infer<typeof ZPersonEraseResult>;
