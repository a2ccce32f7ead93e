import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CONSTANTS, type TPage } from '@sv/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type DataTableProps, DataTable } from '../data-table/data-table';
import { type TableState, useTableState } from '../data-table/use-table-state';
import { type ListSearch, useListSearch } from '../list-filters/list-search';
import { loadFailureText } from '../../lib/query-client';

/** What ListPage reads of the list's query (a TanStack `useQuery` result fits). */
export interface ListQuery<T> {
  data: TPage<T> | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

/** The table of a list page: the DataTable's props, with the list's query instead of page and isFetching. */
export type ListTable<T> = Omit<DataTableProps<T>, 'page' | 'isFetching'> & { list: ListQuery<T> };

export interface ListPageProps<T> {
  /** the page's one heading (h1) */
  title: string;
  /** under the heading: a sentence (shown small and dimmed), or the page's own lines */
  intro?: ReactNode;
  /** above the heading (a back link) */
  above?: ReactNode;
  /** the header's buttons, on the right: Import, Export, Add (ListAddButton) … */
  actions?: ReactNode;
  /** between the header and the filters: notices, a district picker */
  notice?: ReactNode;
  /** the filter row (ListFilters, or the list's own form) */
  filters?: ReactNode;
  /** between the filters and the table (charts) */
  extra?: ReactNode;
  /** shown instead of the filters and the table while the list cannot be asked for (no district chosen) */
  placeholder?: ReactNode;
  table: ListTable<T>;
  /** the page's dialogs */
  children?: ReactNode;
  maw?: number;
}

export { loadFailureLog, loadFailureText } from '../../lib/query-client';

/**
 * The one list page of the web (issue 24 §2 "one way"; architecture guide, Paging): the header
 * (heading, intro, the Add / Import / Export buttons), the filter row, and the one DataTable with
 * server paging (100 rows, 5-page window, the previous page kept while the next loads) and its
 * text filter over the rows on screen (spec 000 §5). While the first page loads the table shows
 * its loading overlay; a failed load is logged as the spec says (spec 000 §8) and its sentence
 * shown in the table instead of the empty text. Every administration list, the registration
 * lists, the logs and the outbox are a ListPage; `one-way.test.ts` fails CI on a page that wires
 * a DataTable itself.
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { list, empty, ...table } = props.table;
  // the query client logs the failure (spec 000 §8); the table shows it, so the list's query
  // carries `meta: SHOWS_ERROR` and no toast repeats it (lib/query-client.ts)
  const failed = list.isError ? list.error : null;

  return (
    <Stack gap="md" maw={props.maw}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={props.above ? 4 : 2}>
          {props.above}
          <Title order={1} size="h2">
            {props.title}
          </Title>
          {typeof props.intro === 'string' ? (
            <Text size="sm" c="dimmed">
              {props.intro}
            </Text>
          ) : (
            props.intro
          )}
        </Stack>
        {props.actions ? <Group gap="sm">{props.actions}</Group> : null}
      </Group>
      {props.notice}
      {props.placeholder ?? (
        <>
          {props.filters}
          {props.extra}
          <DataTable
            {...table}
            page={list.data}
            isFetching={list.isFetching}
            empty={failed ? loadFailureText(failed) : empty}
          />
        </>
      )}
      {props.children}
    </Stack>
  );
}

/** The Add button of a list's header: a link to the add page (`to`) or a button opening a dialog. */
export function ListAddButton(props: { label: string; to?: string; onClick?: () => void; disabled?: boolean }) {
  const icon = <IconPlus size={16} aria-hidden />;
  return props.to ? (
    <Button component={Link} to={props.to} leftSection={icon}>
      {props.label}
    </Button>
  ) : (
    <Button leftSection={icon} onClick={props.onClick} disabled={props.disabled}>
      {props.label}
    </Button>
  );
}

/**
 * The state of a list kept in the URL (page, sort, filters; useTableState) plus its server-side
 * search (useListSearch: component state, never the URL). `paging` is what the server is asked
 * for: a sort outside the list's allow-list falls back to the default; `sorting` goes to the table.
 */
export function useListState<F extends Record<string, string>, S extends string>(options: {
  sort: S;
  sorts: readonly S[];
  dir?: 'asc' | 'desc';
  filters: F;
}): {
  table: TableState<F>;
  search: ListSearch;
  paging: { page: number; perPage: number; sort: S; dir: 'asc' | 'desc' };
  sorting: Pick<DataTableProps<unknown>, 'sort' | 'dir' | 'onSort' | 'onPage'>;
} {
  const table = useTableState({ sort: options.sort, dir: options.dir, filters: options.filters });
  const search = useListSearch();
  const sort = (options.sorts as readonly string[]).includes(table.sort) ? (table.sort as S) : options.sort;
  return {
    table,
    search,
    paging: { page: table.page, perPage: CONSTANTS.pageSize, sort, dir: table.dir },
    sorting: { sort, dir: table.dir, onSort: table.setSort, onPage: table.setPage },
  };
}
