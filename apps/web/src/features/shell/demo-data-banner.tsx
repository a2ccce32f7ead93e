import { Alert, Button, Group, Text } from '@mantine/core';
import type { TDemoDataRemoved } from '@sv/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { sessionKey, useSession } from '../../lib/session';
import { notify } from '../../lib/notify';
import { deferred } from '../../components/deferred';

// the confirmation opens on a click: its dialog code loads after the shell has rendered (issue 24 §6)
const ConfirmDialog = deferred(() => import('../../components/confirm').then((m) => m.ConfirmDialog));

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
      notify.success(t('shell.demo.removed', { districts: r.districts, accounts: r.accounts }));
      void qc.invalidateQueries({ queryKey: sessionKey });
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : t('shell.demo.removeFailed')),
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
      <ConfirmDialog
        opened={confirm}
        title={t('shell.demo.confirmTitle')}
        cancelLabel={t('shell.demo.cancel')}
        confirmLabel={t('shell.demo.confirm')}
        confirmColor="red"
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
      >
        <Text size="sm">{t('shell.demo.confirmBody')}</Text>
      </ConfirmDialog>
    </>
  );
}
