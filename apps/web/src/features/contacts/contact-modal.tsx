import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type TContactRow, type TContactType, ZContactUpsert } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { useUser } from '../../lib/session';
import { buildingsLookupQuery, clientsLookupQuery } from '../buildings/buildings-api';
import { contactQuery, useSaveContact } from './contacts-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

type Values = z.output<typeof ZContactUpsert>;
const LEVEL_IDS = [1, 2, 3, 4, 5, 6] as const;
/** The form holds complete values (every default applied); the contract validates them. */
const FORM_SCHEMA = ZContactUpsert as unknown as z.ZodType<unknown, Values>;

/**
 * Field-level rule (our reading of spec 000 §6 "elevatedReports is a per-user flag used in the
 * contact editor"): the confidence levels are shown to admins and to users with elevatedReports.
 * The server enforces the same rule (it answers null and keeps stored levels for others).
 */
export function useMaySeeConfidenceLevels() {
  const user = useUser();
  return useCan('contacts.confidenceLevels') || user.elevatedReports;
}

/** Field messages in a darker red: Mantine's default error red fails WCAG AA contrast on white. */
const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export interface ContactModalProps {
  /** null = closed; 'new' = add; a number = edit that contact */
  target: number | 'new' | null;
  onClose: () => void;
  /** for a new contact: preselected building (Add Contact from a building row) */
  preset?: { clientId: number; buildingId: number | null; contactType: TContactType } | null;
  /** for a new contact: the admin's client filter */
  defaultClientId?: number | null;
}

