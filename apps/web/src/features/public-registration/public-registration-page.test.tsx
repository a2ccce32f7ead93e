import { type TPublicForm, ZPublicForm } from '@sv/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import PublicRegistrationPage from './public-registration-page';
import './i18n.en';

/**
 * The public form opened from a renewal invitation (issue 25, ADR 0038): filled in from the
 * registration on file, never with the date of birth, and saying that it renews it.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);

const form = (over: Partial<TPublicForm> = {}): TPublicForm =>
  ZPublicForm.parse({
    clientName: 'North County Schools',
    registrationType: 'Volunteer',
    language: 'en',
    questions: [{ name: 'T-shirt size', hint: 'S, M, L' }],
    disclosureText: 'Disclosure.',
    authorizationText: 'Authorization.',
    prefill: null,
    photoMaxBytes: 10_000_000,
    states: [{ id: 14, name: 'Illinois', abbreviation: 'IL' }],
    ...over,
  });

function open(def: TPublicForm) {
  fakeApi().on('GET', /^\/api\/public\/registration-forms\/5\/volunteer/, def);
  return renderWithProviders(<PublicRegistrationPage />, {
    path: '/register/:clientId/:code',
    route: '/register/5/volunteer',
  });
}

describe('public registration form from a renewal link', () => {
  it('is filled in from the registration and says it renews it', async () => {
    open(
      form({
        prefill: {
          firstname: 'Renata',
          middlename: 'Q',
          lastname: 'Renewer',
          email: 'renata@example.test',
          phone: '555-555-0199',
          street1: '9 Elm St',
          street2: '',
          city: 'Springfield',
          state: 'IL',
          zipcode: '62704',
          answers: [{ name: 'T-shirt size', value: 'M' }],
        },
        renewal: { expDate: '2026-12-20', hasPhoto: true },
      }),
    );
    expect(await screen.findByTestId('renewal-note')).toHaveTextContent(
      t('publicRegistration.renewalWithPhoto', { date: '12/20/2026' }),
    );
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.middlename')}`))).toHaveValue('Q');
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.street1')}`))).toHaveValue('9 Elm St');
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.zipcode')}`))).toHaveValue('62704');
    expect(screen.getByDisplayValue('M')).toBeInTheDocument();
    // the person types the date of birth
    expect(screen.getByLabelText(new RegExp(`^${t('publicRegistration.field.dob')}`))).toHaveValue('');
  });

  it('an ordinary form says nothing of a renewal', async () => {
    open(form());
    await screen.findByText(t('publicRegistration.heading', { type: 'Volunteer' }));
    expect(screen.queryByTestId('renewal-note')).toBeNull();
  });
});
