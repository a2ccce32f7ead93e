import { ZClientUpsert, type TClientUpsert } from '@sv/contracts';
import { Button, Grid, Group, Loader, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { savedOk, statesQuery, useClient, useSaveClient } from './clients-api';
import { Section, SettingsHeader } from './settings-parts';
import { RegistrationLinks } from '../settings/registration-links';
import '../settings/i18n.en';
import './i18n.en';
import { notify } from '../../lib/notify';

const EMPTY: Required<TClientUpsert> = {
  name: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zipcode: '',
  note: '',
  active: true,
};

/**
 * Edit a client; id 'new' creates one (spec 000 §2, §4: new clients are active with an empty
 * address). The states lookup fills the state; the volunteer URL is shown. A client that cannot
 * be loaded returns to the list.
 */
export default function ClientEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const isNew = params.id?.toLowerCase() === 'new';
  const id = isNew ? null : Number(params.id);
  const validId = isNew || (Number.isInteger(id) && (id ?? 0) > 0);
  const client = useClient(validId ? id : null);
  const states = useQuery(statesQuery);
  const save = useSaveClient();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZClientUpsert, { initialValues: EMPTY });

  // the window title says what the heading says (audit 000 B11: 'Edit District' over 'New District');
  // this runs after the route's own title (RouteTitle is rendered before the screen)
  useEffect(() => {
    if (isNew) document.title = `${t('product')} - ${t('clients.edit.newTitle')}`;
  }, [isNew, t]);

  // spec 000 §4: "Client load failure returns to the client list."
  useEffect(() => {
    if (!validId || client.isError) {
      notify.error(t('clients.loadFailed'));
      navigate(paths.clients, { replace: true });
    }
  }, [validId, client.isError, navigate, t]);

  const loaded = client.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the record into the form once it arrives
  useEffect(() => {
    if (!loaded) return;
    const values = {
      name: loaded.name,
      street1: loaded.street1,
      street2: loaded.street2,
      city: loaded.city,
      state: loaded.state,
      zipcode: loaded.zipcode,
      note: loaded.note,
      active: loaded.active,
    };
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded]);

  if (!isNew && !loaded) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }

  const stateOptions = (states.data ?? []).map((s) => ({
    value: s.abbreviation,
    label: `${s.name} (${s.abbreviation})`,
  }));

  return (
    <Stack gap="lg" maw={880}>
      <SettingsHeader
        title={isNew ? t('clients.edit.newTitle') : t('clients.edit.title')}
        clientName={loaded?.name}
        intro={t('clients.edit.intro')}
      />
      <FormShell
        aria-label={isNew ? t('clients.edit.newTitle') : t('clients.edit.title')}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(
            { id, body: withVersion(values, loaded) },
            {
              onSuccess: (res) => {
                if (!savedOk(res)) {
                  setError(t('common.somethingWrong'));
                  return;
                }
                notify.success(t('clients.edit.saved', { name: values.name }));
                navigate(paths.clients);
              },
              onError: (err) => setError(applyServerErrors(form, err)),
            },
          );
        })}
      >
        <Section title={t('clients.edit.district')}>
          <TextInput label={t('clients.field.name')} required maxLength={200} {...form.getInputProps('name')} />
          <Textarea
            label={t('clients.field.note')}
            description={t('clients.field.noteHint')}
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('note')}
          />
          <Switch
            label={t('clients.field.active')}
            description={t('clients.field.activeHint')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Section>
        <Section title={t('clients.edit.address')}>
          <TextInput label={t('clients.field.street1')} maxLength={200} {...form.getInputProps('street1')} />
          <TextInput label={t('clients.field.street2')} maxLength={200} {...form.getInputProps('street2')} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={t('clients.field.city')} maxLength={100} {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t('clients.field.state')}
                data={stateOptions}
                searchable
                clearable
                nothingFoundMessage={t('clients.field.noState')}
                {...form.getInputProps('state')}
                value={form.values.state || null}
                onChange={(v) => form.setFieldValue('state', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput
                label={t('clients.field.zipcode')}
                inputMode="numeric"
                maxLength={5}
                placeholder="12345"
                {...form.getInputProps('zipcode')}
                onChange={(e) => form.setFieldValue('zipcode', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
              />
            </Grid.Col>
          </Grid>
        </Section>
        {isNew || !loaded || !id ? null : (
          <Section title={t('clients.edit.links')} description={t('settings.linksHint')}>
            <RegistrationLinks clientId={id} links={loaded.registrationLinks} />
          </Section>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.clients}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? t('clients.edit.create') : t('common.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}
