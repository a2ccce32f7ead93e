import { ZClientSettingsResponse } from '@sv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { errorReply, fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ClientSettingsPage from './client-settings-page';
import './i18n.en';

/** spec 000 §4 "Client load failure returns to the client list" (issue 25, audit 000 row 8.11). */
describe('/client/settings/{bad id}', () => {
  it('returns to the district list with a message (spec 000 §4)', async () => {
    fakeApi().on('GET', '/api/clients/9999/settings', errorReply(404, 'Client not found'));
    renderWithProviders(<ClientSettingsPage />, {
      path: '/client/settings/:id',
      route: '/client/settings/9999',
      session: session('admin'),
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/client'));
    expect(await screen.findByText(i18n.t('clients.loadFailed'))).toBeInTheDocument();
  });
});

describe('the visitor and volunteer links (issue 25, audit 000 U5; ADR 0039)', () => {
  it('are the derived registration links, read-only with a copy button, not free-text URLs', async () => {
    fakeApi().on(
      'GET',
      '/api/clients/5/settings',
      ZClientSettingsResponse.parse({
        clientId: 5,
        clientName: 'Lincoln District',
        hasSisClientSecret: false,
        version: 3,
        visitorUrl: 'https://typed.example/',
        registrationLinks: [{ registrationTypeId: 8, name: 'Volunteer', path: '/register/5/volunteer' }],
      }),
    );
    renderWithProviders(<ClientSettingsPage />, {
      path: '/client/settings/:id',
      route: '/client/settings/5',
      session: session('admin'),
    });
    const links = await screen.findByTestId('registration-links');
    expect(within(links).getByRole('link', { name: `${window.location.origin}/register/5/volunteer` })).toHaveAttribute(
      'href',
      `${window.location.origin}/register/5/volunteer`,
    );
    expect(within(links).getByRole('button', { name: 'Copy the link of Volunteer' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Visitor URL|Volunteer URL/ })).not.toBeInTheDocument();
    expect(screen.queryByText('https://typed.example/')).not.toBeInTheDocument();
  });
});
