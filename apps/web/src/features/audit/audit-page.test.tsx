import {
  type TAuditEntry,
  type TAuditFacets,
  type TSessionResponse,
  ZAuditEntry,
  ZAuditFacets,
  ZAuditPage,
} from '@sv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { CLIENT_ID, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import AuditPage from './audit-page';
import '../imports/i18n.en';
import './i18n.en';

/**
 * The audit console (issue 26 §1): each filter becomes the query string the server reads; a row
 * opens to what it recorded; a record's history arrives filtered by its kind and id.
 */
const t = i18n.t.bind(i18n);

function districtAdmin(): TSessionResponse {
  const s = session('admin');
  return {
    ...s,
    user: {
      ...s.user,
      id: 2,
      roleId: 2,
      roleName: 'Client Admin',
      clientId: CLIENT_ID,
      clientName: 'Lincoln District',
    },
  };
}

const entry = (over: Partial<TAuditEntry> = {}): TAuditEntry =>
  ZAuditEntry.parse({
    id: 41,
    at: '2026-03-12T15:00:00.000Z',
    actorUserId: 2,
    actorName: 'Nora North',
    actorEmail: 'n***@demo.test',
    impersonatorName: null,
    clientId: CLIENT_ID,
    clientName: 'Lincoln District',
    buildingId: null,
    buildingName: null,
    action: 'exclusion.update',
    outcome: 'done',
    targetType: 'exclusion',
    targetId: '7',
    ip: '10.0.0.9',
    requestId: 'req-1',
    details: { lastname: { from: 'R*****', to: 'C******' }, reason: 'Court order', params: { action: 'x', rows: 2 } },
    ...over,
  });

const facets: TAuditFacets = ZAuditFacets.parse({
  actions: ['exclusion.read', 'exclusion.update', 'pickup.refused'],
  targetTypes: ['exclusion', 'student', 'visitor'],
  actors: [{ id: 2, name: 'Nora North' }],
});

const page = (rows: TAuditEntry[]) =>
  ZAuditPage.parse({ data: rows, count: rows.length, currentPage: 1, perPage: 100, totalPages: 1 });

function setup(route = '/audit') {
  const api = fakeApi()
    .on('GET', /^\/api\/audit\/facets/, facets)
    .on('GET', /^\/api\/audit\?/, page([entry()]))
    .on('POST', '/api/audit/search', page([entry()]))
    .on('GET', /^\/api\/exports\/audit\/columns/, { columns: [] });
  const r = renderWithProviders(<AuditPage />, { path: '/audit', route, session: districtAdmin() });
  const lastQuery = () => {
    const calls = api.calls('GET', /^\/api\/audit\?/);
    return new URLSearchParams(calls[calls.length - 1]!.path.split('?')[1]);
  };
  return { ...r, api, lastQuery };
}

