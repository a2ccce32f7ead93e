import { ZSystemSettingsRequest, type TSystemSettingsResponse } from '@sv/contracts';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { savedOk } from '../clients/clients-api';
import { LoadState } from '../clients/settings-page-frame';
import { Section, SisTestButton } from '../clients/settings-parts';
import { ClientPicker, useChosenClient } from './client-picker';
import { useSaveSystemSettings, useSystemSettings } from './settings-api';
import './i18n.en';
import { notify } from '../../lib/notify';

/** System settings (spec 000 §2 /settings): visitor and volunteer URLs and the Skyward connection test. */
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

function SystemSettingsForm({ data, isAdmin }: { data: TSystemSettingsResponse; isAdmin: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSystemSettings();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZSystemSettingsRequest, {
    initialValues: {
      clientId: isAdmin ? data.clientId : undefined,
      visitorUrl: data.visitorUrl,
      volunteerUrl: data.volunteerUrl,
      // issue 23 §4: the save names the version it started from
      version: data.version,
    },
  });

  return (
    <Stack gap="lg">
      <FormShell
        aria-label={t('settings.linksTitle')}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(values, {
            onSuccess: (res) => {
              if (!savedOk(res)) return setError(t('common.somethingWrong'));
              notify.success(t('settings.saved'));
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          });
        })}
      >
        <Section title={t('settings.linksTitle')} description={t('settings.linksHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('settings.visitorUrl')}
              description={t('settings.visitorUrlHint')}
              placeholder="https://"
              {...form.getInputProps('visitorUrl')}
            />
            <TextInput
              label={t('settings.volunteerUrl')}
              description={t('settings.volunteerUrlHint')}
              placeholder="https://"
              {...form.getInputProps('volunteerUrl')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.saveLinks')}
            </Button>
          </Group>
        </Section>
      </FormShell>

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
