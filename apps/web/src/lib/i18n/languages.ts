/**
 * The languages of every visitor-facing screen (issue 29 §1): English, then the most common home
 * languages of US families after it. Each is named in its own language wherever a visitor picks it.
 * English is the source; the others load on demand (lib/i18n `loadLanguage`), so the kiosk's first
 * screen carries English only (issue 29: ≤ 200 KB initial JavaScript with six languages).
 */
export const VISITOR_LANGUAGES = ['en', 'es', 'ar', 'zh', 'vi', 'pt'] as const;
export type VisitorLanguage = (typeof VISITOR_LANGUAGES)[number];

/** Each language in its own name and script (never translated: a visitor looks for their own). */
export const LANGUAGE_NAMES: Readonly<Record<VisitorLanguage, string>> = {
  en: 'English',
  es: 'Español',
  ar: 'العربية',
  zh: '简体中文',
  vi: 'Tiếng Việt',
  pt: 'Português',
};

/** The BCP 47 tag a page's `lang` carries (Chinese: the simplified script, for screen readers and fonts). */
export const LANGUAGE_TAGS: Readonly<Record<VisitorLanguage, string>> = {
  en: 'en',
  es: 'es',
  ar: 'ar',
  zh: 'zh-Hans',
  vi: 'vi',
  pt: 'pt',
};

export const isVisitorLanguage = (value: unknown): value is VisitorLanguage =>
  typeof value === 'string' && (VISITOR_LANGUAGES as readonly string[]).includes(value);

/** Arabic is written right to left: the page mirrors (Mantine's DirectionProvider follows `dir`). */
export const directionOf = (lng: string): 'rtl' | 'ltr' => (lng === 'ar' ? 'rtl' : 'ltr');

/** A browser's language tag ('pt-BR', 'zh-CN', 'ar-EG') as one of ours; English when none matches. */
export function visitorLanguageOf(tag: string | null | undefined): VisitorLanguage {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return isVisitorLanguage(base) ? base : 'en';
}
