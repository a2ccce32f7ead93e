import { type TAuditEntry, type TSessionResponse, ZAuditEntry, ZAuditPage } from '@sv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AuditHistory, WithHistoryTab } from './audit-history';
import './i18n.en';

/** A record's History (issue 26 §1): that record's audit rows, for `audit.read` only. */
const t = i18n.t.bind(i18n);

const row = (over: Partial<TAuditEntry>): TAuditEntry =>
  ZAuditEntry.parse({
    id: 1,
    at: '2026-03-12T15:00:00.000Z',
    actorUserId: 2,
    actorName: 'Nora North',
    actorEmail: null,
    impersonatorName: null,
    clientId: 5,
    clientName: null,
    buildingId: null,
    buildingName: null,
    action: 'exclusion.update',
    outcome: 'done',
    targetType: 'exclusion',
    targetId: '7',
    ip: null,
    requestId: null,
    details: { lastname: { from: 'R*****', to: 'C******' } },
    ...over,
  });

const page = (rows: TAuditEntry[], count = rows.length) =>
  ZAuditPage.parse({ data: rows, count, currentPage: 1, perPage: 50, totalPages: 1 });

const attendant = (): TSessionResponse => session('attendant');

describe('a record’s History', () => {
  it('lists the record’s rows, asked by its kind and id, with a link to the console', async () => {
    const api = fakeApi().on(
      'GET',
      '/api/audit?targetType=exclusion&targetId=7&perPage=50',
      page([row({ id: 2 }), row({ id: 1, action: 'exclusion.create' })], 60),
    );
    renderWithProviders(<AuditHistory targetType="exclusion" targetId={7} />, { session: session('admin') });
    const rows = await screen.findAllByTestId('audit-history-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('exclusion.update')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/lastname: R\*\*\*\*\* → C\*\*\*\*\*\*/)).toBeInTheDocument();
    expect(screen.getByText(t('audit.history.more', { shown: 2, count: 60 }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('audit.history.openConsole') })).toHaveAttribute(
      'href',
      '/audit?targetType=exclusion&targetId=7',
    );
    expect(api.requests).toHaveLength(1);
  });

  it('is not there, and asks nothing, for someone who may not read the audit log', async () => {
    const api = fakeApi();
    renderWithProviders(
      <WithHistoryTab targetType="exclusion" targetId={7}>
        <p>the form</p>
      </WithHistoryTab>,
      { session: attendant() },
    );
    expect(screen.getByText('the form')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: t('audit.history.title') })).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('opens from its tab, the details kept, and reads afresh each time it opens', async () => {
    const api = fakeApi().on('GET', /^\/api\/audit\?targetType=exclusion&targetId=7/, page([row({})]));
    const { user } = renderWithProviders(
      <WithHistoryTab targetType="exclusion" targetId={7}>
        <input aria-label="Last name" />
      </WithHistoryTab>,
      { session: session('admin') },
    );
    await user.type(screen.getByLabelText('Last name'), 'Changed');
    expect(api.requests).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: t('audit.history.title') }));
    expect(await screen.findByTestId('audit-history-row')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: t('audit.history.details') }));
    expect(screen.getByLabelText('Last name')).toHaveValue('Changed');
    await user.click(screen.getByRole('tab', { name: t('audit.history.title') }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
  });
});
