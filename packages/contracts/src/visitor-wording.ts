import { z } from 'zod';
import { ZId, ZIdText } from './common';

/**
 * The visitor-facing languages (issue 29 §1, ADR 0054): English, then the most common home
 * languages of US families after it. The web's lib/i18n/languages.ts names each in its own script.
 */
export const VISITOR_LANGUAGE_CODES = ['en', 'es', 'ar', 'zh', 'vi', 'pt'] as const;
export const ZVisitorLanguage = z.enum(VISITOR_LANGUAGE_CODES);
export type TVisitorLanguage = z.infer<typeof ZVisitorLanguage>;
/** `?lang=` of what the server prints for a visitor (a badge, a tardy slip): its fixed words' language (ADR 0055). */
export const ZPrintLanguageQuery = z.object({ lang: ZVisitorLanguage.default('en') });

/** A catalogue key of a visitor-facing screen ('kiosk.banner.title'). */
export const ZWordingKey = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'Not a string of the visitor screens.');

/** A district's own wording, as the kiosk and the public forms apply it over the product's text. */
export const ZPublicWording = z.object({
  language: ZVisitorLanguage,
  wording: z.record(z.string(), z.string()),
});
export type TPublicWording = z.infer<typeof ZPublicWording>;
export const ZPublicWordingParams = z.object({ clientId: ZIdText, language: ZVisitorLanguage });

export const ZWordingQuery = z.object({ clientId: ZIdText.optional(), language: ZVisitorLanguage });
export const ZWordingItem = z.object({
  key: ZWordingKey,
  text: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TWordingItem = z.infer<typeof ZWordingItem>;
export const ZWordingList = z.object({ clientId: ZId, language: ZVisitorLanguage, items: z.array(ZWordingItem) });
export type TWordingList = z.infer<typeof ZWordingList>;

/**
 * Changes to a district's wording in one language, saved together or not at all: a text replaces
 * the product's (or the district's earlier) wording; an empty text goes back to the product's.
 * `version`: the wording's version as read (0 when the district had none): a stale one is refused.
 */
export const ZWordingSave = z.object({
  clientId: ZId.optional(),
  language: ZVisitorLanguage,
  changes: z
    .array(
      z.object({
        key: ZWordingKey,
        text: z.string().trim().max(2000, 'At most 2,000 characters.'),
        version: z.number().int().min(0),
      }),
    )
    .min(1)
    .max(500),
});
export type TWordingSave = z.infer<typeof ZWordingSave>;
