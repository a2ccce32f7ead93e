import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/**
 * English now; the product will ship Spanish with the same keys (issue 2 §8).
 * The shell's strings (`./en.ts`) load with the app. Each feature keeps its strings beside it in
 * `features/<feature>/i18n.en.ts`, which registers them with `addCatalogue`; every module that
 * shows a feature's strings imports that catalogue (`import './i18n.en';`), so the strings load
 * with the code that uses them and the first screen carries only its own (issue 5 web targets).
 * catalogues.test.ts checks those imports.
 */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Adds a feature's strings, each feature under its own top-level keys, to the one namespace.
 * 'es': Spanish of screens shown in Spanish (the public registration form of a Spanish type,
 * issue 11); they render with useTranslation(undefined, { lng: 'es' }) and fall back to English.
 */
export function addCatalogue(lng: 'en' | 'es', catalogue: Record<string, unknown>) {
  i18n.addResourceBundle(lng, 'translation', catalogue, true, true);
}

export { i18n };
