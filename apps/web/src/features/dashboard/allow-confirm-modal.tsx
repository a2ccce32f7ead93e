import type { TPreRegistration } from '@sv/contracts';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fullName } from './format';
import './i18n.en';

/**
 * ALLOW asks first (spec 002 §4 Pending visitor): confirming clears exactly the results listed here
 * (issue 10 §1: the server screens again and refuses anything the card did not show) and checks the
 * visitor in.
 */
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
          {card.issues.findings.length ? (
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {t('dashboard.allowConfirmClears')}
              </Text>
              <List size="sm" spacing={2} data-testid="allow-findings">
                {card.issues.findings.map((f) => (
                  <List.Item key={`${f.source}|${f.ref}`}>{f.label}</List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
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
