import { Anchor, Badge, Box, Checkbox, Grid, Text } from '@mantine/core';
import { type TRegistration, type TRegistrationValues, ZRegistrationSave } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContractForm } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { RegistrationEditForm, RegistrationEditRoute } from './registration-form';
import { registrationQuery, registrationTypesQuery, useSaveRegistration } from './registrations-api';
import { STATUS_COLOR } from './registration-status';
import { BackgroundCheckNote } from './background-check-note';
import { AuditHistory } from '../audit/audit-history';
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
  // issue 23 §4: the edit names the version it started from
  version: r.version,
  answers: r.answers,
});

/** /registration/add and /registration/{id} (spec 001 §2 Add/edit; §5 date of birth, zip code). */
export default function RegistrationEditPage() {
  return (
    <RegistrationEditRoute textKey="registrations.form" query={registrationQuery} listPath={paths.registrations}>
      {(registration) => (
        <>
          <RegistrationForm registration={registration} />
          {/* who changed or opened this registration (issue 26 §1; audit.read only) */}
          {registration ? (
            <Box maw={980} mt="md">
              <AuditHistory framed targetType="registration" targetId={registration.id} headingOrder={2} />
            </Box>
          ) : null}
        </>
      )}
    </RegistrationEditRoute>
  );
}

function RegistrationForm(props: { registration: TRegistration | null }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const r = props.registration;
  const types = useQuery(registrationTypesQuery);
  const save = useSaveRegistration();
  const form = useContractForm(ZRegistrationSave, { initialValues: r ? valuesOf(r) : emptyValues() });

  // the page from the top: the saved registration's summary, the fields, saving
  return (
    <RegistrationEditForm
      summary={
        r && {
          cols: { base: 2, sm: 5 },
          status: (
            <>
              <Badge variant="filled" color={STATUS_COLOR[r.display.label] ?? 'gray.7'} data-testid="edit-status">
                {r.display.label}
              </Badge>
              {r.display.suspended ? (
                <Badge variant="outline" color="red.9">
                  {t('registrations.suspended')}
                </Badge>
              ) : null}
              <BackgroundCheckNote note={r.display.backgroundCheckNote} />
              {/* spec 001 §4 "Renewal of X; Currently: Y" (ADR 0038), with the registration it renews */}
              {r.display.renewal ? (
                <Text size="sm" data-testid="edit-renewal">
                  {r.display.renewal}
                </Text>
              ) : null}
              {r.renewalOfId !== null ? (
                <Anchor component={Link} to={paths.registrationEdit(r.renewalOfId)} size="sm">
                  {t('registrations.form.renewalOf', { id: r.renewalOfId })}
                </Anchor>
              ) : null}
              {r.renewedById !== null ? (
                <Anchor
                  component={Link}
                  to={paths.registrationEdit(r.renewedById)}
                  size="sm"
                  data-testid="edit-renewed-by"
                >
                  {t('registrations.form.renewedBy', { id: r.renewedById })}
                </Anchor>
              ) : null}
            </>
          ),
          badgeCode: r.badgeCode,
          badgeCodeTestId: 'edit-badge-code',
          facts: [
            {
              label: t('registrations.form.hours'),
              value: (
                <Text fw={600} data-testid="edit-hours">
                  {hoursOf(r.volunteerMinutes)}
                </Text>
              ),
            },
            { label: t('registrations.form.visits'), value: <Text fw={600}>{r.visitCount}</Text> },
          ],
          arrestAlerts: r.arrestAlerts,
          alertText: (a) =>
            t('registrations.form.alertRow', {
              level: a.levelLabel,
              status: t(`registrations.form.alertStatus.${a.status}`),
              when: formatDate(a.createdAt, timeZone),
            }),
          // a cleared alert no longer suspends anything (issue 25, audit 001 U9)
          alertNote: (a) =>
            a.suspends
              ? ` · ${t(a.status === 'cleared' ? 'registrations.form.suspensionLifted' : 'registrations.form.suspendsBadge')}`
              : '',
        }
      }
      owner={{ field: 'registrationTypeId', text: 'type', options: types.data, testId: 'form-type' }}
      photoAlt={(name) => t('registrations.photo.alt', { name })}
      photoTooLarge={t('registrations.photo.tooLarge')}
      photoTestId="form-photo"
      showDobError
      form={form}
      registration={r}
      textKey="registrations.form"
      kind="volunteer"
      save={(values, clientId) => save.mutateAsync({ id: r?.id ?? null, body: { ...values, clientId } })}
      saving={save.isPending}
      saved={t('registrations.done.saved')}
      listPath={paths.registrations}
    >
      {r === null ? (
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Checkbox
            mt={30}
            label={t('registrations.form.pending')}
            checked={form.getValues().approved === null}
            onChange={(e) => form.setFieldValue('approved', e.currentTarget.checked ? null : true)}
          />
        </Grid.Col>
      ) : null}
    </RegistrationEditForm>
  );
}
