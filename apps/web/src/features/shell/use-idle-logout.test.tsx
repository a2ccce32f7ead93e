import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_CHANNEL, useIdleLogout } from './use-idle-logout';

/**
 * audit 000 U15: the idle timer watched only its own tab, and timing out ends the one server
 * session, so an idle second tab logged out a person working in the first. Tabs share activity.
 */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the idle logout across tabs', () => {
  it('activity in another tab keeps this one from warning and logging out', async () => {
    const onTimeout = vi.fn();
    const { result, unmount } = renderHook(
      () => useIdleLogout({ onTimeout, idleLimitMs: 400, countdownSeconds: 1, keepAliveMs: 60_000 }),
      { wrapper },
    );
    const otherTab = new BroadcastChannel(ACTIVITY_CHANNEL);
    for (let i = 0; i < 8; i++) {
      otherTab.postMessage({ at: Date.now() });
      await sleep(100);
    }
    expect(result.current.secondsLeft).toBeNull();
    expect(onTimeout).not.toHaveBeenCalled();
    otherTab.close();
    // and without it, the warning comes as before
    await waitFor(() => expect(result.current.secondsLeft).not.toBeNull(), { timeout: 2000 });
    unmount();
  });
});
