import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EmergencyStateBanner } from './emergency-banner';

/** A fake EventSource: the test sends the building's events (issue 27 §1: the banner comes with the push). */
class FakeSource {
  static last: FakeSource | null = null;
  listeners = new Map<string, () => void>();
  onopen: (() => void) | null = null;
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

const lockdown = {
  id: 4,
  clientId: 5,
  kind: 'Lockdown',
  drill: false,
  status: 'active',
  buildings: [{ id: 11, name: 'North High School' }],
  startedAt: '2026-10-15T15:02:00.000Z',
  startedBy: { id: 3, name: 'Hank Desk' },
  endedAt: null,
  endedBy: null,
  endNotes: null,
  cancelUntil: '2026-10-15T15:02:10.000Z',
  timeline: [],
};

describe('the emergency banner on every desk page (issue 27 §1; ADR 0037)', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeSource));
  afterEach(() => vi.unstubAllGlobals());

  it('appears when the building’s push says a state changed: kind, real, time and who', async () => {
    const api = fakeApi();
    api.on('GET', '/api/emergency-states/active', { states: [] });
    renderWithProviders(<EmergencyStateBanner />, { session: session('attendant') });
    await vi.waitFor(() => expect(api.calls('GET', '/api/emergency-states/active')).toHaveLength(1));
    expect(screen.queryByTestId('emergency-banner')).toBeNull();
    expect(FakeSource.last?.url).toMatch(/^\/api\/buildings\/\d+\/events$/);
    api.on('GET', '/api/emergency-states/active', { states: [lockdown] });
    // the first answer lands (a push during the very first fetch is covered by that fetch)
    await new Promise((r) => setTimeout(r, 100));
    FakeSource.last?.emit('emergency.changed');
    await vi.waitFor(() => expect(api.calls('GET', '/api/emergency-states/active')).toHaveLength(2));
    const banner = await screen.findByTestId('emergency-banner');
    expect(banner).toHaveTextContent('LOCKDOWN in progress at North High School: started 10:02 AM by Hank Desk.');
  });
});
