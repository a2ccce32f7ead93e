import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CONSTANTS,
  MESSAGES,
  ROLE,
  type TRegistration,
  type TRegistrationValues,
  ZRegistrationSave,
} from '@sv/contracts';
import { formatUsDate, parseUsDate } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { statesQuery } from '../buildings/buildings-api';
import { DobInput, type DobProblem, maskUsDate } from '../exclusions/dob-input';
import {
  alertFailure,
  alertSuccess,
  registrationQuery,
  registrationTypesQuery,
  uploadRegistrationPhoto,
  useSaveRegistration,
} from './registrations-api';
import { ArrestAlertModal } from '../arrest-watch/arrest-alert-modal';
import { STATUS_COLOR } from './registration-status';
import './i18n.en';

/** Minutes as h:mm (volunteer hours, issue 11). */
export const hoursOf = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

const emptyValues = (): TRegistrationValues => ({
  clientId: null,
  registrationTypeId: 0,
  firstname: '',
  middlename: '',
  lastname: '',
  email: '',
  phone: '',
  dob: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zipcode: '',
  note: '',
  // spec 001 §4: a new registration is approved by default
  approved: true,
  expDate: null,
  photoFileId: null,
  answers: [],
});

const valuesOf = (r: TRegistration): TRegistrationValues => ({
  clientId: r.clientId,
  registrationTypeId: r.registrationTypeId,
  firstname: r.firstname,
  middlename: r.middlename,
  lastname: r.lastname,
  email: r.email,
  phone: r.phone,
  dob: r.dob ?? '',
  street1: r.street1,
  street2: r.street2,
  city: r.city,
  state: r.state,
  zipcode: r.zipcode,
  note: r.note,
  approved: r.approved,
  expDate: r.expDate,
  photoFileId: r.photoFileId,
  answers: r.answers,
});

/** /registration/add and /registration/{id} (spec 001 §2 Add/edit; §5 date of birth, zip code). */
export default function RegistrationEditPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const existing = useQuery({ ...registrationQuery(id ?? 0), enabled: id !== null });
  if (id !== null && existing.isError) {
    return (
      <Alert color="red" role="alert">
        {t('registrations.form.loadFailed')}
      </Alert>
    );
  }
  if (id !== null && !existing.data) return <Loader />;
  return <RegistrationForm key={id ?? 'new'} registration={existing.data ?? null} />;
}

