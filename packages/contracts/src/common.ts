import { z } from 'zod';

/**
 * The one error body every API failure answers with (architecture guide §6).
 * `fieldErrors` carries per-field messages so forms can show them beside the field.
 */
export const ZErrorBody = z.object({
  requestId: z.string(),
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Closed set of error codes; the server maps each to one HTTP status in one place. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPSTREAM_UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Spec 000 §9: tables show 100 rows a page. */
export const PAGE_SIZE = 100;

/**
 * One paging contract for every list: page (1-based), perPage ≤ 100, sort from an allow-list.
 * Build a feature's query schema with `pageQuery(['name', 'id'] as const)`.
 */
export function pageQuery<const S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number]) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
    sort: z.enum(sortable).default(defaultSort as never),
    dir: z.enum(['asc', 'desc']).default('asc'),
  });
}

export function pageResponse<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    data: z.array(row),
    count: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type TPage<T> = { data: T[]; count: number; currentPage: number; perPage: number; totalPages: number };

export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });
export const ZOk = z.object({ ok: z.literal(true) });

/** ISO calendar date (YYYY-MM-DD); the UI shows mm/dd/yyyy (spec 000 §9). */
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

/** Spec 000 §5 and 002 §5: zip code masked to 5 digits. */
export const ZZipCode = z.string().regex(/^\d{5}$/, 'Enter a 5-digit zip code');

export const ZAddress = z.object({
  street1: z.string().max(200).default(''),
  street2: z.string().max(200).default(''),
  city: z.string().max(100).default(''),
  state: z.string().max(2).default(''),
  zipcode: z.union([ZZipCode, z.literal('')]).default(''),
});
export type TAddress = z.infer<typeof ZAddress>;
