import { Badge, Group, Text } from '@mantine/core';
import { NEARBY_LOG_SORTS, type TNearbyLogRow } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { LogExportButton } from './log-export';
import { type LogRequest, LogScreen } from './log-screen';
import { nearbyLogQuery } from './logs-api';
import { formatDateTime } from '../../lib/time/format';
import './i18n.en';

// the nearby log has no attendant: nobody lets a nearby visitor in
const useNearby = (q: LogRequest) => {
  const { attendantId: _none, ...rest } = q;
  return useQuery(nearbyLogQuery(rest as never));
};

const when = formatDateTime;

/**
 * Nearby Visitor Log /NearbyLog/ (spec 002 §2 Logs, §3 Nearby log: visitorName, buildingName,
 * enterDateMilliseconds, exitDate; §6, §9; ADR 0017): the one log screen (building filter for
 * role 2, last 7 days in the building's zone, newest first), columns visitor, building,
 * entered, left; removed entries are marked; export through the log export.
 */
export default function NearbyLogPage() {
  const { t } = useTranslation();
  const columns: Column<TNearbyLogRow>[] = [
    {
      key: 'visitor',
      header: t('logs.col.visitor'),
      sortKey: 'visitor',
      render: (r) => (
        <Group gap="xs">
          <Text size="sm" fw={500} data-testid="log-visitor">
            {r.visitorName}
          </Text>
          {r.removed ? (
            <Badge size="sm" variant="light" color="gray" c="dark.6">
              {t('logs.nearby.removed')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'building', header: t('logs.col.building'), sortKey: 'building', render: (r) => r.buildingName },
    {
      key: 'entered',
      header: t('logs.nearby.entered'),
      sortKey: 'enteredAt',
      render: (r) => when(r.enteredAt, r.timeZone),
    },
    {
      key: 'left',
      header: t('logs.nearby.left'),
      sortKey: 'exitedAt',
      render: (r) => (r.exitedAt ? when(r.exitedAt, r.timeZone) : t('logs.nearby.stillNearby')),
    },
  ];
  return (
    <LogScreen
      textKey="nearby"
      attendantFilter={false}
      columns={columns}
      defaultSort="enteredAt"
      sorts={NEARBY_LOG_SORTS}
      rowKey={(r) => r.id}
      useRows={useNearby}
      renderExport={(q) => <LogExportButton kind="nearby" request={q} />}
    />
  );
}
