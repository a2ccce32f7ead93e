import { Badge, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/session';
import { formatDate } from '../../lib/time/format';
import { useDrillsReport } from './emergency-api';
import './i18n.en';

/**
 * /drills (issue 27 §4; ADR 0037): per building and school year (July 1 – June 30), drills of each
 * kind against the district's required counts; overdue = behind an even pace through the year.
 */
export default function DrillsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [year, setYear] = useState<number | null>(null);
  const report = useDrillsReport(year, null);
  const data = report.data;
  const zone = user.buildingTimeZone;
  const names = new Map((data?.rows ?? []).map((r) => [r.buildingId, r.buildingName]));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('drills.title')}</Title>
      <Text>{t('drills.intro')}</Text>
      <NumberInput
        label={t('drills.schoolYear')}
        value={year ?? data?.schoolYear ?? ''}
        onChange={(v) => setYear(typeof v === 'number' ? v : null)}
        min={2000}
        max={2100}
        w={200}
        description={
          data
            ? `${formatDate(`${data.from}T12:00:00Z`, 'UTC')} – ${formatDate(`${data.to}T12:00:00Z`, 'UTC')}`
            : undefined
        }
      />
      {report.error ? <Text c="red">{report.error.message}</Text> : null}
      <Table striped data-testid="drills-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('drills.building')}</Table.Th>
            <Table.Th>{t('drills.kind')}</Table.Th>
            <Table.Th>{t('drills.required')}</Table.Th>
            <Table.Th>{t('drills.done')}</Table.Th>
            <Table.Th>{t('drills.expected')}</Table.Th>
            <Table.Th>{t('drills.status')}</Table.Th>
            <Table.Th>{t('drills.lastDrill')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.rows ?? []).map((r) => (
            <Table.Tr key={`${r.buildingId}-${r.kind}`} data-testid={`drill-row-${r.buildingId}-${r.kind}`}>
              <Table.Td>{r.buildingName}</Table.Td>
              <Table.Td>{t(`emergencyStates.kind.${r.kind}`)}</Table.Td>
              <Table.Td>{r.required}</Table.Td>
              <Table.Td data-testid="drill-done">{r.done}</Table.Td>
              <Table.Td>{r.expectedByNow}</Table.Td>
              <Table.Td>
                <Badge color={r.overdue ? 'red' : 'green'}>
                  {r.overdue ? t('drills.overdue') : t('drills.onTrack')}
                </Badge>
              </Table.Td>
              <Table.Td>{r.lastDrillAt ? formatDate(r.lastDrillAt, zone) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2}>{t('drills.log')}</Title>
      {data && data.drills.length === 0 ? <Text c="dimmed">{t('drills.empty')}</Text> : null}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('emergencyStates.when')}</Table.Th>
            <Table.Th>{t('drills.building')}</Table.Th>
            <Table.Th>{t('drills.kind')}</Table.Th>
            <Table.Th>{t('drills.duration')}</Table.Th>
            <Table.Th>{t('drills.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.drills ?? []).map((d) => (
            <Table.Tr key={`${d.id}-${d.buildingId}`}>
              <Table.Td>{formatDate(d.startedAt, zone)}</Table.Td>
              <Table.Td>{names.get(d.buildingId) ?? ''}</Table.Td>
              <Table.Td>{t(`emergencyStates.kind.${d.kind}`)}</Table.Td>
              <Table.Td>
                {d.durationMinutes === null ? '—' : t('drills.minutes', { count: d.durationMinutes })}
              </Table.Td>
              <Table.Td>{d.endNotes ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
