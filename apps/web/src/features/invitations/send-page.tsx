import { type TImportResult, ZInvitationSend } from '@sv/contracts';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMAT, todayIso } from '../../lib/time/format';
import { US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportResults } from '../../components/import-dialog';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useUser } from '../../lib/session';
import { clientsLookupQuery } from '../clients/clients-api';
import { sampleImportHref, uploadInvitations, useActiveTypes, useSendInvitation } from './invitations-api';
import './i18n.en';
import '../imports/i18n.en';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';

type Values = {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  requestedExpirationDate: string | null;
  registrationTypeId: string | null;
};
const EMPTY: Values = {
  firstname: '',
  lastname: '',
  email: '',
  phoneNumber: '',
  requestedExpirationDate: null,
  registrationTypeId: null,
};

/**
 * Send Registration (spec 001 §2 "Send registration", §5, §8): invite one person from the form
 * or many from a file. Success alerts show 4 s and clear the form; failures 8 s (§9).
 */
export default function SendRegistrationPage() {
  const { t } = useTranslation();
  const user = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const clients = useQuery({ ...clientsLookupQuery, enabled: isAdmin });
  const [pickedClient, setPickedClient] = useState<number | null>(null);
  const clientId = isAdmin ? pickedClient : user.clientId;
  const types = useActiveTypes(clientId);
  const typeOptions = (types.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));

  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {t('invitations.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('invitations.intro')}
        </Text>
      </div>
      {isAdmin ? (
        <Select
          label={t('invitations.district')}
          placeholder={t('invitations.districtPlaceholder')}
          data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={pickedClient === null ? null : String(pickedClient)}
          onChange={(v) => setPickedClient(v ? Number(v) : null)}
          searchable
          w={{ base: '100%', sm: 360 }}
        />
      ) : null}
      {clientId !== null && types.isSuccess && typeOptions.length === 0 ? (
        <Alert color="yellow" variant="light">
          {t('invitations.noTypes')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <IndividualInvitation typeOptions={typeOptions} key={`one-${clientId}`} />
        <BulkInvitations typeOptions={typeOptions} key={`many-${clientId}`} />
      </SimpleGrid>
    </Stack>
  );
}

type TypeOptions = { value: string; label: string }[];

function IndividualInvitation({ typeOptions }: { typeOptions: TypeOptions }) {
  const { t } = useTranslation();
  const send = useSendInvitation();
  const today = todayIso();
  // the invitation's contract (the type goes in the path); its findings in this screen's words (spec 001 §5)
  const form = useContractForm(ZInvitationSend, {
    initialValues: EMPTY,
    toRequest: ({ registrationTypeId: _type, ...request }: Values) => request,
    message: (field, _issue, values) =>
      ({
        firstname: t('invitations.errors.firstname'),
        lastname: t('invitations.errors.lastname'),
        email: values.email || values.phoneNumber ? t('invitations.errors.email') : t('invitations.errors.contact'),
        requestedExpirationDate: t('invitations.errors.expDate'),
      })[field],
    rules: (values) => ({
      requestedExpirationDate:
        values.requestedExpirationDate && values.requestedExpirationDate < today
          ? t('invitations.errors.expDatePast')
          : undefined,
      registrationTypeId: values.registrationTypeId ? undefined : t('invitations.errors.type'),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync({
        typeId: Number(values.registrationTypeId),
        body: {
          firstname: values.firstname,
          lastname: values.lastname,
          email: values.email,
          phoneNumber: values.phoneNumber,
          requestedExpirationDate: values.requestedExpirationDate,
        },
      });
      notify.success(t('invitations.individual.sent', { name: `${values.firstname} ${values.lastname}` }));
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    } catch (err) {
      const message = applyServerErrors(form, err);
      notify.error(message, { title: t('invitations.individual.failed') });
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="invite-one">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-one">
            {t('invitations.individual.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('invitations.individual.firstname')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label={t('invitations.individual.lastname')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('lastname')}
            />
            <TextInput
              label={t('invitations.individual.email')}
              type="email"
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('invitations.individual.phone')}
              type="tel"
              autoComplete="off"
              {...form.getInputProps('phoneNumber')}
            />
          </SimpleGrid>
          {/* the hint gives way to the error that says the same (issue 25, audit 001 U17) */}
          {form.errors.email ? null : (
            <Text size="xs" c="dimmed" mt={-6} data-testid="contact-hint">
              {t('invitations.individual.contactHint')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateInput
              label={t('invitations.individual.expDate')}
              withAsterisk
              valueFormat={DATE_FORMAT}
              placeholder={US_DATE_PLACEHOLDER}
              minDate={today}
              clearable
              {...form.getInputProps('requestedExpirationDate')}
              onChange={(d) => form.setFieldValue('requestedExpirationDate', d || null)}
            />
            <Select
              label={t('invitations.individual.type')}
              placeholder={t('invitations.individual.typePlaceholder')}
              withAsterisk
              data={typeOptions}
              searchable
              {...form.getInputProps('registrationTypeId')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {t('invitations.individual.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

type BulkState =
  | { step: 'idle' }
  | { step: 'uploading'; progress: number }
  | { step: 'results'; result: TImportResult }
  | { step: 'error'; error: string };

function BulkInvitations({ typeOptions }: { typeOptions: TypeOptions }) {
  const { t } = useTranslation();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<BulkState>({ step: 'idle' });
  const [errors, setErrors] = useState<{ type?: string; file?: string }>({});
  const uploading = state.step === 'uploading';

  // a type that left the list (another district chosen) is no longer selected
  useEffect(() => {
    if (typeId && !typeOptions.some((o) => o.value === typeId)) setTypeId(null);
  }, [typeId, typeOptions]);

  async function upload() {
    // spec 001 §5: registration type required; the first selected file is used
    const next = {
      type: typeId ? undefined : t('invitations.errors.type'),
      file: file ? undefined : t('invitations.errors.file'),
    };
    setErrors(next);
    if (!typeId || !file) return;
    setState({ step: 'uploading', progress: 0 });
    const outcome = await uploadInvitations(Number(typeId), file, (p) =>
      setState((s) => (s.step === 'uploading' ? { step: 'uploading', progress: p } : s)),
    );
    if (outcome.ok) {
      setState({ step: 'results', result: outcome.result });
      setFile(null);
      notify.success(t('invitations.bulk.done'));
    } else {
      // §8: the server's error is shown in place, results cleared; the alert shows 8 s
      setState({ step: 'error', error: outcome.error });
      notify.error(t('invitations.bulk.failed'));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="invite-many">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invite-many">
          {t('invitations.bulk.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invitations.bulk.hint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('invitations.bulk.type')}
            placeholder={t('invitations.individual.typePlaceholder')}
            withAsterisk
            data={typeOptions}
            value={typeId}
            onChange={(v) => {
              setTypeId(v);
              setErrors((e) => ({ ...e, type: undefined }));
            }}
            error={errors.type}
            disabled={uploading}
            searchable
          />
          <FileInput
            label={t('invitations.bulk.file')}
            placeholder={t('invitations.bulk.filePlaceholder')}
            withAsterisk
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => {
              setFile(f);
              setErrors((e) => ({ ...e, file: undefined }));
              if (state.step === 'error') setState({ step: 'idle' });
            }}
            error={errors.file}
            disabled={uploading}
            clearable
          />
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm">{t('invitations.bulk.sample')}</Text>
          <Anchor href={sampleImportHref('csv')} size="sm" download>
            {t('invitations.bulk.sampleCsv')}
          </Anchor>
          <Anchor href={sampleImportHref('xlsx')} size="sm" download>
            {t('invitations.bulk.sampleXlsx')}
          </Anchor>
        </Group>
        {state.step === 'uploading' ? (
          <Progress
            value={Math.round(state.progress * 100)}
            animated={state.progress >= 1}
            aria-label={t('imports.progress')}
          />
        ) : null}
        {state.step === 'error' ? (
          <Alert color="red" role="alert" variant="light">
            {state.error}
          </Alert>
        ) : null}
        {state.step === 'results' ? (
          <ImportResults result={state.result} importedLabel={t('invitations.bulk.sent')} />
        ) : null}
        <Group justify="flex-end">
          <Button onClick={upload} disabled={uploading}>
            {uploading ? t('invitations.bulk.uploading') : t('invitations.bulk.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
