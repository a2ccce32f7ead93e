import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/language-menu';
import { switchLanguage } from '../../lib/i18n';
import { directionOf, LANGUAGE_TAGS, type VisitorLanguage, visitorLanguageOf } from '../../lib/i18n/languages';
import './i18n.en';

export type KioskLanguage = VisitorLanguage;

/**
 * The kiosk's language (issue 14; issue 29 §1: six languages). A kiosk account sees only kiosk
 * screens, so the choice sets the app's language; the page's `lang` and `dir` follow (Arabic
 * mirrors). Nothing is stored: each visitor starts in English (`resetKioskLanguage` after a flow).
 */
export function setKioskLanguage(lng: KioskLanguage) {
  void switchLanguage(lng);
}
export const resetKioskLanguage = () => setKioskLanguage('en');

/** The language chooser on every kiosk screen (the one LanguageMenu). */
export function LanguageSwitch() {
  const { t, i18n: current } = useTranslation();
  const value = visitorLanguageOf(current.language);
  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[value];
    document.documentElement.dir = directionOf(value);
  }, [value]);
  return <LanguageMenu value={value} onChange={setKioskLanguage} label={t('kiosk.language')} testId="kiosk-language" />;
}
