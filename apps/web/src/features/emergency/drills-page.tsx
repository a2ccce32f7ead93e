import { Badge, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import {
  EMERGENCY_KINDS,
  type TDrillRequirements,
  type TDrillsReport,
  type TEmergencyKind,
  ZDrillRequirements,
} from '@sv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useCan } from '../../lib/can';
import { notify } from '../../lib/notify';
import { useUser } from '../../lib/session';
import { formatDate } from '../../lib/time/format';
import { useDrillsReport, useSetDrillRequirements } from './emergency-api';
import './i18n.en';

type RequirementValues = Record<TEmergencyKind, number | string>;

/** The district's required count of each kind, as the report's rows carry it (the same for every building). */
function requiredCounts(report: TDrillsReport | undefined): RequirementValues {
  const counts = Object.fromEntries(EMERGENCY_KINDS.map((k) => [k, 0])) as RequirementValues;
  for (const r of report?.rows ?? []) counts[r.kind] = r.required;
  return counts;
}

/**
 * The required drills per school year (issue 27 §4 "configurable per state law"), for a district
 * administrator (`drills.manage`): one number per kind, for every building of the district.
 */
function DrillRequirementsForm(props: { report: TDrillsReport }) {
  const { t } = useTranslation();
  const save = useSetDrillRequirements();
  const toRequest = (v: RequirementValues): TDrillRequirements => ({
    requirements: EMERGENCY_KINDS.map((kind) => ({ kind, requiredCount: v[kind] === '' ? 0 : Number(v[kind]) })),
  });
  const form = useContractForm<RequirementValues, TDrillRequirements>(ZDrillRequirements, {
    initialValues: requiredCounts(props.report),
    toRequest,
    field: (path) =>
      path[0] === 'requirements' ? (EMERGENCY_KINDS[Number(path[1])] ?? 'requirements') : String(path[0]),
  });
  return (
    <Card withBorder padding="md" maw={720}>
      <form
        data-testid="drill-requirements"
        onSubmit={form.onSubmit((v) =>
          save.mutate(toRequest(v), {
            onSuccess: () => notify.success(t('drills.requirementsSaved')),
            onError: (e) => notify.error(applyServerErrors(form, e)),
          }),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('drills.requirements')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('drills.requirementsHelp')}
          </Text>
          <Group align="flex-start">
            {EMERGENCY_KINDS.map((kind) => (
              <NumberInput
                key={kind}
                label={t(`emergencyStates.kind.${kind}`)}
                min={0}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                w={130}
                {...form.getInputProps(kind)}
              />
            ))}
          </Group>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('drills.saveRequirements')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

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
  // a district administrator sets their district's counts; the platform administrator's report spans districts
  const mayManage = useCan('drills.manage') && user.clientId !== null;
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
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {r.required === 0 ? (
                  <Badge color="gray" variant="light" w="max-content">
                    {t('drills.noRequirement')}
                  </Badge>
                ) : (
                  <Badge
                    color={r.overdue ? 'red.9' : 'teal.9' /* white on these shades ≥ 4.5:1 (axe) */}
                    w="max-content"
                  >
                    {r.overdue ? t('drills.overdue') : t('drills.onTrack')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{r.lastDrillAt ? formatDate(r.lastDrillAt, zone) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {mayManage && data ? <DrillRequirementsForm key={JSON.stringify(requiredCounts(data))} report={data} /> : null}
      <Title order={2}>{t('drills.log')}</Title>
      {data && data.drills.length === 0 ? <Text c="dimmed">{t('drills.empty')}</Text> : null}
      <Table striped hidden={!data || data.drills.length === 0}>
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
                {d.durationMinutes === null
                  ? '—'
                  : d.durationMinutes === 0
                    ? t('drills.underAMinute')
                    : t('drills.minutes', { count: d.durationMinutes })}
              </Table.Td>
              <Table.Td>{d.endNotes ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
