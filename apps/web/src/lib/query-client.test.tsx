import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MESSAGES } from '@sv/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { contactsListQuery } from '../features/contacts/contacts-api';
import { exclusionsListQuery } from '../features/exclusions/exclusions-api';
import { usersListQuery } from '../features/users/users-api';
import { errorReply, fakeApi } from '../test/fake-api';
import { api } from './api-client';
import { createQueryClient, SHOWS_ERROR } from './query-client';

/**
 * Every failed query is logged with the spec's "Error retrieving data." (spec 000 §8) and told to
 * the user through the one notice, unless its screen shows the failure itself (issue 25, audit 000
 * rows 12.4 and 8.11, B13/B14: failed loads were silent).
 */
function Probe(props: { meta?: typeof SHOWS_ERROR }) {
  const q = useQuery({ queryKey: ['probe'], queryFn: () => api.get('/api/probe'), meta: props.meta });
  return <div>{q.isError ? 'failed' : 'loading'}</div>;
}

function renderProbe(meta?: typeof SHOWS_ERROR) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <Probe meta={meta} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the app query client', () => {
  it('logs a failed query with "Error retrieving data." and shows its sentence in a toast', async () => {
    fakeApi().on('GET', '/api/probe', errorReply(500, 'The exclusions could not be read.'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderProbe();
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(`${MESSAGES.errorRetrieving} The exclusions could not be read.`);
    expect(await screen.findByText('The exclusions could not be read.')).toBeInTheDocument();
  });

  it('only logs when the screen shows the failure itself (meta showsError)', async () => {
    fakeApi().on('GET', '/api/probe', errorReply(500, 'The exclusions could not be read.'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderProbe(SHOWS_ERROR);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(`${MESSAGES.errorRetrieving} The exclusions could not be read.`);
    expect(screen.queryByText('The exclusions could not be read.')).not.toBeInTheDocument();
  });

  it('the ListPage lists show their failures in the table, so their queries opt out of the toast', () => {
    const paging = { page: 1, perPage: 100, sort: 'name', dir: 'asc' } as const;
    expect(usersListQuery({ ...paging } as never).meta).toEqual(SHOWS_ERROR);
    expect(exclusionsListQuery({ ...paging } as never).meta).toEqual(SHOWS_ERROR);
    expect(contactsListQuery({ ...paging } as never).meta).toEqual(SHOWS_ERROR);
  });
});
