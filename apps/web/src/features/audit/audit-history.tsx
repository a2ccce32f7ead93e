import { Anchor, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { auditHistoryQuery, auditQueryString } from './audit-api';
import { AuditOutcomeBadge, detailText } from './audit-entry';
import './i18n.en';

/** One line of what a row recorded: `key: value` pairs, objects as compact JSON. */
const summary = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([k, v]) => `${k}: ${detailText(v)}`)
    .join(' · ');

/**
 * A record's History (issue 26 §1): the audit rows of this record (kind + id), newest first, on
 * the record's own screen, for those who may read the audit log (`audit.read`); nothing for
 * anyone else. The full list, filters and details are one link away in the console.
 */
interface HistoryProps {
  targetType: string;
  targetId: number | string;
  headingOrder?: 2 | 3 | 4;
}

export function AuditHistory(props: HistoryProps & { framed?: boolean }) {
  const canRead = useCan('audit.read');
  if (!canRead) return null;
  return props.framed ? (
    <Paper withBorder p="md" radius="md">
      <HistoryTable {...props} />
    </Paper>
  ) : (
    <HistoryTable {...props} />
  );
}

/**
 * A record's screen in two tabs, Details (`children`) and History, for those who may read the
 * audit log; everyone else sees the details alone, as before. The history loads when its tab opens.
 */
export function WithHistoryTab(props: HistoryProps & { children: ReactNode; detailsLabel?: string }) {
  const { t } = useTranslation();
  const canRead = useCan('audit.read');
  const [tab, setTab] = useState<string | null>('details');
  if (!canRead) return <>{props.children}</>;
  // the details stay mounted (an unsaved edit survives a look at the history); the history is
  // mounted, so read afresh, each time its tab opens
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List mb="md">
        <Tabs.Tab value="details">{props.detailsLabel ?? t('audit.history.details')}</Tabs.Tab>
        <Tabs.Tab value="history">{t('audit.history.title')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">{props.children}</Tabs.Panel>
      <Tabs.Panel value="history">
        {tab === 'history' ? (
          <HistoryTable targetType={props.targetType} targetId={props.targetId} headingOrder={props.headingOrder} />
        ) : null}
      </Tabs.Panel>
    </Tabs>
  );
}

function HistoryTable(props: HistoryProps) {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const id = String(props.targetId);
  const history = useQuery(auditHistoryQuery(props.targetType, id));
  const rows = history.data?.data ?? [];
  const consoleUrl = `/audit?${auditQueryString({ targetType: props.targetType, targetId: id })}`;
  return (
    <Stack gap="xs" data-testid="audit-history">
      <Title order={props.headingOrder ?? 3} size="h4">
        {t('audit.history.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('audit.history.intro')}
      </Text>
      {history.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {t('audit.history.loadFailed')}
        </Text>
      ) : history.isPending ? null : rows.length === 0 ? (
        <Text size="sm">{t('audit.history.empty')}</Text>
      ) : (
        <Paper withBorder radius="sm" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing={6} striped>
            <Table.Caption>{t('audit.history.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.col.at')}</Table.Th>
                <Table.Th>{t('audit.col.who')}</Table.Th>
                <Table.Th>{t('audit.col.action')}</Table.Th>
                <Table.Th>{t('audit.col.outcome')}</Table.Th>
                <Table.Th>{t('audit.detail.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="audit-history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at, zone)}</Table.Td>
                  <Table.Td>{r.actorName ?? t('audit.system')}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {r.action}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <AuditOutcomeBadge outcome={r.outcome} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
                      {summary(r.details)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {history.data && history.data.count > rows.length ? (
        <Text size="xs" c="dimmed">
          {t('audit.history.more', { shown: rows.length, count: history.data.count })}
        </Text>
      ) : null}
      <Anchor component={Link} to={consoleUrl} size="sm">
        {t('audit.history.openConsole')}
      </Anchor>
    </Stack>
  );
}
