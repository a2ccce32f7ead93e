import {
  Alert,
  Anchor,
  Avatar,
  Button,
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
  type TSvRegistration,
  type TSvRegistrationValues,
  ZSvRegistrationSave,
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
import { ArrestAlertModal } from '../arrest-watch/arrest-alert-modal';
import { statesQuery } from '../buildings/buildings-api';
import { DobInput, type DobProblem, maskUsDate } from '../exclusions/dob-input';
import { alertFailure, alertSuccess } from '../registrations/registrations-api';
import { svCompaniesQuery, svRegistrationQuery, uploadSvPhoto, useSaveSvRegistration } from './safevendor-api';
import { SvStatusBadge } from './sv-registrations-page';
import './i18n.en';

const emptyValues = (): TSvRegistrationValues => ({
  vendorCompanyId: 0,
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
  expDate: null,
  photoFileId: null,
});

const valuesOf = (r: TSvRegistration): TSvRegistrationValues => ({
  vendorCompanyId: r.vendorCompanyId,
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
  expDate: r.expDate,
  photoFileId: r.photoFileId,
});

/** /svregistration/add and /svregistration/{id} (spec 001 §2 add/edit: address with state lookup, date-of-birth picker; §5). */
export default function SvRegistrationEditPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const existing = useQuery({ ...svRegistrationQuery(id ?? 0), enabled: id !== null });
  if (param !== undefined && id === null) {
    return (
      <Alert color="red" role="alert">
        {t('safeVendor.form.loadFailed')}
      </Alert>
    );
  }
  if (id !== null && existing.isError) {
    return (
      <Alert color="red" role="alert">
        {t('safeVendor.form.loadFailed')}
      </Alert>
    );
  }
  if (id !== null && !existing.data) return <Loader />;
  return <SvRegistrationForm key={id ?? 'new'} registration={existing.data ?? null} />;
}

