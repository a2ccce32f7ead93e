import { Group, Select, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { District, ListFilterState } from './list-filter-query';

/**
 * The filter row of an administration list: the active-only toggle and, for admins, the district
 * filter (spec 000 §2 "client filter visible to admins only"); `children` adds a list's own.
 */
export function ListFilters(props: {
  table: ListFilterState;
  /** the districts to choose from; null hides the district filter */
  districts: District[] | null;
  /** the toggle's label when a list words it its own way */
  activeLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { table } = props;
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <Switch
        label={props.activeLabel ?? t('lists.activeOnly')}
        checked={table.filters.activeOnly === 'true'}
        onChange={(e) => table.setFilter('activeOnly', e.currentTarget.checked ? 'true' : 'false')}
      />
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
