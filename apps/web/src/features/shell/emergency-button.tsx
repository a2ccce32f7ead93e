import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../components/deferred';
import { useCan } from '../../lib/can';

// the confirmation opens on a click: its code loads once the header has rendered (issue 5 web targets)
const EmergencyConfirmModal = deferred(() => import('./emergency-confirm-modal').then((m) => m.EmergencyConfirmModal));

/**
 * Header emergency button (spec 000 §2, §4, §8): asks for confirmation, then notifies security
 * (no payload from the header); 'Message Sent!' or 'Unable to send Emergency message!'.
 */
export function EmergencyButton() {
  const { t } = useTranslation();
  const allowed = useCan('emergency.send');
  const [opened, { open, close }] = useDisclosure(false);
  if (!allowed) return null;

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
      <EmergencyConfirmModal opened={opened} onClose={close} />
    </>
  );
}
