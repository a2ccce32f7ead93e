import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconMail, IconPencil, IconPlus } from '@tabler/icons-react';
import { MESSAGES, ROLE, type TRoleId, type TUser, type TUserList, type TUsersQuery, USER_SORTS } from '@sv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { useTableState } from '../../components/data-table/use-table-state';
import { ExportButton } from '../../components/export';
import { ListImport } from '../../components/import-dialog';
import { LIST_FILTERS, ListFilters, listFilterQuery } from '../../components/list-filters';
import { useUser } from '../../lib/session';
import { UserModal } from './user-modal';
import { userFormOptionsQuery, userKeys, useSendPasswordEmail, useUsersList } from './users-api';
import './i18n.en';

/** spec 000 §2 `/user/{list?}`: 'clientadmin' = Administrators, 'attendant' = Attendants, otherwise Manage Users. */
export function listOf(param: string | undefined): TUserList {
  const p = (param ?? '').toLowerCase();
  return p === 'clientadmin' || p === 'attendant' ? p : 'all';
}

const DEFAULT_ROLE: Record<TUserList, TRoleId> = {
  all: ROLE.Attendant,
  clientadmin: ROLE.ClientAdmin,
  attendant: ROLE.Attendant,
};

/** Users screen (spec 000 §2): table with edit modal, import and export; role-dependent filter and columns. */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useUser();
  const isAdmin = me.roleId === ROLE.Admin;
  const list = listOf(useParams().list);
  const table = useTableState({ sort: 'name', filters: LIST_FILTERS });
  const { activeOnly, clientId } = listFilterQuery(table, isAdmin);
  const query: TUsersQuery = {
    page: table.page,
    perPage: 100,
    sort: (USER_SORTS as readonly string[]).includes(table.sort) ? (table.sort as TUsersQuery['sort']) : 'name',
    dir: table.dir,
    list,
    activeOnly,
    clientId,
  };
  const users = useUsersList(query);
  const options = useQuery(userFormOptionsQuery);
  const qc = useQueryClient();
  const sendEmail = useSendPasswordEmail();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  const title = t(`users.titles.${list}`);

  useEffect(() => {
    document.title = `${t('product')} - ${title}`;
  }, [t, title]);

  const send = (u: TUser) =>
    sendEmail.mutate(u.id, {
      onSuccess: (r) => notifications.show({ color: 'green', message: r?.message || MESSAGES.emailSent }),
      onError: () => notifications.show({ color: 'red', message: t('users.sendFailed') }),
    });

  const columns: Column<TUser>[] = [
    { key: 'name', header: t('users.col.name'), sortKey: 'name', render: (u) => <Text fw={500}>{u.name}</Text> },
    { key: 'email', header: t('users.col.email'), sortKey: 'email', render: (u) => u.email },
    {
      key: 'role',
      header: t('users.col.role'),
      sortKey: 'role',
      render: (u) => t(`users.roles.${u.roleId}`),
      width: 120,
    },
    // spec 000 §2: admins see a client column, others a building column
    {
      key: 'client',
      header: t('users.col.client'),
      sortKey: 'client',
      render: (u) => u.clientName ?? '—',
      hidden: !isAdmin,
    },
    {
      key: 'building',
      header: t('users.col.building'),
      sortKey: 'building',
      render: (u) => u.buildingName ?? '—',
      hidden: isAdmin,
    },
    {
      key: 'status',
      header: t('users.col.status'),
      width: 150,
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={u.active ? 'teal.9' : 'gray.7'} variant="filled">
            {u.active ? t('common.active') : t('common.inactive')}
          </Badge>
          {!u.activated ? (
            <Badge color="dark.6" variant="outline">
              {t('users.notActivated')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('users.col.actions'),
      width: 80,
      render: (u) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('users.actionsFor', { name: u.name })}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(u.id)}>
              {t('users.edit')}
            </Menu.Item>
            <Menu.Item leftSection={<IconMail size={16} aria-hidden />} onClick={() => send(u)} disabled={!u.active}>
              {u.activated ? t('users.sendReset') : t('users.sendActivation')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const districts = isAdmin ? (options.data?.clients ?? []) : null;
  const exportParams = { activeOnly, clientId, list };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`users.intro.${list}`)}
          </Text>
        </Stack>
        <Group gap="sm">
          <ListImport
            kind="users"
            label={t('users.import')}
            title={t('users.importTitle')}
            districts={districts}
            districtId={clientId}
            onImported={() => void qc.invalidateQueries({ queryKey: userKeys.all })}
          />
          <ExportButton kind="users" params={exportParams} title={t('users.exportTitle')} />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('users.add')}
          </Button>
        </Group>
      </Group>

      <ListFilters table={table} districts={districts} />

      <DataTable
        caption={title}
        columns={columns}
        page={users.data}
        isFetching={users.isFetching}
        rowKey={(u) => u.id}
        sort={query.sort ?? 'name'}
        dir={table.dir}
        onSort={table.setSort}
        onPage={table.setPage}
        empty={t('users.empty')}
      />

      <UserModal
        target={editing}
        onClose={closeEditor}
        defaultRoleId={
          isAdmin ? DEFAULT_ROLE[list] : DEFAULT_ROLE[list] === ROLE.ClientAdmin ? ROLE.Attendant : DEFAULT_ROLE[list]
        }
        defaultClientId={isAdmin ? (clientId ?? null) : me.clientId}
      />
    </Stack>
  );
}
