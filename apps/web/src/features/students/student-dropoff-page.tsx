import { Alert, Badge, Button, Center, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { MESSAGES } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import type { DeskNavigationState } from '../scan/scan-api';
import { DeskBuildingSelect, useDeskBuilding } from '../visitor-flow/desk-building';
import {
  guardiansQuery,
  printTardySlip,
  studentReasonsQuery,
  tardySlipWindowPath,
  tardySlipZplPath,
  useRecordDropoff,
} from './students-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { SHOWS_ERROR } from '../../lib/query-client';

const routeId = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * Student Dropoff /student/dropoffSIS/{nameId} (spec 002 §2 Student Dropoff Reasons, §4 Dropoff,
 * §8): nothing happens without a reason; after saving, an event id > 0 opens the tardy slip in a
 * new window that prints automatically; then 'Dropoff has been successfully recorded.' and home.
 */
export default function StudentDropoffPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const studentId = routeId(params.nameId);
  const desk = useDeskBuilding({ initial: (location.state as DeskNavigationState | null)?.buildingId ?? null });
  const buildingId = desk.buildingId;
  // the student's name and district (the general guardian list reads the district's copy only)
  const student = useQuery({
    meta: SHOWS_ERROR,
    ...guardiansQuery(studentId ?? 0, buildingId ?? 0, 'general'),
    enabled: studentId !== null && buildingId !== null,
  });
  const clientId = student.data?.student.clientId ?? 0;
  const reasons = useQuery({ ...studentReasonsQuery(clientId, 'dropoff'), enabled: clientId > 0 });
  const record = useRecordDropoff(studentId ?? 0);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blockedSlip, setBlockedSlip] = useState<number | null>(null);

  if (studentId === null || student.isError) {
    return (
      <Alert color="red" role="alert">
        {t('students.loadFailed')}
      </Alert>
    );
  }
  if (buildingId === null) {
    return (
      <Stack gap="md" maw={520}>
        <Title order={1} size="h2">
          {t('students.dropoff.title')}
        </Title>
        <DeskBuildingSelect desk={desk} />
      </Stack>
    );
  }
  if (!student.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const s = student.data.student;

  /**
   * The slip, the building's way (audit 002 ksl U6, ADR 0027): on its printer from the server,
   * through Zebra Browser Print, or (spec 002 §4 Dropoff) the print window that prints itself.
   * 'blocked': the browser refused the window (the page offers to open it again).
   */
  const printSlip = async (eventId: number): Promise<'printed' | 'printerDown' | 'window' | 'blocked'> => {
    const how = await printTardySlip(eventId).then(
      (r) => r.slipPrint,
      () => 'window' as const,
    );
    if (how === 'printed') return 'printed';
    if (how === 'browser') {
      const { printBy } = await import('../printing/print-badge');
      const sent = await printBy(
        'browser',
        {
          zplUrl: tardySlipZplPath(eventId),
          windowUrl: tardySlipWindowPath(eventId),
          sendToServer: async () => ({ printed: false, message: '' }),
        },
        t,
      );
      return sent.via === 'browser' ? 'printed' : sent.ok ? 'window' : 'blocked';
    }
    if (!window.open(tardySlipWindowPath(eventId), '_blank')) return 'blocked';
    return how === 'printerDown' ? 'printerDown' : 'window';
  };

  const save = async () => {
    // spec 002 §4: nothing happens without a chosen reason
    if (!reasonId) {
      setError(t('students.dropoff.reasonNeeded'));
      return;
    }
    setError(null);
    try {
      const res = await record.mutateAsync({ buildingId, reasonId: Number(reasonId) });
      const slip = res.eventId > 0 ? await printSlip(res.eventId) : 'printed';
      notify.success(res.message || MESSAGES.dropoffRecorded);
      if (slip === 'blocked') {
        setBlockedSlip(res.eventId);
        return;
      }
      if (slip === 'printed' && res.eventId > 0) notify.info(t('students.dropoff.slipPrinted'));
      if (slip === 'printerDown') notify.warning(t('students.dropoff.slipPrinterDown'));
      navigate(paths.home);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('students.dropoff.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('students.dropoff.intro', { name: s.name })}
          </Text>
        </Stack>
        <DeskBuildingSelect desk={desk} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group gap="lg">
          <Text size="xl" fw={700} data-testid="dropoff-student">
            {s.name}
          </Text>
          {s.identifier ? (
            <Badge variant="light" size="lg">
              {s.identifier}
            </Badge>
          ) : null}
          {s.buildingName ? (
            <Text size="sm" c="dimmed">
              {s.buildingName}
            </Text>
          ) : null}
        </Group>
      </Paper>
      {blockedSlip ? (
        <Alert color="yellow" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('students.dropoff.slipBlocked')}</Text>
            <Group>
              <Button
                size="xs"
                leftSection={<IconPrinter size={14} aria-hidden />}
                onClick={() => {
                  window.open(tardySlipWindowPath(blockedSlip), '_blank');
                  navigate(paths.home);
                }}
              >
                {t('students.dropoff.openSlip')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Radio.Group
        label={t('students.dropoff.reason')}
        value={reasonId}
        onChange={(v) => {
          setReasonId(v);
          setError(null);
        }}
        error={error}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          {(reasons.data ?? []).map((r) => (
            <Paper key={r.id} withBorder p="sm" radius="sm">
              <Radio
                value={String(r.id)}
                label={
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {r.name}
                    </Text>
                    <Badge size="sm" variant="filled" color={r.isExcused ? 'teal.9' : 'gray.7'}>
                      {r.isExcused ? t('students.dropoff.excused') : t('students.dropoff.unexcused')}
                    </Badge>
                  </Group>
                }
              />
            </Paper>
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button
          onClick={() => void save()}
          loading={record.isPending}
          leftSection={<IconPrinter size={16} aria-hidden />}
        >
          {t('students.dropoff.save')}
        </Button>
        <Button variant="default" onClick={() => navigate(paths.home)}>
          {t('students.backHome')}
        </Button>
      </Group>
    </Stack>
  );
}
