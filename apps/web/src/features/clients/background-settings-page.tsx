import {
  ZBackgroundSettingsRequest,
  type TBackgroundSettingsRequest,
  type TBackgroundSettingsResponse,
} from '@sv/contracts';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { savedOk, useBackgroundSettings, useSaveBackgroundSettings } from './clients-api';
import { LoadState, useClientIdParam } from './settings-page-frame';
import { SecretField, Section, SettingsHeader, notifySuccess } from './settings-parts';
import './i18n.en';

type FormValues = Required<TBackgroundSettingsRequest>;

/**
 * Background check settings (spec 000 §2, §3): the screening provider's credentials. The saved
 * password is write-only (security guide): never loaded, "leave blank to keep"; what is typed can
 * be shown for 5 seconds.
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
    password: '',
    clearPassword: false,
  };
  const form = useContractForm(ZBackgroundSettingsRequest, { initialValues });

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
              notifySuccess(t('clients.bg.saved'));
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          });
        })}
      >
        <Section title={t('clients.bg.provider')} description={t('clients.bg.providerHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('clients.bg.providerName')} maxLength={100} {...form.getInputProps('provider')} />
            <TextInput
              label={t('clients.bg.endpointUrl')}
              placeholder="https://"
              {...form.getInputProps('endpointUrl')}
            />
          </SimpleGrid>
        </Section>
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
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('clients.bg.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}
