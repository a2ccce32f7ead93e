import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type TContactListQuery, type TContactRow } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { LIST_FILTERS, ListFilters, listFilterQuery } from '../../components/list-filters';
import { BulkActiveBar, ListAddButton, ListPage, useListState, useRowSelection } from '../../components/list-page';
import { clientsLookupQuery } from '../buildings/buildings-api';
import { formatMobile } from '../buildings/buildings-page';
import { ContactModal, useMaySeeConfidenceLevels } from './contact-modal';
import { contactKeys, useContactsList } from './contacts-api';
import './i18n.en';
import { useCan } from '../../lib/can';

const SORTS = ['name', 'id', 'contactType'] as const;

/** Contacts screen (spec 000 §2): active-only toggle and an edit modal (plus add and, for admins, a client filter). */
export default function ContactsPage() {
  const { t } = useTranslation();
  const isAdmin = useCan('clients.crossDistrict');
  const showLevels = useMaySeeConfidenceLevels();
  const { table, search, paging, sorting } = useListState({ sort: 'name', sorts: SORTS, filters: LIST_FILTERS });
  const { activeOnly, clientId } = listFilterQuery(table, isAdmin);
  const query: TContactListQuery = {
    ...paging,
    activeOnly: activeOnly ? 'true' : 'false',
    clientId,
    q: search.q,
  };
  const list = useContactsList(query);
  // issue 26 §4: several at once (activate / deactivate)
  const canBulk = useCan('contacts.manage');
  const selection = useRowSelection<TContactRow>(
    (r) => r.id,
    list.data?.data,
    (r) => r.name,
  );
  const clients = useQuery({ ...clientsLookupQuery, enabled: isAdmin });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const close = useCallback(() => setEditing(null), []);

  /** 'All levels', 'None' or the levels' names (issue 25, audit 000 U8: bare ids said nothing). */
  const levelText = (ids: number[] | null) =>
    !ids || ids.length === 0
      ? t('contacts.none')
      : ids.length === 6
        ? t('contacts.allLevels')
        : ids.map((id) => t(`contacts.levels.${id}`)).join(', ');

  const columns: Column<TContactRow>[] = [
    {
      key: 'name',
      header: t('contacts.col.name'),
      sortKey: 'name',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          {c.title ? (
            <Text size="xs" c="dimmed">
              {c.title}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'appliesTo',
      header: t('contacts.col.appliesTo'),
      sortKey: 'contactType',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{c.contactType === 'Global' ? t('contacts.districtWide') : c.buildingName}</Text>
          <Text size="xs" c="dimmed">
            {t(`contacts.type.${c.contactType}`)}
          </Text>
        </Stack>
      ),
    },
    { key: 'client', header: t('contacts.col.client'), render: (c) => c.clientName, hidden: !isAdmin },
    { key: 'email', header: t('contacts.col.email'), render: (c) => c.email },
    {
      key: 'mobile',
      header: t('contacts.col.mobile'),
      render: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMobile(c.mobile)}
        </Text>
      ),
    },
    {
      key: 'levels',
      header: t('contacts.col.levels'),
      render: (c) => <Text size="xs">{levelText(c.confidenceLevelNotification)}</Text>,
      hidden: !showLevels,
    },
    {
      key: 'status',
      header: t('contacts.col.status'),
      render: (c) => (
        <Text size="sm" fw={500} c={c.active ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {c.active ? t('common.active') : t('common.inactive')}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('contacts.col.actions'),
      width: 80,
      render: (c) => (
        <Tooltip label={t('contacts.editContact', { name: c.name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('contacts.editContact', { name: c.name })}
            onClick={() => setEditing(c.id)}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  if (canBulk) columns.unshift(selection.column);

  return (
    <ListPage
      notice={canBulk ? <BulkActiveBar kind="contacts" selection={selection} invalidate={contactKeys.all} /> : null}
      title={t('contacts.title')}
      intro={t('contacts.intro')}
      actions={<ListAddButton label={t('contacts.add')} onClick={() => setEditing('new')} />}
      filters={
        <ListFilters
          search={search}
          searchHint={t('lists.searchHint.contacts')}
          table={table}
          districts={isAdmin ? (clients.data ?? []) : null}
        />
      }
      table={{
        ...sorting,
        caption: t('contacts.tableCaption'),
        columns,
        list,
        rowKey: (c) => c.id,
        empty: t('contacts.empty'),
      }}
    >
      <ContactModal target={editing} onClose={close} defaultClientId={clientId ?? null} />
    </ListPage>
  );
}
