import {
  Alert,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { NEW_BUILDING, type TBuildingRow, US_TIME_ZONES, ZBuildingUpsert } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { useUser } from '../../lib/session';
import { buildingQuery, clientsLookupQuery, statesQuery, useGeocode, useSaveBuilding } from './buildings-api';
import { BuildingPrinting } from './building-printing';
import './i18n.en';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

type Values = z.output<typeof ZBuildingUpsert>;
type FlagKey = {
  [K in keyof Values]: Values[K] extends boolean ? K : never;
}[keyof Values];

const DESK_FLAGS: FlagKey[] = [
  'requireAttendantVisitorPhotoCheckIn',
  'requireAttendantVolunteerPhotoCheckIn',
  'requireAttendantVisitorBadgePrint',
  'requireAttendantVolunteerBadgePrint',
  'scanWithCamera',
];
const KIOSK_FLAGS: FlagKey[] = [
  'requireKioskVisitorPhotoCheckIn',
  'requireKioskVolunteerPhotoCheckIn',
  'requireKioskVisitorBadgePrint',
  'requireKioskVolunteerBadgePrint',
];

/** Every IANA zone the browser knows, the common US zones first. */
function useTimeZoneOptions(current: string) {
  const { t } = useTranslation();
  return useMemo(() => {
    const us = new Set<string>(US_TIME_ZONES);
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const rest = [...new Set([...all, 'UTC'])].filter((z) => !us.has(z)).sort();
    if (current && !us.has(current) && !rest.includes(current)) rest.unshift(current);
    const label = (z: string) => z.replace(/_/g, ' ');
    return [
      { group: t('buildings.zoneGroups.us'), items: US_TIME_ZONES.map((z) => ({ value: z, label: label(z) })) },
      { group: t('buildings.zoneGroups.all'), items: rest.map((z) => ({ value: z, label: label(z) })) },
    ];
  }, [current, t]);
}

/** The form holds complete values (every default applied); the contract validates them. */
const FORM_SCHEMA = ZBuildingUpsert as unknown as z.ZodType<unknown, Values>;

function valuesOf(row: TBuildingRow): Values {
  const { id: _id, clientName: _clientName, ...rest } = row;
  return { ...rest };
}

/** Field messages in a darker red: Mantine's default error red fails WCAG AA contrast on white. */
const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export interface BuildingModalProps {
  /** null = closed; 'new' = add; a number = edit that building */
  target: number | 'new' | null;
  onClose: () => void;
  /** client preselected for a new building (the admin's client filter) */
  defaultClientId?: number | null;
}

/** Add / edit a building (spec 000 §2 add/edit modal, §3 every building field, §4 new-building defaults). */
export function BuildingModal(props: BuildingModalProps) {
  const { t } = useTranslation();
  const editingId = typeof props.target === 'number' ? props.target : null;
  const loaded = useQuery({
    meta: SHOWS_ERROR,
    ...buildingQuery(editingId ?? 0),
    enabled: editingId !== null,
    staleTime: 0,
  });

  // spec 000 §4: a failure to load an entity for editing closes the modal
  useEffect(() => {
    if (editingId !== null && loaded.isError) {
      notify.error(t('buildings.loadFailed'));
      props.onClose();
    }
  }, [editingId, loaded.isError, props.onClose, t]);

  const ready = props.target === 'new' || (loaded.data && loaded.data.id === editingId);
  return (
    <Modal
      opened={props.target !== null}
      onClose={props.onClose}
      title={props.target === 'new' ? t('buildings.addTitle') : t('buildings.editTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ content: ERROR_CONTRAST }}
    >
      {props.target === null ? null : ready ? (
        <BuildingForm
          key={String(props.target)}
          row={props.target === 'new' ? null : (loaded.data ?? null)}
          defaultClientId={props.defaultClientId ?? null}
          onDone={props.onClose}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}

function BuildingForm({
  row,
  defaultClientId,
  onDone,
}: {
  row: TBuildingRow | null;
  defaultClientId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const _user = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const save = useSaveBuilding();
  const geocode = useGeocode();
  const [error, setError] = useState<string | null>(null);
  const [geo, setGeo] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useContractForm(FORM_SCHEMA, {
    initialValues: row ? valuesOf(row) : { ...NEW_BUILDING, clientId: isAdmin ? defaultClientId : null },
  });
  const clients = useQuery({ ...clientsLookupQuery, enabled: isAdmin && row === null });
  const states = useQuery(statesQuery);
  const zones = useTimeZoneOptions(form.values.timeZone);

  const field = (key: keyof Values) => t(`buildings.field.${key}`);
  const toggle = (key: FlagKey) => (
    <Switch key={key} label={field(key)} {...form.getInputProps(key, { type: 'checkbox' })} />
  );

  function findCoordinates() {
    setGeo(null);
    const { street1, city, state, zipcode } = form.values;
    const missing = (['street1', 'city', 'state'] as const).filter((k) => !form.values[k].trim());
    if (missing.length > 0) {
      for (const k of missing) form.setFieldError(k, t('buildings.geocodeRequired'));
      setGeo({ ok: false, text: t('buildings.geocodeNeeds') });
      return;
    }
    geocode.mutate(
      { street1, city, state, zipcode },
      {
        onSuccess: (c) => {
          form.setFieldValue('latitude', c.latitude);
          form.setFieldValue('longitude', c.longitude);
          // audit 000 U9: the offline geocoder answers the town's centre; say so
          setGeo({ ok: true, text: t(c.approximate ? 'buildings.geocodeApproximate' : 'buildings.geocodeFound', c) });
        },
        onError: (err) => setGeo({ ok: false, text: err.message }),
      },
    );
  }

  const coordinate = (key: 'latitude' | 'longitude', limit: number) => (
    <NumberInput
      label={field(key)}
      value={form.values[key] ?? ''}
      onChange={(v) => form.setFieldValue(key, v === '' || v === null ? null : Number(v))}
      error={form.errors[key]}
      min={-limit}
      max={limit}
      decimalScale={6}
      allowDecimal
      hideControls
    />
  );

  return (
    <FormShell
      aria-label={row ? t('buildings.editTitle') : t('buildings.addTitle')}
      saving={save.isPending}
      error={error}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(
          { id: row?.id ?? null, body: withVersion(values, row) },
          {
            onSuccess: () => {
              notify.success(t('buildings.saved'));
              onDone();
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          },
        );
      })}
    >
      <Fieldset legend={t('buildings.sections.general')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={field('name')} required {...form.getInputProps('name')} />
            {isAdmin && row === null ? (
              <Select
                label={t('buildings.field.client')}
                required
                searchable
                data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={form.values.clientId === null ? null : String(form.values.clientId)}
                onChange={(v) => form.setFieldValue('clientId', v ? Number(v) : null)}
                error={form.errors.clientId}
              />
            ) : row ? (
              <TextInput label={t('buildings.field.client')} value={row.clientName} readOnly variant="filled" />
            ) : null}
            <Select
              label={field('timeZone')}
              description={t('buildings.field.timeZoneHelp')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              searchable
              allowDeselect={false}
              data={zones}
              limit={400}
              {...form.getInputProps('timeZone')}
            />
            <Textarea label={field('note')} autosize minRows={1} maxRows={4} {...form.getInputProps('note')} />
          </SimpleGrid>
          <Switch label={field('active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('buildings.sections.address')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={field('street1')} autoComplete="off" {...form.getInputProps('street1')} />
            <TextInput label={field('street2')} autoComplete="off" {...form.getInputProps('street2')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={field('city')} {...form.getInputProps('city')} />
            <Select
              label={field('state')}
              searchable
              clearable
              data={(states.data ?? []).map((s) => ({ value: s.abbreviation, label: `${s.name} (${s.abbreviation})` }))}
              value={form.values.state || null}
              onChange={(v) => form.setFieldValue('state', v ?? '')}
              error={form.errors.state}
            />
            <TextInput
              label={field('zipcode')}
              inputMode="numeric"
              maxLength={5}
              value={form.values.zipcode}
              onChange={(e) => form.setFieldValue('zipcode', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
              error={form.errors.zipcode}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('buildings.help.coordinates')}
            </Text>
            <Button variant="light" size="sm" onClick={findCoordinates} loading={geocode.isPending}>
              {t('buildings.findCoordinates')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {coordinate('latitude', 90)}
            {coordinate('longitude', 180)}
            <NumberInput
              label={field('radius')}
              value={form.values.radius ?? ''}
              onChange={(v) => form.setFieldValue('radius', v === '' || v === null ? null : Number(v))}
              error={form.errors.radius}
              min={0}
              max={100000}
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>
          {geo ? (
            <Alert color={geo.ok ? 'green' : 'red'} variant="light" role={geo.ok ? 'status' : 'alert'} p="xs">
              {geo.text}
            </Alert>
          ) : null}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('buildings.sections.printing')}>
        <BuildingPrinting form={form} saved={row} />
      </Fieldset>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fieldset legend={t('buildings.sections.desk')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('buildings.help.desk')}
            </Text>
            {DESK_FLAGS.map(toggle)}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('buildings.sections.kiosk')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('buildings.help.kiosk')}
            </Text>
            {KIOSK_FLAGS.map(toggle)}
          </Stack>
        </Fieldset>
      </SimpleGrid>

      <Fieldset legend={t('buildings.sections.students')}>
        <Stack gap="sm">
          <TextInput
            label={field('studentIdLabel')}
            placeholder="Student ID"
            {...form.getInputProps('studentIdLabel')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap="xs">
              {toggle('showKioskStudentCheckIn')}
              <TextInput
                label={field('studentCheckInBtn')}
                disabled={!form.values.showKioskStudentCheckIn}
                {...form.getInputProps('studentCheckInBtn')}
              />
              {toggle('requireKioskStudentPhotoCheckIn')}
            </Stack>
            <Stack gap="xs">
              {toggle('showKioskStudentCheckOut')}
              <TextInput
                label={field('studentCheckOutBtn')}
                disabled={!form.values.showKioskStudentCheckOut}
                {...form.getInputProps('studentCheckOutBtn')}
              />
              {toggle('requireKioskStudentPhotoCheckOut')}
            </Stack>
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </FormShell>
  );
}
