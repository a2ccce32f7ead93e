import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { errorReply, fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import '../clients/i18n.en';
import RegistrationTypesPage from './registration-types-page';
import './i18n.en';

/**
 * audit 000 B12: /client/regTypes/{another district's id} showed the user's own types under that
 * id. The server answers 404; the screen returns to the list with a message (spec 000 §4).
 */
describe('/client/regTypes/{a district not in reach}', () => {
  it('returns to the district list with a message', async () => {
    fakeApi()
      .on('GET', /^\/api\/clients\/2\/registration-types/, errorReply(404, 'Client not found'))
      .on('GET', '/api/clients/2', errorReply(404, 'Client not found'));
    renderWithProviders(<RegistrationTypesPage />, {
      path: '/client/regTypes/:id',
      route: '/client/regTypes/2',
      session: session('admin'),
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/client'));
    expect(await screen.findByText(i18n.t('clients.loadFailed'))).toBeInTheDocument();
  });
});
