import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { type VisitorLanguage, directionOf, LANGUAGE_TAGS } from './languages';

/**
 * One catalogue mechanism (issue 29 §2, ADR 0054).
 * The shell's strings (`./en.ts`) load with the app. Each feature keeps its strings beside it in
 * `features/<feature>/i18n.en.ts`, which registers them with `addCatalogue`; every module that
 * shows a feature's strings imports that catalogue (`import './i18n.en';`), so the strings load
 * with the code that uses them and the first screen carries only its own (issue 5 web targets).
 * catalogues.test.ts checks those imports. A visitor-facing feature's other languages sit beside
 * it as `i18n.<lng>.ts` and load on demand: its English catalogue registers a loader
 * (`addLanguageLoader`) and `loadLanguage(lng)` runs every loader registered so far, and any
 * registered later while that language is in use.
 */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  // a language's strings arrive after the switch: screens re-render when they are added
  react: { bindI18nStore: 'added' },
});

/** A translation's type: the English catalogue's keys, every leaf a string. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Adds a feature's strings in one language, each feature under its own top-level keys, to the one namespace. */
export function addCatalogue(lng: VisitorLanguage, catalogue: Record<string, unknown>) {
  i18n.addResourceBundle(lng, 'translation', catalogue, true, true);
  // a district's wording stays over the product's text that arrives after it (a lazily loaded screen)
  const wording = districtWording.get(lng);
  if (wording) applyDistrictWording(lng, wording.wanted);
}

/** Per language: the district's wording (all of it, for catalogues still to come), what is in force, and the product's text it replaced. */
const districtWording = new Map<
  string,
  { wanted: Readonly<Record<string, string>>; applied: Map<string, string>; product: Map<string, string> }
>();

/**
 * Shows a district's own wording of visitor strings in `lng` (issue 29 §1, ADR 0054) over the
 * product's text: keys it no longer words go back to the product's text. Only keys the catalogues
 * have are applied (a removed key never adds a string of its own); a catalogue that loads later
 * gets its keys' wording then.
 */
export function applyDistrictWording(lng: VisitorLanguage, wording: Readonly<Record<string, string>>) {
  const state = districtWording.get(lng) ?? {
    wanted: {},
    applied: new Map<string, string>(),
    product: new Map<string, string>(),
  };
  state.wanted = wording;
  districtWording.set(lng, state);
  const changes: Record<string, string> = {};
  for (const [key, text] of state.product) {
    if (!(key in wording)) {
      changes[key] = text;
      state.product.delete(key);
      state.applied.delete(key);
    }
  }
  for (const [key, text] of Object.entries(wording)) {
    const current = i18n.getResource(lng, 'translation', key);
    if (typeof current !== 'string') continue;
    // the product's text: what the key held before the district's (or what a catalogue just put back)
    if (!state.product.has(key) || current !== state.applied.get(key)) state.product.set(key, current);
    changes[key] = text;
    state.applied.set(key, text);
  }
  // flat keys, one 'added' event: the screens re-render once, with every key in place
  if (Object.keys(changes).length) i18n.addResources(lng, 'translation', changes);
}

type LanguageLoader = (lng: Exclude<VisitorLanguage, 'en'>) => Promise<unknown> | undefined;
const loaders: LanguageLoader[] = [];
const loading = new Map<string, Promise<unknown>>();
const requested = new Set<Exclude<VisitorLanguage, 'en'>>();

function run(loader: LanguageLoader, index: number, lng: Exclude<VisitorLanguage, 'en'>) {
  const key = `${index}:${lng}`;
  let p = loading.get(key);
  if (!p) {
    // a failed chunk (network) is tried again at the next request; the screen stays in English meanwhile
    p = Promise.resolve(loader(lng)).catch((e) => {
      loading.delete(key);
      throw e;
    });
    loading.set(key, p);
  }
  return p;
}

/**
 * Registers how a feature loads its strings in a language (from its `i18n.en.ts`:
 * `addLanguageLoader((lng) => import(\`./i18n.${lng}.ts\`))`). A language already in use loads at once.
 */
export function addLanguageLoader(loader: LanguageLoader) {
  const index = loaders.push(loader) - 1;
  for (const lng of requested) void run(loader, index, lng).catch(() => undefined);
}

/** Loads every registered feature's strings in `lng` (English is always there). */
export async function loadLanguage(lng: VisitorLanguage): Promise<void> {
  if (lng === 'en') return;
  requested.add(lng);
  await Promise.all(loaders.map((loader, i) => run(loader, i, lng)));
}

/**
 * Shows the app in `lng` once its strings are here: the page's `lang` (screen readers, fonts) and
 * `dir` (Arabic mirrors; Mantine's DirectionProvider follows the attribute) change with it.
 */
export async function switchLanguage(lng: VisitorLanguage): Promise<void> {
  await loadLanguage(lng).catch(() => undefined);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = LANGUAGE_TAGS[lng];
  document.documentElement.dir = directionOf(lng);
}

export { i18n };
