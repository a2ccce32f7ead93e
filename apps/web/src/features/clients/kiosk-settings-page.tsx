import {
  DEFAULT_HEALTH_QUESTIONS,
  KIOSK_LABEL_DEFAULTS,
  ZKioskSettingsRequest,
  type TKioskSettingsRequest,
  type TKioskSettingsResponse,
} from '@sv/contracts';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { savedOk, useKioskSettings, useSaveKioskSettings } from './clients-api';
import { LoadState, useClientIdParam } from './settings-page-frame';
import { Section, SettingsHeader } from './settings-parts';
import './i18n.en';
import { notify } from '../../lib/notify';

type FormValues = Required<TKioskSettingsRequest>;

const fromResponse = (s: TKioskSettingsResponse): FormValues => {
  const { clientId: _c, clientName: _n, ...fields } = s;
  return fields;
};

/** Kiosk settings of a client (spec 002 §3 Kiosk settings, §9 default labels and health questions). */
export default function KioskSettingsPage() {
  const id = useClientIdParam();
  const settings = useKioskSettings(id ?? 0);
  if (id === null) return <LoadState error={new Error('Not found')} />;
  if (!settings.data) return <LoadState error={settings.error} />;
  return <KioskSettingsForm key={settings.dataUpdatedAt} clientId={id} data={settings.data} />;
}

function KioskSettingsForm({ clientId, data }: { clientId: number; data: TKioskSettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveKioskSettings(clientId);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZKioskSettingsRequest, { initialValues: fromResponse(data) });
  const v = form.values;
  const labelField = (key: keyof typeof KIOSK_LABEL_DEFAULTS) => (
    <TextInput
      key={key}
      label={t(`clients.kiosk.${key}`)}
      placeholder={KIOSK_LABEL_DEFAULTS[key]}
      maxLength={60}
      {...form.getInputProps(key)}
    />
  );
  const toggle = (key: keyof FormValues) => (
    <Switch
      label={t(`clients.kiosk.${key}`)}
      description={t(`clients.kiosk.${key}Hint`)}
      {...form.getInputProps(key, { type: 'checkbox' })}
    />
  );

  return (
    <Stack gap="lg" maw={960}>
      <SettingsHeader title={t('titles.kioskSettings')} clientName={data.clientName} intro={t('clients.kiosk.intro')} />
      <FormShell
        aria-label={t('titles.kioskSettings')}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(values, {
            onSuccess: (res) => {
              if (!savedOk(res)) return setError(t('common.somethingWrong'));
              notify.success(t('clients.kiosk.saved'));
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          });
        })}
      >
        <Section title={t('clients.kiosk.buttons')} description={t('clients.labelsHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {labelField('kioskvisitorBtn')}
            {labelField('kioskcheckinBtn')}
            {labelField('kioskCheckoutBtn')}
            {labelField('pickupBtn')}
            {labelField('kioskStudentCheckInBtn')}
            {labelField('kioskStudentCheckOutBtn')}
          </SimpleGrid>
        </Section>

        <Section title={t('clients.kiosk.checkIn')}>{toggle('enableAutoCheckInKioskMode')}</Section>

        <Section title={t('clients.kiosk.healthBanner')} description={t('clients.kiosk.healthBannerHint')}>
          {toggle('enableCovidBanner')}
          <Textarea
            label={t('clients.kiosk.bannerQuestion1')}
            placeholder={DEFAULT_HEALTH_QUESTIONS[0]}
            autosize
            minRows={2}
            maxLength={300}
            disabled={!v.enableCovidBanner}
            {...form.getInputProps('bannerQuestion1')}
          />
          <Textarea
            label={t('clients.kiosk.bannerQuestion2')}
            placeholder={DEFAULT_HEALTH_QUESTIONS[1]}
            autosize
            minRows={2}
            maxLength={300}
            disabled={!v.enableCovidBanner}
            {...form.getInputProps('bannerQuestion2')}
          />
          {/* issue 25 (ADR 0034): the district's own questions in Spanish, for the kiosk in Spanish */}
          <Textarea
            label={t('clients.kiosk.bannerQuestion1Es')}
            description={t('clients.kiosk.bannerQuestionEsHint')}
            autosize
            minRows={2}
            maxLength={300}
            lang="es"
            disabled={!v.enableCovidBanner || !v.bannerQuestion1?.trim()}
            {...form.getInputProps('bannerQuestion1Es')}
          />
          <Textarea
            label={t('clients.kiosk.bannerQuestion2Es')}
            description={t('clients.kiosk.bannerQuestionEsHint')}
            autosize
            minRows={2}
            maxLength={300}
            lang="es"
            disabled={!v.enableCovidBanner || !v.bannerQuestion2?.trim()}
            {...form.getInputProps('bannerQuestion2Es')}
          />
        </Section>

        <Section title={t('clients.settings.sis')} description={t('clients.kiosk.sisHint')}>
          <NumberInput
            label={t('clients.settings.clientsStudentInfoSystemId')}
            description={t('clients.settings.clientsStudentInfoSystemIdHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', sm: 420 }}
            value={v.clientsStudentInfoSystemId ?? ''}
            onChange={(n) => form.setFieldValue('clientsStudentInfoSystemId', n === '' ? null : Number(n))}
            error={form.errors.clientsStudentInfoSystemId}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Switch
              label={t('clients.settings.sisStudentPickupDetected')}
              description={t('clients.kiosk.sisStudentPickupDetectedHint')}
              {...form.getInputProps('sisStudentPickupDetected', { type: 'checkbox' })}
            />
            <Switch
              label={t('clients.settings.sisStudentDropoffDetected')}
              description={t('clients.kiosk.sisStudentDropoffDetectedHint')}
              {...form.getInputProps('sisStudentDropoffDetected', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('clients.kiosk.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}
