import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconMail, IconPencil } from '@tabler/icons-react';
import { MESSAGES, ROLE, type TRoleId, type TUser, type TUserList, type TUsersQuery, USER_SORTS } from '@sv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Column } from '../../components/data-table/data-table';
import { ExportButton } from '../../components/export';
import { ListImport } from '../../components/import-dialog';
import { LIST_FILTERS, ListFilters, listFilterQuery } from '../../components/list-filters';
import { BulkActiveBar, ListAddButton, ListPage, useListState, useRowSelection } from '../../components/list-page';
import { useUser } from '../../lib/session';
import { UserModal } from './user-modal';
import { userFormOptionsQuery, userKeys, useSendPasswordEmail, useUsersList } from './users-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/can';

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
/** a client administrator adds no administrators (spec 000 §5): a new account from any list is staff */
const DEFAULT_STAFF_ROLE: Record<TUserList, TRoleId> = { ...DEFAULT_ROLE, clientadmin: ROLE.Attendant };

/** Users screen (spec 000 §2): table with edit modal, import and export; role-dependent filter and columns. */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useUser();
  const isAdmin = useCan('clients.crossDistrict');
  const managesAdministrators = useCan('users.manageAdministrators');
  const list = listOf(useParams().list);
  const { table, search, paging, sorting } = useListState({ sort: 'name', sorts: USER_SORTS, filters: LIST_FILTERS });
  const { activeOnly, clientId } = listFilterQuery(table, isAdmin);
  const query: TUsersQuery = {
    ...paging,
    list,
    activeOnly,
    clientId,
    q: search.q,
  };
  const users = useUsersList(query);
  // issue 26 §4: several at once (activate / deactivate)
  const canBulk = useCan('users.manage');
  const selection = useRowSelection<TUser>(
    (r) => r.id,
    users.data?.data,
    (r) => r.name,
  );
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
      onSuccess: (r) => notify.success(r?.message || MESSAGES.emailSent),
      onError: () => notify.error(t('users.sendFailed')),
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
  if (canBulk) columns.unshift(selection.column);

  const districts = isAdmin ? (options.data?.clients ?? []) : null;
  const exportParams = { activeOnly, clientId, list };

  return (
    <ListPage
      notice={canBulk ? <BulkActiveBar kind="users" deletable selection={selection} invalidate={userKeys.all} /> : null}
      title={title}
      intro={t(`users.intro.${list}`)}
      actions={
        <>
          <ListImport
            kind="users"
            label={t('users.import')}
            title={t('users.importTitle')}
            districts={districts}
            districtId={clientId}
            onImported={() => void qc.invalidateQueries({ queryKey: userKeys.all })}
          />
          <ExportButton kind="users" params={exportParams} title={t('users.exportTitle')} />
          <ListAddButton label={t('users.add')} onClick={() => setEditing('new')} />
        </>
      }
      filters={
        <ListFilters search={search} searchHint={t('lists.searchHint.users')} table={table} districts={districts} />
      }
      table={{
        ...sorting,
        caption: title,
        columns,
        list: users,
        rowKey: (u) => u.id,
        empty: t('users.empty'),
      }}
    >
      <UserModal
        target={editing}
        onClose={closeEditor}
        defaultRoleId={managesAdministrators ? DEFAULT_ROLE[list] : DEFAULT_STAFF_ROLE[list]}
        defaultClientId={isAdmin ? (clientId ?? null) : me.clientId}
      />
    </ListPage>
  );
}
