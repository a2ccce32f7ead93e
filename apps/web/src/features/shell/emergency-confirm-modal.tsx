import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSendEmergency } from './shell-api';

/** The emergency button's confirmation (spec 000 §4, §8); Send notifies security. */
export function EmergencyConfirmModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendEmergency();

  const confirm = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        onClose();
        notifications.show({ color: 'green', title: t('shell.emergency'), message: t('messages.emergencySent') });
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
        <Group justify="flex-end" gap="sm">
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
      </Stack>
    </Modal>
  );
}
