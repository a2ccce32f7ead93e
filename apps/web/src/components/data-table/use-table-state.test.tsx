import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTableState } from './use-table-state';

/**
 * Two filter changes from two events before React renders the first navigation (the visit log's
 * "on site at": a date, then a time) must both reach the URL; the second used to start from the
 * rendered params and drop the first.
 */
function renderTableState() {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const { result } = renderHook(
    () => ({
      table: useTableState({ sort: 'name', filters: { atDate: '', atTime: '', q: '' } }),
      search: useLocation().search,
    }),
    {
      wrapper: ({ children }: { children: ReactNode }) => {
        router ??= createMemoryRouter([{ path: '/log', element: children }], { initialEntries: ['/log?q=x'] });
        return <RouterProvider router={router} />;
      },
    },
  );
  return result;
}

describe('useTableState', () => {
  it('keeps both of two filters set before the first is rendered', () => {
    const result = renderTableState();
    const { setFilter } = result.current.table;
    act(() => {
      setFilter('atDate', '2026-11-28');
      setFilter('atTime', '17:47');
    });
    expect(result.current.table.filters).toEqual({ atDate: '2026-11-28', atTime: '17:47', q: 'x' });
  });

  it('starts from a navigation made elsewhere, not from its own older updates', () => {
    const result = renderTableState();
    act(() => result.current.table.setFilter('atDate', '2026-11-28'));
    act(() => result.current.table.reset());
    act(() => result.current.table.setFilter('atTime', '08:00'));
    expect(result.current.table.filters).toEqual({ atDate: '', atTime: '08:00', q: '' });
    expect(result.current.search).toBe('?atTime=08%3A00&page=1');
  });
});