function RegistrationForm(props: { registration: TRegistration | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUser();
  const r = props.registration;
  const types = useQuery(registrationTypesQuery);
  const states = useQuery(statesQuery);
  const save = useSaveRegistration();
  const form = useContractForm(ZRegistrationSave, { initialValues: r ? valuesOf(r) : emptyValues() });
  const [error, setError] = useState<string | null>(null);
  const [dobProblem, setDobProblem] = useState<DobProblem>(null);
  const [expText, setExpText] = useState(r?.expDate ? (formatUsDate(r.expDate) ?? '') : '');
  const [uploading, setUploading] = useState(false);
  const [openAlert, setOpenAlert] = useState<number | null>(null);
  const [photoTooLarge, setPhotoTooLarge] = useState(false);
  const v = form.getValues();

  const typeData = (types.data ?? [])
    // a new registration chooses an active type; an existing one keeps its (maybe deactivated) type
    .filter((ty) => ty.isActive || ty.id === r?.registrationTypeId)
    .filter((ty) => r === null || ty.clientId === r.clientId)
    .map((ty) => ({
      value: String(ty.id),
      label: me.roleId === ROLE.Admin ? `${ty.name} — ${ty.clientName}` : ty.name,
    }));
  const clientOfType = types.data?.find((ty) => ty.id === v.registrationTypeId)?.clientId ?? null;

  const onPhoto = async (file: File | null) => {
    setPhotoTooLarge(false);
    if (!file) return;
    if (file.size > CONSTANTS.photoMaxBytes) {
      // spec 001 §5: over 10485760 bytes → error flag and the photo is cleared
      setPhotoTooLarge(true);
      form.setFieldValue('photoFileId', null);
      return;
    }
    setUploading(true);
    try {
      form.setFieldValue(
        'photoFileId',
        await uploadRegistrationPhoto(file, me.roleId === ROLE.Admin ? clientOfType : null),
      );
    } catch {
      form.setFieldValue('photoFileId', null);
      alertFailure(MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      // spec 001 §5: saving proceeds only with a valid date of birth that is not in the future
      if (dobProblem || !values.dob) {
        setDobProblem(dobProblem ?? 'invalid');
        return;
      }
      try {
        await save.mutateAsync({ id: r?.id ?? null, body: { ...values, clientId: clientOfType } });
        alertSuccess(t('registrations.done.saved'));
        navigate(paths.registrations);
      } catch (err) {
        const message = applyServerErrors(form, err);
        setError(message);
        alertFailure(message);
      }
    },
    (errors) => {
      // the contract's messages are for the API; the form speaks mm/dd/yyyy and "choose a type"
      if (errors.dob) setDobProblem((p) => p ?? 'invalid');
      if (errors.registrationTypeId) form.setFieldError('registrationTypeId', t('registrations.form.typeRequired'));
    },
  );

  const title = r ? t('registrations.form.editTitle') : t('registrations.form.addTitle');
  return (
    <Stack gap="md" maw={980}>
      <ArrestAlertModal alertId={openAlert} onClose={() => setOpenAlert(null)} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {r ? (
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('registrations.form.status')}
              </Text>
              <Group gap={4}>
                <Badge variant="filled" color={STATUS_COLOR[r.display.label] ?? 'gray.7'} data-testid="edit-status">
                  {r.display.label}
                </Badge>
                {r.display.suspended ? (
                  <Badge variant="outline" color="red.9">
                    {t('registrations.suspended')}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('registrations.form.badgeCode')}
              </Text>
              <Text fw={600} ff="monospace" data-testid="edit-badge-code">
                {r.badgeCode}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('registrations.form.hours')}
              </Text>
              <Text fw={600} data-testid="edit-hours">
                {hoursOf(r.volunteerMinutes)}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('registrations.form.visits')}
              </Text>
              <Text fw={600}>{r.visitCount}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('registrations.form.alerts')}
              </Text>
              {r.arrestAlerts.length ? (
                <List size="sm">
                  {r.arrestAlerts.map((a) => (
                    <List.Item key={a.id}>
                      {/* the arrest alert dialog (spec 001 §2 modals, §4): details, review, print */}
                      <Anchor component="button" type="button" size="sm" onClick={() => setOpenAlert(a.id)}>
                        {t('registrations.form.alertRow', {
                          level: a.levelLabel,
                          status: t(`registrations.form.alertStatus.${a.status}`),
                          when: new Date(a.createdAt).toLocaleDateString('en-US'),
                        })}
                      </Anchor>
                      {a.suspends ? ` · ${t('registrations.form.suspendsBadge')}` : ''}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t('registrations.form.noAlerts')}</Text>
              )}
            </Stack>
          </SimpleGrid>
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <FormShell onSubmit={submit} saving={save.isPending || uploading} error={error} aria-label={title}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('registrations.form.type')}
                data={typeData}
                required
                searchable
                {...form.getInputProps('registrationTypeId')}
                value={v.registrationTypeId ? String(v.registrationTypeId) : null}
                onChange={(val) => form.setFieldValue('registrationTypeId', val ? Number(val) : 0)}
                data-testid="form-type"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('registrations.form.expDate')}
                description={t('registrations.form.expDateHint')}
                placeholder="mm/dd/yyyy"
                inputMode="numeric"
                value={expText}
                onChange={(e) => {
                  const masked = maskUsDate(e.currentTarget.value);
                  setExpText(masked);
                  form.setFieldValue('expDate', masked.length === 10 ? parseUsDate(masked) : null);
                }}
                error={form.errors.expDate}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('registrations.form.firstname')} required {...form.getInputProps('firstname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('registrations.form.middlename')} {...form.getInputProps('middlename')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('registrations.form.lastname')} required {...form.getInputProps('lastname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <DobInput
                label={t('registrations.form.dob')}
                description={t('registrations.form.dobHint')}
                value={v.dob || null}
                problem={dobProblem}
                onChange={(iso, problem) => {
                  form.setFieldValue('dob', iso ?? '');
                  setDobProblem(problem);
                }}
              />
              {form.errors.dob && !dobProblem ? (
                <Text size="xs" c="red.8" role="alert">
                  {form.errors.dob}
                </Text>
              ) : null}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('registrations.form.email')} type="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('registrations.form.phone')} type="tel" {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('registrations.form.street1')} {...form.getInputProps('street1')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('registrations.form.street2')} {...form.getInputProps('street2')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={t('registrations.form.city')} {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label={t('registrations.form.state')}
                data={(states.data ?? []).map((s) => ({ value: s.abbreviation, label: s.name }))}
                searchable
                clearable
                {...form.getInputProps('state')}
                value={v.state || null}
                onChange={(val) => form.setFieldValue('state', val ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput
                label={t('registrations.form.zipcode')}
                inputMode="numeric"
                {...form.getInputProps('zipcode')}
                // spec 001 §5: zip code masked to 5 digits (no maxLength: it would cut a pasted text before the non-digits go)
                onChange={(e) => form.setFieldValue('zipcode', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t('registrations.form.note')} autosize minRows={2} {...form.getInputProps('note')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <Avatar
                  src={v.photoFileId ? paths.file(v.photoFileId) : null}
                  alt={
                    v.photoFileId ? t('registrations.photo.alt', { name: `${v.firstname} ${v.lastname}`.trim() }) : ''
                  }
                  size={64}
                  radius="sm"
                />
                <FileInput
                  label={t('registrations.form.photo')}
                  placeholder={t('registrations.form.photoChange')}
                  accept="image/jpeg,image/png,image/webp"
                  onChange={(f) => void onPhoto(f)}
                  error={photoTooLarge ? t('registrations.photo.tooLarge') : undefined}
                  style={{ flex: 1 }}
                  data-testid="form-photo"
                />
                {v.photoFileId ? (
                  <Button variant="subtle" color="red.9" onClick={() => form.setFieldValue('photoFileId', null)}>
                    {t('registrations.form.photoRemove')}
                  </Button>
                ) : null}
              </Group>
            </Grid.Col>
            {r === null ? (
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Checkbox
                  mt={30}
                  label={t('registrations.form.pending')}
                  checked={v.approved === null}
                  onChange={(e) => form.setFieldValue('approved', e.currentTarget.checked ? null : true)}
                />
              </Grid.Col>
            ) : null}
          </Grid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.registrations)}>
              {t('registrations.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={uploading}>
              {t('registrations.form.save')}
            </Button>
          </Group>
        </FormShell>
      </Paper>
    </Stack>
  );
}
