import { type TVisitorLanguage, VISITOR_LANGUAGE_CODES } from '@sv/contracts';

/**
 * The server's visitor catalogues (issue 29 §1, ADR 0055): the same mechanism as the web's
 * (ADR 0054), for the text the server itself writes for a visitor — a pass's e-mail and SMS, a
 * badge's and a tardy slip's fixed words. A feature keeps `i18n.en.ts` (the English, `as const`)
 * and one `i18n.<lng>.ts` per other language typed `Shape<typeof xEn>`, so a missing or extra key
 * fails the typecheck; `catalogue(en, others)` needs every language, and
 * `catalogues.unit.test.ts` checks placeholders and empty texts as the web's test does.
 * Texts use i18next's `{{name}}` placeholders, so a district's wording could apply one day.
 */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type VisitorLanguage = TVisitorLanguage;
export const VISITOR_LANGUAGES = VISITOR_LANGUAGE_CODES;

export const isVisitorLanguage = (value: unknown): value is VisitorLanguage =>
  typeof value === 'string' && (VISITOR_LANGUAGES as readonly string[]).includes(value);

/** A stored or requested language as one of ours; English for anything else (an old row, a typo). */
export const visitorLanguageOf = (value: unknown): VisitorLanguage => (isVisitorLanguage(value) ? value : 'en');

/** Arabic is written right to left. */
export const directionOf = (lng: VisitorLanguage): 'rtl' | 'ltr' => (lng === 'ar' ? 'rtl' : 'ltr');

/**
 * The locale dates and times are written in for each language (Intl): US English, Brazilian
 * Portuguese, Simplified Chinese; Spanish, Arabic and Vietnamese as their speakers in the US read them.
 */
export const LOCALE_OF: Readonly<Record<VisitorLanguage, string>> = {
  en: 'en-US',
  es: 'es-US',
  ar: 'ar',
  zh: 'zh-Hans-CN',
  vi: 'vi-VN',
  pt: 'pt-BR',
};

/** `{{name}}` replaced by the value (missing values stay visible as the placeholder, never "undefined"). */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** One feature's texts in every visitor language; `of(lng)` is that language's tree. */
export function catalogue<T extends object>(en: T, others: Record<Exclude<VisitorLanguage, 'en'>, Shape<T>>) {
  const all = { en: en as Shape<T>, ...others } as Record<VisitorLanguage, Shape<T>>;
  return {
    all,
    of: (lng: VisitorLanguage): Shape<T> => all[lng] ?? all.en,
  };
}
