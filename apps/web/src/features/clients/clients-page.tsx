import type { TClientListQuery, TClientRow } from '@sv/contracts';
import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconDeviceDesktop,
  IconDots,
  IconListDetails,
  IconPencil,
  IconShieldCheck,
  IconKey,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/data-table/data-table';
import { LIST_FILTERS, ListFilters } from '../../components/list-filters';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { paths } from '../../lib/paths';
import { useClientsList } from './clients-api';
import './i18n.en';

const SORTS = ['id', 'name'] as const;

/**
 * Clients (spec 000 §2): server-side table, 100 rows a page, sorted by Id, columns Id, Name,
 * Address, Note, a row Actions menu and an active-only toggle. Admins only.
 */
export default function ClientsPage() {
  const { t } = useTranslation();
  const { table, search, paging, sorting } = useListState({ sort: 'id', sorts: SORTS, filters: LIST_FILTERS });
  const query: TClientListQuery = {
    ...paging,
    activeOnly: table.filters.activeOnly === 'true' ? 'true' : 'false',
    q: search.q,
  };
  const list = useClientsList(query);

  const columns: Column<TClientRow>[] = [
    { key: 'id', header: t('clients.col.id'), render: (c) => c.id, sortKey: 'id', width: 80 },
    {
      key: 'name',
      header: t('clients.col.name'),
      sortKey: 'name',
      render: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={500} size="sm">
            {c.name}
          </Text>
          {c.active ? null : (
            <Text size="xs" c="dimmed">
              ({t('common.inactive')})
            </Text>
          )}
        </Group>
      ),
    },
    { key: 'address', header: t('clients.col.address'), render: (c) => <Text size="sm">{c.address}</Text> },
    {
      key: 'note',
      header: t('clients.col.note'),
      render: (c) => (
        <Text size="sm" lineClamp={2}>
          {c.note}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('clients.col.actions'),
      width: 90,
      render: (c) => (
        <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('clients.actionsFor', { name: c.name })}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={paths.clientEdit(c.id)} leftSection={<IconPencil size={16} aria-hidden />}>
              {t('clients.menu.edit')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.clientSettings(c.id)}
              leftSection={<IconAdjustments size={16} aria-hidden />}
            >
              {t('clients.menu.settings')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.clientKioskSettings(c.id)}
              leftSection={<IconDeviceDesktop size={16} aria-hidden />}
            >
              {t('clients.menu.kioskSettings')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.clientBgSettings(c.id)}
              leftSection={<IconShieldCheck size={16} aria-hidden />}
            >
              {t('clients.menu.backgroundSettings')}
            </Menu.Item>
            {/* issue 30 (ADR 0052) */}
            <Menu.Item
              component={Link}
              to={paths.clientSsoSettings(c.id)}
              leftSection={<IconKey size={16} aria-hidden />}
            >
              {t('titles.ssoSettings')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.regTypes(c.id)}
              leftSection={<IconListDetails size={16} aria-hidden />}
            >
              {t('clients.menu.registrationTypes')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <ListPage
      title={t('clients.title')}
      intro={t('clients.intro')}
      actions={<ListAddButton label={t('clients.add')} to={paths.clientEdit('new')} />}
      filters={
        <ListFilters
          search={search}
          searchHint={t('lists.searchHint.clients')}
          table={table}
          districts={null}
          activeLabel={t('clients.activeOnly')}
        />
      }
      table={{ ...sorting, caption: t('clients.tableCaption'), columns, list, rowKey: (c) => c.id }}
    />
  );
}
