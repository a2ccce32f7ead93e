import { Affix, Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Connectivity, onConnectivity } from '../../lib/api-client';

/**
 * Issue 23 §6: while a request waits to be sent again after a network failure, the desk says so
 * (and keeps the screen as it is: nothing typed is lost, nobody is signed out).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const [state, setState] = useState<Connectivity>('online');
  useEffect(() => onConnectivity(setState), []);
  if (state === 'online') return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={1100}>
      <Alert color="yellow" variant="filled" py={8} role="status" data-testid="offline-banner">
        {t('shell.offlineRetrying')}
      </Alert>
    </Affix>
  );
}
