import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { CONSTANTS } from '@sv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListSearch {
  /** what is typed */
  text: string;
  setText(text: string): void;
  /** what the server is asked for: the trimmed text once typing pauses for CONSTANTS.debounceMs */
  q: string;
}

/**
 * The server-side search of an administration list (issue 25, audit 000 U1): the words go to the
 * server (POST …/search, never the URL) after the spec's search debounce (spec 000 §9: 1000 ms),
 * and find rows on every page. It lives in component state, not in the URL (personal data).
 */
export function useListSearch(): ListSearch {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), CONSTANTS.debounceMs);
  return { text, setText, q };
}

/** The search box of an administration list; `onSearch` runs on every change (go back to page 1). */
export function ListSearchInput(props: { search: ListSearch; hint: string; onSearch?: () => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('lists.search')}
      description={t('lists.searchNote')}
      placeholder={props.hint}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={props.search.text}
      onChange={(e) => {
        props.search.setText(e.currentTarget.value);
        props.onSearch?.();
      }}
      w={{ base: '100%', xs: 300 }}
      autoComplete="off"
      data-testid="list-search"
    />
  );
}
