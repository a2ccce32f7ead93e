import { catalogue } from '../../platform/i18n/catalogue';
import { printingAr } from './i18n.ar';
import { printingEn } from './i18n.en';
import { printingEs } from './i18n.es';
import { printingPt } from './i18n.pt';
import { printingVi } from './i18n.vi';
import { printingZh } from './i18n.zh';

/** The printed fixed words in every visitor language (ADR 0055). */
export const printingText = catalogue(printingEn, {
  es: printingEs,
  ar: printingAr,
  zh: printingZh,
  vi: printingVi,
  pt: printingPt,
});
