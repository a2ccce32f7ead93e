import type { TRegTypeListItem, TRegTypeListQuery } from '@sv/contracts';
import { ActionIcon, Anchor, Button, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { useTableState } from '../../components/data-table/use-table-state';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { LoadState, useClientIdParam } from '../clients/settings-page-frame';
import { useClientName, useRegTypesList } from './registration-types-api';
import './i18n.en';

const SORTS = ['name', 'code', 'ddUsername'] as const;

/**
 * Registration types of a client (spec 001 §2): server-side table, 100 rows a page, sorted by
 * name, active-only toggle on by default; columns edit, Name, URL Code, Username.
 */
export default function RegistrationTypesPage() {
  const { t } = useTranslation();
  const clientId = useClientIdParam();
  if (clientId === null) return <LoadState error={new Error(t('regTypes.clientNotFound'))} />;
  return <RegistrationTypesList clientId={clientId} />;
}

function RegistrationTypesList({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const isAdmin = useCan('clients.manage');
  const clientName = useClientName(clientId);
  const table = useTableState({ sort: 'name', filters: { activeOnly: 'true' } });
  const query: TRegTypeListQuery = {
    page: table.page,
    perPage: 100,
    sort: (SORTS as readonly string[]).includes(table.sort) ? (table.sort as TRegTypeListQuery['sort']) : 'name',
    dir: table.dir,
    activeOnly: table.filters.activeOnly === 'true' ? 'true' : 'false',
  };
  const list = useRegTypesList(clientId, query);

  const columns: Column<TRegTypeListItem>[] = [
    {
      key: 'edit',
      header: t('regTypes.col.edit'),
      width: 70,
      render: (r) => (
        <Tooltip label={t('regTypes.editType', { name: r.name })}>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={paths.regTypeEdit(clientId, r.id)}
            aria-label={t('regTypes.editType', { name: r.name })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
    {
      key: 'name',
      header: t('regTypes.col.name'),
      sortKey: 'name',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={500} size="sm">
            {r.name}
          </Text>
          {r.isActive ? null : (
            <Text size="xs" c="dimmed">
              ({t('regTypes.inactive')})
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'code',
      header: t('regTypes.col.code'),
      sortKey: 'code',
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.code}
        </Text>
      ),
    },
    { key: 'username', header: t('regTypes.col.username'), sortKey: 'ddUsername', render: (r) => r.ddUsername },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          {isAdmin ? (
            <Anchor component={Link} to={paths.clients} size="sm" w="fit-content">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden />
                {t('regTypes.backToClients')}
              </Group>
            </Anchor>
          ) : null}
          <Title order={1} size="h2">
            {t('regTypes.title')}
          </Title>
          {clientName ? (
            <Text c="dimmed" data-testid="regtypes-client-name">
              {clientName}
            </Text>
          ) : null}
          <Text size="sm">{t('regTypes.intro')}</Text>
        </Stack>
        <Button
          component={Link}
          to={paths.regTypeEdit(clientId, 'new')}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('regTypes.add')}
        </Button>
      </Group>
      <Switch
        label={t('regTypes.activeOnly')}
        checked={table.filters.activeOnly === 'true'}
        onChange={(e) => table.setFilter('activeOnly', e.currentTarget.checked ? 'true' : 'false')}
      />
      <DataTable
        caption={t('regTypes.tableCaption')}
        columns={columns}
        page={list.data}
        isFetching={list.isFetching}
        rowKey={(r) => r.id}
        sort={query.sort ?? 'name'}
        dir={table.dir}
        onSort={table.setSort}
        onPage={table.setPage}
        empty={list.isError ? list.error.message : t('regTypes.empty')}
      />
    </Stack>
  );
}
