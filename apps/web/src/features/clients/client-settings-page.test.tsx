import { screen, waitFor } from '@testing-library/react';
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
