import { isIsoDate } from '@sv/domain/dates';
import { cleanPersonName, PERSON_NAME_MESSAGES, personNameProblem } from '@sv/domain/identity';
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
  /**
   * a peer the request depends on (the district's student information system) did not answer:
   * 424, a handled refusal with the spec's message, never a 5xx (issue 27 brief: the fuzz run)
   */
  'UPSTREAM_FAILED',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Highest page a list accepts: offsets stay far inside PostgreSQL's bigint. */
export const MAX_PAGE = 1_000_000;

/** Spec 000 §9: tables show 100 rows a page. */
export const PAGE_SIZE = 100;

/**
 * One paging contract for every list: page (1-based), perPage ≤ 100, sort from an allow-list.
 * Build a feature's query schema with `pageQuery(['name', 'id'] as const)`.
 */
export function pageQuery<const S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number]) {
  return z.object({
    // bounded so (page - 1) × perPage stays a valid OFFSET (issue 10 §2: page=1e21 answered 500)
    page: z.coerce.number().int().min(1).max(MAX_PAGE, `Use a page from 1 to ${MAX_PAGE}`).default(1),
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

/**
 * Ids are PostgreSQL `integer` columns (serial): 1 … 2^31 − 1. A larger id in a request is not
 * an id of anything; refusing it here answers 400 instead of the database's "out of range for
 * type integer" (issue 10 §2: ids of 2^31 and above answered 500).
 */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'Use an id from 1 to 2147483647';

/** An id in a JSON body. Every request contract uses this one (never a bare z.number()). */
export const ZId = z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/**
 * The version of a stored record an edit started from (issue 23 §4: optimistic concurrency): the
 * server refuses the edit with 409 `STALE_EDIT_MESSAGE` when the record changed meanwhile.
 */
export const STALE_EDIT_MESSAGE =
  'Someone else changed this record after you opened it. Reload to see their change; what you typed is still here.';
export const VERSION_REQUIRED_MESSAGE =
  'Reload this record and save again: the form did not say which version it edits.';
export const ZVersion = z
  .number(VERSION_REQUIRED_MESSAGE)
  .int(VERSION_REQUIRED_MESSAGE)
  .min(1, VERSION_REQUIRED_MESSAGE)
  .max(MAX_ID, VERSION_REQUIRED_MESSAGE);
/** The version every edit route's body carries (issue 23 §4): `ZThingSave.extend(versionField)`. */
export const versionField = { version: ZVersion };

/**
 * The fields of a PATCH body (issue 23 §4, ADR 0025): every field of `shape` optional and without
 * its default, so only the fields sent change (a default would silently overwrite a stored value).
 */
export function patchFields<S extends z.ZodRawShape>(
  shape: S,
): { [K in keyof S]: z.ZodOptional<z.ZodType<z.output<S[K]>, z.input<S[K]>>> } {
  return Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, z.optional(v instanceof z.ZodDefault ? v.removeDefault() : v)]),
  ) as never;
}

/** An id in a path or query string (text, or a number from the web's typed query builders). */
export const ZIdText = z.coerce
  .number<string | number>(ID_MESSAGE)
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(MAX_ID, ID_MESSAGE);

export const ZIdParam = z.object({ id: ZIdText });
export const ZOk = z.object({ ok: z.literal(true) });

/**
 * Text a PostgreSQL text column can store and JSON carries faithfully: no NUL (PostgreSQL refuses
 * U+0000) and no lone UTF-16 surrogate (it cannot be encoded as UTF-8, so it would be stored as
 * U+FFFD, not as sent). Issue 10 §2: both answered 500, the sign-in form included.
 */
