import {
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
  type SimpleGridProps,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CONSTANTS,
  MESSAGES,
  type TRegistration,
  type TRegistrationSave,
  type TSvRegistrationSave,
} from '@sv/contracts';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, type ContractForm } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { ArrestAlertModal } from '../arrest-watch/arrest-alert-modal';
import { statesQuery } from '../buildings/buildings-api';
import { DobInput, type DobProblem } from '../../lib/time/dob-input';
import { formatCalendarDate, parseUsDate } from '../../lib/time/format';
import { maskUsDate, US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { type RegistrationKind, uploadRegistrationPhoto } from './registrations-api';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * The add/edit form of a registration, one for both kinds the registrations engine serves (ADR
 * 0014): a volunteer's (/registration/…) and a SafeVendor vendor's (/svregistration/…). Each
 * feature passes what differs: its contract's form, the owner (registration type or vendor
 * company), the summary of a saved registration, the save request and its wording.
 */

/**
 * The fields both kinds' forms share: the person, address, expiry and photo (ZRegistrationSave,
 * ZSvRegistrationSave, as their forms hold them).
 */
export type PersonValues = Pick<TRegistrationSave, keyof TRegistrationSave & keyof TSvRegistrationSave>;

/**
 * The strings of a registration form. Each feature keeps its wording under one key of its
 * catalogue (`registrations.form`, `safeVendor.form`) and names that key in `textKey`; a
 * catalogue declares it `satisfies RegistrationFormWording` so none is missing: the labels of the
 * fields (by field name), then the titles, hints and buttons, then the summary of a saved one.
 */
export type RegistrationFormWording = Record<Exclude<keyof PersonValues, 'photoFileId' | 'version'> | 'photo', string> &
  Record<'addTitle' | 'editTitle' | 'loadFailed' | 'expDateHint' | 'dobHint' | 'photoChange' | 'photoRemove', string> &
  Record<'cancel' | 'save' | 'status' | 'badgeCode' | 'alerts' | 'noAlerts', string>;

/**
 * The add and edit routes of a registration (…/add, …/{id}): loads the registration, shows a
 * loader, then the form, mounted afresh for every id. An id that is not a number, or one that does
 * not load (unknown, another district's), goes back to the list with the load-failure message
 * (spec 001 §8 "Failure to load an entity for edit closes the modal"; issue 25, audit 001 B2: any
 * /registration/{non-number} opened the Add form).
 */
