import type { TRosterResponse } from '@sv/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeApi, NETWORK_DOWN } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { notify } from '../../lib/notify';
import { renderWithProviders } from '../../test/render';
import { resetRosterQueue } from './roster-queue';
import RosterPage from './roster-page';

class FakeSource {
  addEventListener() {}
  close() {}
}

const entry = (id: number, name: string, over: Partial<TRosterResponse['entries'][number]> = {}) => ({
  id,
  buildingId: 11,
  personKind: 'student' as const,
  name,
  group: '3',
  photoUrl: null,
  badge: String(1000 + id),
  visiting: '',
  status: null,
  markedBy: null,
  markedAt: null,
  ...over,
});
const counts = (total: number) => ({ total, accounted: 0, missing: 0, needsHelp: 0, unmarked: total });
const roster: TRosterResponse = {
  state: {
    id: 4,
    kind: 'Evacuate',
    drill: true,
    status: 'active',
    startedAt: '2026-10-15T15:02:00.000Z',
    buildings: [{ id: 11, name: 'North High School' }],
  },
  counts: counts(3),
  groups: [
    { label: '3', personKind: 'student', counts: counts(2) },
    { label: 'vendor', personKind: 'visit', counts: counts(1) },
  ],
  entries: [
    entry(1, 'Ada Roster'),
    entry(2, 'Ben Roster'),
    entry(3, 'Val Guest', { personKind: 'visit', group: 'vendor', badge: 'B7', visiting: 'Ms. Rivera' }),
  ],
};
const MARKS = '/api/emergency-states/4/roster/marks';

function setup() {
  const api = fakeApi();
  // the page opens the building's active state
  api.on('GET', '/api/emergency-states/active', {
    states: [
      {
        ...roster.state,
        clientId: 5,
        startedBy: { id: 3, name: 'Hank Desk' },
        endedAt: null,
        endedBy: null,
        endNotes: null,
        cancelUntil: '2026-10-15T15:02:10.000Z',
        timeline: [],
      },
    ],
  });
  api.on('GET', '/api/emergency-states/4/roster', roster);
  const view = renderWithProviders(<RosterPage />, {
    path: '/emergency/roster',
    session: session('attendant'),
  });
  return { api, ...view };
}
const tile = (name: string) => screen.getByTestId(`roster-count-${name}`);

describe('the accountability roster on a phone (issue 27 §2; ADR 0042)', () => {
  beforeEach(() => {
    localStorage.clear();
    resetRosterQueue();
    vi.stubGlobal('EventSource', FakeSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a mark made without network waits in the queue (memory and storage), then "Try now" sends it once, with its id', async () => {
    const { api, user } = setup();
    await screen.findByText('Ada Roster');
    api.on('POST', MARKS, NETWORK_DOWN);
    await user.click(screen.getByRole('button', { name: 'Accounted: Ada Roster' }));
    expect(await screen.findByTestId('roster-waiting')).toHaveTextContent('Waiting to send (1)');
    // shown at once, and counted
    expect(screen.getByRole('button', { name: 'Accounted: Ada Roster' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(tile('accounted')).getByText('1')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem('sv.emergencyRoster.queue') ?? '[]');
    expect(stored).toMatchObject([{ stateId: 4, entryId: 1, status: 'accounted' }]);
    // a second press while still offline waits behind it
    await user.click(screen.getByRole('button', { name: 'Missing: Ben Roster' }));
    expect(screen.getByTestId('roster-waiting')).toHaveTextContent('Waiting to send (2)');

    api.on('POST', MARKS, (req) => ({
      outcome: 'applied',
      entry: { ...roster.entries[0], status: (req.body as { status: string }).status },
      counts: counts(3),
    }));
    await user.click(screen.getByRole('button', { name: 'Try now' }));
    await vi.waitFor(() => expect(screen.queryByTestId('roster-waiting')).toBeNull());
    const sent = api.calls('POST', MARKS).map((r) => r.body as { entryId: number; clientMarkId: string });
    const ada = sent.filter((b) => b.entryId === 1);
    // tried offline, then sent: the same mark id both times (the server records it once)
    expect(ada.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ada.map((b) => b.clientMarkId)).size).toBe(1);
    expect(ada[0]).toMatchObject({ status: 'accounted', pressedAt: expect.any(String) });
    expect(JSON.parse(localStorage.getItem('sv.emergencyRoster.queue') ?? '[]')).toEqual([]);
  });

  it('waiting marks are sent again on their own every 5 seconds', { timeout: 15_000 }, async () => {
    const { api, user } = setup();
    await screen.findByText('Ada Roster');
    api.on('POST', MARKS, NETWORK_DOWN);
    await user.click(screen.getByRole('button', { name: 'Missing: Ada Roster' }));
    expect(await screen.findByTestId('roster-waiting')).toHaveTextContent('Waiting to send (1)');
    const tries = api.calls('POST', MARKS).length;
    api.on('POST', MARKS, {
      outcome: 'applied',
      entry: { ...roster.entries[0], status: 'missing' },
      counts: counts(3),
    });
    // nobody presses anything: the retry comes within 5 seconds
    await vi.waitFor(() => expect(screen.queryByTestId('roster-waiting')).toBeNull(), {
      timeout: 6_500,
      interval: 200,
    });
    expect(api.calls('POST', MARKS).length).toBe(tries + 1);
  });

  it('a mark the server refuses (the state ended) leaves the queue and says why', async () => {
    vi.spyOn(notify, 'error');
    const { api, user } = setup();
    await screen.findByText('Ada Roster');
    api.on('POST', MARKS, errorReply(409, 'This emergency state has ended, so its roster can no longer be marked.'));
    await user.click(screen.getByRole('button', { name: 'Needs help: Ada Roster' }));
    await vi.waitFor(() => expect(api.calls('POST', MARKS)).toHaveLength(1));
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'This emergency state has ended, so its roster can no longer be marked.',
      ),
    );
    expect(screen.queryByTestId('roster-waiting')).toBeNull();
    expect(JSON.parse(localStorage.getItem('sv.emergencyRoster.queue') ?? '[]')).toEqual([]);
  });

  it('count tiles filter the list; search and group narrow it', async () => {
    const { user } = setup();
    await screen.findByText('Ada Roster');
    expect(within(tile('all')).getByText('3')).toBeInTheDocument();
    expect(screen.getAllByTestId('roster-entry')).toHaveLength(3);
    await user.click(tile('unmarked'));
    expect(tile('unmarked')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('roster-entry')).toHaveLength(3);
    await user.click(tile('missing'));
    expect(screen.queryAllByTestId('roster-entry')).toHaveLength(0);
    await user.click(tile('all'));
    await user.type(screen.getByRole('textbox', { name: 'Search by name, badge or ID' }), 'b7');
    expect(screen.getAllByTestId('roster-entry')).toHaveLength(1);
    expect(screen.getByText('Val Guest')).toBeInTheDocument();
    expect(screen.getByText(/Vendors · B7 · visiting Ms. Rivera/)).toBeInTheDocument();
  });
});
