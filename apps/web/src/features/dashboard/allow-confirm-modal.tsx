import type { TPreRegistration } from '@sv/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fullName } from './format';
import './i18n.en';

/** ALLOW asks first (spec 002 §4 Pending visitor): confirming checks the visitor in. */
export function AllowConfirmModal(props: {
  card: TPreRegistration | null;
  onCancel: () => void;
  onConfirm: (card: TPreRegistration) => void;
}) {
  const { t } = useTranslation();
  const { card, onCancel, onConfirm } = props;
  return (
    <Modal
      opened={card !== null}
      onClose={onCancel}
      title={t('dashboard.allowConfirm')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {card ? (
        <Stack gap="md">
          <Text>{t('dashboard.allowConfirmBody', { name: fullName(card.firstname, card.lastname) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button color="teal.9" data-autofocus onClick={() => onConfirm(card)}>
              {t('dashboard.allowConfirmOk')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
