import { Alert } from '@mantine/core';
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
    <Alert color="yellow" variant="filled" radius={0} py={6} role="status" data-testid="offline-banner">
      {t('shell.offlineRetrying')}
    </Alert>
  );
}
