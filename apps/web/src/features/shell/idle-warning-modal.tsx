import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Idle-timeout warning (spec 000 §2 Modals, §4): counts down to the automatic logout. */
export function IdleWarningModal({ secondsLeft, onStay }: { secondsLeft: number | null; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={onStay}
      title={t('shell.idleTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      zIndex={1100}
    >
      <Stack gap="lg">
        <Text role="timer" aria-live="polite" data-testid="idle-countdown">
          {t('shell.idleBody', { seconds: secondsLeft ?? 0 })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onStay}>{t('shell.stayLoggedIn')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
