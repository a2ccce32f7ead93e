import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { can, type TLogRange, type TPage } from '@sv/contracts';
import { parseUsDate } from '@sv/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { useTableState } from '../../components/data-table/use-table-state';
import { useUser } from '../../lib/session';
import { logAttendantsQuery, logBuildingsQuery } from './logs-api';
import './i18n.en';

/** The filters of every log, as the server takes them (contracts ZLogFilters) plus paging and sort. */
export interface LogRequest {
  page: number;
  perPage: number;
  sort: string;
  dir: 'asc' | 'desc';
  from?: string;
  to?: string;
  buildingId?: number;
  attendantId?: number;
  search: string;
}

export interface LogScreenProps<T> {
  /** i18n prefix: logs.visits | logs.vendors | logs.denied | logs.pickups | logs.nearby */
  textKey: 'visits' | 'vendors' | 'denied' | 'pickups' | 'nearby';
  /** false: the log has no attendant (the nearby log), so no attendant filter */
  attendantFilter?: boolean;
  columns: Column<T>[];
  defaultSort: string;
  sorts: readonly string[];
  rowKey: (row: T) => number;
  useRows: (q: LogRequest) => UseQueryResult<TPage<T> & { range: TLogRange }>;
  /** the export button of this log (gets the current filters) */
  renderExport?: (q: LogRequest) => ReactNode;
  /** content between the filters and the table (charts) */
  renderExtra?: (q: LogRequest) => ReactNode;
}

/**
 * The one log screen (issue 13; spec 002 §2 Logs, §6, §9): a date range (default the last 7
 * days up to today in the building's zone, read from the server), building and attendant
 * filters for administrators (attendants see their own building, no attendant filter), a search
 * sent in the request body, and the one DataTable with server paging (100 rows, full-number
 * pagination) sorted by date, newest first. Filters that are not personal data stay in the URL.
 */
export function LogScreen<T>(props: LogScreenProps<T>) {
  const { t } = useTranslation();
  const me = useUser();
  const mayFilter = can(me, 'logs.filterByBuilding');
  const attendantFilter = mayFilter && props.attendantFilter !== false;
  const table = useTableState({
    sort: props.defaultSort,
    dir: 'desc',
    filters: { from: '', to: '', buildingId: '', attendantId: '' },
  });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 350);
  const buildingId = mayFilter && table.filters.buildingId ? Number(table.filters.buildingId) : undefined;
  const q: LogRequest = {
    page: table.page,
    perPage: 100,
    sort: props.sorts.includes(table.sort) ? table.sort : props.defaultSort,
    dir: table.dir,
    from: table.filters.from || undefined,
    to: table.filters.to || undefined,
    buildingId,
    attendantId: attendantFilter && table.filters.attendantId ? Number(table.filters.attendantId) : undefined,
    search,
  };
  const rows = props.useRows(q);
  const range = rows.data?.range;
  const buildings = useQuery({ ...logBuildingsQuery, enabled: mayFilter });
  const attendants = useQuery({ ...logAttendantsQuery(buildingId), enabled: attendantFilter });

  const dateField = (key: 'from' | 'to') => (
    <DateInput
      key={`${key}-${range?.[key] ?? ''}`}
      label={t(`logs.filter.${key}`)}
      placeholder={t('logs.filter.dateHint')}
      valueFormat="MM/DD/YYYY"
      dateParser={(text) => parseUsDate(text)}
      value={table.filters[key] || range?.[key] || null}
      onChange={(v) => table.setFilter(key, v ? String(v).slice(0, 10) : '')}
      maxDate={key === 'from' ? table.filters.to || range?.to : undefined}
      minDate={key === 'to' ? table.filters.from || range?.from : undefined}
      popoverProps={{ withinPortal: true }}
      w={150}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t(`logs.${props.textKey}.title`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`logs.${props.textKey}.intro`)}
          </Text>
        </Stack>
        {props.renderExport?.(q)}
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        {dateField('from')}
        {dateField('to')}
        {mayFilter ? (
          <Select
            label={t('logs.filter.building')}
            placeholder={t('logs.filter.allBuildings')}
            data={(buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={table.filters.buildingId || null}
            onChange={(v) => table.setFilter('buildingId', v ?? '')}
            clearable
            clearButtonProps={{ 'aria-label': t('logs.filter.clearBuilding') }}
            searchable
            w={240}
          />
        ) : null}
        {attendantFilter ? (
          <Select
            label={t('logs.filter.attendant')}
            placeholder={t('logs.filter.allAttendants')}
            data={(attendants.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={table.filters.attendantId || null}
            onChange={(v) => table.setFilter('attendantId', v ?? '')}
            clearable
            clearButtonProps={{ 'aria-label': t('logs.filter.clearAttendant') }}
            searchable
            w={220}
          />
        ) : null}
        <TextInput
          label={t('logs.filter.search')}
          placeholder={t(`logs.${props.textKey}.searchHint`)}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            if (table.page !== 1) table.setPage(1);
          }}
          w={260}
        />
      </Group>
      {range ? (
        <Text size="xs" c="dimmed">
          {t('logs.filter.zoneNote', { zone: range.timeZone })}
        </Text>
      ) : null}

      {props.renderExtra?.(q)}

      <DataTable
        caption={t(`logs.${props.textKey}.caption`)}
        columns={props.columns}
        page={rows.data}
        isFetching={rows.isFetching}
        rowKey={props.rowKey}
        sort={q.sort}
        dir={q.dir}
        onSort={table.setSort}
        onPage={table.setPage}
        empty={t(`logs.${props.textKey}.empty`)}
      />
    </Stack>
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: 'date' | 'time') {
  const key = `${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      'en-US',
      kind === 'date'
        ? { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }
        : { timeZone, hour: 'numeric', minute: '2-digit' },
    );
    formatters.set(key, f);
  }
  return f;
}

/** mm/dd/yyyy (spec 002 §9) in the building's zone, never the browser's. */
export const localDate = (iso: string, timeZone: string) => formatter(timeZone, 'date').format(new Date(iso));
/** h:mm AM in the building's zone. */
export const localTime = (iso: string, timeZone: string) => formatter(timeZone, 'time').format(new Date(iso));