export function RegistrationEditRoute<R, K extends QueryKey>(props: {
  /** the i18n key of the feature's RegistrationFormWording */
  textKey: string;
  query: (id: number) => UseQueryOptions<R, Error, R, K>;
  /** the kind's list, where a failed load returns */
  listPath: string;
  children: (registration: R | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const existing = useQuery({ meta: SHOWS_ERROR, ...props.query(id ?? 0), enabled: id !== null });
  const failed = (param !== undefined && id === null) || (id !== null && existing.isError);
  const { textKey, listPath } = props;
  // said once: `t` changes when the district's wording or the language arrives, which re-ran this
  // effect before the navigation finished and showed the message twice
  const toldFor = useRef<string | null>(null);
  useEffect(() => {
    if (!failed || toldFor.current === (param ?? '')) return;
    toldFor.current = param ?? '';
    notify.error(t(`${textKey}.loadFailed`));
    navigate(listPath, { replace: true });
  }, [failed, param, textKey, listPath, navigate, t]);
  if (failed || (id !== null && !existing.data)) return <Loader />;
  return <Fragment key={id ?? 'new'}>{props.children(existing.data ?? null)}</Fragment>;
}

/** A registration type or a vendor company, as the owner select offers it. */
export interface OwnerOption {
  id: number;
  clientId: number;
  clientName: string;
  name: string;
  isActive: boolean;
}

type ArrestAlert = TRegistration['arrestAlerts'][number];

/** What the page shows of a saved registration above its form. */
export interface RegistrationSummary {
  cols: SimpleGridProps['cols'];
  /** the status badges */
  status: ReactNode;
  badgeCode: string;
  badgeCodeTestId: string;
  /** the feature's own facts, between the badge code and the arrest alerts */
  facts?: { label: string; value: ReactNode }[];
  arrestAlerts: ArrestAlert[];
  /** an arrest alert's link text */
  alertText: (a: ArrestAlert) => string;
  /** said after an arrest alert's link */
  alertNote?: (a: ArrestAlert) => string;
}

export interface RegistrationEditFormProps<V extends PersonValues> {
  /** the feature's contract form (useContractForm) */
  form: ContractForm<V>;
  /** the i18n key of the feature's RegistrationFormWording, e.g. 'safeVendor.form' */
  textKey: string;
  /** the engine the photo is uploaded to */
  kind: RegistrationKind;
  /** the saved registration; null when adding one */
  registration: { clientId: number } | null;
  /**
   * The owner select: the field of the values, the key of its label in the wording (the message
   * when none is chosen is that key + 'Required': 'type' / 'typeRequired'), its options, its test id.
   */
  owner: { field: keyof V & string; text: string; options: OwnerOption[] | undefined; testId: string };
  summary: RegistrationSummary | null;
  /** shown instead of a summary when adding */
  newNote?: ReactNode;
  /** the photo's text alternative for a name, and the message for a photo over the size limit */
  photoAlt: (name: string) => string;
  photoTooLarge: string;
  photoTestId?: string;
  /** the server's date-of-birth message under the field */
  showDobError?: boolean;
  /** saves the values; `clientId` is the district of the chosen owner */
  save: (values: V, clientId: number | null) => Promise<unknown>;
  saving: boolean;
  /** the alert after a save */
  saved: string;
  /** where Save and Cancel go */
  listPath: string;
  /** the feature's own fields after the photo (Grid columns) */
  children?: ReactNode;
}

/**
 * The form (spec 001 §2 add/edit: the owner, expiration date, person, address with the state
 * lookup, note and photo; §5: the date of birth and zip code rules, the photo size limit).
 */
export function RegistrationEditForm<V extends PersonValues>(props: RegistrationEditFormProps<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const k = props.textKey;
  const r = props.registration;
  const { owner } = props;
  // the person fields, whatever else the feature's values hold
  const form: ContractForm<PersonValues> = props.form;
  const states = useQuery(statesQuery);
  const [error, setError] = useState<string | null>(null);
  const [dobProblem, setDobProblem] = useState<DobProblem>(null);
  const [expText, setExpText] = useState(() => {
    const exp = form.getInitialValues().expDate;
    return formatCalendarDate(exp) ?? '';
  });
  const [uploading, setUploading] = useState(false);
  const [openAlert, setOpenAlert] = useState<number | null>(null);
  const [photoTooLarge, setPhotoTooLarge] = useState(false);
  const v = form.getValues();
  const ownerId = Number(props.form.getValues()[owner.field]);
  const savedOwnerId = Number(props.form.getInitialValues()[owner.field]);
  const isAdmin = useCan('clients.crossDistrict');

  const ownerData = (owner.options ?? [])
    // a new registration chooses an active type or company; a saved one keeps its own (maybe deactivated)
    .filter((o) => o.isActive || o.id === savedOwnerId)
    .filter((o) => r === null || o.clientId === r.clientId)
    .map((o) => ({ value: String(o.id), label: isAdmin ? `${o.name} — ${o.clientName}` : o.name }));
  const clientOfOwner = owner.options?.find((o) => o.id === ownerId)?.clientId ?? null;

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
        await uploadRegistrationPhoto(file, isAdmin ? clientOfOwner : null, props.kind),
      );
    } catch {
      form.setFieldValue('photoFileId', null);
      notify.error(MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  const submit = props.form.onSubmit(
    async (values) => {
      setError(null);
      // spec 001 §5: saving proceeds only with a valid date of birth that is not in the future
      // ("SafeVendor add/edit saves nothing if no date is given")
      if (dobProblem || !values.dob) {
        setDobProblem(dobProblem ?? 'invalid');
        return;
      }
      try {
        await props.save(values, clientOfOwner);
        notify.success(props.saved);
        navigate(props.listPath);
      } catch (err) {
        const message = applyServerErrors(form, err);
        setError(message);
        notify.error(message);
      }
    },
    (errors) => {
      // the contract's messages are for the API; the form speaks mm/dd/yyyy and "choose a type / company"
      if (errors.dob) setDobProblem((p) => p ?? 'invalid');
      if (errors[owner.field]) form.setFieldError(owner.field, t(`${k}.${owner.text}Required`));
    },
  );

  const title = r ? t(`${k}.editTitle`) : t(`${k}.addTitle`);
  const summary = props.summary;
  return (
    <Stack gap="md" maw={980}>
      <ArrestAlertModal alertId={openAlert} onClose={() => setOpenAlert(null)} />
      <Title order={1} size="h2">
        {title}
      </Title>
      {summary ? (
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={summary.cols} spacing="sm">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t(`${k}.status`)}
              </Text>
              <Group gap={4}>{summary.status}</Group>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t(`${k}.badgeCode`)}
              </Text>
              <Text fw={600} ff="monospace" data-testid={summary.badgeCodeTestId}>
                {summary.badgeCode}
              </Text>
            </Stack>
            {(summary.facts ?? []).map((f) => (
              <Stack gap={2} key={f.label}>
                <Text size="xs" c="dimmed">
                  {f.label}
                </Text>
                {f.value}
              </Stack>
            ))}
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t(`${k}.alerts`)}
              </Text>
              {summary.arrestAlerts.length ? (
                <List size="sm">
                  {summary.arrestAlerts.map((a) => (
                    <List.Item key={a.id}>
                      {/* the arrest alert dialog (spec 001 §2 modals, §4): details, review, print */}
                      <Anchor component="button" type="button" size="sm" onClick={() => setOpenAlert(a.id)}>
                        {summary.alertText(a)}
                      </Anchor>
                      {summary.alertNote?.(a)}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t(`${k}.noAlerts`)}</Text>
              )}
            </Stack>
          </SimpleGrid>
        </Paper>
      ) : (
        (props.newNote ?? null)
      )}
      <Paper withBorder radius="md" p="md">
        <FormShell onSubmit={submit} saving={props.saving || uploading} error={error} aria-label={title}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t(`${k}.${owner.text}`)}
                data={ownerData}
                required
                searchable
                {...form.getInputProps(owner.field)}
                value={ownerId ? String(ownerId) : null}
                onChange={(val) => form.setFieldValue<PersonValues, string>(owner.field, val ? Number(val) : 0)}
                data-testid={owner.testId}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t(`${k}.expDate`)}
                description={t(`${k}.expDateHint`)}
                placeholder={US_DATE_PLACEHOLDER}
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
              <TextInput label={t(`${k}.firstname`)} required {...form.getInputProps('firstname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t(`${k}.middlename`)} {...form.getInputProps('middlename')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t(`${k}.lastname`)} required {...form.getInputProps('lastname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <DobInput
                required
                label={t(`${k}.dob`)}
                description={t(`${k}.dobHint`)}
                value={v.dob || null}
                problem={dobProblem}
                onChange={(iso, problem) => {
                  form.setFieldValue('dob', iso ?? '');
                  setDobProblem(problem);
                }}
              />
              {props.showDobError && form.errors.dob && !dobProblem ? (
                <Text size="xs" c="red.8" role="alert">
                  {form.errors.dob}
                </Text>
              ) : null}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t(`${k}.email`)} type="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t(`${k}.phone`)} type="tel" {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t(`${k}.street1`)} {...form.getInputProps('street1')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t(`${k}.street2`)} {...form.getInputProps('street2')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={t(`${k}.city`)} {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label={t(`${k}.state`)}
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
                label={t(`${k}.zipcode`)}
                inputMode="numeric"
                {...form.getInputProps('zipcode')}
                // spec 001 §5: zip code masked to 5 digits (no maxLength: it would cut a pasted text before the non-digits go)
                onChange={(e) => form.setFieldValue('zipcode', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t(`${k}.note`)} autosize minRows={2} {...form.getInputProps('note')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <Avatar
                  src={v.photoFileId ? paths.file(v.photoFileId) : null}
                  alt={v.photoFileId ? props.photoAlt(`${v.firstname} ${v.lastname}`.trim()) : ''}
                  size={64}
                  radius="sm"
                />
                <FileInput
                  label={t(`${k}.photo`)}
                  placeholder={t(`${k}.photoChange`)}
                  accept="image/jpeg,image/png,image/webp"
                  onChange={(f) => void onPhoto(f)}
                  error={photoTooLarge ? props.photoTooLarge : undefined}
                  style={{ flex: 1 }}
                  data-testid={props.photoTestId}
                />
                {v.photoFileId ? (
                  <Button variant="subtle" color="red.9" onClick={() => form.setFieldValue('photoFileId', null)}>
                    {t(`${k}.photoRemove`)}
                  </Button>
                ) : null}
              </Group>
            </Grid.Col>
            {props.children}
          </Grid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(props.listPath)}>
              {t(`${k}.cancel`)}
            </Button>
            <Button type="submit" loading={props.saving} disabled={uploading}>
              {t(`${k}.save`)}
            </Button>
          </Group>
        </FormShell>
      </Paper>
    </Stack>
  );
}
