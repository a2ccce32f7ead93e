import { type TRegistration, ZRegistration } from '@sv/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { CLIENT_ID, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import RegistrationEditPage from './registration-edit-page';
import '../audit/i18n.en';
import './i18n.en';

/**
 * The registration's page says what a renewal renews (spec 001 §4 "Renewal of X; Currently: Y";
 * issue 25, ADR 0038) and links the renewal and the registration it renews both ways.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);

const registration = (over: Partial<TRegistration> = {}): TRegistration =>
  ZRegistration.parse({
    id: 52,
    clientId: CLIENT_ID,
    registrationTypeId: 7,
    registrationType: 'Volunteer',
    firstname: 'Renata',
    lastname: 'Renewer',
    email: 'renata@example.test',
    dob: '1981-05-06',
    expDate: null,
    note: '',
    approved: null,
    hasPhoto: false,
    display: {
      status: 'pending',
      underReview: false,
      label: 'Pending',
      showExpiration: true,
      backgroundCheck: 'Approved',
      backgroundCheckNote: null,
      renewal: 'Renewal of Approved; Currently: Pending',
      suspended: false,
    },
    actions: ['approve', 'deny', 'edit'],
    middlename: '',
    phone: '',
    street1: '',
    street2: '',
    city: '',
    state: '',
    zipcode: '',
    underReview: false,
    ddStatus: 2,
    photoFileId: null,
    answers: [],
    source: 'invitation',
    hasSignature: true,
    emailWarnings: true,
    buildingIds: [],
    visitorId: null,
    suspendedReason: null,
    badgeCode: 'ABCDEFGH12345678',
    volunteerMinutes: 0,
    visitCount: 0,
    version: 1,
    arrestAlerts: [],
    createdAt: '2026-11-20T15:00:00.000Z',
    renewalOfId: 18,
    ...over,
  });

const noHistory = { data: [], count: 0, currentPage: 1, perPage: 50, totalPages: 0 };

function open(reg: TRegistration, history: unknown = noHistory) {
  return {
    api: fakeApi()
      .on('GET', `/api/audit?targetType=registration&targetId=${reg.id}&perPage=50`, history as object)
      .on('GET', `/api/registrations/${reg.id}`, reg)
      .on('GET', '/api/registrations/types', { types: [{ id: 7, name: 'Volunteer', clientId: CLIENT_ID }] })
      .on('GET', '/api/states', { data: [{ id: 14, name: 'Illinois', abbreviation: 'IL' }] }),
    ...renderWithProviders(<RegistrationEditPage />, {
      path: '/registration/:id',
      route: `/registration/${reg.id}`,
      session: session('admin'),
    }),
  };
}

describe('registration page of a renewal (ADR 0038)', () => {
  it('says "Renewal of X; Currently: Y" and links the registration it renews', async () => {
    open(registration());
    expect(await screen.findByTestId('edit-renewal')).toHaveTextContent('Renewal of Approved; Currently: Pending');
    expect(screen.getByRole('link', { name: t('registrations.form.renewalOf', { id: 18 }) })).toHaveAttribute(
      'href',
      '/registration/18',
    );
    expect(screen.queryByTestId('edit-renewed-by')).toBeNull();
  });

  it('the renewed registration links its renewal', async () => {
    open(
      registration({
        id: 18,
        renewalOfId: null,
        renewedById: 52,
        display: { ...registration().display, renewal: null, status: 'expired', label: 'Expired' },
      }),
    );
    expect(await screen.findByTestId('edit-renewed-by')).toHaveAttribute('href', '/registration/52');
    expect(screen.queryByTestId('edit-renewal')).toBeNull();
  });
});

describe('the registration form marks what it requires (issue 25, audit 001 U12)', () => {
  it('the date of birth carries the asterisk and aria-required like the names: the save is blocked without it', async () => {
    open(registration());
    const dob = await screen.findByRole('textbox', { name: new RegExp(`^${t('registrations.form.dob')}`) });
    expect(dob).toHaveAttribute('aria-required', 'true');
    // Mantine's asterisk, the mark every required field of the form shows
    expect(dob.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required')).not.toBeNull();
  });
});

describe('the registration’s History (issue 26 §1)', () => {
  it('shows an administrator who changed or opened this registration', async () => {
    open(registration(), {
      data: [
        {
          id: 9,
          at: '2026-11-21T15:00:00.000Z',
          actorUserId: 1,
          actorName: 'Ada Admin',
          actorEmail: null,
          impersonatorName: null,
          clientId: CLIENT_ID,
          clientName: null,
          buildingId: null,
          buildingName: null,
          action: 'registration.update',
          outcome: 'done',
          targetType: 'registration',
          targetId: String(registration().id),
          ip: null,
          requestId: null,
          details: { approved: { from: null, to: true } },
        },
      ],
      count: 1,
      currentPage: 1,
      perPage: 50,
      totalPages: 1,
    });
    const history = await screen.findByTestId('audit-history');
    expect(within(history).getByRole('heading', { name: t('audit.history.title') })).toBeInTheDocument();
    expect(await within(history).findByText('registration.update')).toBeInTheDocument();
    expect(within(history).getByText('Ada Admin')).toBeInTheDocument();
  });
});