function SvRegistrationForm(props: { registration: TSvRegistration | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUser();
  const r = props.registration;
  const companies = useQuery(svCompaniesQuery);
  const states = useQuery(statesQuery);
  const save = useSaveSvRegistration();
  const form = useContractForm(ZSvRegistrationSave, { initialValues: r ? valuesOf(r) : emptyValues() });
  const [error, setError] = useState<string | null>(null);
  const [dobProblem, setDobProblem] = useState<DobProblem>(null);
  const [expText, setExpText] = useState(r?.expDate ? (formatUsDate(r.expDate) ?? '') : '');
  const [uploading, setUploading] = useState(false);
  const [photoTooLarge, setPhotoTooLarge] = useState(false);
  const [openAlert, setOpenAlert] = useState<number | null>(null);
  const v = form.getValues();

  const companyData = (companies.data ?? [])
    // a new vendor chooses an active company; an existing one keeps its (maybe deactivated) company
    .filter((c) => c.isActive || c.id === r?.vendorCompanyId)
    .filter((c) => r === null || c.clientId === r.clientId)
    .map((c) => ({ value: String(c.id), label: me.roleId === ROLE.Admin ? `${c.name} — ${c.clientName}` : c.name }));
  const clientOfCompany = companies.data?.find((c) => c.id === v.vendorCompanyId)?.clientId ?? null;

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
      form.setFieldValue('photoFileId', await uploadSvPhoto(file, me.roleId === ROLE.Admin ? clientOfCompany : null));
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
      // spec 001 §5: "SafeVendor add/edit saves nothing if no date is given"
      if (dobProblem || !values.dob) {
        setDobProblem(dobProblem ?? 'invalid');
        return;
      }
      try {
        await save.mutateAsync({ id: r?.id ?? null, body: values });
        alertSuccess(t('safeVendor.list.done.saved'));
        navigate(paths.svRegistrations);
      } catch (err) {
        const message = applyServerErrors(form, err);
        setError(message);
        alertFailure(message);
      }
    },
    (errors) => {
      if (errors.dob) setDobProblem((p) => p ?? 'invalid');
      if (errors.vendorCompanyId) form.setFieldError('vendorCompanyId', t('safeVendor.form.companyRequired'));
    },
  );

  const title = r ? t('safeVendor.form.editTitle') : t('safeVendor.form.addTitle');
  return (
    <Stack gap="md" maw={980}>
      <ArrestAlertModal alertId={openAlert} onClose={() => setOpenAlert(null)} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {r ? (
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('safeVendor.form.status')}
              </Text>
              <Group gap={4}>
                <SvStatusBadge state={r.displayState} />
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('safeVendor.form.badgeCode')}
              </Text>
              <Text fw={600} ff="monospace" data-testid="sv-badge-code">
                {r.badgeCode}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('safeVendor.form.alerts')}
              </Text>
              {r.arrestAlerts.length ? (
                <List size="sm">
                  {r.arrestAlerts.map((a) => (
                    <List.Item key={a.id}>
                      <Anchor component="button" type="button" size="sm" onClick={() => setOpenAlert(a.id)}>
                        {`${a.levelLabel} · ${new Date(a.createdAt).toLocaleDateString('en-US')}`}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t('safeVendor.form.noAlerts')}</Text>
              )}
            </Stack>
          </SimpleGrid>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {t('safeVendor.form.newIsPending')}
        </Text>
      )}
      <Paper withBorder radius="md" p="md">
        <FormShell onSubmit={submit} saving={save.isPending || uploading} error={error} aria-label={title}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('safeVendor.form.company')}
                data={companyData}
                required
                searchable
                {...form.getInputProps('vendorCompanyId')}
                value={v.vendorCompanyId ? String(v.vendorCompanyId) : null}
                onChange={(val) => form.setFieldValue('vendorCompanyId', val ? Number(val) : 0)}
                data-testid="sv-form-company"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('safeVendor.form.expDate')}
                description={t('safeVendor.form.expDateHint')}
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
              <TextInput label={t('safeVendor.form.firstname')} required {...form.getInputProps('firstname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('safeVendor.form.middlename')} {...form.getInputProps('middlename')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('safeVendor.form.lastname')} required {...form.getInputProps('lastname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <DobInput
                label={t('safeVendor.form.dob')}
                description={t('safeVendor.form.dobHint')}
                value={v.dob || null}
                problem={dobProblem}
                onChange={(iso, problem) => {
                  form.setFieldValue('dob', iso ?? '');
                  setDobProblem(problem);
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('safeVendor.form.email')} type="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('safeVendor.form.phone')} type="tel" {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('safeVendor.form.street1')} {...form.getInputProps('street1')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('safeVendor.form.street2')} {...form.getInputProps('street2')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={t('safeVendor.form.city')} {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label={t('safeVendor.form.state')}
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
                label={t('safeVendor.form.zipcode')}
                inputMode="numeric"
                {...form.getInputProps('zipcode')}
                onChange={(e) => form.setFieldValue('zipcode', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t('safeVendor.form.note')} autosize minRows={2} {...form.getInputProps('note')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <Avatar
                  src={v.photoFileId ? paths.file(v.photoFileId) : null}
                  alt={
                    v.photoFileId ? t('safeVendor.form.photoAlt', { name: `${v.firstname} ${v.lastname}`.trim() }) : ''
                  }
                  size={64}
                  radius="sm"
                />
                <FileInput
                  label={t('safeVendor.form.photo')}
                  placeholder={t('safeVendor.form.photoChange')}
                  accept="image/jpeg,image/png,image/webp"
                  onChange={(f) => void onPhoto(f)}
                  error={photoTooLarge ? t('safeVendor.form.photoTooLarge') : undefined}
                  style={{ flex: 1 }}
                />
                {v.photoFileId ? (
                  <Button variant="subtle" color="red.9" onClick={() => form.setFieldValue('photoFileId', null)}>
                    {t('safeVendor.form.photoRemove')}
                  </Button>
                ) : null}
              </Group>
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.svRegistrations)}>
              {t('safeVendor.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={uploading}>
              {t('safeVendor.form.save')}
            </Button>
          </Group>
        </FormShell>
      </Paper>
    </Stack>
  );
}
