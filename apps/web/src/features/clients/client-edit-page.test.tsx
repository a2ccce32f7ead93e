import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ClientEditPage from './client-edit-page';
import './i18n.en';

/** audit 000 B11: /client/edit/new was titled "Edit District" while its heading said "New District". */
describe('/client/edit/new', () => {
  it('is titled like its heading', async () => {
    fakeApi().on('GET', '/api/states', { data: [] });
    document.title = 'SafeVisitor - Edit District';
    renderWithProviders(<ClientEditPage />, {
      path: '/client/edit/:id',
      route: '/client/edit/new',
      session: session('admin'),
    });
    expect(await screen.findByRole('heading', { name: 'New District' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SafeVisitor - New District'));
  });
});
