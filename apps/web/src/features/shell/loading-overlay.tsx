import { CONSTANTS } from '@sv/contracts';
import { LoadingOverlay } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onRequestActivity } from '../../lib/api-client';

/**
 * Global loading overlay (spec 000 §2, §9): appears only once requests have been outstanding
 * for 1 second, and disappears when none is left. Quick requests never flash it.
 */
export function GlobalLoadingOverlay({ delayMs = CONSTANTS.loadingOverlayDelayMs }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let outstanding = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onRequestActivity((event) => {
      outstanding = Math.max(0, outstanding + (event === 'start' ? 1 : -1));
      if (outstanding > 0 && timer === undefined) {
        timer = setTimeout(() => setVisible(true), delayMs);
      } else if (outstanding === 0) {
        clearTimeout(timer);
        timer = undefined;
        setVisible(false);
      }
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [delayMs]);
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.35, blur: 1 }}
      loaderProps={{ 'aria-label': t('shell.loading'), role: 'status' } as object}
      data-testid="loading-overlay"
    />
  );
}
