import type { TVisitSummary } from '@sv/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { errorReply, fakeApi } from '../../test/fake-api';
import { BUILDING_ID, building, preRegistration, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import DashboardPage from './dashboard-page';
import './i18n.en';

/**
 * issue 29 §3: the live dashboard's pushed changes are said in a polite live region
 * (components/announcer), one short sentence per change; the first load says nothing.
 */
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);

/** A fake EventSource: the test sends the building's events. */
class FakeSource {
  static last: FakeSource | null = null;
  static readonly CLOSED = 2;
  readyState = 1;
  listeners = new Map<string, () => void>();
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, fn);
  }
  close() {}
  emit(type: string) {
    this.listeners.get(type)?.();
  }
}

const visit = (id: number, visitorName: string): TVisitSummary => ({
  id,
  visitorId: 100 + id,
  visitorName,
  visitorType: 'visitor',
  buildingId: BUILDING_ID,
  buildingName: 'Lincoln High',
  checkIn: '2026-11-27T15:00:00.000Z',
  checkOut: null,
  reason: 'Meeting',
  personVisiting: 'Ms. Patel',
  photoFileId: null,
  checkedInByName: 'Avery Attendant',
  badge: null,
});

function setup() {
  const api = fakeApi();
  let visits: TVisitSummary[] = [visit(1, 'Sam Early')];
  let cards = [preRegistration({ id: 31, status: 'scheduled' })];
  api
    .on('GET', `/api/buildings/${BUILDING_ID}`, building())
    .on('GET', '/api/clients/5/desk-settings', errorReply(404, 'Not found'))
    .on('POST', `/api/buildings/${BUILDING_ID}/visits/auto-check-out`, { checkedOut: 0 })
    .on('GET', `/api/buildings/${BUILDING_ID}/nearby`, { data: [] })
    .on('GET', `/api/buildings/${BUILDING_ID}/visits/current`, () => ({ data: visits }))
    .on('GET', `/api/buildings/${BUILDING_ID}/preregistrations`, () => ({ data: cards, localDate: '2026-11-27' }));
  renderWithProviders(<DashboardPage />, { session: session('attendant') });
  return {
    api,
    setVisits: (v: TVisitSummary[]) => {
      visits = v;
    },
    setCards: (c: typeof cards) => {
      cards = c;
    },
  };
}

const polite = () => screen.getByTestId('announcer-polite');

describe('the live dashboard for screen readers', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeSource));
  afterEach(() => vi.unstubAllGlobals());

  it('a pushed check-in and check-out are each said politely; the first load is not', async () => {
    const { api, setVisits } = setup();
    expect(await screen.findByText('Sam Early')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', `/api/buildings/${BUILDING_ID}/preregistrations`)).toHaveLength(1));
    expect(polite()).toBeEmptyDOMElement();
    expect(polite()).toHaveAttribute('aria-live', 'polite');

    // another desk checks Rosa in and Sam out: the push arrives, the lists refresh
    setVisits([visit(2, 'Rosa Diaz')]);
    FakeSource.last?.emit('visit.checked_in');
    await waitFor(() => expect(polite()).toHaveTextContent(t('dashboard.live.checkedIn', { name: 'Rosa Diaz' })));
    expect(polite()).toHaveTextContent(t('dashboard.live.checkedOut', { name: 'Sam Early' }));
    expect(polite().children).toHaveLength(2);
    expect(screen.getByTestId('announcer-assertive')).toBeEmptyDOMElement();
  });

  it('a flagged card arriving is said as flagged and awaiting a decision', async () => {
    const { api, setCards } = setup();
    await waitFor(() => expect(api.calls('GET', `/api/buildings/${BUILDING_ID}/preregistrations`)).toHaveLength(1));
    await screen.findByText('Sam Early');
    setCards([
      preRegistration({ id: 31, status: 'scheduled' }),
      preRegistration({
        id: 32,
        firstname: 'Lee',
        lastname: 'Moss',
        status: 'pending',
        flagged: true,
        flagReasons: [{ exclusionId: 4, label: 'Possible exclusion match', reasons: ['Same name'] }],
      }),
    ]);
    FakeSource.last?.emit('visitor.pending');
    await waitFor(() => expect(polite()).toHaveTextContent(t('dashboard.live.flagged', { name: 'Lee Moss' })));
    // nothing else changed: nothing else is said
    expect(polite().children).toHaveLength(1);
  });
});
