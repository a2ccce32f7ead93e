import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export interface TableState<F extends Record<string, string>> {
  page: number;
  sort: string;
  dir: 'asc' | 'desc';
  filters: F;
  setPage(page: number): void;
  setSort(sort: string): void;
  setFilter<K extends keyof F>(key: K, value: F[K]): void;
  /** several filters in one URL update (separate setFilter calls in one event would overwrite each other) */
  setFilters(values: Partial<F>): void;
  reset(): void;
}

/**
 * Table paging, sort and filters kept in the URL (architecture guide §7), so a view can be
 * bookmarked and the back button works. Never put personal data in filters kept here: name
 * searches stay in component state and go to the server in a request body.
 */
export function useTableState<F extends Record<string, string>>(defaults: {
  sort: string;
  dir?: 'asc' | 'desc';
  filters: F;
}): TableState<F> {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = params.get('sort') ?? defaults.sort;
  const dir = (params.get('dir') as 'asc' | 'desc' | null) ?? defaults.dir ?? 'asc';
  const filterKey = Object.keys(defaults.filters)
    .map((k) => params.get(k))
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey captures the relevant params
  const filters = useMemo(() => {
    const out = { ...defaults.filters };
    for (const k of Object.keys(defaults.filters) as (keyof F)[]) {
      const v = params.get(k as string);
      if (v !== null) out[k] = v as F[keyof F];
    }
    return out;
  }, [filterKey]);

  // The params of the last update not yet rendered. React Router renders a navigation in a
  // transition, so two updates from two quick events (a date typed, then a time) would both start
  // from the rendered params and the second would drop the first (the visit log's "on site at"
  // lost its date). Each update starts from the newest params we asked for; a render (ours or a
  // navigation from elsewhere) resets it to what the URL now holds.
  const rendered = useRef(params);
  const latest = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (mut: (p: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      mut(next);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  return {
    page,
    sort,
    dir,
    filters,
    setPage: (p) => update((n) => n.set('page', String(p))),
    setSort: (s) =>
      update((n) => {
        const same = (n.get('sort') ?? defaults.sort) === s;
        const curDir = (n.get('dir') as 'asc' | 'desc' | null) ?? defaults.dir ?? 'asc';
        n.set('sort', s);
        n.set('dir', same && curDir === 'asc' ? 'desc' : 'asc');
        n.set('page', '1');
      }),
    setFilter: (k, v) =>
      update((n) => {
        if (v === defaults.filters[k]) n.delete(k as string);
        else n.set(k as string, v);
        n.set('page', '1');
      }),
    setFilters: (values) =>
      update((n) => {
        for (const [k, v] of Object.entries(values) as [keyof F & string, F[keyof F]][]) {
          if (v === defaults.filters[k]) n.delete(k);
          else n.set(k, v);
        }
        n.set('page', '1');
      }),
    reset: () => setParams(new URLSearchParams(), { replace: true }),
  };
}
