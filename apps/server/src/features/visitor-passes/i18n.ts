import { catalogue } from '../../platform/i18n/catalogue';
import { passesAr } from './i18n.ar';
import { passesEn } from './i18n.en';
import { passesEs } from './i18n.es';
import { passesPt } from './i18n.pt';
import { passesVi } from './i18n.vi';
import { passesZh } from './i18n.zh';

/** The pass's messages in every visitor language (ADR 0055). */
export const passText = catalogue(passesEn, {
  es: passesEs,
  ar: passesAr,
  zh: passesZh,
  vi: passesVi,
  pt: passesPt,
});
