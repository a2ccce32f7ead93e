import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DENIED_LOG_SORTS, type TDeniedLogRow } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { LogExportButton } from './log-export';
import { type LogRequest, LogScreen } from './log-screen';
import { deniedLogQuery } from './logs-api';
import { formatDateTime } from '../../lib/time/format';
import './i18n.en';

const useDenied = (q: LogRequest) => useQuery(deniedLogQuery(q as never));

/**
 * Denied Entry Log /deniedEntries/ (spec 002 §2 Logs, §3 denied entry): visitor, building,
 * attendant, date, and an info modal with the exclusion, potential-match and registry counts;
 * an export with the same filters.
 */
export default function DeniedLogPage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<TDeniedLogRow | null>(null);
  const columns: Column<TDeniedLogRow>[] = [
    {
      key: 'visitor',
      header: t('logs.col.visitor'),
      sortKey: 'visitor',
      render: (r) => (
        <Text size="sm" fw={500} data-testid="log-visitor">
          {r.visitorName}
        </Text>
      ),
    },
    { key: 'building', header: t('logs.col.building'), sortKey: 'building', render: (r) => r.buildingName },
    {
      key: 'attendant',
      header: t('logs.col.attendant'),
      sortKey: 'attendant',
      render: (r) => r.attendantName ?? t('logs.noAttendant'),
    },
    {
      key: 'date',
      header: t('logs.col.date'),
      sortKey: 'deniedAt',
      render: (r) => formatDateTime(r.deniedAt, r.timeZone),
    },
    {
      key: 'info',
      header: t('logs.col.info'),
      width: 70,
      render: (r) => (
        <Tooltip label={t('logs.info', { name: r.visitorName })}>
          <ActionIcon variant="subtle" aria-label={t('logs.info', { name: r.visitorName })} onClick={() => setInfo(r)}>
            <IconInfoCircle size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <LogScreen
        textKey="denied"
        columns={columns}
        defaultSort="deniedAt"
        sorts={DENIED_LOG_SORTS}
        rowKey={(r) => r.id}
        useRows={useDenied}
        // issue 25 (spec 002 §1: logs "… and export them"): the denied entry log exports like the others
        renderExport={(q) => <LogExportButton kind="denied" request={q} />}
      />
      <Modal opened={info !== null} onClose={() => setInfo(null)} title={t('logs.infoTitle')}>
        {info ? (
          <Stack gap="md">
            <Text size="sm">
              {t('logs.infoIntro', {
                name: info.visitorName,
                building: info.buildingName,
                when: formatDateTime(info.deniedAt, info.timeZone),
              })}
            </Text>
            <Table withTableBorder data-testid="denied-counts">
              <Table.Tbody>
                {(
                  [
                    ['exclusionCount', info.exclusionCount],
                    ['potentialCount', info.potentialCount],
                    ['watchdogCount', info.watchdogCount],
                  ] as const
                ).map(([k, n]) => (
                  <Table.Tr key={k}>
                    <Table.Th scope="row">{t(`logs.${k}`)}</Table.Th>
                    <Table.Td fw={700} fz="lg">
                      {n}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">{t('logs.securityNotified')}</Table.Th>
                  <Table.Td>{info.securityNotified ? t('logs.yes') : t('logs.no')}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button onClick={() => setInfo(null)}>{t('logs.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
