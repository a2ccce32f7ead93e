import { catalogue } from '../../platform/i18n/catalogue';
import { reunificationAr } from './i18n.ar';
import { reunificationEn } from './i18n.en';
import { reunificationEs } from './i18n.es';
import { reunificationPt } from './i18n.pt';
import { reunificationVi } from './i18n.vi';
import { reunificationZh } from './i18n.zh';

/** The families' reunification link in every visitor language (ADR 0055). */
export const reunificationText = catalogue(reunificationEn, {
  es: reunificationEs,
  ar: reunificationAr,
  zh: reunificationZh,
  vi: reunificationVi,
  pt: reunificationPt,
});
