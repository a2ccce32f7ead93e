import {
  BACKGROUND_PROVIDERS,
  ZBackgroundSettingsRequest,
  type TBackgroundSettingsRequest,
  type TBackgroundSettingsResponse,
} from '@sv/contracts';
import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { savedOk, useBackgroundSettings, useBackgroundTest, useSaveBackgroundSettings } from './clients-api';
import { LoadState, useClientIdParam } from './settings-page-frame';
import { SecretField, Section, SettingsHeader } from './settings-parts';
import './i18n.en';
import { notify } from '../../lib/notify';

type FormValues = Required<TBackgroundSettingsRequest>;

/**
 * Background check settings (spec 000 §2, §3; issue 23 §2): which provider runs the district's
 * checks — not configured, the demo provider (no real checks, labelled everywhere) or an agency
 * with its address and the district's account. The saved password is write-only (security guide):
 * never loaded, "leave blank to keep"; what is typed can be shown for 5 seconds.
 */
export default function BackgroundSettingsPage() {
  const id = useClientIdParam();
  const settings = useBackgroundSettings(id ?? 0);
  if (id === null) return <LoadState error={new Error('Not found')} />;
  if (!settings.data) return <LoadState error={settings.error} />;
  return <BackgroundSettingsForm key={settings.dataUpdatedAt} clientId={id} data={settings.data} />;
}

function BackgroundSettingsForm({ clientId, data }: { clientId: number; data: TBackgroundSettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveBackgroundSettings(clientId);
  const [error, setError] = useState<string | null>(null);
  const initialValues: FormValues = {
    provider: data.provider,
    username: data.username,
    endpointUrl: data.endpointUrl,
    // issue 23 §4: the save names the version it started from
    version: data.version,
    password: '',
    clearPassword: false,
  };
  const form = useContractForm(ZBackgroundSettingsRequest, { initialValues });
  const provider = form.values.provider;

  return (
    <Stack gap="lg" maw={880}>
      <SettingsHeader title={t('titles.bgSettings')} clientName={data.clientName} intro={t('clients.bg.intro')} />
      <FormShell
        aria-label={t('titles.bgSettings')}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(values, {
            onSuccess: (res) => {
              if (!savedOk(res)) return setError(t('common.somethingWrong'));
              notify.success(t('clients.bg.saved'));
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          });
        })}
      >
        <Section title={t('clients.bg.provider')} description={t('clients.bg.providerHint')}>
          <Radio.Group label={t('clients.bg.providerChoice')} {...form.getInputProps('provider')}>
            <Stack gap="xs" mt="xs">
              {BACKGROUND_PROVIDERS.map((p) => (
                <Radio key={p} value={p} label={t(`clients.bg.choice.${p}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Alert color={provider === 'http' ? 'blue' : 'yellow'} variant="light" data-testid="bg-provider-hint">
            {t(`clients.bg.${provider}Hint`)}
          </Alert>
          {provider === 'http' ? (
            <TextInput
              label={t('clients.bg.endpointUrl')}
              placeholder="https://"
              withAsterisk
              {...form.getInputProps('endpointUrl')}
            />
          ) : null}
        </Section>
        {provider === 'http' ? (
          <Section title={t('clients.bg.account')} description={t('clients.bg.accountHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('clients.bg.username')}
                autoComplete="off"
                maxLength={200}
                {...form.getInputProps('username')}
              />
              <Stack gap={6}>
                <SecretField
                  label={t('clients.bg.password')}
                  saved={data.hasPassword}
                  disabled={form.values.clearPassword}
                  {...form.getInputProps('password')}
                />
                {data.hasPassword ? (
                  <Checkbox
                    size="xs"
                    label={t('clients.bg.clearPassword')}
                    {...form.getInputProps('clearPassword', { type: 'checkbox' })}
                  />
                ) : null}
              </Stack>
            </SimpleGrid>
            {data.provider === 'http' ? <BackgroundTestButton clientId={clientId} /> : null}
          </Section>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('clients.bg.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}

/** Tests the saved agency connection (issue 23 §2: "tests the connection if cheap"). */
function BackgroundTestButton({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const test = useBackgroundTest(clientId);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={16} aria-hidden />}
          loading={test.isPending}
          onClick={() => test.mutate()}
        >
          {t('clients.bg.test')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('clients.bg.testHint')}
        </Text>
      </Group>
      {test.data ? (
        <Alert color={test.data.ok ? 'green' : 'red'} variant="light" role={test.data.ok ? 'status' : 'alert'}>
          {test.data.message}
        </Alert>
      ) : null}
      {test.error ? (
        <Alert color="red" variant="light" role="alert">
          {test.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
