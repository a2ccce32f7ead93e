import { type TRegTypeUpsert, ZRegTypeUpsert } from '@sv/contracts';
import { applyArrestWatchRules } from '@sv/domain';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DATE_FORMAT, todayIso } from '../../lib/time/format';
import { US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { Section, SettingsHeader } from '../clients/settings-parts';
import { useClientName, useRegType, useSaveRegType } from './registration-types-api';
import './i18n.en';
import '../contacts/i18n.en';
import { notify } from '../../lib/notify';

type Values = Required<TRegTypeUpsert>;
type ArrestWatchContact = NonNullable<TRegTypeUpsert['awContacts']>[number];

const EMPTY: Values = {
  name: '',
  isActive: true,
  code: '',
  ddUsername: '',
  extraUrls: [],
  attributes: [],
  awContacts: [],
  language: 'en',
  inArrestWatch: false,
  scheduledArrestWatchAll: false,
  arrestWatchApprovalDate: null,
  badgeByDate: false,
  strExpDate: null,
  months: null,
  reminderDays: 0,
};

const EMPTY_CONTACT: Required<ArrestWatchContact> = {
  name: '',
  email: '',
  mobile: '',
  notificationLevels: [],
  badgeLevels: [],
};

const LEVEL_IDS = [1, 2, 3, 4, 5, 6] as const;

/** The ids of /client/regTypes/{clientId}/{id}; id 'new' creates one. */
function useEditParams() {
  const params = useParams();
  const clientId = Number(params.clientId);
  const isNew = params.id?.toLowerCase() === 'new';
  const id = isNew ? null : Number(params.id);
  const valid = Number.isInteger(clientId) && clientId > 0 && (isNew || (Number.isInteger(id) && (id ?? 0) > 0));
  return { clientId, id, isNew, valid };
}

/**
 * Edit a registration type (spec 001 §2 "Edit registration type", §3 fields, §4 arrest-watch
 * rules, §5 calendars): Cancel and Save return to /client/regTypes/{clientId}.
 */
export default function RegistrationTypeEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clientId, id, isNew, valid } = useEditParams();
  const regType = useRegType(valid ? id : null);
  const clientName = useClientName(valid ? clientId : null);
  const save = useSaveRegType(clientId);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZRegTypeUpsert, { initialValues: EMPTY });
  const listPath = paths.regTypes(clientId);

  // spec 001 §8 "Failure to load an entity for edit closes the modal": back to the list
  useEffect(() => {
    if (!valid || regType.isError || (regType.data && regType.data.clientId !== clientId)) {
      notify.error(t('regTypes.loadFailed'));
      navigate(valid ? listPath : paths.clients, { replace: true });
    }
  }, [valid, regType.isError, regType.data, clientId, listPath, navigate, t]);

  const loaded = regType.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the record into the form once it arrives
  useEffect(() => {
    if (!loaded) return;
    const { id: _id, clientId: _client, ...values } = loaded;
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

  const v = form.values as Values;
  const f = (key: string, opts?: Record<string, unknown>) => t(`regTypes.field.${key}`, opts);
  const levelOptions = LEVEL_IDS.map((n) => ({ value: String(n), label: `${n} ${t(`contacts.levels.${n}`)}` }));

  /** spec 001 §4: the arrest-watch flags and date follow one rule (shared with the server). */
  const setArrestWatch = (change: Partial<Pick<Values, 'inArrestWatch' | 'scheduledArrestWatchAll'>>) => {
    const next = applyArrestWatchRules({
      inArrestWatch: v.inArrestWatch,
      scheduledArrestWatchAll: v.scheduledArrestWatchAll,
      arrestWatchApprovalDate: v.arrestWatchApprovalDate,
      ...change,
    });
    form.setValues(next);
  };
  const publicAddress = v.code ? `${window.location.origin}/register/${clientId}/${v.code.trim().toLowerCase()}` : '';
  const title = isNew ? t('regTypes.newTitle') : t('regTypes.editTitle');

  return (
    <Stack gap="lg" maw={960}>
      <SettingsHeader title={title} clientName={clientName} />
      <FormShell
        aria-label={title}
        saving={save.isPending}
        error={error}
        onSubmit={form.onSubmit((values) => {
          setError(null);
          save.mutate(
            { id, body: withVersion(values, loaded) },
            {
              onSuccess: (row) => {
                notify.success(t('regTypes.saved', { name: row.name }));
                navigate(listPath);
              },
              onError: (err) => setError(applyServerErrors(form, err)),
            },
          );
        })}
      >
        <Section title={t('regTypes.section.general')}>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={f('name')} required maxLength={200} {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={f('ddUsername')}
                description={f('ddUsernameHint')}
                maxLength={200}
                {...form.getInputProps('ddUsername')}
              />
            </Grid.Col>
          </Grid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="regtype-language-label">
              {f('language')}
            </Text>
            <SegmentedControl
              aria-labelledby="regtype-language-label"
              w="fit-content"
              data={[
                { value: 'en', label: t('regTypes.language.en') },
                { value: 'es', label: t('regTypes.language.es') },
              ]}
              value={v.language}
              onChange={(lang) => form.setFieldValue('language', lang as Values['language'])}
            />
          </Stack>
          <Switch
            label={f('active')}
            description={f('activeHint')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        </Section>

        <Section title={t('regTypes.section.links')} description={t('regTypes.section.linksHint')}>
          <TextInput
            label={f('code')}
            description={
              publicAddress ? `${f('codeHint')} ${f('publicAddress', { url: publicAddress })}` : f('codeHint')
            }
            required
            maxLength={60}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('code')}
          />
          {v.extraUrls.map((_, i) => (
            <Group key={`url-${i.toString()}`} align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={f('extraUrl', { n: i + 1 })}
                placeholder="https://"
                maxLength={500}
                {...form.getInputProps(`extraUrls.${i}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={f('removeUrl', { n: i + 1 })}
                onClick={() => form.removeListItem('extraUrls', i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('extraUrls', '')}
            >
              {f('addUrl')}
            </Button>
          </Group>
        </Section>

        <Section title={t('regTypes.section.attributes')} description={t('regTypes.section.attributesHint')}>
          {v.attributes.map((_, i) => (
            <Group key={`attr-${i.toString()}`} align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={f('attrName', { n: i + 1 })}
                maxLength={100}
                {...form.getInputProps(`attributes.${i}.name`)}
              />
              <TextInput
                style={{ flex: 2 }}
                label={f('attrValue', { n: i + 1 })}
                maxLength={500}
                {...form.getInputProps(`attributes.${i}.value`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={f('removeAttribute', { n: i + 1 })}
                onClick={() => form.removeListItem('attributes', i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('attributes', { name: '', value: '' })}
            >
              {f('addAttribute')}
            </Button>
          </Group>
        </Section>

        <Section title={t('regTypes.section.arrestWatch')} description={t('regTypes.section.arrestWatchHint')}>
          <Switch
            label={f('inArrestWatch')}
            description={f('inArrestWatchHint')}
            checked={v.inArrestWatch}
            onChange={(e) => setArrestWatch({ inArrestWatch: e.currentTarget.checked })}
          />
          <Switch
            label={f('scheduledArrestWatchAll')}
            description={f('scheduledArrestWatchAllHint')}
            checked={v.scheduledArrestWatchAll}
            disabled={v.inArrestWatch}
            onChange={(e) => setArrestWatch({ scheduledArrestWatchAll: e.currentTarget.checked })}
          />
          <DateInput
            label={f('arrestWatchApprovalDate')}
            description={f('arrestWatchApprovalDateHint')}
            valueFormat={DATE_FORMAT}
            placeholder={US_DATE_PLACEHOLDER}
            minDate="2000-01-01"
            defaultDate="2000-01-01"
            clearable
            disabled={v.inArrestWatch || v.scheduledArrestWatchAll}
            w={{ base: '100%', sm: 340 }}
            value={v.arrestWatchApprovalDate || null}
            onChange={(d) => form.setFieldValue('arrestWatchApprovalDate', d || null)}
            error={form.errors.arrestWatchApprovalDate}
          />
          <Text fw={500} size="sm" mt="xs">
            {t('regTypes.section.contacts')}
          </Text>
          {v.awContacts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {f('noContacts')}
            </Text>
          ) : null}
          {v.awContacts.map((c, i) => (
            <Paper
              key={`aw-${i.toString()}`}
              withBorder
              p="md"
              radius="sm"
              aria-label={f('contactN', { n: i + 1 })}
              component="fieldset"
            >
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={500} size="sm">
                    {f('contactN', { n: i + 1 })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={f('removeContact', { n: i + 1 })}
                    onClick={() => form.removeListItem('awContacts', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label={f('contactName')}
                      required
                      maxLength={200}
                      {...form.getInputProps(`awContacts.${i}.name`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label={f('contactEmail')}
                      type="email"
                      maxLength={254}
                      {...form.getInputProps(`awContacts.${i}.email`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label={f('contactMobile')}
                      type="tel"
                      maxLength={30}
                      {...form.getInputProps(`awContacts.${i}.mobile`)}
                    />
                  </Grid.Col>
                </Grid>
                {(['notificationLevels', 'badgeLevels'] as const).map((key) => (
                  <MultiSelect
                    key={key}
                    label={f(key)}
                    placeholder={(c[key] ?? []).length ? undefined : f('none')}
                    data={levelOptions}
                    value={(c[key] ?? []).map(String)}
                    onChange={(ids) => form.setFieldValue(`awContacts.${i}.${key}`, ids.map(Number))}
                    error={form.errors[`awContacts.${i}.${key}`]}
                    clearable
                  />
                ))}
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('awContacts', { ...EMPTY_CONTACT })}
            >
              {f('addContact')}
            </Button>
          </Group>
        </Section>

        <Section title={t('regTypes.section.expiry')} description={t('regTypes.section.expiryHint')}>
          <Switch
            label={f('badgeByDate')}
            description={f('badgeByDateHint')}
            {...form.getInputProps('badgeByDate', { type: 'checkbox' })}
          />
          {v.badgeByDate ? (
            <DateInput
              label={f('strExpDate')}
              valueFormat={DATE_FORMAT}
              placeholder={US_DATE_PLACEHOLDER}
              minDate={todayIso()}
              clearable
              w={{ base: '100%', sm: 340 }}
              value={v.strExpDate || null}
              onChange={(d) => form.setFieldValue('strExpDate', d || null)}
              error={form.errors.strExpDate}
            />
          ) : (
            <NumberInput
              label={f('months')}
              min={0}
              max={120}
              allowDecimal={false}
              w={{ base: '100%', sm: 340 }}
              value={v.months ?? ''}
              onChange={(n) => form.setFieldValue('months', typeof n === 'number' ? n : null)}
              error={form.errors.months}
            />
          )}
        </Section>

        <Section title={t('regTypes.section.invitations')}>
          <NumberInput
            label={f('reminderDays')}
            description={f('reminderDaysHint')}
            min={0}
            max={90}
            allowDecimal={false}
            w={{ base: '100%', sm: 340 }}
            value={v.reminderDays}
            onChange={(n) => form.setFieldValue('reminderDays', typeof n === 'number' ? n : 0)}
            error={form.errors.reminderDays}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={listPath}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? t('regTypes.create') : t('common.save')}
          </Button>
        </Group>
      </FormShell>
    </Stack>
  );
}
