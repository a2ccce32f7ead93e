import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { CLIENT_ID, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import SendRegistrationPage from './send-page';
import './i18n.en';

const t = (key: string) => i18n.t(key);

/**
 * Send Registration (spec 001 §2, §5): the permanent hint 'An e-mail or a phone number is required.'
 * gives way to the inline error that says the same (issue 25, audit 001 U17: both showed, one above
 * the other).
 */
describe('Send Registration: the contact hint and its error', () => {
  it('shows the hint until the error says it, and never both', async () => {
    fakeApi().on('GET', `/api/clients/${CLIENT_ID}/registration-types?activeOnly=true&perPage=100&sort=name&dir=asc`, {
      data: [],
      total: 0,
      page: 1,
      perPage: 100,
    });
    renderWithProviders(<SendRegistrationPage />, { session: session('attendant') });
    expect(await screen.findByText(t('invitations.individual.contactHint'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t('invitations.individual.send') }));
    expect(await screen.findByText(t('invitations.errors.contact'))).toBeInTheDocument();
    expect(screen.queryByText(t('invitations.individual.contactHint'))).toBeNull();
  });
});
