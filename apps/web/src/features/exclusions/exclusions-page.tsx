import { ActionIcon, Avatar, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { EXCLUSION_SORTS, ROLE, type TExclusion, type TExclusionsQuery } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB, formatUsDate } from '@sv/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { useTableState } from '../../components/data-table/use-table-state';
import { ExportButton } from '../../components/export';
import { ListImport } from '../../components/import-dialog';
import { LIST_FILTERS, ListFilters, listFilterQuery } from '../../components/list-filters';
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
  const isAdmin = me.roleId === ROLE.Admin;
  const canManage = useCan('exclusions.manage');
  const table = useTableState({ sort: 'name', filters: LIST_FILTERS });
  const { activeOnly, clientId } = listFilterQuery(table, isAdmin);
  const query: TExclusionsQuery = {
    page: table.page,
    perPage: 100,
    sort: (USER_SORTS as readonly string[]).includes(table.sort) ? (table.sort as TExclusionsQuery['sort']) : 'name',
    dir: table.sort === 'name' ? 'asc' : table.dir,
    activeOnly,
    clientId,
  };
  const list = useExclusionsList(query);
  const options = useQuery(exclusionFormOptionsQuery);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);

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
          formatUsDate(e.dob)
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
      render: (e) => new Date(e.created).toLocaleDateString('en-US'),
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

  const districts = isAdmin ? (options.data?.clients ?? []) : null;
  const exportParams = { activeOnly, clientId };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('exclusions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('exclusions.intro')}
          </Text>
        </Stack>
        <Group gap="sm">
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
          {canManage ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('exclusions.add')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <ListFilters table={table} districts={districts} />

      <DataTable
        caption={t('exclusions.tableCaption')}
        columns={columns}
        page={list.data}
        isFetching={list.isFetching}
        rowKey={(e) => e.id}
        sort={query.sort ?? 'name'}
        dir={query.dir ?? 'asc'}
        onSort={table.setSort}
        onPage={table.setPage}
        empty={t('exclusions.empty')}
      />

      <ExclusionModal target={editing} onClose={closeEditor} defaultClientId={clientId ?? null} />
    </Stack>
  );
}
