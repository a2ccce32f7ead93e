import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { BulkActiveBar } from './bulk-active';

/**
 * The bulk bar (issue 26 §4): Delete is offered only on the lists whose rows can go, is confirmed
 * in the kind's words, sends the chosen ids once, and says how many were deleted and how many
 * stayed because they have history.
 */
const t = i18n.t.bind(i18n);

describe('the bulk bar', () => {
  it('deletes the chosen buildings and says which stayed because they have history', async () => {
    const api = fakeApi().on('POST', '/api/buildings/bulk-delete', { deleted: 1, kept: 1, notFound: 0 });
    const clear = vi.fn();
    const { user } = renderWithProviders(
      <BulkActiveBar kind="buildings" deletable selection={{ ids: [3, 4], clear }} invalidate={['buildings']} />,
    );
    await user.click(screen.getByRole('button', { name: t('bulk.delete') }));
    const dialog = await screen.findByRole('dialog', { name: t('bulk.buildings.deleteTitle', { count: 2 }) });
    expect(within(dialog).getByText(t('bulk.buildings.deleteMessage'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t('bulk.delete') }));
    await waitFor(() => expect(api.calls('POST', '/api/buildings/bulk-delete')).toHaveLength(1));
    expect(api.calls('POST', '/api/buildings/bulk-delete')[0]!.body).toEqual({ ids: [3, 4] });
    expect(
      // the sentence as the office reads it
      await screen.findByText(
        '1 building deleted. 1 kept because it has history (visits, sign-ins …): deactivate it instead.',
      ),
    ).toBeInTheDocument();
    expect(clear).toHaveBeenCalled();
    expect(api.calls('POST', '/api/buildings/bulk-active')).toHaveLength(0);
  });

  it('offers no Delete on a list whose rows cannot go, and deactivates with the same ids', async () => {
    const api = fakeApi().on('POST', '/api/exclusions/bulk-active', { changed: 2, unchanged: 0, notFound: 0 });
    const { user } = renderWithProviders(
      <BulkActiveBar kind="exclusions" selection={{ ids: [7, 8], clear: () => {} }} invalidate={['exclusions']} />,
    );
    expect(screen.queryByRole('button', { name: t('bulk.delete') })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('bulk.deactivate') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('bulk.deactivate') }));
    await waitFor(() => expect(api.calls('POST', '/api/exclusions/bulk-active')).toHaveLength(1));
    expect(api.calls('POST', '/api/exclusions/bulk-active')[0]!.body).toEqual({ ids: [7, 8], active: false });
    expect(await screen.findByText(t('bulk.exclusions.deactivated', { count: 2 }))).toBeInTheDocument();
  });
});
