import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import './i18n.en';

/** The client id of a settings route (/client/…/{id}); null when it is not a positive number. */
export function useClientIdParam(): number | null {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Loading and load-failure states shared by the three settings screens. */
export function LoadState({ error, children }: { error: Error | null; children?: ReactNode }) {
  const { t } = useTranslation();
  const isAdmin = useCan('clients.manage');
  if (error) {
    return (
      <Stack gap="md" maw={640}>
        <Alert color="red" role="alert" title={t('clients.loadFailed')}>
          {error.message}
        </Alert>
        <Group>
          <Button variant="default" component={Link} to={isAdmin ? paths.clients : paths.home}>
            {isAdmin ? t('clients.backToList') : t('nav.home')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="center" p="xl">
      <Loader aria-label={t('common.loading')} />
      {children}
    </Group>
  );
}
