import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { TOutboxMessage, TOutboxQuery } from '@sv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { ListPage, useListState } from '../../components/list-page';
import { useUser } from '../../lib/session';
import { outboxKeys, useOutboxList, useRetryMessage } from './outbox-api';
import { formatDateTimeWithZone } from '../../lib/time/format';
import './i18n.en';
import { notify } from '../../lib/notify';

const SORTS = ['createdAt', 'channel', 'status'] as const;
const STATUS_COLOR: Record<TOutboxMessage['status'], string> = {
  queued: 'yellow',
  sent: 'green',
  outbox: 'blue',
  failed: 'red',
};

/**
 * Message Outbox (issue 2 §7): e-mail and SMS the application produced, for administrators
 * (every client) and client administrators (their client). The expandable row shows the body.
 * Times show in the viewer's building zone (security guide: building time zones), else the
 * product default.
 */
export default function OutboxPage() {
  const { t } = useTranslation();
  const user = useUser();
  const qc = useQueryClient();
  const { table, paging, sorting } = useListState({
    sort: 'createdAt',
    sorts: SORTS,
    dir: 'desc',
    filters: { channel: '' },
  });
  const channel =
    table.filters.channel === 'email' || table.filters.channel === 'sms' ? table.filters.channel : undefined;
  const query: TOutboxQuery = { ...paging, channel };
  const list = useOutboxList(query);
  const retry = useRetryMessage();
  const retryMessage = (m: TOutboxMessage) =>
    retry.mutate(m.id, {
      onSuccess: (r) => (r.sent ? notify.success(t('outbox.retrySent')) : notify.warning(t('outbox.retryQueued'))),
      onError: () => notify.error(t('outbox.retryFailed')),
    });

  const columns: Column<TOutboxMessage>[] = [
    {
      key: 'date',
      header: t('outbox.col.date'),
      sortKey: 'createdAt',
      width: 200,
      render: (m) => <Text size="sm">{formatDateTimeWithZone(m.createdAt, user.buildingTimeZone)}</Text>,
    },
    {
      key: 'channel',
      header: t('outbox.col.channel'),
      sortKey: 'channel',
      width: 110,
      render: (m) => t(`outbox.channel.${m.channel}`),
    },
    { key: 'to', header: t('outbox.col.to'), render: (m) => <Text size="sm">{m.recipient}</Text> },
    {
      key: 'subject',
      header: t('outbox.col.subject'),
      render: (m) => (
        <Group gap="xs" wrap="nowrap">
          {m.kind === 'emergency' || m.kind === 'password' ? (
            <Badge size="sm" variant="light" color={m.kind === 'emergency' ? 'red' : 'gray'}>
              {t(`outbox.kind.${m.kind}`)}
            </Badge>
          ) : null}
          <Text size="sm" c={m.subject ? undefined : 'dimmed'}>
            {m.subject || t('outbox.noSubject')}
          </Text>
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('outbox.col.status'),
      sortKey: 'status',
      width: 190,
      render: (m) => (
        <Group gap="xs" wrap="nowrap">
          <Badge color={STATUS_COLOR[m.status]} variant="light">
            {t(`outbox.status.${m.status}`)}
          </Badge>
          {m.status === 'failed' ? (
            <Button
              size="compact-xs"
              variant="default"
              loading={retry.isPending && retry.variables === m.id}
              onClick={(e) => {
                e.stopPropagation();
                retryMessage(m);
              }}
              aria-label={t('outbox.retryLabel', { to: m.recipient })}
            >
              {t('outbox.retry')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={t('outbox.title')}
      intro={t('outbox.intro')}
      actions={
        <Button variant="default" onClick={() => void qc.invalidateQueries({ queryKey: outboxKeys.all })}>
          {t('outbox.refresh')}
        </Button>
      }
      filters={
        <Select
          label={t('outbox.channelFilter')}
          placeholder={t('outbox.allChannels')}
          data={[
            { value: 'email', label: t('outbox.channel.email') },
            { value: 'sms', label: t('outbox.channel.sms') },
          ]}
          value={channel ?? null}
          onChange={(v) => table.setFilter('channel', v ?? '')}
          clearable
          w={220}
        />
      }
      table={{
        ...sorting,
        caption: t('outbox.tableCaption'),
        columns,
        list,
        rowKey: (m) => m.id,
        empty: t('outbox.empty'),
        renderExpanded: (m) => (
          <Stack gap={4} p="xs" role="region" aria-label={t('outbox.bodyLabel')}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('outbox.bodyLabel')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} ff="monospace">
              {m.body}
            </Text>
            {m.lastError ? (
              <Text size="sm" c="red.8">
                {t('outbox.lastError', { count: m.attempts, error: m.lastError })}
              </Text>
            ) : null}
          </Stack>
        ),
      }}
    />
  );
}
