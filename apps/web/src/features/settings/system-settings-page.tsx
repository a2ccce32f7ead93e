import type { TSystemSettingsResponse } from '@sv/contracts';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { LoadState } from '../clients/settings-page-frame';
import { Section, SisTestButton } from '../clients/settings-parts';
import { ClientPicker, useChosenClient } from './client-picker';
import { RegistrationLinks } from './registration-links';
import { useSystemSettings } from './settings-api';
import './i18n.en';

/**
 * System settings (spec 000 §2 /settings): the visitor and volunteer registration links (derived,
 * read-only: issue 25, ADR 0039) and the Skyward connection test.
 */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const { clientId, isAdmin, ready } = useChosenClient();
  const settings = useSystemSettings(clientId, ready);
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('titles.settings')}
        </Title>
        {isAdmin ? null : (
          <Text c="dimmed" data-testid="settings-client-name">
            {user.clientName}
          </Text>
        )}
        <Text size="sm">{t('settings.intro')}</Text>
      </Stack>
      {isAdmin ? <ClientPicker clientId={clientId} /> : null}
      {!ready ? (
        <Text c="dimmed">{t('settings.chooseClientFirst')}</Text>
      ) : settings.data ? (
        <SystemSettingsForm
          key={`${settings.data.clientId}-${settings.dataUpdatedAt}`}
          data={settings.data}
          isAdmin={isAdmin}
        />
      ) : (
        <LoadState error={settings.error} />
      )}
    </Stack>
  );
}

function SystemSettingsForm({ data }: { data: TSystemSettingsResponse; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Section title={t('settings.linksTitle')} description={t('settings.linksHint')}>
        <RegistrationLinks clientId={data.clientId} links={data.registrationLinks} />
      </Section>

      <Section title={t('settings.skywardTitle')} description={t('settings.skywardHint')}>
        <Group gap="xs">
          <Text size="sm">{t('settings.skywardStatus')}</Text>
          <Badge variant="light" color={data.skyward ? 'green' : 'gray'}>
            {data.skyward ? t('settings.skywardOn') : t('settings.skywardOff')}
          </Badge>
        </Group>
        {data.sisConfigured ? null : (
          <Alert color="yellow" variant="light">
            {t('settings.sisNotConfigured')}
          </Alert>
        )}
        <SisTestButton clientId={data.clientId} />
        <Anchor component={Link} to={paths.clientSettings(data.clientId)} size="sm" w="fit-content">
          {t('settings.editConnection')}
        </Anchor>
      </Section>
    </Stack>
  );
}
