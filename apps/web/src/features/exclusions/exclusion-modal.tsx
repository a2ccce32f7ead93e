import {
  Alert,
  Button,
  Center,
  FileButton,
  Flex,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { can, EXCLUSION_TYPE_OPTIONS, MESSAGES, type TExclusion, type TVisitor, ZExclusionSave } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { useUser } from '../../lib/session';
import { DobInput, type DobProblem } from '../../lib/time/dob-input';
import { formatCalendarDate, formatDateTime } from '../../lib/time/format';
import {
  exclusionFormOptionsQuery,
  exclusionQuery,
  photoUrl,
  uploadExclusionPhoto,
  useSaveExclusion,
} from './exclusions-api';
import { WithHistoryTab } from '../audit/audit-history';
import './i18n.en';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

type Values = z.output<typeof ZExclusionSave>;
const FORM_SCHEMA = ZExclusionSave as unknown as z.ZodType<unknown, Values>;

export interface ExclusionModalProps {
  /** null = closed; 'new' = add; a number = edit */
  target: number | 'new' | null;
  /** saved: an exclusion was saved (false on Cancel or close) */
  onClose: (saved: boolean) => void;
  /** client preselected for a new exclusion (an admin's client filter) */
  defaultClientId: number | null;
  /**
   * Front desk 'Deny & Add Exclusion' (spec 002 §4 DENY): a new exclusion prefilled with the denied
   * visitor and linked to them (visitorId), so their next screening shows a direct exclusion.
   */
  visitor?: TVisitor | null;
  /** the desk's building: a new exclusion's building for those who may not make it global */
  deskBuildingId?: number | null;
}

const visitorName = (v: Pick<TVisitor, 'firstname' | 'middlename' | 'lastname'>) =>
  [v.firstname, v.middlename, v.lastname].filter(Boolean).join(' ');

/** spec 000 §4 new-exclusion defaults; from the front desk, the denied visitor's name, dob and photo. */
function newValues(opts: {
  clientId: number | null;
  canSetGlobal: boolean;
  visitor: TVisitor | null;
  deskBuildingId: number | null;
}): Values {
  const v = opts.visitor;
  const base: Values = {
    clientId: opts.clientId,
    isGlobal: true,
    buildingId: null,
    active: true,
    firstname: '',
    lastname: '',
    dob: null,
    exclusionType: '',
    reason: '',
    photoFileId: null,
    visitorId: null,
  };
  if (!v) return base;
  return {
    ...base,
    clientId: v.clientId,
    // global by default; those who may not set it get the desk's building
    isGlobal: opts.canSetGlobal,
    buildingId: opts.canSetGlobal ? null : opts.deskBuildingId,
    firstname: v.firstname,
    lastname: v.lastname,
    dob: v.dob,
    photoFileId: v.photoFileId,
    visitorId: v.id,
  };
}

const valuesOf = (e: TExclusion): Values => ({
  clientId: e.clientId,
  isGlobal: e.isGlobal,
  buildingId: e.buildingId,
  active: e.active,
  firstname: e.firstname,
  lastname: e.lastname,
  dob: e.dob,
  exclusionType: e.exclusionType,
  reason: e.reason,
  photoFileId: e.photoFileId,
  visitorId: e.visitorId,
});

/**
 * Add Exclusion / Edit Exclusion (spec 000 §2, §4 defaults, §5 date of birth, §8 errors): the one
 * exclusion form, for Manage Exclusions and for the front desk's 'Deny & Add Exclusion'.
 */
export function ExclusionModal(props: ExclusionModalProps) {
  const { t } = useTranslation();
  const editingId = typeof props.target === 'number' ? props.target : null;
  const existing = useQuery({ meta: SHOWS_ERROR, ...exclusionQuery(editingId ?? 0), enabled: editingId !== null });
  const { onClose } = props;

  // spec 000 §8: a missing exclusion or a load failure closes the modal and logs the message;
  // the user is told too, as by the other editors (issue 25, audit 000 B14: it closed silently)
  useEffect(() => {
    if (editingId !== null && existing.isError) {
      console.error(MESSAGES.exclusionLoadFailed);
      notify.error(t('exclusions.loadFailed'));
      onClose(false);
    }
  }, [editingId, existing.isError, onClose, t]);

  const me = useUser();
  const crossDistrict = useCan('clients.crossDistrict');
  const title = editingId === null ? t('exclusions.addTitle') : t('exclusions.editTitle');
  return (
    <Modal
      opened={props.target !== null}
      onClose={() => onClose(false)}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="xl"
      centered
    >
      {props.target === null ? null : editingId !== null && !existing.data ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <WithExclusionHistory id={editingId}>
          <ExclusionForm
            key={editingId ?? 'new'}
            exclusion={existing.data ?? null}
            visitor={editingId === null ? (props.visitor ?? null) : null}
            initial={
              existing.data
                ? valuesOf(existing.data)
                : // spec 000 §4: global, active, created now, the user's client, no photo
                  newValues({
                    clientId: crossDistrict ? props.defaultClientId : me.clientId,
                    canSetGlobal: can(me, 'exclusions.setGlobal'),
                    visitor: props.visitor ?? null,
                    deskBuildingId: props.deskBuildingId ?? null,
                  })
            }
            onDone={onClose}
          />
        </WithExclusionHistory>
      )}
    </Modal>
  );
}

