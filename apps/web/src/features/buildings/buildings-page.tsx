import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { type TBuildingListQuery, type TBuildingRow } from '@sv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { ExportButton } from '../../components/export';
import { ListImport } from '../../components/import-dialog';
import { LIST_FILTERS, ListFilters, listFilterQuery } from '../../components/list-filters';
import { BulkActiveBar, ListAddButton, ListPage, useListState, useRowSelection } from '../../components/list-page';
import { ContactModal } from '../contacts/contact-modal';
import { buildingContactsQuery, buildingKeys, clientsLookupQuery, useBuildingsList } from './buildings-api';
import { BuildingModal } from './building-modal';
import './i18n.en';
import '../contacts/i18n.en';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

const SORTS = ['name', 'id', 'city'] as const;

/** Buildings screen (spec 000 §2): active-only toggle, client filter (admins), import, export, add/edit, contacts row. */
export default function BuildingsPage() {
  const { t } = useTranslation();
  const isAdmin = useCan('clients.crossDistrict');
  const { table, search, paging, sorting } = useListState({ sort: 'name', sorts: SORTS, filters: LIST_FILTERS });
  const { activeOnly, clientId } = listFilterQuery(table, isAdmin);
  const query: TBuildingListQuery = {
    ...paging,
    activeOnly: activeOnly ? 'true' : 'false',
    clientId,
    q: search.q,
  };
  const list = useBuildingsList(query);
  // issue 26 §4: several at once (activate / deactivate)
  const canBulk = useCan('buildings.manage');
  const selection = useRowSelection<TBuildingRow>(
    (r) => r.id,
    list.data?.data,
    (r) => r.name,
  );
  const clients = useQuery({ ...clientsLookupQuery, enabled: isAdmin });
  const qc = useQueryClient();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [contactFor, setContactFor] = useState<TBuildingRow | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  const closeContact = useCallback(() => setContactFor(null), []);

  const columns: Column<TBuildingRow>[] = [
    { key: 'id', header: t('buildings.col.id'), render: (b) => b.id, sortKey: 'id', width: 70 },
    {
      key: 'name',
      header: t('buildings.col.name'),
      sortKey: 'name',
      render: (b) => <Text fw={500}>{b.name}</Text>,
    },
    { key: 'client', header: t('buildings.col.client'), render: (b) => b.clientName, hidden: !isAdmin },
    {
      key: 'address',
      header: t('buildings.col.address'),
      sortKey: 'city',
      render: (b) => (
        <Stack gap={0}>
          <Text size="sm">{[b.street1, b.street2].filter(Boolean).join(', ')}</Text>
          <Text size="sm" c="dimmed">
            {[b.city, [b.state, b.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
          </Text>
        </Stack>
      ),
    },
    { key: 'timeZone', header: t('buildings.col.timeZone'), render: (b) => b.timeZone.replace(/_/g, ' ') },
    {
      key: 'status',
      header: t('buildings.col.status'),
      render: (b) => (
        <Text size="sm" fw={500} c={b.active ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {b.active ? t('common.active') : t('common.inactive')}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('buildings.col.actions'),
      width: 80,
      render: (b) => (
        <Tooltip label={t('buildings.editBuilding', { name: b.name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('buildings.editBuilding', { name: b.name })}
            onClick={() => setEditing(b.id)}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  if (canBulk) columns.unshift(selection.column);

  const districts = isAdmin ? (clients.data ?? []) : null;
  const exportParams = { activeOnly, clientId };

  return (
    <ListPage
      notice={
        canBulk ? (
          <BulkActiveBar kind="buildings" deletable selection={selection} invalidate={buildingKeys.all} />
        ) : null
      }
      title={t('buildings.title')}
      intro={t('buildings.intro')}
      actions={
        <>
          <ListImport
            kind="buildings"
            label={t('buildings.import')}
            title={t('buildings.importTitle')}
            districts={districts}
            districtId={clientId}
            onImported={() => void qc.invalidateQueries({ queryKey: buildingKeys.all })}
          />
          <ExportButton kind="buildings" params={exportParams} title={t('buildings.exportTitle')} />
          <ListAddButton label={t('buildings.add')} onClick={() => setEditing('new')} />
        </>
      }
      filters={
        <ListFilters search={search} searchHint={t('lists.searchHint.buildings')} table={table} districts={districts} />
      }
      table={{
        ...sorting,
        caption: t('buildings.tableCaption'),
        columns,
        list,
        rowKey: (b) => b.id,
        empty: t('buildings.empty'),
        renderExpanded: (b) => <BuildingContacts building={b} onAdd={() => setContactFor(b)} />,
      }}
    >
      <BuildingModal target={editing} onClose={closeEditor} defaultClientId={clientId ?? null} />
      <ContactModal
        target={contactFor ? 'new' : null}
        onClose={closeContact}
        preset={
          contactFor ? { clientId: contactFor.clientId, buildingId: contactFor.id, contactType: 'Building' } : null
        }
      />
    </ListPage>
  );
}

/** The expandable row (spec 000 §2): the building's contacts and an Add Contact button. */
function BuildingContacts({ building, onAdd }: { building: TBuildingRow; onAdd: () => void }) {
  const { t } = useTranslation();
  const contacts = useQuery({ ...buildingContactsQuery(building.id), meta: SHOWS_ERROR });
  return (
    <Stack gap="xs" p="xs" aria-label={t('buildings.contacts.title', { name: building.name })} role="region">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('buildings.contacts.title', { name: building.name })}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          {t('buildings.contacts.add')}
        </Button>
      </Group>
      {contacts.isError ? (
        <Text size="sm" c="red">
          {t('buildings.contacts.loadFailed')}
        </Text>
      ) : contacts.data && contacts.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('buildings.contacts.none')}
        </Text>
      ) : contacts.data ? (
        <Table withTableBorder verticalSpacing={4} fz="sm" bg="var(--mantine-color-body)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.col.name')}</Table.Th>
              <Table.Th>{t('contacts.col.type')}</Table.Th>
              <Table.Th>{t('contacts.col.email')}</Table.Th>
              <Table.Th>{t('contacts.col.mobile')}</Table.Th>
              <Table.Th>{t('contacts.col.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.name}
                  {c.title ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {c.title}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {c.contactType === 'Global' ? t('buildings.contacts.global') : t('contacts.type.Building')}
                </Table.Td>
                <Table.Td>{c.email}</Table.Td>
                <Table.Td>{formatMobile(c.mobile)}</Table.Td>
                <Table.Td>{c.active ? t('common.active') : t('common.inactive')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      )}
    </Stack>
  );
}

/** 5555550100 → (555) 555-0100 */
export function formatMobile(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}
