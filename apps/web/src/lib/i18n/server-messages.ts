import { addLanguageLoader } from './index';
import { isVisitorLanguage, type VisitorLanguage } from './languages';

/**
 * The server's sentences a visitor can meet at the kiosk or on a public form, in the visitor's
 * language (issue 25, audit 002 U5; ADR 0034; issue 29 §2, ADR 0054). The server answers in English,
 * one sentence per situation taken from the contracts' constants: that sentence is the key. Each
 * language's translations sit in `server-messages.<lng>.ts` (keys: the English sentences) and load
 * with the language. A sentence not listed is never shown in English to someone reading another
 * language: the screen's own sentence in their language is (server-messages.unit.test.ts checks
 * that every kiosk constant is listed in every language).
 */
const translations: Partial<Record<VisitorLanguage, Readonly<Record<string, string>>>> = {};

// one file per language, named here (a template import would also match this folder's tests)
const FILES = {
  es: () => import('./server-messages.es'),
  ar: () => import('./server-messages.ar'),
  zh: () => import('./server-messages.zh'),
  vi: () => import('./server-messages.vi'),
  pt: () => import('./server-messages.pt'),
} satisfies Record<Exclude<VisitorLanguage, 'en'>, () => Promise<unknown>>;

addLanguageLoader((lng) =>
  FILES[lng]().then((module) => {
    // each file exports one map, `serverMessages<Lng>`
    translations[lng] = Object.values(module as Record<string, Readonly<Record<string, string>>>)[0];
  }),
);

/** Registers a language's translations (the loader above; tests load them directly). */
export function addServerMessages(lng: VisitorLanguage, messages: Readonly<Record<string, string>>) {
  translations[lng] = messages;
}

/**
 * The server's sentence in the visitor's language: as sent in English; in another language its
 * translation, or `fallback` (the screen's own sentence in that language) when it has none.
 */
export function serverMessageIn(lng: string, message: string, fallback: string): string {
  const base = lng.split('-')[0];
  if (!isVisitorLanguage(base) || base === 'en') return message;
  return translations[base]?.[message] ?? fallback;
}