function ExclusionForm(props: {
  exclusion: TExclusion | null;
  /** a new exclusion for this visitor (front desk) */
  visitor: TVisitor | null;
  initial: Values;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const me = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const canSetGlobal = can(me, 'exclusions.setGlobal');
  const options = useQuery(exclusionFormOptionsQuery);
  const save = useSaveExclusion();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // spec 000 §5: an unknown date of birth is 01/01/1970, shown as an empty field
  const [dobProblem, setDobProblem] = useState<DobProblem>(null);
  const form = useContractForm<Values>(FORM_SCHEMA, {
    initialValues: { ...props.initial, dob: props.initial.dob === DEFAULT_EXCLUSION_DOB ? null : props.initial.dob },
  });
  const v = form.values;
  const clientId = isAdmin ? v.clientId : me.clientId;
  const isNew = props.exclusion === null;

  const typeOptions: { value: string; label: string }[] = EXCLUSION_TYPE_OPTIONS.map((type) => ({
    value: type,
    label: t(`exclusions.types.${type}`),
  }));
  if (v.exclusionType && !(EXCLUSION_TYPE_OPTIONS as readonly string[]).includes(v.exclusionType)) {
    typeOptions.push({ value: v.exclusionType, label: props.exclusion?.typeLabel || v.exclusionType });
  }
  const clientData = (options.data?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const buildingData = (options.data?.buildings ?? [])
    .filter((b) => b.clientId === clientId)
    .map((b) => ({ value: String(b.id), label: b.name }));
  // the current building stays visible even if it was deactivated since
  if (v.buildingId && props.exclusion?.buildingName && !buildingData.some((b) => b.value === String(v.buildingId))) {
    buildingData.push({ value: String(v.buildingId), label: props.exclusion.buildingName });
  }

  const onPhoto = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      form.setFieldValue('photoFileId', await uploadExclusionPhoto(file, isAdmin ? clientId : null));
    } catch {
      // spec 000 §8: 'Upload failed' and the exclusion photoId is cleared
      form.setFieldValue('photoFileId', null);
      notify.error(MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (dobProblem) return; // spec 000 §5: a future date blocks saving
    try {
      await save.mutateAsync({
        id: props.exclusion?.id ?? null,
        body: withVersion(
          {
            ...values,
            clientId,
            buildingId: values.isGlobal ? null : values.buildingId,
            dob: values.dob ?? DEFAULT_EXCLUSION_DOB,
          },
          props.exclusion,
        ),
      });
      notify.success(t('exclusions.saved'));
      props.onDone(true);
    } catch (err) {
      setError(applyServerErrors(form, err));
    }
  });

  const fullName = `${v.firstname} ${v.lastname}`.trim();
  return (
    <FormShell onSubmit={submit} saving={save.isPending} error={error} aria-label={t('exclusions.editTitle')}>
      {props.exclusion?.visitor ? (
        <Alert variant="light" color="blue" title={t('exclusions.linkedVisitor')}>
          <SimpleGrid cols={2}>
            <TextInput label={t('exclusions.visitorName')} value={props.exclusion.visitor.name} readOnly />
            <TextInput
              label={t('exclusions.visitorDob')}
              value={formatCalendarDate(props.exclusion.visitor.dob) ?? ''}
              readOnly
            />
          </SimpleGrid>
        </Alert>
      ) : props.visitor ? (
        <Alert variant="light" color="blue" title={t('exclusions.linkedToThisVisitor')} data-testid="linked-visitor">
          {visitorName(props.visitor)}
          {props.visitor.dob ? ` · ${formatCalendarDate(props.visitor.dob)}` : ''}
        </Alert>
      ) : null}
      {/* the photo beside the fields; below them on a phone, where both would not fit */}
      <Flex align={{ base: 'stretch', sm: 'flex-start' }} gap="lg" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {isAdmin && isNew && !props.visitor ? (
            <Select
              label={t('exclusions.field.client')}
              required
              searchable
              data={clientData}
              value={v.clientId ? String(v.clientId) : null}
              onChange={(c) => {
                form.setFieldValue('clientId', c ? Number(c) : null);
                form.setFieldValue('buildingId', null);
                form.setFieldValue('photoFileId', null);
              }}
              error={form.errors.clientId}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('exclusions.field.firstname')} required {...form.getInputProps('firstname')} />
            <TextInput label={t('exclusions.field.lastname')} required {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DobInput
              label={t('exclusions.field.dob')}
              description={t('exclusions.field.dobHint')}
              value={v.dob}
              problem={dobProblem}
              onChange={(iso, problem) => {
                form.setFieldValue('dob', iso);
                setDobProblem(problem);
              }}
            />
            <Select
              label={t('exclusions.field.type')}
              description={t('exclusions.field.typeHint')}
              required
              data={typeOptions}
              value={v.exclusionType || null}
              onChange={(type) => form.setFieldValue('exclusionType', type ?? '')}
              error={form.errors.exclusionType}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Textarea
            label={t('exclusions.field.reason')}
            description={t('exclusions.field.reasonHint')}
            required={v.exclusionType === 'Other'}
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('reason')}
          />
          <Group gap="xl">
            <Switch
              label={t('exclusions.field.isGlobal')}
              disabled={!canSetGlobal}
              {...form.getInputProps('isGlobal', { type: 'checkbox' })}
            />
            <Switch label={t('exclusions.field.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          </Group>
          {!v.isGlobal ? (
            <Select
              label={t('exclusions.field.building')}
              required
              searchable
              data={buildingData}
              value={v.buildingId ? String(v.buildingId) : null}
              onChange={(b) => form.setFieldValue('buildingId', b ? Number(b) : null)}
              error={form.errors.buildingId}
            />
          ) : null}
        </Stack>
        <Paper withBorder p="sm" w={{ base: '100%', sm: 200 }} radius="md">
          <Stack gap="xs" align="center">
            <Text size="sm" fw={500}>
              {t('exclusions.field.photo')}
            </Text>
            {v.photoFileId ? (
              <Image
                src={photoUrl(v.photoFileId)}
                alt={t('exclusions.field.photoAlt', { name: fullName })}
                w={160}
                h={160}
                fit="cover"
                radius="sm"
                data-testid="exclusion-photo"
              />
            ) : (
              <Center w={160} h={160} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4 }}>
                <Stack gap={4} align="center">
                  <IconPhoto size={32} aria-hidden color="var(--mantine-color-gray-6)" />
                  <Text size="xs" c="dimmed">
                    {t('exclusions.field.noPhoto')}
                  </Text>
                </Stack>
              </Center>
            )}
            <FileButton onChange={onPhoto} accept="image/jpeg,image/png,image/webp">
              {(p) => (
                <Button
                  {...p}
                  size="xs"
                  variant="light"
                  fullWidth
                  loading={uploading}
                  disabled={isAdmin && !clientId}
                  leftSection={<IconUpload size={14} aria-hidden />}
                >
                  {v.photoFileId ? t('exclusions.field.replacePhoto') : t('exclusions.field.choosePhoto')}
                </Button>
              )}
            </FileButton>
            {v.photoFileId ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                fullWidth
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => form.setFieldValue('photoFileId', null)}
              >
                {t('exclusions.field.removePhoto')}
              </Button>
            ) : null}
            <Text size="xs" c="dimmed" ta="center">
              {t('exclusions.field.photoHint')}
            </Text>
          </Stack>
        </Paper>
      </Flex>
      {props.exclusion ? (
        <Text size="xs" c="dimmed">
          {t('exclusions.createdOn', { date: formatDateTime(props.exclusion.created, me.buildingTimeZone) })}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => props.onDone(false)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={dobProblem !== null || uploading}>
          {t('common.save')}
        </Button>
      </Group>
    </FormShell>
  );
}

/** An exclusion being edited shows its History beside the form (issue 26 §1; audit.read only). */
function WithExclusionHistory(props: { id: number | null; children: ReactNode }) {
  if (props.id === null) return props.children;
  return (
    <WithHistoryTab targetType="exclusion" targetId={props.id}>
      {props.children}
    </WithHistoryTab>
  );
}
