import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * System settings modal (spec 000 §2 Modals; nav 'action:settings'): says what the system
 * settings hold and opens the /settings and student-reasons screens. Administrators only.
 */
export function SettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.settingsTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <Text>{t('shell.settingsBody')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.studentReasons} onClick={onClose}>
            {t('titles.studentReasons')}
          </Button>
          <Button component={Link} to={paths.settings} onClick={onClose}>
            {t('shell.openSettings')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
