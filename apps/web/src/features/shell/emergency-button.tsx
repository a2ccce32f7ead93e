import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { useSendEmergency } from './shell-api';

/**
 * Header emergency button (spec 000 §2, §4, §8): asks for confirmation, then notifies security
 * (no payload from the header); 'Message Sent!' or 'Unable to send Emergency message!'.
 */
export function EmergencyButton() {
  const { t } = useTranslation();
  const allowed = useCan('emergency.send');
  const [opened, { open, close }] = useDisclosure(false);
  const send = useSendEmergency();
  if (!allowed) return null;

  const confirm = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'green', title: t('shell.emergency'), message: t('messages.emergencySent') });
      },
      onError: () => {
        close();
        notifications.show({ color: 'red', title: t('shell.emergency'), message: t('messages.emergencyFailed') });
      },
    });

  return (
    <>
      <Button
        color="red.8"
        variant="filled"
        size="sm"
        px={{ base: 'xs', sm: 'md' }}
        leftSection={<IconAlertTriangle size={18} aria-hidden />}
        onClick={open}
        data-testid="emergency-button"
      >
        {t('shell.emergency')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('shell.emergencyConfirmTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        closeOnClickOutside={!send.isPending}
      >
        <Stack gap="lg">
          <Text>{t('shell.emergencyConfirmBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={send.isPending}>
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
    </>
  );
}
