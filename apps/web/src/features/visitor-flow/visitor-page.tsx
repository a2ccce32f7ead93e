import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
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
import { IconId, IconPhoto } from '@tabler/icons-react';
import { type TParsedLicense, type TVisitor, type TVisitorMatch, ZVisitorFields } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm, withVersion } from '../../components/form/use-contract-form';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { DeskBuildingSelect, useDeskBuilding } from './desk-building';
import { ageOf } from '../../lib/time/fields';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { DobInput, type DobProblem } from '../../lib/time/dob-input';
import { flowPaths, flowState, fullName, routeId, usZipOf } from './flow';
import {
  duplicateCandidates,
  fileUrl,
  licenseFromState,
  statesQuery,
  useSaveVisitor,
  visitorQuery,
} from './visitor-flow-api';
import { alreadyOnFileMessage, DuplicateWarning, MergeDuplicate } from './person-on-file';
import { AuditHistory } from '../audit/audit-history';
import './i18n.en';
import { notify } from '../../lib/notify';
import { SHOWS_ERROR } from '../../lib/query-client';

type Values = z.output<typeof ZVisitorFields>;
const FORM_SCHEMA = ZVisitorFields as unknown as z.ZodType<unknown, Values>;
// the defaults of every other field (the names are placeholders, blanked below)
const EMPTY: Values = ZVisitorFields.parse({ firstname: 'x', lastname: 'x' });
EMPTY.firstname = '';
EMPTY.lastname = '';

const valuesOf = (v: TVisitor): Values => {
  const out = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Values)[]) {
    (out as Record<string, unknown>)[key] = v[key] ?? EMPTY[key];
  }
  return out;
};

/** Height in inches as the desk writes it: 6' 0". */
const showHeight = (inches: number) => `${Math.floor(inches / 12)}' ${inches % 12}"`;

/** The scanned licence over the stored record (spec 002 §3 Driver license → Visitor). */
function applyLicense(base: Values, l: TParsedLicense): Values {
  const pick = (value: string | null | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback);
  return {
    ...base,
    firstname: pick(l.firstName, base.firstname),
    middlename: pick(l.middleName, base.middlename),
    lastname: pick(l.lastName, base.lastname),
    suffix: pick(l.suffix, base.suffix),
    dob: l.dateOfBirth ?? base.dob,
    sex: l.sex ?? base.sex,
    eye: pick(l.eyeColor, base.eye),
    hair: pick(l.hairColor, base.hair),
    height: l.heightInches ? showHeight(l.heightInches) : base.height,
    weight: l.weightLbs ? `${l.weightLbs} lb` : base.weight,
    street1: pick(l.street1, base.street1),
    street2: pick(l.street2, base.street2),
    city: pick(l.city, base.city),
    state: pick(l.state?.toUpperCase().slice(0, 2), base.state),
    zipcode: usZipOf(l.postalCode) ?? base.zipcode,
    currentDriversLicenseNumber: pick(l.licenseNumber, base.currentDriversLicenseNumber),
    licenseState: pick(l.state?.toUpperCase().slice(0, 2), base.licenseState),
  };
}

/**
 * Add or edit a visitor (spec 002 §2 /verify/{type}/{visitorId}, /visitor/verify/0; §3 Visitor;
 * §5 date of birth and zip masks). type 'license': prefilled from the licence the scan modal
 * handed over in navigation state. Save → /background/{type}/{id}.
 */
export default function VisitorPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const visitorId = routeId(params.visitorId) ?? 0;
  const type = params.type === 'license' ? 'license' : 'visitor';
  const existing = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(visitorId), enabled: visitorId > 0 });
  const license = type === 'license' ? licenseFromState(location.state) : null;

  if (visitorId > 0 && existing.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (visitorId > 0 && existing.isError) {
    return (
      <Alert color="red" role="alert">
        {t('visitorFlow.loadFailed')}
      </Alert>
    );
  }
  const base = existing.data ? valuesOf(existing.data) : EMPTY;
  return (
    <VisitorForm
      key={`${visitorId}-${license ? 'l' : 'v'}`}
      visitor={existing.data ?? null}
      type={type}
      initial={license ? applyLicense(base, license) : base}
      fromLicense={license !== null}
      licenseMissing={type === 'license' && license === null && visitorId === 0}
      initialBuildingId={flowState(location.state).buildingId ?? null}
    />
  );
}

