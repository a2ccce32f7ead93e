import { SegmentedControl } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import './i18n.en';
import './i18n.es';

export type KioskLanguage = 'en' | 'es';

/**
 * The kiosk's English/Español switch (issue 14: on every kiosk screen). A kiosk account sees only
 * kiosk screens, so the switch sets the app's language; the page's `lang` follows for screen
 * readers. Nothing is stored: each visitor starts in English (`resetKioskLanguage` after a flow).
 */
export function setKioskLanguage(lng: KioskLanguage) {
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
export const resetKioskLanguage = () => setKioskLanguage('en');

export function LanguageSwitch() {
  const { t, i18n: current } = useTranslation();
  const value: KioskLanguage = current.language === 'es' ? 'es' : 'en';
  useEffect(() => {
    document.documentElement.lang = value;
  }, [value]);
  return (
    <SegmentedControl
      aria-label={t('kiosk.language')}
      size="lg"
      radius="xl"
      value={value}
      onChange={(v) => setKioskLanguage(v as KioskLanguage)}
      data={[
        { value: 'en', label: <span lang="en">English</span> },
        { value: 'es', label: <span lang="es">Español</span> },
      ]}
      data-testid="kiosk-language"
    />
  );
}
