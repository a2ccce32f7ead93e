import { Badge, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { CONSTANTS, type TVisitorMatch } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { SHOWS_ERROR } from '../../lib/query-client';
import type { DeskNavigationState } from '../scan/scan-api';
import { visitorSearchQuery } from './dashboard-api';
import { formatCalendarDate, formatDate } from '../../lib/time/format';
import { fullName } from './format';
import './i18n.en';

const NEW = 'new';

/**
 * Find a visitor by name (spec 002 §2 search box, §7 POST /api/search with a 'Create a New
 * Visitor' entry): blank input is ignored (§5); 'searching...' while the search runs; a failure
 * reads 'No results found.' (§8). Picking a visitor opens their background check. A person the
 * district has excluded carries "On exclusion list" (audit 002 desk §3.4); the check still decides.
 */
/** `timeZone`: the desk building's, for the day of each match's last visit. */
export function VisitorSearch(props: { buildingId: number; timeZone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text.trim(), CONSTANTS.searchDelayMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const search = useQuery({ ...visitorSearchQuery(props.buildingId, term), meta: SHOWS_ERROR });
  const active = term.length > 0;
  const pending = text.trim() !== term || search.isFetching;
  const matches: TVisitorMatch[] = search.data ?? [];

  const pick = (value: string) => {
    combobox.closeDropdown();
    const state: DeskNavigationState = { buildingId: props.buildingId };
    if (value === NEW) navigate(paths.newVisitor, { state });
    else navigate(paths.background('visitor', Number(value)), { state });
  };

  const status = pending ? (
    <Group gap="xs" px="sm" py={6}>
      <Loader size="xs" aria-hidden />
      <Text size="sm">{t('dashboard.searching')}</Text>
    </Group>
  ) : search.isError || matches.length === 0 ? (
    <Text size="sm" px="sm" py={6}>
      {t('dashboard.noResults')}
    </Text>
  ) : null;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal position="bottom-start" shadow="md">
      <Combobox.Target>
        <TextInput
          label={t('dashboard.searchLabel')}
          placeholder={t('dashboard.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={pending && active ? <Loader size="xs" aria-hidden /> : null}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (e.currentTarget.value.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            if (text.trim()) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          autoComplete="off"
          data-testid="visitor-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!text.trim()} miw={320}>
        <div aria-live="polite">{status}</div>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label={t('dashboard.searchLabel')}>
          {!pending
            ? matches.map((m) => {
                const dob = formatCalendarDate(m.dob);
                const place = [m.city, m.state].filter(Boolean).join(', ');
                const lastVisit = m.lastVisitAt ? formatDate(m.lastVisitAt, props.timeZone) : null;
                return (
                  <Combobox.Option value={String(m.id)} key={m.id}>
                    <Stack gap={0}>
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        <Text fw={600} size="sm">
                          {fullName(m.firstname, m.lastname, m.middlename)}
                        </Text>
                        <Group gap={4} wrap="nowrap">
                          {m.onExclusionList ? (
                            <Badge size="sm" color="red.9" variant="filled" data-testid="search-excluded">
                              {t('dashboard.searchOnExclusionList')}
                            </Badge>
                          ) : null}
                          {m.openVisit ? (
                            <Badge size="sm" color="teal.9" variant="filled">
                              {t('dashboard.statusCheckedIn')}
                            </Badge>
                          ) : null}
                        </Group>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {/* what tells two records of one name apart (issue 22) */}
                        {[
                          dob,
                          m.licenseLast4 ? t('dashboard.searchLicence', { last4: m.licenseLast4 }) : null,
                          lastVisit ? t('dashboard.searchLastVisit', { date: lastVisit }) : null,
                          place,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                  </Combobox.Option>
                );
              })
            : null}
          <Combobox.Option value={NEW} data-testid="create-new-visitor">
            <Group gap="xs" wrap="nowrap">
              <IconUserPlus size={16} aria-hidden />
              <Text size="sm" fw={600} c="blue.8">
                {t('dashboard.createNewVisitor')}
              </Text>
            </Group>
          </Combobox.Option>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
