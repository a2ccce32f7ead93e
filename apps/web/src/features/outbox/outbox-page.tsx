import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Built by the platform helper (issue 2 §7): the outbox table for administrators.
export default function OutboxPage() {
  const { t } = useTranslation();
  return (
    <Title order={1} size="h2">
      {t('titles.outbox')}
    </Title>
  );
}
