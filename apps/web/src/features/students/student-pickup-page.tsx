import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconId, IconX } from '@tabler/icons-react';
import { MESSAGES, type TGuardianRow, type TPickupCheckResponse } from '@sv/contracts';
import { parseAamva } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import type { DeskNavigationState } from '../scan/scan-api';
import { DeskBuildingSelect, useDeskBuilding } from '../visitor-flow/desk-building';
import { PhotoModal } from '../visitor-flow/photo-modal';
import { guardiansQuery, startPickup, studentReasonsQuery, uploadPickupPhoto, useRecordPickup } from './students-api';
import { EMPTY_ID_CHECK, type IdCheck, IdStep, verificationOf } from './id-step';
import './i18n.en';
import { notify } from '../../lib/notify';
import { SHOWS_ERROR } from '../../lib/query-client';

const routeId = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const norm = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFKD')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();

/**
 * Student Pickup (spec 002 §2; §4 Pickup; §5 "pickup only where canPickup"; §8):
 * /student/pickup/{nameId} (General: Guardian, Address, Pickup) and /student/pickupSIS/{nameId}
 * (Skyward: Name, Comments and the pickup action, read from the SIS now). No sort, paging, filter
 * or info. The Pickup action screens the person on the server (a flagged guardian stops here and
 * the office is alerted), then opens the photo-and-reason dialog (camera attaches automatically,
 * take and retake); saving records the pickup → 'Pickup has been successfully recorded.' → home.
 */