async function choose(user: ReturnType<typeof setup>['user'], label: string, option: string) {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the audit console', () => {
  it('asks for the newest rows first, and shows who, from where, what and the outcome', async () => {
    const { lastQuery } = setup();
    expect(await screen.findByTestId('audit-action')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery())).toEqual({ page: '1', perPage: '100', sort: 'at', dir: 'desc' });
    const row = screen.getByTestId('audit-action').closest('tr')!;
    expect(within(row).getByText('Nora North')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.9')).toBeInTheDocument();
    expect(within(row).getByText(`${t('audit.kind.exclusion')} #7`)).toBeInTheDocument();
    expect(within(row).getByText(t('audit.outcome.done'))).toBeInTheDocument();
    // a district administrator has no district filter: the server keeps them to their own
    expect(screen.queryByLabelText(t('lists.district'))).not.toBeInTheDocument();
  });

  it('turns each filter into the query string the server reads', async () => {
    const { user, lastQuery, api } = setup();
    await screen.findByTestId('audit-action');
    await choose(user, t('audit.filter.targetType'), t('audit.kind.student'));
    await waitFor(() => expect(lastQuery().get('targetType')).toBe('student'));
    await choose(user, t('audit.filter.action'), 'pickup.refused');
    await waitFor(() => expect(lastQuery().get('action')).toBe('pickup.refused'));
    await choose(user, t('audit.filter.outcome'), t('audit.outcome.refused'));
    await waitFor(() => expect(lastQuery().get('outcome')).toBe('refused'));
    await choose(user, t('audit.filter.actor'), 'Nora North');
    await waitFor(() => expect(lastQuery().get('actorUserId')).toBe('2'));
    expect(Object.fromEntries(lastQuery())).toMatchObject({
      targetType: 'student',
      action: 'pickup.refused',
      outcome: 'refused',
      actorUserId: '2',
      page: '1',
    });
    // free text goes in the body of POST /api/audit/search with the filters, never in the URL
    await user.type(screen.getByTestId('list-search'), '10.0.0');
    await waitFor(() => expect(api.calls('POST', '/api/audit/search')).toHaveLength(1), { timeout: 3000 });
    expect(api.calls('POST', '/api/audit/search')[0]!.body).toMatchObject({
      q: '10.0.0',
      targetType: 'student',
      action: 'pickup.refused',
      outcome: 'refused',
      actorUserId: '2',
    });
    expect(api.requests.some((r) => r.path.includes('10.0.0'))).toBe(false);
  });

  it('exports with the search words in a POST body with the filters, never in a URL', async () => {
    // jsdom has no object URLs: the download's link is made and clicked, its file not kept
    URL.createObjectURL ??= () => 'blob:export';
    URL.revokeObjectURL ??= () => {};
    const { user, api } = setup('/audit?outcome=refused');
    api
      .on('GET', /^\/api\/exports\/audit\/columns/, {
        data: [
          { id: '7', header: 'Action', selectedByDefault: true },
          { id: '9', header: 'Record Id', selectedByDefault: true },
        ],
      })
      .on('POST', '/api/exports/audit', 'When,Action');
    await screen.findByTestId('audit-action');
    await user.type(screen.getByTestId('list-search'), 'r-77');
    await waitFor(() => expect(api.calls('POST', '/api/audit/search')).toHaveLength(1), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: t('exports.button') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: t('exports.download') }));
    await waitFor(() => expect(api.calls('POST', '/api/exports/audit')).toHaveLength(1));
    expect(api.calls('POST', '/api/exports/audit')[0]!.body).toEqual({
      format: 'csv',
      columns: ['7', '9'],
      params: { outcome: 'refused', q: 'r-77' },
    });
    expect(api.requests.some((r) => r.path.includes('r-77'))).toBe(false);
  });

  it('sends the days of the date range, and says a reversed range instead of asking', async () => {
    const { lastQuery, api } = setup('/audit?from=2026-03-01&to=2026-03-12');
    await screen.findByTestId('audit-action');
    expect(lastQuery().get('from')).toBe('2026-03-01');
    expect(lastQuery().get('to')).toBe('2026-03-12');
    const before = api.calls('GET', /^\/api\/audit\?/).length;
    setup('/audit?from=2026-03-12&to=2026-03-01');
    expect(await screen.findByText(t('audit.filter.rangeReversed'))).toBeInTheDocument();
    expect(api.calls('GET', /^\/api\/audit\?.*from=2026-03-12/)).toHaveLength(0);
    expect(before).toBeGreaterThan(0);
  });

  it('opens a row to what it recorded, the before and after readable', async () => {
    const { user } = setup();
    await screen.findByTestId('audit-action');
    await user.click(screen.getByRole('button', { name: t('table.expand') }));
    const detail = await screen.findByTestId('audit-entry-detail');
    expect(within(detail).getByText('reason')).toBeInTheDocument();
    expect(within(detail).getByText('Court order')).toBeInTheDocument();
    // a change reads as before → after
    expect(within(detail).getByText('R***** → C******')).toBeInTheDocument();
    expect(within(detail).getByText('req-1')).toBeInTheDocument();
    // anything else nested reads as indented JSON
    expect(within(detail).getByText(/"rows": 2/)).toBeInTheDocument();
  });

  it('shows one record’s history when opened from its History section, and all records again on request', async () => {
    const { user, lastQuery } = setup('/audit?targetType=exclusion&targetId=7');
    await screen.findByTestId('audit-action');
    expect(lastQuery().get('targetType')).toBe('exclusion');
    expect(lastQuery().get('targetId')).toBe('7');
    expect(
      screen.getByText(t('audit.filter.record', { kind: t('audit.kind.exclusion'), id: '7' })),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('audit.filter.showAll') }));
    await waitFor(() => expect(lastQuery().get('targetId')).toBeNull());
    expect(lastQuery().get('targetType')).toBe('exclusion');
  });

  it('lets the platform administrator choose a district: the list and the filter choices follow it', async () => {
    const api = fakeApi()
      .on('GET', /^\/api\/audit\/facets/, facets)
      .on('GET', /^\/api\/audit\?/, page([entry({ clientName: 'South Valley District' })]))
      .on('GET', '/api/clients/lookup', {
        data: [
          { id: 5, name: 'Lincoln District', active: true },
          { id: 9, name: 'South Valley District', active: true },
        ],
      });
    const { user } = renderWithProviders(<AuditPage />, { path: '/audit', route: '/audit', session: session('admin') });
    await screen.findByTestId('audit-action');
    // the district shows under the user, the platform administrator reading every district
    expect(within(screen.getByTestId('audit-action').closest('tr')!).getByText('South Valley District')).toBeVisible();
    await choose(user, t('lists.district'), 'South Valley District');
    await waitFor(() => {
      const calls = api.calls('GET', /^\/api\/audit\?/);
      expect(new URLSearchParams(calls.at(-1)!.path.split('?')[1]).get('clientId')).toBe('9');
    });
    await waitFor(() => expect(api.calls('GET', '/api/audit/facets?clientId=9')).toHaveLength(1));
  });
});
