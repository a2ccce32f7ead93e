import { Group, Select, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../data-table/use-table-state';
import type { District } from './list-filter-query';
import { type ListSearch, ListSearchInput } from './list-search';

/**
 * The filter row of an administration list: the active-only toggle and, for admins, the district
 * filter (spec 000 §2 "client filter visible to admins only"); `children` adds a list's own.
 */
export function ListFilters(props: {
  /** the list's URL state: `activeOnly`, and `clientId` when the district filter shows */
  table:
    | TableState<{ activeOnly: string; clientId: string }>
    | TableState<{ activeOnly: string }>
    | TableState<{ clientId: string }>;
  /** false for a list without an active/inactive state (the audit log): no toggle */
  activeToggle?: boolean;
  /** the districts to choose from; null hides the district filter */
  districts: District[] | null;
  /** the toggle's label when a list words it its own way */
  activeLabel?: string;
  /** the list's server-side search (issue 25) and its placeholder */
  search?: ListSearch;
  searchHint?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // the district filter shows only with `districts`, which only lists with a clientId filter pass
  const table = props.table as TableState<{ activeOnly: string; clientId: string }>;
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      {props.search ? (
        <ListSearchInput
          search={props.search}
          hint={props.searchHint ?? ''}
          onSearch={() => {
            if (table.page !== 1) table.setPage(1);
          }}
        />
      ) : null}
      {props.activeToggle === false ? null : (
        <Switch
          label={props.activeLabel ?? t('lists.activeOnly')}
          checked={table.filters.activeOnly === 'true'}
          onChange={(e) => table.setFilter('activeOnly', e.currentTarget.checked ? 'true' : 'false')}
        />
      )}
      {props.districts ? (
        <Select
          label={t('lists.district')}
          placeholder={t('lists.allDistricts')}
          data={props.districts.map((d) => ({ value: String(d.id), label: d.name }))}
          value={table.filters.clientId || null}
          onChange={(v) => table.setFilter('clientId', v ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': t('lists.clearDistrict') }}
          searchable
          w={280}
        />
      ) : null}
      {props.children}
    </Group>
  );
}
