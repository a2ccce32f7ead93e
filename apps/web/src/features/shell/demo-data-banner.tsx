import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TDemoDataRemoved } from '@sv/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { sessionKey, useSession } from '../../lib/session';

/**
 * Issue 23 §1: while the demo districts or accounts exist, every screen says that their password
 * is published; the platform administrator can remove them (after creating their own account).
 */
export function DemoDataBanner() {
  const { t } = useTranslation();
  const { data } = useSession();
  const canRemove = useCan('demoData.remove');
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.post<TDemoDataRemoved>('/api/demo-data/remove'),
    onSuccess: (r) => {
      setConfirm(false);
      notifications.show({
        color: 'green',
        message: t('shell.demo.removed', { districts: r.districts, accounts: r.accounts }),
      });
      void qc.invalidateQueries({ queryKey: sessionKey });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: err instanceof ApiError ? err.message : t('shell.demo.removeFailed'),
      }),
  });
  if (!data?.demoData) return null;
  return (
    <>
      <Alert color="orange" variant="light" py={6} mb="md" role="note" data-testid="demo-data-banner">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{t('shell.demo.banner')}</Text>
          {canRemove ? (
            <Button size="compact-sm" variant="default" onClick={() => setConfirm(true)}>
              {t('shell.demo.remove')}
            </Button>
          ) : null}
        </Group>
      </Alert>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('shell.demo.confirmTitle')} centered>
        <Stack>
          <Text size="sm">{t('shell.demo.confirmBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('shell.demo.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('shell.demo.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
