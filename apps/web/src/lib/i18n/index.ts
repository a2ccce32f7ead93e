import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/**
 * English now; the product will ship Spanish with the same keys (issue 2 §8).
 * Each feature keeps its strings beside it in `features/<feature>/i18n.en.ts`
 * (`export default { <feature>: { … } }`); they are merged here so features never edit a shared file.
 */
const featureCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../features/*/i18n.en.ts', {
  eager: true,
});
const translation: Record<string, unknown> = { ...en };
for (const mod of Object.values(featureCatalogues)) Object.assign(translation, mod.default);

void i18n.use(initReactI18next).init({
  resources: { en: { translation } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
