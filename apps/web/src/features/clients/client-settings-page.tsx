import {
  DASHBOARD_LABEL_DEFAULTS,
  ZClientSettingsForm,
  type TClientSettingsRequest,
  type TClientSettingsResponse,
} from '@sv/contracts';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { DATE_FORMAT, todayIso } from '../../lib/time/format';
import { US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { savedOk, useClientSettings, useSaveClientSettings } from './clients-api';
import { RegistrationLinks } from '../settings/registration-links';
import { LoadState, useClientIdParam } from './settings-page-frame';
import { SecretField, Section, SettingsHeader, SisTestButton } from './settings-parts';
import './i18n.en';
import '../settings/i18n.en';
import { notify } from '../../lib/notify';

type FormValues = Omit<Required<TClientSettingsRequest>, 'visitorUrl' | 'volunteerUrl'>;

const fromResponse = (s: TClientSettingsResponse): FormValues => {
  // the registration links are derived and read-only (issue 25, ADR 0039); the stored visitor and
  // volunteer URLs are no longer edited, so they are not sent back either
  const {
    clientId: _c,
    clientName: _n,
    hasSisClientSecret: _h,
    registrationLinks: _l,
    visitorUrl: _vi,
    volunteerUrl: _vo,
    ...fields
  } = s;
  return { ...fields, sisClientSecret: '', clearSisClientSecret: false };
};

/** General client settings (spec 000 §2, §3; spec 002 §3, §9), in sections school staff recognise. */
export default function ClientSettingsPage() {
  const id = useClientIdParam();
  const settings = useClientSettings(id ?? 0);
  if (id === null) return <LoadState error={new Error('Not found')} />;
  if (!settings.data) return <LoadState error={settings.error} />;
  return <ClientSettingsForm key={settings.dataUpdatedAt} clientId={id} data={settings.data} />;
}

function ClientSettingsForm({ clientId, data }: { clientId: number; data: TClientSettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveClientSettings(clientId);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZClientSettingsForm, { initialValues: fromResponse(data) });
  const v = form.values;
  const labelField = (key: keyof typeof DASHBOARD_LABEL_DEFAULTS) => (
    <TextInput
      key={key}
      label={t(`clients.settings.${key}`)}
      placeholder={DASHBOARD_LABEL_DEFAULTS[key]}
      maxLength={60}
      {...form.getInputProps(key)}
    />
  );
  const toggle = (key: keyof FormValues, hint = true) => (
    <Switch
      label={t(`clients.settings.${key}`)}
      description={hint ? t(`clients.settings.${key}Hint`) : undefined}
      {...form.getInputProps(key, { type: 'checkbox' })}
    />
  );

  return (
    <Stack gap="lg" maw={960}>
      <SettingsHeader
        title={t('titles.clientSettings')}
        clientName={data.clientName}
        intro={t('clients.settings.intro')}
      />
      <FormShell
        aria-label={t('titles.clientSettings')}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(values, {
            // spec 000 §7: a positive number means success, otherwise the first message is shown
            onSuccess: (res) => {
              if (!savedOk(res)) return setError(t('common.somethingWrong'));
              notify.success(t('clients.settings.saved'));
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          });
        })}
      >
        <Section title={t('clients.settings.dashboardButtons')} description={t('clients.labelsHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {labelField('visitorBtn')}
            {labelField('checkinBtn')}
            {labelField('checkoutBtn')}
            {labelField('pickupBtn')}
          </SimpleGrid>
        </Section>

        <Section title={t('clients.settings.badges')} description={t('clients.settings.badgesHint')}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="badge-expiry-label">
              {t('clients.settings.badgeExpiry')}
            </Text>
            <SegmentedControl
              aria-labelledby="badge-expiry-label"
              w="fit-content"
              value={v.badgeByDate ? 'date' : 'months'}
              onChange={(x) => form.setFieldValue('badgeByDate', x === 'date')}
              data={[
                { value: 'months', label: t('clients.settings.byMonths') },
                { value: 'date', label: t('clients.settings.byDate') },
              ]}
            />
          </Stack>
          {v.badgeByDate ? (
            <DateInput
              label={t('clients.settings.strExpDate')}
              description={t('clients.settings.strExpDateHint')}
              valueFormat={DATE_FORMAT}
              placeholder={US_DATE_PLACEHOLDER}
              minDate={todayIso()}
              clearable
              w={{ base: '100%', sm: 340 }}
              value={v.strExpDate || null}
              onChange={(d) => form.setFieldValue('strExpDate', d ?? '')}
              error={form.errors.strExpDate}
            />
          ) : (
            <NumberInput
              label={t('clients.settings.months')}
              description={t('clients.settings.monthsHint')}
              min={1}
              max={120}
              allowDecimal={false}
              w={{ base: '100%', sm: 340 }}
              {...form.getInputProps('months')}
              onChange={(n) => form.setFieldValue('months', typeof n === 'number' ? n : Number(n) || 0)}
            />
          )}
        </Section>

        <Section title={t('clients.settings.sis')} description={t('clients.settings.sisHint')}>
          {toggle('skyward')}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('clients.settings.sisBaseUrl')}
              description={t('clients.settings.sisBaseUrlHint')}
              placeholder="https://sis.district.example"
              {...form.getInputProps('sisBaseUrl')}
            />
            <TextInput
              label={t('clients.settings.sisTokenUrl')}
              description={t('clients.settings.sisTokenUrlHint')}
              placeholder={
                v.sisBaseUrl && v.sisBaseUrl !== 'local' ? `${v.sisBaseUrl.replace(/\/+$/, '')}/oauth/token` : ''
              }
              {...form.getInputProps('sisTokenUrl')}
            />
            <TextInput
              label={t('clients.settings.sisClientId')}
              autoComplete="off"
              {...form.getInputProps('sisClientId')}
            />
            <Stack gap={6}>
              <SecretField
                label={t('clients.settings.sisClientSecret')}
                saved={data.hasSisClientSecret}
                disabled={v.clearSisClientSecret}
                {...form.getInputProps('sisClientSecret')}
              />
              {data.hasSisClientSecret ? (
                <Checkbox
                  size="xs"
                  label={t('clients.settings.clearSisClientSecret')}
                  {...form.getInputProps('clearSisClientSecret', { type: 'checkbox' })}
                />
              ) : null}
            </Stack>
          </SimpleGrid>
          <SisTestButton
            clientId={clientId}
            unsaved={() => ({
              sisBaseUrl: v.sisBaseUrl,
              sisTokenUrl: v.sisTokenUrl,
              sisClientId: v.sisClientId,
              sisClientSecret: v.sisClientSecret,
            })}
          />
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
            {toggle('sisStudentPickupDetected')}
            {toggle('sisStudentDropoffDetected')}
          </SimpleGrid>
        </Section>

        <Section title={t('clients.settings.visitors')}>
          {toggle('disableAutoLogoutVisitors')}
          {toggle('enableCheckForVisitorsMoreOften')}
          <NumberInput
            label={t('clients.settings.successScreenDelay')}
            description={t('clients.settings.successScreenDelayHint')}
            min={0}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('clients.settings.seconds')}`}
            w={{ base: '100%', sm: 340 }}
            {...form.getInputProps('successScreenDelay')}
            onChange={(n) => form.setFieldValue('successScreenDelay', typeof n === 'number' ? n : Number(n) || 0)}
          />
        </Section>

        <Section title={t('settings.linksTitle')} description={t('settings.linksHint')}>
          <RegistrationLinks clientId={clientId} links={data.registrationLinks} />
        </Section>

        <Section title={t('clients.settings.backgroundCheckSection')}>
          {toggle('backgroundCheck')}
          <Radio.Group
            label={t('clients.settings.registryGating')}
            description={t('clients.settings.registryGatingHint')}
            {...form.getInputProps('registryGating')}
          >
            <Stack gap="xs" mt="xs">
              {(['dob-agrees', 'all-matches'] as const).map((policy) => (
                <Radio
                  key={policy}
                  value={policy}
                  label={t(`clients.settings.registryGating_${policy}`)}
                  description={t(`clients.settings.registryGating_${policy}Hint`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Anchor component={Link} to={paths.clientBgSettings(clientId)} size="sm" w="fit-content">
            {t('clients.settings.openBackgroundSettings')}
          </Anchor>
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('clients.settings.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}
