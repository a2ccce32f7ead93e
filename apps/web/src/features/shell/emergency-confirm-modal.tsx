import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { useSendEmergency } from './shell-api';

/** The emergency button's confirmation (spec 000 §4, §8); Send notifies security. */
export function EmergencyConfirmModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendEmergency();
  // one key per opening of the dialog: a second click on Send repeats the same press (issue 10 §5)
  const key = useMemo(() => (opened ? crypto.randomUUID() : ''), [opened]);
  const me = useUser();

  const confirm = () =>
    send.mutate(key, {
      onSuccess: (report) => {
        onClose();
        // issue 23 §2: say exactly what left the building, and what waits in the outbox
        const complete = report.delivered === report.contacts && report.inOutbox === 0 && report.retrying === 0;
        const parts = [t('messages.emergencySent')];
        if (!complete) {
          parts.push(t('shell.emergencyReport.delivered', { delivered: report.delivered, count: report.contacts }));
          if (report.inOutbox > 0)
            parts.push(
              t('shell.emergencyReport.outbox', {
                count: report.inOutbox,
                channels: report.notConfigured
                  .map((c) => t(`shell.emergencyReport.channel.${c}`))
                  .join(t('shell.emergencyReport.and')),
              }),
            );
          if (report.retrying > 0) parts.push(t('shell.emergencyReport.retrying', { count: report.retrying }));
          parts.push(t('shell.emergencyReport.callToo'));
        }
        notifications.show({
          color: complete ? 'green' : 'yellow',
          title: t('shell.emergency'),
          message: parts.join(' '),
          autoClose: complete ? undefined : false,
        });
      },
      onError: () => {
        onClose();
        notifications.show({ color: 'red', title: t('shell.emergency'), message: t('messages.emergencyFailed') });
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.emergencyConfirmTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      closeOnClickOutside={!send.isPending}
    >
      <Stack gap="lg">
        <Text>{t('shell.emergencyConfirmBody')}</Text>
        <Group justify="space-between" gap="sm">
          {/* the roll call of everyone checked in (issue 13), one click from the emergency button */}
          <Button component={Link} to={paths.onSite(me.buildingId)} variant="subtle" onClick={onClose}>
            {t('nav.onSite')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red.8"
              leftSection={<IconAlertTriangle size={18} aria-hidden />}
              loading={send.isPending}
              onClick={confirm}
            >
              {t('shell.emergencySend')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