export function isStorableText(value: string): boolean {
  return !/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
export const TEXT_MESSAGE = 'Remove the control characters from this text';

/** The one text schema every request string builds on: `ZString.trim().max(200)` and so on. */
export const ZString = z.string().refine(isStorableText, TEXT_MESSAGE);

/** Trimmed text of at most `max` characters (the usual form field). */
export const zText = (max: number) => ZString.trim().max(max, `Use at most ${max} characters`);

/**
 * The server-side search of an admin list (issue 25, audit 000 U1): every word is found in one of
 * the list's text columns, within the actor's scope like the list itself. It travels in the body
 * of the list's POST …/search twin (security guide: no search terms in URLs).
 */
export const ZListSearch = zText(100).default('');

/** The years a date anywhere in the product may take (issue 23 §5: '9999-12-31' made log searches answer 500). */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

/**
 * ISO calendar date (YYYY-MM-DD) that exists: '2026-02-30' and '0000-00-00' are refused here
 * instead of by the database (issue 10 §2), and so is any year outside 1900-2100 (issue 23 §5:
 * a range ending 9999-12-31 overflowed the time-zone arithmetic). The UI shows mm/dd/yyyy
 * (spec 000 §9).
 */
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine(isIsoDate, 'Enter a real calendar date')
  .refine((d) => {
    const year = Number(d.slice(0, 4));
    return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
  }, `Enter a date between 01/01/${DATE_YEARS.min} and 12/31/${DATE_YEARS.max}`);

/** Spec 000 §5 and 002 §5: zip code masked to 5 digits. */
export const ZZipCode = z.string().regex(/^\d{5}$/, 'Enter a 5-digit zip code');

export const ZAddress = z.object({
  street1: ZString.max(200).default(''),
  street2: ZString.max(200).default(''),
  city: ZString.max(100).default(''),
  state: ZString.max(2).default(''),
  zipcode: z.union([ZZipCode, z.literal('')]).default(''),
});
export type TAddress = z.infer<typeof ZAddress>;

/**
 * Issue 22 ("input hygiene at every entry point") and issue 23 §5: why a person's name, as typed,
 * cannot be stored, or null. A name holds letters of any script, combining marks, spaces,
 * apostrophes, hyphens and periods only: digits, symbols, links and line breaks are refused.
 * Invisible characters (zero-width space, soft hyphen, bidi controls…) are not refused: they are
 * removed by `cleanPersonName` before the name is stored. Line breaks and other control characters
 * are checked on the text as typed, because cleaning would turn them into spaces. Empty is allowed:
 * whether a name is required is the caller's rule.
 */
export function personNameError(text: string | null | undefined): string | null {
  if (/[\p{Cc}\u2028\u2029]/u.test(text ?? '')) return PERSON_NAME_MESSAGES.characters;
  return personNameProblem(text);
}

/**
 * The one schema of a person's name (first, middle, last name, suffix, a contact's or a user's
 * name), used by every entry point (issue 22): refuses what `personNameError` refuses, with its
 * sentence; answers the STORED form (`cleanPersonName`); `required` is the message of an empty
 * name (omit it for an optional name, which answers ''). `max` counts the cleaned name.
 */
export function personName(options: { required?: string; max?: number } = {}) {
  const max = options.max ?? 80;
  return z
    .string()
    .superRefine((raw, ctx) => {
      if (!isStorableText(raw)) {
        ctx.addIssue({ code: 'custom', message: TEXT_MESSAGE });
        return;
      }
      const problem = personNameError(raw);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((raw) => cleanPersonName(raw))
    .superRefine((name, ctx) => {
      if (options.required && name === '') ctx.addIssue({ code: 'custom', message: options.required });
      if (name.length > max) ctx.addIssue({ code: 'custom', message: `Use at most ${max} characters` });
    });
}

/** An optional person's name (middle name, suffix): the same rule, '' when absent. */
export const optionalPersonName = (max = 80) => personName({ max }).default('');

/**
 * Activate or deactivate the rows chosen on a list (issue 26 §4: users, buildings, contacts): at
 * most 500; ids outside the actor's scope change nothing and are counted as not found.
 */
export const ZBulkActive = z.object({
  ids: z.array(ZId).min(1, 'Choose at least one row.').max(500, 'Choose at most 500 rows at a time.'),
  active: z.boolean(),
});
export type TBulkActive = z.input<typeof ZBulkActive>;
export const ZBulkActiveResult = z.object({
  changed: z.number().int(),
  unchanged: z.number().int(),
  notFound: z.number().int(),
});
export type TBulkActiveResult = z.infer<typeof ZBulkActiveResult>;
/** Rows chosen on a list for a bulk delete (issue 26 §4). */
export const ZBulkIds = z.object({
  ids: z.array(ZId).min(1, 'Choose at least one row.').max(500, 'Choose at most 500 rows at a time.'),
});
export type TBulkIds = z.input<typeof ZBulkIds>;
/**
 * A bulk delete's answer: rows deleted, rows kept because other records refer to them (their
 * history: visits, sign-ins, cards …; deactivate those instead), ids outside the actor's scope.
 */
export const ZBulkDeleteResult = z.object({
  deleted: z.number().int(),
  kept: z.number().int(),
  notFound: z.number().int(),
});
export type TBulkDeleteResult = z.infer<typeof ZBulkDeleteResult>;
