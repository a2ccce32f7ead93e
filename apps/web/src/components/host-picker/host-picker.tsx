import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';

/** One host the picker offers: `detail` (an e-mail address at the desk) tells two of one name apart. */
export interface HostOption {
  id: number;
  name: string;
  detail?: string | null;
}

/** What "Person visiting" holds: the text shown, and the host it names when one was picked. */
export interface HostPick {
  visiting: string;
  hostId: number | null;
}

/** The picker asks for hosts once this many letters are typed (the kiosk's endpoint requires as many). */
export const HOST_PICKER_MIN_CHARS = 2;
const DEBOUNCE_MS = 250;

/**
 * "Person visiting" (issue 28 §1): an autocomplete of hosts; typing still works for someone not in
 * the list. Picking a host names them (`hostId`); editing the text afterwards forgets the pick.
 * Shared by the desk (check-in, quick check-in, invitations: the district's hosts) and the kiosk
 * (its own building's hosts, names only): each feature hands its own query (`hosts`), its own
 * words and whether it may ask at all (`enabled`: the desk's `useCan('hosts.read')`).
 * The input is a combobox (role "combobox", named by its label).
 */
export function HostPicker<K extends QueryKey>(
  props: {
    value: string;
    hostId: number | null;
    onChange: (value: HostPick) => void;
    /** the query of the hosts matching the typed words (called with ≥ HOST_PICKER_MIN_CHARS, trimmed) */
    hosts: (q: string) => UseQueryOptions<HostOption[], Error, HostOption[], K>;
    /** the hosts may be asked for (a permission, a setting); without it the field is plain text */
    enabled?: boolean;
    /** said under the field when the words match nobody (the name typed is kept) */
    noMatch: string;
  } & Pick<
    AutocompleteProps,
    'label' | 'description' | 'error' | 'size' | 'styles' | 'placeholder' | 'maxLength' | 'comboboxProps'
  >,
) {
  const [q] = useDebouncedValue(props.value.trim(), DEBOUNCE_MS);
  // asked only once the person types (a prefilled name — a card's, the last visit's — is not a
  // search) and while no host is picked
  const [typed, setTyped] = useState(false);
  const asking = (props.enabled ?? true) && typed && props.hostId === null && q.length >= HOST_PICKER_MIN_CHARS;
  const hosts = useQuery({ ...props.hosts(q), enabled: asking });
  const rows = asking ? (hosts.data ?? []) : [];
  // one option per host; two hosts of one name are told apart by their detail when there is one
  const labelOf = (h: HostOption) =>
    rows.filter((r) => r.name === h.name).length > 1 && h.detail ? `${h.name} (${h.detail})` : h.name;
  // the option just submitted: Mantine then reports its label as typed text, which is not an edit
  const submitted = useRef<string | null>(null);
  const noMatch = asking && hosts.isSuccess && !hosts.isPlaceholderData && rows.length === 0;
  return (
    <Autocomplete
      label={props.label}
      description={noMatch ? props.noMatch : props.description}
      error={props.error}
      size={props.size}
      styles={props.styles}
      placeholder={props.placeholder}
      maxLength={props.maxLength}
      autoComplete="off"
      value={props.value}
      data={rows.map((h) => ({ value: String(h.id), label: labelOf(h) }))}
      // the server already searched (names however spelled): show what it found
      filter={({ options }) => options}
      onOptionSubmit={(id) => {
        const h = rows.find((r) => String(r.id) === id);
        if (!h) return;
        submitted.current = labelOf(h);
        props.onChange({ visiting: h.name, hostId: h.id });
      }}
      onChange={(text) => {
        if (submitted.current !== null && text === submitted.current) {
          submitted.current = null;
          return;
        }
        submitted.current = null;
        setTyped(true);
        // any text typed is a name typed by hand: the pick is forgotten
        props.onChange({ visiting: text, hostId: null });
      }}
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
      data-testid="host-picker"
      data-host-id={props.hostId ?? undefined}
    />
  );
}
