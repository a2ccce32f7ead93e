import type { TRegTypeListItem, TRegTypeListQuery } from '@sv/contracts';
import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/data-table/data-table';
import { ListFilters } from '../../components/list-filters';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { ApiError } from '../../lib/api-client';
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
  const { table, search, paging, sorting } = useListState({
    sort: 'name',
    sorts: SORTS,
    filters: { activeOnly: 'true' },
  });
  const query: TRegTypeListQuery = {
    ...paging,
    activeOnly: table.filters.activeOnly === 'true' ? 'true' : 'false',
    q: search.q,
  };
  const list = useRegTypesList(clientId, query);
  // another district's or an unknown district's id: back to the list with a message, as every
  // client screen (spec 000 §4; audit 000 B12: North's own types showed under South's id)
  if (list.error instanceof ApiError && list.error.status === 404) return <LoadState error={list.error} />;

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
    <ListPage
      above={
        isAdmin ? (
          <Anchor component={Link} to={paths.clients} size="sm" w="fit-content">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {t('regTypes.backToClients')}
            </Group>
          </Anchor>
        ) : null
      }
      title={t('regTypes.title')}
      intro={
        <>
          {clientName ? (
            <Text c="dimmed" data-testid="regtypes-client-name">
              {clientName}
            </Text>
          ) : null}
          <Text size="sm">{t('regTypes.intro')}</Text>
        </>
      }
      actions={<ListAddButton label={t('regTypes.add')} to={paths.regTypeEdit(clientId, 'new')} />}
      filters={
        <ListFilters
          search={search}
          searchHint={t('lists.searchHint.regTypes')}
          table={table}
          districts={null}
          activeLabel={t('regTypes.activeOnly')}
        />
      }
      table={{
        ...sorting,
        caption: t('regTypes.tableCaption'),
        columns,
        list,
        rowKey: (r) => r.id,
        empty: t('regTypes.empty'),
      }}
    />
  );
}