function VisitorForm(props: {
  visitor: TVisitor | null;
  type: 'license' | 'visitor';
  initial: Values;
  fromLicense: boolean;
  licenseMissing: boolean;
  initialBuildingId: number | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useDisplayTimeZone();
  const states = useQuery(statesQuery);
  const save = useSaveVisitor();
  const isNew = props.visitor === null;
  const desk = useDeskBuilding({ initial: props.initialBuildingId, clientId: props.visitor?.clientId });
  const [error, setError] = useState<string | null>(null);
  const [dobProblem, setDobProblem] = useState<DobProblem>(null);
  const [candidates, setCandidates] = useState<TVisitorMatch[] | null>(null);
  const canMerge = useCan('visitors.merge');
  const form = useContractForm<Values>(FORM_SCHEMA, { initialValues: props.initial });
  const v = form.values;
  const age = ageOf(v.dob);
  const stateData = (states.data ?? []).map((s) => ({ value: s.abbreviation, label: `${s.name} (${s.abbreviation})` }));
  for (const code of [v.state, v.licenseState]) {
    if (code && !stateData.some((s) => s.value === code)) stateData.push({ value: code, label: code });
  }

  const continueWith = (id: number) =>
    navigate(flowPaths.background(props.type, id), { state: { buildingId: desk.buildingId ?? undefined } });

  /**
   * Saves; a new visitor who is already on file continues with that record ("Already on file: …",
   * issue 22), and a likely duplicate by name alone asks first ("This may be someone already on
   * file") unless the desk chose "Create anyway" (`confirmNew`).
   */
  const saveValues = async (values: Values, confirmNew = false) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({
        id: props.visitor?.id ?? 0,
        body: withVersion(values, props.visitor),
        buildingId: desk.buildingId,
        confirmNew,
      });
      setCandidates(null);
      if (saved.existing) notify.info(alreadyOnFileMessage(t, saved, timeZone), { hold: 'long' });
      else notify.success(t('visitorFlow.record.saved'));
      continueWith(saved.id);
    } catch (err) {
      const found = isNew ? duplicateCandidates(err) : null;
      if (found) setCandidates(found);
      else {
        setCandidates(null);
        setError(applyServerErrors(form, err));
      }
    }
  };

  const submit = form.onSubmit(async (values) => {
    if (dobProblem) return; // spec 002 §5: a future date blocks saving
    if (isNew && desk.picker && !desk.buildingId) {
      setError(t('visitorFlow.buildingNeeded'));
      return;
    }
    await saveValues(values);
  });

  const name = fullName(v);
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {isNew ? t('visitorFlow.record.newTitle') : t('visitorFlow.record.editTitle')}
          </Title>
          {name ? <Text c="dimmed">{name}</Text> : null}
        </div>
        {isNew ? <DeskBuildingSelect desk={desk} disabled={save.isPending} /> : null}
      </Group>
      {props.visitor?.mergedIntoId ? (
        <Alert color="yellow" variant="light" role="alert">
          {t('visitorFlow.person.mergedRecord')}{' '}
          <Anchor component={Link} to={paths.verify('visitor', props.visitor.mergedIntoId)}>
            {t('visitorFlow.person.openSurvivor')}
          </Anchor>
        </Alert>
      ) : null}
      {props.fromLicense ? (
        <Alert color="blue" variant="light" icon={<IconId size={18} aria-hidden />}>
          {t('visitorFlow.record.fromLicense')}
        </Alert>
      ) : null}
      {props.licenseMissing ? (
        <Alert color="yellow" variant="light">
          {t('visitorFlow.record.licenseGone')}
        </Alert>
      ) : null}
      <FormShell onSubmit={submit} saving={save.isPending} error={error} aria-label={t('visitorFlow.record.editTitle')}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Stack gap="md" style={{ flex: '1 1 560px', minWidth: 0 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('visitorFlow.record.identity')}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                <TextInput label={t('visitorFlow.record.field.title')} {...form.getInputProps('title')} />
                <TextInput
                  label={t('visitorFlow.record.field.firstname')}
                  required
                  autoComplete="off"
                  {...form.getInputProps('firstname')}
                />
                <TextInput
                  label={t('visitorFlow.record.field.middlename')}
                  autoComplete="off"
                  {...form.getInputProps('middlename')}
                />
                <TextInput
                  label={t('visitorFlow.record.field.lastname')}
                  required
                  autoComplete="off"
                  {...form.getInputProps('lastname')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="sm">
                <TextInput label={t('visitorFlow.record.field.suffix')} {...form.getInputProps('suffix')} />
                <DobInput
                  value={v.dob}
                  problem={dobProblem}
                  error={form.errors.dob as string | undefined}
                  onChange={(iso, problem) => {
                    form.setFieldValue('dob', iso);
                    setDobProblem(problem);
                  }}
                />
                <TextInput
                  label={t('visitorFlow.record.age')}
                  value={age === null ? '' : t('visitorFlow.record.ageValue', { count: age })}
                  readOnly
                  variant="filled"
                  tabIndex={-1}
                />
                <Select
                  label={t('visitorFlow.record.field.sex')}
                  data={(['', 'M', 'F', 'X'] as const).map((s) => ({
                    value: s,
                    label: t(`visitorFlow.record.sex.${s || 'none'}`),
                  }))}
                  value={v.sex}
                  onChange={(s) => form.setFieldValue('sex', (s ?? '') as Values['sex'])}
                  allowDeselect={false}
                />
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('visitorFlow.record.description')}
              </Title>
              <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
                <TextInput label={t('visitorFlow.record.field.eye')} {...form.getInputProps('eye')} />
                <TextInput label={t('visitorFlow.record.field.hair')} {...form.getInputProps('hair')} />
                <TextInput label={t('visitorFlow.record.field.height')} {...form.getInputProps('height')} />
                <TextInput label={t('visitorFlow.record.field.weight')} {...form.getInputProps('weight')} />
                <TextInput label={t('visitorFlow.record.field.race')} {...form.getInputProps('race')} />
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('visitorFlow.record.address')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={t('visitorFlow.record.field.street1')} {...form.getInputProps('street1')} />
                <TextInput label={t('visitorFlow.record.field.street2')} {...form.getInputProps('street2')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="sm">
                <TextInput label={t('visitorFlow.record.field.city')} {...form.getInputProps('city')} />
                <Select
                  label={t('visitorFlow.record.field.state')}
                  data={stateData}
                  searchable
                  clearable
                  value={v.state || null}
                  onChange={(s) => form.setFieldValue('state', s ?? '')}
                  error={form.errors.state}
                />
                <TextInput
                  label={t('visitorFlow.record.field.zipcode')}
                  inputMode="numeric"
                  maxLength={5}
                  {...form.getInputProps('zipcode')}
                  onChange={(e) => form.setFieldValue('zipcode', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
                />
                <TextInput label={t('visitorFlow.record.field.county')} {...form.getInputProps('county')} />
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('visitorFlow.record.contact')}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                <TextInput
                  label={t('visitorFlow.record.field.email')}
                  type="email"
                  autoComplete="off"
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label={t('visitorFlow.record.field.phone')}
                  type="tel"
                  autoComplete="off"
                  {...form.getInputProps('phone')}
                />
                <TextInput
                  label={t('visitorFlow.record.field.license')}
                  autoComplete="off"
                  {...form.getInputProps('currentDriversLicenseNumber')}
                />
                <Select
                  label={t('visitorFlow.record.field.licenseState')}
                  data={stateData}
                  searchable
                  clearable
                  value={v.licenseState || null}
                  onChange={(s) => form.setFieldValue('licenseState', s ?? '')}
                />
              </SimpleGrid>
              <Textarea
                mt="sm"
                label={t('visitorFlow.record.field.note')}
                autosize
                minRows={2}
                maxRows={5}
                {...form.getInputProps('note')}
              />
            </Paper>
          </Stack>
          <Paper withBorder p="md" radius="md" style={{ flex: '0 0 200px' }} visibleFrom="sm">
            <Stack gap="xs" align="center">
              <Text size="sm" fw={500}>
                {t('visitorFlow.record.photoOnFile')}
              </Text>
              {props.visitor?.photoFileId ? (
                <Image
                  src={fileUrl(props.visitor.photoFileId)}
                  alt={t('visitorFlow.photo.originalAlt', { name })}
                  w={160}
                  h={200}
                  fit="cover"
                  radius="sm"
                />
              ) : (
                <Center w={160} h={200} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4 }}>
                  <Stack gap={4} align="center">
                    <IconPhoto size={32} aria-hidden color="var(--mantine-color-gray-6)" />
                    <Text size="xs" c="dimmed">
                      {t('visitorFlow.record.noPhoto')}
                    </Text>
                  </Stack>
                </Center>
              )}
            </Stack>
          </Paper>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.home)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="md" loading={save.isPending} disabled={dobProblem !== null}>
            {t('visitorFlow.record.saveContinue')}
          </Button>
        </Group>
      </FormShell>
      {props.visitor && canMerge ? <MergeDuplicate visitor={props.visitor} buildingId={desk.buildingId} /> : null}
      {/* who changed, scanned or opened this visitor's record (issue 26 §1; audit.read only) */}
      {props.visitor ? <AuditHistory framed targetType="visitor" targetId={props.visitor.id} headingOrder={2} /> : null}
      <DuplicateWarning
        candidates={candidates}
        creating={save.isPending}
        onUse={continueWith}
        onCreateAnyway={() => void saveValues(form.values, true)}
        onClose={() => setCandidates(null)}
      />
    </Stack>
  );
}
