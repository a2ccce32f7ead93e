import { ActionIcon, Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { EXCLUSION_SORTS, type TExclusion, type TExclusionsQuery } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB } from '@sv/domain';
import { formatCalendarDate, formatDate } from '../../lib/time/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { ExportButton } from '../../components/export';
import { ListImport } from '../../components/import-dialog';
import { LIST_FILTERS, ListFilters, listFilterQuery } from '../../components/list-filters';
import { BulkActiveBar, ListAddButton, ListPage, useListState, useRowSelection } from '../../components/list-page';
import { useCan } from '../../lib/can';
import { useUser } from '../../lib/session';
import { ExclusionModal } from './exclusion-modal';
import { exclusionFormOptionsQuery, exclusionKeys, photoUrl, useExclusionsList } from './exclusions-api';
import './i18n.en';

/** The first column (Name) is the fixed default sort and is not user-sortable (spec 000 §2). */
const USER_SORTS = EXCLUSION_SORTS.filter((s) => s !== 'name');

/** Manage Exclusions (spec 000 §2): active-only toggle on by default, import, export, add and edit modals. */
export default function ExclusionsPage() {
  const { t } = useTranslation();
  const me = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const canManage = useCan('exclusions.manage');
  const { table, search, paging, sorting } = useListState({ sort: 'name', sorts: USER_SORTS, filters: LIST_FILTERS });
  const { activeOnly, clientId } = listFilterQuery(table, isAdmin);
  // the default sort, by name, is ascending only
  const dir = paging.sort === 'name' ? 'asc' : paging.dir;
  const query: TExclusionsQuery = {
    ...paging,
    dir,
    activeOnly,
    clientId,
    q: search.q,
  };
  const list = useExclusionsList(query);
  const options = useQuery(exclusionFormOptionsQuery);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  // issue 26 §4: several at once (activate / deactivate), confirmed first
  const selection = useRowSelection<TExclusion>(
    (e) => e.id,
    list.data?.data,
    (e) => `${e.firstname} ${e.lastname}`,
  );

  const columns: Column<TExclusion>[] = [
    {
      key: 'name',
      header: t('exclusions.col.name'),
      render: (e) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={e.photoFileId ? photoUrl(e.photoFileId) : null}
            alt={e.photoFileId ? t('exclusions.field.photoAlt', { name: `${e.firstname} ${e.lastname}` }) : ''}
            radius="sm"
            size={36}
          >
            {`${e.firstname[0] ?? ''}${e.lastname[0] ?? ''}`.toUpperCase()}
          </Avatar>
          <Text fw={500} data-testid="exclusion-name">
            {`${e.lastname}, ${e.firstname}`}
          </Text>
        </Group>
      ),
    },
    {
      key: 'dob',
      header: t('exclusions.col.dob'),
      sortKey: 'dob',
      width: 150,
      render: (e) =>
        e.dob === DEFAULT_EXCLUSION_DOB ? (
          <Text size="sm" c="dimmed">
            {t('exclusions.unknownDob')}
          </Text>
        ) : (
          formatCalendarDate(e.dob)
        ),
    },
    { key: 'type', header: t('exclusions.col.type'), sortKey: 'type', render: (e) => e.typeLabel },
    {
      key: 'building',
      header: t('exclusions.col.building'),
      sortKey: 'building',
      render: (e) =>
        e.buildingName ?? (
          <Badge variant="filled" color="indigo.9">
            {t('exclusions.global')}
          </Badge>
        ),
    },
    {
      key: 'client',
      header: t('exclusions.col.client'),
      sortKey: 'client',
      render: (e) => e.clientName,
      hidden: !isAdmin,
    },
    {
      key: 'created',
      header: t('exclusions.col.created'),
      sortKey: 'created',
      width: 120,
      render: (e) => formatDate(e.created, me.buildingTimeZone),
    },
    {
      key: 'status',
      header: t('exclusions.col.status'),
      sortKey: 'active',
      width: 100,
      render: (e) => (
        <Badge color={e.active ? 'red.9' : 'gray.7'} variant="filled">
          {e.active ? t('common.active') : t('common.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('exclusions.col.actions'),
      width: 80,
      hidden: !canManage,
      render: (e) => {
        const label = t('exclusions.editExclusion', { name: `${e.firstname} ${e.lastname}` });
        return (
          <Tooltip label={label}>
            <ActionIcon variant="subtle" aria-label={label} onClick={() => setEditing(e.id)}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];

  if (canManage) columns.unshift(selection.column);
  const districts = isAdmin ? (options.data?.clients ?? []) : null;
  const exportParams = { activeOnly, clientId };

  return (
    <ListPage
      title={t('exclusions.title')}
      intro={t('exclusions.intro')}
      actions={
        <>
          {canManage ? (
            <ListImport
              kind="exclusions"
              label={t('exclusions.import')}
              title={t('exclusions.importTitle')}
              districts={districts}
              districtId={clientId}
              onImported={() => void qc.invalidateQueries({ queryKey: exclusionKeys.all })}
            />
          ) : null}
          <ExportButton kind="exclusions" params={exportParams} title={t('exclusions.exportTitle')} />
          {canManage ? <ListAddButton label={t('exclusions.add')} onClick={() => setEditing('new')} /> : null}
        </>
      }
      notice={
        canManage ? <BulkActiveBar kind="exclusions" selection={selection} invalidate={exclusionKeys.all} /> : null
      }
      filters={
        <ListFilters
          search={search}
          searchHint={t('lists.searchHint.exclusions')}
          table={table}
          districts={districts}
        />
      }
      table={{
        ...sorting,
        dir,
        caption: t('exclusions.tableCaption'),
        columns,
        list,
        rowKey: (e) => e.id,
        empty: t('exclusions.empty'),
      }}
    >
      <ExclusionModal target={editing} onClose={closeEditor} defaultClientId={clientId ?? null} />
    </ListPage>
  );
}
