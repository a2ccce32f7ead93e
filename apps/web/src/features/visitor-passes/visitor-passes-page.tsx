import { ActionIcon, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import type { TVisitorPassListQuery, TVisitorPassRow } from '@sv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm/confirm-dialog';
import type { Column } from '../../components/data-table/data-table';
import { ListFilters } from '../../components/list-filters';
import { ListAddButton, ListPage, useListState } from '../../components/list-page';
import { notify } from '../../lib/notify';
import { formatDateTime, formatTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { GroupImport } from './group-import';
import { InviteModal } from './invite-modal';
import { usePassesList, useRevokePass } from './visitor-passes-api';
import './i18n.en';

const SORTS = ['windowStart', 'lastname', 'id'] as const;
const STATUS_COLOR: Record<TVisitorPassRow['status'], string> = {
  active: 'teal.9',
  used: 'blue.9',
  expired: 'gray.7',
  revoked: 'red.9',
};

/** Visitor passes (issue 28 §2): the invitations, their pass's state and whether the host was told. */
export default function VisitorPassesPage() {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const { table, search, paging, sorting } = useListState({
    sort: 'windowStart',
    dir: 'desc',
    sorts: SORTS,
    filters: { clientId: '' },
  });
  const query: TVisitorPassListQuery = { ...paging, q: search.q };
  const list = usePassesList(query);
  const revoke = useRevokePass();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<TVisitorPassRow | null>(null);
  const nameOf = (p: TVisitorPassRow) => `${p.firstname} ${p.lastname}`;

  const columns: Column<TVisitorPassRow>[] = [
    {
      key: 'visitor',
      header: t('passes.col.visitor'),
      sortKey: 'lastname',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {nameOf(p)}
          </Text>
          {p.flagged ? (
            <Text size="xs" c="red.9" fw={600}>
              {t('passes.flagged')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'when',
      header: t('passes.col.when'),
      sortKey: 'windowStart',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(p.windowStart, zone)} – {formatTime(p.windowEnd, zone)}
          </Text>
          <Text size="xs" c="dimmed">
            {p.buildingName}
          </Text>
        </Stack>
      ),
    },
    { key: 'visiting', header: t('passes.col.visiting'), render: (p) => p.visiting },
    {
      key: 'status',
      header: t('passes.col.status'),
      width: 100,
      render: (p) => (
        <Badge variant="filled" color={STATUS_COLOR[p.status]}>
          {t(`passes.status.${p.status}`)}
        </Badge>
      ),
    },
    {
      key: 'host',
      header: t('passes.col.host'),
      render: (p) => (
        <Text size="sm">
          {p.hostNotification
            ? t(`passes.hostStatus.${p.hostNotification}`, { defaultValue: p.hostNotification })
            : t('passes.hostStatus.none')}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('passes.col.actions'),
      width: 80,
      render: (p) =>
        p.status === 'active' ? (
          <Tooltip label={`${t('passes.revoke')}: ${nameOf(p)}`}>
            <ActionIcon
              variant="subtle"
              color="red.9"
              aria-label={`${t('passes.revoke')}: ${nameOf(p)}`}
              onClick={() => setRevoking(p)}
            >
              <IconBan size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <ListPage
      title={t('passes.title')}
      intro={t('passes.intro')}
      actions={
        <>
          <GroupImport />
          <ListAddButton label={t('passes.invite')} onClick={() => setInviting(true)} />
        </>
      }
      filters={
        <ListFilters
          search={search}
          searchHint={t('passes.searchHint')}
          table={table}
          districts={null}
          activeToggle={false}
        />
      }
      table={{
        ...sorting,
        caption: t('passes.tableCaption'),
        columns,
        list,
        rowKey: (p) => p.id,
        empty: t('passes.empty'),
      }}
    >
      <InviteModal opened={inviting} onClose={() => setInviting(false)} buildingId={null} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('passes.revokeTitle')}
        message={revoking ? t('passes.revokeBody', { name: nameOf(revoking) }) : ''}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('passes.revoke')}
        confirmColor="red"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            notify.success(t('passes.revoked'));
          } catch (err) {
            notify.error(err instanceof Error ? err.message : String(err));
          }
          setRevoking(null);
        }}
      />
    </ListPage>
  );
}