/** Add / edit a contact (spec 000 §2 Contacts edit modal; also Add Contact on a building row). */
export function ContactModal(props: ContactModalProps) {
  const { t } = useTranslation();
  const editingId = typeof props.target === 'number' ? props.target : null;
  const loaded = useQuery({ meta: SHOWS_ERROR, ...contactQuery(editingId ?? 0), enabled: editingId !== null });

  useEffect(() => {
    if (editingId !== null && loaded.isError) {
      notify.error(t('contacts.loadFailed'));
      props.onClose();
    }
  }, [editingId, loaded.isError, props.onClose, t]);

  const ready = props.target === 'new' || (loaded.data && loaded.data.id === editingId);
  return (
    <Modal
      opened={props.target !== null}
      onClose={props.onClose}
      title={props.target === 'new' ? t('contacts.addTitle') : t('contacts.editTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ content: ERROR_CONTRAST }}
    >
      {props.target === null ? null : ready ? (
        <ContactForm
          key={`${String(props.target)}-${props.preset?.buildingId ?? ''}`}
          row={props.target === 'new' ? null : (loaded.data ?? null)}
          preset={props.preset ?? null}
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

function initialValues(
  row: TContactRow | null,
  preset: ContactModalProps['preset'],
  defaultClientId: number | null,
): Values {
  if (row) {
    return {
      clientId: row.clientId,
      buildingId: row.buildingId,
      contactType: row.contactType,
      name: row.name,
      title: row.title,
      email: row.email,
      mobile: row.mobile,
      active: row.active,
      receivesEmergency: row.receivesEmergency,
      confidenceLevelNotification: row.confidenceLevelNotification ?? [],
      confidenceLevelBadge: row.confidenceLevelBadge ?? [],
    };
  }
  return {
    clientId: preset?.clientId ?? defaultClientId,
    buildingId: preset?.buildingId ?? null,
    contactType: preset?.contactType ?? 'Building',
    name: '',
    title: '',
    email: '',
    mobile: '',
    active: true,
    receivesEmergency: true,
    confidenceLevelNotification: [],
    confidenceLevelBadge: [],
  };
}

function ContactForm({
  row,
  preset,
  defaultClientId,
  onDone,
}: {
  row: TContactRow | null;
  preset: ContactModalProps['preset'];
  defaultClientId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const showLevels = useMaySeeConfidenceLevels();
  const save = useSaveContact();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(FORM_SCHEMA, { initialValues: initialValues(row, preset, defaultClientId) });
  const clientId = form.values.clientId ?? (isAdmin ? null : user.clientId);
  const chooseClient = isAdmin && row === null && !preset;
  const clients = useQuery({ ...clientsLookupQuery, enabled: chooseClient });
  const buildings = useQuery({
    ...buildingsLookupQuery({ clientId: clientId ?? undefined }),
    enabled: !isAdmin || clientId !== null,
  });
  const buildingOptions = (buildings.data ?? [])
    .filter((b) => b.active || b.id === form.values.buildingId)
    .map((b) => ({ value: String(b.id), label: b.name }));
  const levelOptions = LEVEL_IDS.map((id) => ({ value: String(id), label: `${id} ${t(`contacts.levels.${id}`)}` }));
  const field = (key: string) => t(`contacts.field.${key}`);

  const levels = (key: 'confidenceLevelNotification' | 'confidenceLevelBadge') => (
    <MultiSelect
      label={field(key)}
      placeholder={form.values[key].length ? undefined : t('contacts.none')}
      data={levelOptions}
      value={form.values[key].map(String)}
      onChange={(v) => form.setFieldValue(key, v.map(Number))}
      error={form.errors[key]}
      clearable
    />
  );

  return (
    <FormShell
      aria-label={row ? t('contacts.editTitle') : t('contacts.addTitle')}
      saving={save.isPending}
      error={error}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        // spec 000 §4: a contact of type Global has its building cleared on save
        const body = { ...values, buildingId: values.contactType === 'Global' ? null : values.buildingId };
        save.mutate(
          { id: row?.id ?? null, body: withVersion(body, row) },
          {
            onSuccess: () => {
              notify.success(t('contacts.saved'));
              onDone();
            },
            onError: (err) => setError(applyServerErrors(form, err)),
          },
        );
      })}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="contact-type-label">
          {field('contactType')}
        </Text>
        <SegmentedControl
          aria-labelledby="contact-type-label"
          value={form.values.contactType}
          onChange={(v) => form.setFieldValue('contactType', v as TContactType)}
          data={(['Building', 'Global'] as const).map((v) => ({ value: v, label: t(`contacts.type.${v}`) }))}
        />
        <Text size="xs" c="dimmed">
          {t(`contacts.typeHelp.${form.values.contactType}`)}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {chooseClient ? (
          <Select
            label={field('client')}
            required
            searchable
            data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.values.clientId === null ? null : String(form.values.clientId)}
            onChange={(v) => {
              form.setFieldValue('clientId', v ? Number(v) : null);
              form.setFieldValue('buildingId', null);
            }}
            error={form.errors.clientId}
          />
        ) : null}
        {form.values.contactType === 'Building' ? (
          <Select
            label={field('building')}
            required
            searchable
            data={buildingOptions}
            value={form.values.buildingId === null ? null : String(form.values.buildingId)}
            onChange={(v) => form.setFieldValue('buildingId', v ? Number(v) : null)}
            error={form.errors.buildingId}
            disabled={isAdmin && clientId === null}
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={field('name')} required {...form.getInputProps('name')} />
        <TextInput label={field('title')} {...form.getInputProps('title')} />
        <TextInput label={field('email')} type="email" {...form.getInputProps('email')} />
        <TextInput
          label={field('mobile')}
          type="tel"
          inputMode="tel"
          placeholder="(555) 555-0100"
          {...form.getInputProps('mobile')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-6}>
        {t('contacts.reachHelp')}
      </Text>
      <Group gap="xl">
        <Switch label={field('active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Switch label={field('receivesEmergency')} {...form.getInputProps('receivesEmergency', { type: 'checkbox' })} />
      </Group>
      {showLevels ? (
        <Stack gap="xs">
          {levels('confidenceLevelNotification')}
          {levels('confidenceLevelBadge')}
          <Text size="xs" c="dimmed">
            {t('contacts.levelsHelp')}
          </Text>
        </Stack>
      ) : (
        // ADR 0039 (issue 25, audit 000 U8): say where the levels are, instead of hiding them silently
        <Text size="xs" c="dimmed" data-testid="levels-hidden-note">
          {t('contacts.levelsHidden')}
        </Text>
      )}
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