export default function StudentPickupPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const sis = /pickupsis/i.test(location.pathname);
  const studentId = routeId(params.nameId);
  const desk = useDeskBuilding({ initial: (location.state as DeskNavigationState | null)?.buildingId ?? null });
  const buildingId = desk.buildingId;
  const list = useQuery({
    meta: SHOWS_ERROR,
    ...guardiansQuery(studentId ?? 0, buildingId ?? 0, sis ? 'sis' : 'general'),
    enabled: studentId !== null && buildingId !== null,
  });
  const clientId = list.data?.student.clientId ?? 0;
  const reasons = useQuery({ ...studentReasonsQuery(clientId, 'pickup'), enabled: clientId > 0 });
  const record = useRecordPickup(studentId ?? 0);
  const [starting, setStarting] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{
    guardian: TGuardianRow;
    screeningId: string;
    identity: TPickupCheckResponse['identity'];
  } | null>(null);
  const [idCheck, setIdCheck] = useState<IdCheck>(EMPTY_ID_CHECK);
  const [idError, setIdError] = useState<string | null>(null);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const rowButtons = useRef(new Map<number, HTMLButtonElement | null>());

  // spec 002 §8: a SIS error shows its message, then the user goes home
  const failed =
    list.error instanceof ApiError && (list.error.status === 424 || list.error.status === 503)
      ? list.error.message
      : null;
  useEffect(() => {
    if (!failed) return;
    notify.error(failed);
    navigate(paths.home);
  }, [failed, navigate]);

  if (studentId === null || (list.isError && !failed)) {
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
          {t('students.pickup.title')}
        </Title>
        <DeskBuildingSelect desk={desk} />
      </Stack>
    );
  }
  if (!list.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const { student, guardians } = list.data;

  const begin = async (g: TGuardianRow, scannedId?: string) => {
    setRefusal(null);
    setNotice(null);
    setStarting(g.guardianId);
    try {
      const res = await startPickup(student.id, { buildingId, guardianId: g.guardianId });
      setNotice(res.notice);
      setReasonId(null);
      setReasonError(null);
      // the licence scanned to pick the row is the ID check, unless the attendant changes it
      setIdCheck(scannedId ? { ...EMPTY_ID_CHECK, method: 'id_scan', raw: scannedId } : EMPTY_ID_CHECK);
      setIdError(null);
      setDialog({ guardian: g, screeningId: res.screeningId, identity: res.identity });
    } catch (err) {
      setRefusal(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    } finally {
      setStarting(null);
    }
  };

  const save = async (blob: Blob) => {
    if (!dialog) return;
    const verification = verificationOf(idCheck);
    if (!verification) setIdError(t('students.pickup.idRequired'));
    if (!reasonId) setReasonError(t('students.pickup.reasonPick'));
    if (!reasonId || !verification) return;
    setSaving(true);
    try {
      const { photoFileId } = await uploadPickupPhoto(student.id, blob);
      const res = await record.mutateAsync({
        buildingId,
        guardianId: dialog.guardian.guardianId,
        reasonId: Number(reasonId),
        photoFileId,
        screeningId: dialog.screeningId,
        verification,
      });
      notify.success(res.message || MESSAGES.pickupRecorded);
      navigate(paths.home);
    } catch (err) {
      setDialog(null);
      setRefusal(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    } finally {
      setSaving(false);
    }
  };

  /** "Beyond the spec": the person's licence scanned picks their row (names compared, nothing stored). */
  const pickByScan = () => {
    const raw = scan;
    const id = parseAamva(raw);
    setScan('');
    const match = id
      ? guardians.find((g) => {
          const [first, ...rest] = g.name.split(' ');
          return norm(first) === norm(id.firstName) && norm(rest.join(' ')) === norm(id.lastName);
        })
      : undefined;
    if (!match) {
      setScanError(t('students.pickup.idNoMatch'));
      return;
    }
    setScanError(null);
    rowButtons.current.get(match.guardianId)?.focus();
    if (match.canPickup) void begin(match, raw);
  };

  const action = (g: TGuardianRow) =>
    g.canPickup ? (
      <Button
        size="xs"
        leftSection={<IconCheck size={14} aria-hidden />}
        loading={starting === g.guardianId}
        disabled={starting !== null}
        onClick={() => void begin(g)}
        ref={(el) => {
          rowButtons.current.set(g.guardianId, el);
        }}
        aria-label={t('students.pickup.actionFor', { student: student.name, guardian: g.name })}
        data-testid={`pickup-${g.guardianId}`}
      >
        {t('students.pickup.action')}
      </Button>
    ) : (
      <Group gap={6} wrap="nowrap" data-testid={`not-allowed-${g.guardianId}`}>
        <IconX size={22} stroke={2.5} color="var(--mantine-color-red-8)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" c="red.9" fw={500}>
          <VisuallyHidden>{t('students.pickup.notAllowed')} </VisuallyHidden>
          {g.refusal}
        </Text>
      </Group>
    );

  return (
    <Stack gap="md" maw={980}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('students.pickup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('students.pickup.intro', { name: student.name })}
          </Text>
        </Stack>
        <DeskBuildingSelect desk={desk} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('students.pickup.student')}
            </Text>
            <Text size="xl" fw={700} data-testid="pickup-student">
              {student.name}
            </Text>
          </Stack>
          {student.identifier ? (
            <Badge variant="light" size="lg">
              {student.identifier}
            </Badge>
          ) : null}
          {student.buildingName ? (
            <Text size="sm" c="dimmed">
              {student.buildingName}
            </Text>
          ) : null}
          {sis ? (
            <Text size="xs" c="dimmed" ml="auto">
              {t('students.pickup.sisNote')}
            </Text>
          ) : null}
        </Group>
      </Paper>
      {refusal ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
          closeButtonLabel={t('common.close')}
          data-testid="pickup-refusal"
        >
          {refusal}
        </Alert>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          pickByScan();
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('students.pickup.idScan')}
            placeholder={t('students.pickup.idScanHint')}
            leftSection={<IconId size={16} aria-hidden />}
            value={scan}
            onChange={(e) => setScan(e.currentTarget.value)}
            error={scanError}
            autoComplete="off"
            w={{ base: '100%', sm: 380 }}
          />
        </Group>
      </form>
      {guardians.length === 0 ? (
        <Alert color="yellow">{t('students.pickup.none')}</Alert>
      ) : (
        <Table withTableBorder verticalSpacing="sm" data-testid="guardian-table">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            {t('students.pickup.caption', { name: student.name })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{sis ? t('students.pickup.colName') : t('students.pickup.colGuardian')}</Table.Th>
              <Table.Th>{sis ? t('students.pickup.colComments') : t('students.pickup.colAddress')}</Table.Th>
              <Table.Th w={sis ? 320 : 320}>{t('students.pickup.colPickup')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {guardians.map((g) => (
              <Table.Tr key={g.guardianId} data-testid="guardian-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {g.name}
                  </Text>
                  {g.relationship ? (
                    <Text size="xs" c="dimmed" tt="capitalize">
                      {g.relationship}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{sis ? g.comments : g.address}</Text>
                </Table.Td>
                <Table.Td>{action(g)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button variant="default" onClick={() => navigate(paths.home)}>
          {t('students.backHome')}
        </Button>
      </Group>
      <PhotoModal
        opened={dialog !== null}
        required
        name={dialog?.guardian.name ?? ''}
        originalFileId={null}
        saving={saving}
        saveLabel={t('students.pickup.save')}
        onCancel={() => {
          // spec 002 §4: dismissing the dialog does nothing
          setDialog(null);
        }}
        onSave={(choice) => {
          if (choice?.kind === 'new') void save(choice.blob);
        }}
      >
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('students.pickup.collecting', { guardian: dialog?.guardian.name ?? '', student: student.name })}
          </Text>
          {notice ? (
            <Alert color="yellow" data-testid="pickup-notice">
              {notice}
            </Alert>
          ) : null}
          <Select
            label={t('students.pickup.reason')}
            placeholder={t('students.pickup.reasonPick')}
            data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={reasonId}
            onChange={(v) => {
              setReasonId(v);
              setReasonError(null);
            }}
            error={reasonError}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="pickup-reason"
          />
          {dialog ? (
            <IdStep
              identity={dialog.identity}
              value={idCheck}
              error={idError}
              onChange={(v) => {
                setIdCheck(v);
                setIdError(null);
              }}
            />
          ) : null}
        </Stack>
      </PhotoModal>
    </Stack>
  );
}
