import { Anchor, Text } from '@mantine/core';
import { type TSvRegistration, type TSvRegistrationValues, ZSvRegistrationSave } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContractForm } from '../../components/form/use-contract-form';
import { paths } from '../../lib/paths';
import { RegistrationEditForm, RegistrationEditRoute } from '../registrations/registration-form';
import { svCompaniesQuery, svRegistrationQuery, useSaveSvRegistration } from './safevendor-api';
import { SvStatusBadge } from './sv-registrations-page';
import { BackgroundCheckNote } from '../registrations/background-check-note';
import { formatDate } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
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
  // issue 23 §4: the edit names the version it started from
  version: r.version,
});

/** /svregistration/add and /svregistration/{id} (spec 001 §2 add/edit: address with state lookup, date-of-birth picker; §5). */
export default function SvRegistrationEditPage() {
  return (
    <RegistrationEditRoute textKey="safeVendor.form" query={svRegistrationQuery} listPath={paths.svRegistrations}>
      {(registration) => <SvRegistrationForm registration={registration} />}
    </RegistrationEditRoute>
  );
}

function SvRegistrationForm(props: { registration: TSvRegistration | null }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const r = props.registration;
  const companies = useQuery(svCompaniesQuery);
  const save = useSaveSvRegistration();
  const form = useContractForm(ZSvRegistrationSave, { initialValues: r ? valuesOf(r) : emptyValues() });

  // the registrations' form with the vendor's company (ADR 0014): a new vendor is pending
  return (
    <RegistrationEditForm
      summary={
        r && {
          cols: { base: 1, sm: 3 },
          status: (
            <>
              <SvStatusBadge state={r.displayState} />
              <BackgroundCheckNote note={r.backgroundCheckNote} />
              {/* spec 001 §4 "Renewal of X; Currently: Y" (ADR 0038), with the registration it renews */}
              {r.renewal ? (
                <Text size="sm" data-testid="edit-renewal">
                  {r.renewal}
                </Text>
              ) : null}
              {r.renewalOfId !== null ? (
                <Anchor component={Link} to={paths.svRegistrationEdit(r.renewalOfId)} size="sm">
                  {t('safeVendor.form.renewalOf', { id: r.renewalOfId })}
                </Anchor>
              ) : null}
              {r.renewedById !== null ? (
                <Anchor component={Link} to={paths.svRegistrationEdit(r.renewedById)} size="sm">
                  {t('safeVendor.form.renewedBy', { id: r.renewedById })}
                </Anchor>
              ) : null}
            </>
          ),
          badgeCode: r.badgeCode,
          badgeCodeTestId: 'sv-badge-code',
          arrestAlerts: r.arrestAlerts,
          alertText: (a) => `${a.levelLabel} · ${formatDate(a.createdAt, timeZone)}`,
        }
      }
      newNote={
        <Text size="sm" c="dimmed">
          {t('safeVendor.form.newIsPending')}
        </Text>
      }
      owner={{ field: 'vendorCompanyId', text: 'company', options: companies.data, testId: 'sv-form-company' }}
      photoAlt={(name) => t('safeVendor.form.photoAlt', { name })}
      photoTooLarge={t('safeVendor.form.photoTooLarge')}
      form={form}
      registration={r}
      textKey="safeVendor.form"
      kind="vendor"
      save={(values) => save.mutateAsync({ id: r?.id ?? null, body: values })}
      saving={save.isPending}
      saved={t('safeVendor.list.done.saved')}
      listPath={paths.svRegistrations}
    />
  );
}
