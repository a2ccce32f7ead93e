import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { TSessionResponse } from '@sv/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { theme } from '../app/theme';
import { LiveAnnouncer } from '../components/announcer';
import { sessionKey } from '../lib/session';

/**
 * Renders a screen as the app does (main.tsx): Mantine with the app's theme (env 'test': no
 * transitions, no portals), the toasts' host, a fresh TanStack Query client with the app's
 * defaults, the i18n catalogues (setup.ts), and a memory router at `route` (with navigation
 * `state`) where `path` is the screen's route pattern. Any other location renders a probe
 * (`screen.getByTestId('location')`) that shows where the screen navigated and with what state.
 * `session`: the signed-in user the screen reads (null: nobody signed in).
 */
export function renderWithProviders(
  ui: ReactElement,
  opts: { path?: string; route?: string; state?: unknown; session?: TSessionResponse | null } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  if (opts.session) queryClient.setQueryData(sessionKey, opts.session);
  const path = opts.path ?? '/';
  // a route may carry a query string ('/audit?targetType=exclusion'): the screen reads it from the URL
  const [pathname = path, query] = (opts.route ?? path).split('?');
  const search = query ? `?${query}` : '';
  // no pause between keystrokes: the tests type whole fields
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <LiveAnnouncer />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname, search, state: opts.state ?? null }]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient };
}

/** Where the screen went: the path, and the navigation state as JSON (data-state). */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

/** The navigation state the probe shows. */
export const probedState = (el: HTMLElement) => JSON.parse(el.getAttribute('data-state') ?? 'null');
