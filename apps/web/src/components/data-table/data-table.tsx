import type { TPage } from '@sv/contracts';
import { CONSTANTS } from '@sv/contracts';
import {
  ActionIcon,
  Box,
  Group,
  LoadingOverlay,
  Paper,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageWindow } from './page-window';
import { filterRows, TEXT_FILTER_MIN, textFilterActive } from './text-filter';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** server sort key; omit for a column that cannot be sorted */
  sortKey?: string;
  width?: number | string;
  /** hide the column (e.g. role-dependent columns, spec 000 §2 Users screen) */
  hidden?: boolean;
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  page: TPage<T> | undefined;
  isFetching: boolean;
  rowKey: (row: T) => string | number;
  sort: string;
  dir: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
  onPage: (page: number) => void;
  /** expandable row content (spec 000 §2 Buildings: the building's contacts) */
  renderExpanded?: (row: T) => ReactNode;
  empty?: ReactNode;
  /** the text filter over the rows on screen (spec 000 §5); on unless a table opts out */
  filterable?: boolean;
}

/**
 * The one data table (architecture guide §7): server paging of 100 rows, sort from the
 * server's allow-list, full-number pagination with a window of 5 pages (spec 000 §9), and the
 * previous page kept on screen while the next loads (pass `placeholderData: keepPreviousData`).
 * A text filter narrows the rows on screen (spec 000 §5: from 2 characters, Id fields skipped);
 * it runs in the browser, so the text is never sent anywhere.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set());
  const [filter, setFilter] = useState('');
  const cols = props.columns.filter((c) => !c.hidden);
  const pageRows = props.page?.data ?? [];
  const filtering = props.filterable !== false && textFilterActive(filter);
  const rows = filtering ? filterRows(pageRows, filter) : pageRows;
  const first = props.page && props.page.count > 0 ? (props.page.currentPage - 1) * props.page.perPage + 1 : 0;
  const last = props.page ? Math.min(props.page.currentPage * props.page.perPage, props.page.count) : 0;
  const toggle = (k: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });

  return (
    <Paper withBorder radius="md" pos="relative">
      <LoadingOverlay visible={props.isFetching && !props.page} zIndex={5} overlayProps={{ blur: 1 }} />
      {props.filterable !== false ? (
        <Group justify="space-between" align="flex-end" px="sm" pt="sm" gap="xs" wrap="wrap">
          <TextInput
            label={t('table.filter')}
            placeholder={t('table.filterPlaceholder', { count: TEXT_FILTER_MIN })}
            leftSection={<IconFilter size={16} aria-hidden />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
            autoComplete="off"
            data-testid="table-filter"
          />
          {filtering ? (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="table-filter-count">
              {t('table.filtered', { shown: rows.length, total: pageRows.length })}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={props.isFetching}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 12px' }}>
            <Box
              component="span"
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {props.caption}
            </Box>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {/* a header cell with text (axe empty-table-header): said by screen readers, not shown */}
              {props.renderExpanded ? (
                <Table.Th w={40}>
                  <VisuallyHidden>{t('table.expand')}</VisuallyHidden>
                </Table.Th>
              ) : null}
              {cols.map((c) => {
                const sorted = c.sortKey && props.sort === c.sortKey;
                return (
                  <Table.Th
                    key={c.key}
                    w={c.width}
                    aria-sort={sorted ? (props.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortKey ? (
                      <UnstyledButton onClick={() => props.onSort(c.sortKey!)} fw={600} fz="sm">
                        {c.header}{' '}
                        {sorted ? (
                          props.dir === 'asc' ? (
                            '▲'
                          ) : (
                            '▼'
                          )
                        ) : (
                          <Text span c="dimmed">
                            ↕
                          </Text>
                        )}
                      </UnstyledButton>
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: props.isFetching && props.page ? 0.6 : 1 }}>
            {rows.length === 0 && props.page ? (
              <Table.Tr>
                <Table.Td colSpan={cols.length + (props.renderExpanded ? 1 : 0)}>
                  <Text c="dimmed" ta="center" py="md">
                    {filtering && pageRows.length > 0 ? t('table.noFilterMatch') : (props.empty ?? t('table.empty'))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row) => {
              const k = props.rowKey(row);
              const open = expanded.has(k);
              return (
                <Fragment key={k}>
                  <Table.Tr>
                    {props.renderExpanded ? (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          aria-expanded={open}
                          aria-label={open ? t('table.collapse') : t('table.expand')}
                          onClick={() => toggle(k)}
                        >
                          {open ? '−' : '+'}
                        </ActionIcon>
                      </Table.Td>
                    ) : null}
                    {cols.map((c) => (
                      <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                  {open && props.renderExpanded ? (
                    <Table.Tr>
                      <Table.Td colSpan={cols.length + 1} bg="var(--mantine-color-gray-0)">
                        {props.renderExpanded(row)}
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" p="sm" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {props.page ? t('table.info', { first, last, count: props.page.count }) : ' '}
        </Text>
        {props.page && props.page.totalPages > 1 ? (
          <PageWindow
            current={props.page.currentPage}
            total={props.page.totalPages}
            window={CONSTANTS.paginationWindow}
            onChange={props.onPage}
          />
        ) : null}
      </Group>
    </Paper>
  );
}
