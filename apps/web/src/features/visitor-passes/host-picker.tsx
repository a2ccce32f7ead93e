import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { THostRow } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import { useHostsList } from './visitor-passes-api';
import './i18n.en';

/**
 * "Person visiting" (issue 28 §1): an autocomplete of the district's hosts; typing still works for
 * someone not in the list. Picking a host names them (`hostId`); editing the text afterwards
 * forgets the pick.
 */
export function HostPicker(
  props: {
    value: string;
    hostId: number | null;
    onChange: (value: { visiting: string; hostId: number | null }) => void;
    buildingId: number | null;
    /** the hosts list may be read (hosts.read) */
    enabled?: boolean;
  } & Pick<AutocompleteProps, 'label' | 'description' | 'error' | 'size' | 'styles' | 'placeholder'>,
) {
  const { t } = useTranslation();
  const [q] = useDebouncedValue(props.value.trim(), 250);
  const hosts = useHostsList(
    { q, page: 1, perPage: 8, sort: 'name', dir: 'asc', ...(props.buildingId ? { buildingId: props.buildingId } : {}) },
    (props.enabled ?? true) && q.length >= 2,
  );
  const rows: THostRow[] = q.length >= 2 ? (hosts.data?.data ?? []) : [];
  // one option per host; two hosts of one name are told apart by their e-mail
  const labelOf = (h: THostRow) =>
    rows.filter((r) => r.name === h.name).length > 1 && h.email ? `${h.name} (${h.email})` : h.name;
  return (
    <Autocomplete
      label={props.label}
      description={props.description}
      error={props.error}
      size={props.size}
      styles={props.styles}
      placeholder={props.placeholder}
      value={props.value}
      data={rows.map((h) => ({ value: `${h.id}`, label: labelOf(h) }))}
      filter={({ options }) => options}
      // a picked option arrives as its label: that host; any other text is a name typed by hand
      onChange={(text) => {
        const h = rows.find((r) => labelOf(r) === text);
        props.onChange(h ? { visiting: h.name, hostId: h.id } : { visiting: text, hostId: null });
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid="host-picker"
      {...(q.length >= 2 && hosts.isSuccess && rows.length === 0 ? { description: t('hosts.picker.noMatch') } : {})}
    />
  );
}
