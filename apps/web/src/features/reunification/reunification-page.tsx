import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFileTypePdf, IconLink, IconSend, IconUserPlus } from '@tabler/icons-react';
import {
  type TReunificationChild,
  type TReunificationCounts,
  type TReunificationEvent,
  type TReunificationRequest,
  type TStationRequestCreate,
  type TStudentSearchResponse,
  ZStationRequestCreate,
} from '@sv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm';
import { ExportButton } from '../../components/export';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { notify } from '../../lib/notify';
import { useUser } from '../../lib/session';
import { formatTime } from '../../lib/time/format';
import { useActiveStates, useBuildingChoices } from '../emergency/emergency-api';
import { EMPTY_ID_CHECK, type IdCheck, IdStep, verificationOf } from '../students/id-step';
import { searchStudents, uploadPickupPhoto } from '../students/students-api';
import { PhotoModal } from '../visitor-flow/photo-modal';
import {
  reportPdfPath,
  useBoard,
  useChildStep,
  useCreateRequest,
  useEndReunification,
  useRelease,
  useReunificationPush,
  useReunifications,
  useSendLink,
  useStartReunification,
  useStationName,
  useVerify,
} from './reunification-api';
import '../emergency/i18n.en';
import '../students/i18n.en';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../lib/i18n/languages';
import './i18n.en';

const COUNT_KEYS: (keyof TReunificationCounts)[] = ['reunified', 'waiting', 'requestsOpen', 'noEligibleAdult'];
const STATUS_COLOR: Record<TReunificationChild['status'], string> = {
  requested: 'gray',
  offered: 'blue',
  refused: 'red',
  sent: 'yellow',
  arrived: 'teal',
  releasing: 'teal',
  released: 'green',
};

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * /reunification (issue 27 §3, ADR 0050): a station screen per table (tablet or laptop). The
 * station's name is chosen once and remembered by the browser. Adults (pre-requests from the
 * families' link, and adults met here) queue on the left; the station checks the adult's ID and
 * the server applies the one pickup rule to every child: a child the rule refuses is shown as
 * refused, never offered. Runners fetch offered children from where the roster last saw them; the
 * release takes the adult's photo. Counts and the district view follow the building's push.
 */
export default function ReunificationPage() {
  const { t } = useTranslation();
  const user = useUser();
  const list = useReunifications();
  const events = list.data?.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const event =
    events.find((e) => e.id === chosen) ?? events.find((e) => e.buildingId === user.buildingId) ?? events[0];
  useReunificationPush(events.map((e) => e.buildingId));
  const [station, setStation] = useStationName();

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('reunification.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t('reunification.intro')}
          </Text>
        </div>
        <TextInput
          label={t('reunification.station')}
          description={t('reunification.stationHelp')}
          value={station}
          onChange={(e) => setStation(e.currentTarget.value.slice(0, 40))}
          placeholder="Table 1"
          w={260}
          error={station.trim() ? null : t('reunification.stationNeeded')}
          data-testid="station-name"
        />
      </Group>
      {list.isPending ? (
        <Loader />
      ) : !event ? (
        <StartPanel />
      ) : (
        <>
          {events.length > 1 ? (
            <DistrictView events={events} totals={list.data?.totals} current={event.id} onPick={setChosen} />
          ) : null}
          <EventHeader event={event} />
          <Station eventId={event.id} station={station.trim()} />
        </>
      )}
    </Stack>
  );
}

function StartPanel() {
  const { t } = useTranslation();
  const user = useUser();
  const active = useActiveStates();
  const canManage = useCan('reunification.manage');
  const buildings = useBuildingChoices(canManage);
  const [building, setBuilding] = useState<string | null>(user.buildingId ? String(user.buildingId) : null);
  const start = useStartReunification();
  const go = async (body: { stateId?: number; buildingId?: number }) => {
    try {
      await start.mutateAsync(body);
    } catch (err) {
      notify.error(message(err, t('common.somethingWrong')));
    }
  };
  const states = active.data?.states ?? [];
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Text>{t('reunification.none')}</Text>
        {states.flatMap((s) =>
          s.buildings.map((b) => (
            <Button
              key={`${s.id}-${b.id}`}
              size="md"
              loading={start.isPending}
              onClick={() => void go({ stateId: s.id, buildingId: b.id })}
            >
              {t('reunification.startFromState', { kind: s.kind })} ({b.name})
            </Button>
          )),
        )}
        {canManage ? (
          <Group align="flex-end">
            <Select
              label={t('reunification.building')}
              data={(buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              value={building}
              onChange={setBuilding}
              w={300}
              searchable
            />
            <Button
              variant="default"
              disabled={!building}
              loading={start.isPending}
              onClick={() => void go({ buildingId: Number(building) })}
            >
              {t('reunification.startAlone')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Counts({ counts }: { counts: TReunificationCounts }) {
  const { t } = useTranslation();
  const fmt = new Intl.NumberFormat('en-US');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {COUNT_KEYS.map((k) => (
        <Paper key={k} withBorder p="sm" data-testid={`count-${k}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`reunification.counts.${k}`)}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {fmt.format(counts[k])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function DistrictView(props: {
  events: TReunificationEvent[];
  totals?: TReunificationCounts;
  current: number;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        {t('reunification.district')}
      </Text>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reunification.districtBuilding')}</Table.Th>
            {COUNT_KEYS.map((k) => (
              <Table.Th key={k}>{t(`reunification.counts.${k}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.events.map((e) => (
            <Table.Tr key={e.id} bg={e.id === props.current ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <UnstyledButton onClick={() => props.onPick(e.id)} fw={600}>
                  {e.buildingName}
                </UnstyledButton>
              </Table.Td>
              {COUNT_KEYS.map((k) => (
                <Table.Td key={k}>{e.counts[k]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          {props.totals ? (
            <Table.Tr fw={700}>
              <Table.Td>{t('reunification.district')}</Table.Td>
              {COUNT_KEYS.map((k) => (
                <Table.Td key={k}>{props.totals?.[k]}</Table.Td>
              ))}
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function EventHeader({ event }: { event: TReunificationEvent }) {
  const { t } = useTranslation();
  const canManage = useCan('reunification.manage');
  const sendLink = useSendLink();
  const end = useEndReunification();
  const [ending, setEnding] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={2} size="h3">
            {event.buildingName}
          </Title>
          {event.stateKind ? (
            <Badge color={event.drill ? 'gray' : 'red'} size="lg">
              {event.drill ? t('emergencyStates.drill') : t('emergencyStates.real')} ·{' '}
              {t(`emergencyStates.kind.${event.stateKind}`)}
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            {formatTime(event.startedAt, event.timeZone)} · {event.startedBy}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sendLink.isPending}
            onClick={async () => {
              try {
                notify.success((await sendLink.mutateAsync(event.id)).message);
              } catch (err) {
                notify.error(message(err, t('common.somethingWrong')));
              }
            }}
          >
            {t('reunification.sendLink')}
          </Button>
          <Button
            variant="default"
            component="a"
            href={event.publicPath}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconLink size={16} aria-hidden />}
          >
            {t('reunification.copyLink')}
          </Button>
          <Button
            variant="default"
            component="a"
            href={reportPdfPath(event.id)}
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            {t('reunification.report')}
          </Button>
          <ExportButton kind="reunification" params={{ eventId: event.id }} title={t('reunification.exportTitle')} />
          {canManage ? (
            <Button color="red" variant="light" onClick={() => setEnding(true)}>
              {t('reunification.end')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Counts counts={event.counts} />
      <ConfirmDialog
        opened={ending}
        title={t('reunification.end')}
        message={t('reunification.endConfirm', { building: event.buildingName })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('reunification.end')}
        confirmColor="red"
        busy={end.isPending}
        onCancel={() => setEnding(false)}
        onConfirm={async () => {
          try {
            await end.mutateAsync(event.id);
            setEnding(false);
          } catch (err) {
            notify.error(message(err, t('common.somethingWrong')));
          }
        }}
      />
    </Stack>
  );
}

function Station({ eventId, station }: { eventId: number; station: string }) {
  const { t } = useTranslation();
  const board = useBoard(eventId);
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  // the ID checks this screen made, per adult (memory only), kept while the station moves between tabs and adults
  const [checks, setChecks] = useState<Record<number, Checked>>({});
  const requests = board.data?.requests ?? [];
  const open = requests.filter((r) => r.children.some((c) => !['released', 'refused'].includes(c.status)));
  const done = requests.filter((r) => !open.includes(r));
  const current = requests.find((r) => r.id === selected) ?? null;
  const runners = requests.flatMap((r) =>
    r.children.filter((c) => c.status === 'sent').map((c) => ({ child: c, request: r })),
  );
  return (
    <Tabs defaultValue="adults">
      <Tabs.List>
        <Tabs.Tab value="adults">
          {t('reunification.tabs.adults')} ({open.length})
        </Tabs.Tab>
        <Tabs.Tab value="runners">
          {t('reunification.tabs.runners')} ({runners.length})
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="adults" pt="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs">
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={!station}
            >
              {t('reunification.newAdult')}
            </Button>
            {requests.length === 0 ? <Text c="dimmed">{t('reunification.noRequests')}</Text> : null}
            {[...open, ...done].map((r) => (
              <RequestCard key={r.id} request={r} active={r.id === selected} onClick={() => setSelected(r.id)} />
            ))}
          </Stack>
          <Paper withBorder p="md">
            {current ? (
              <StationPanel
                key={current.id}
                eventId={eventId}
                request={current}
                station={station}
                checked={checks[current.id] ?? null}
                onChecked={(c) => setChecks((m) => ({ ...m, [current.id]: c }))}
              />
            ) : (
              <Text c="dimmed">{t('reunification.pick')}</Text>
            )}
          </Paper>
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="runners" pt="sm">
        <RunnerQueue eventId={eventId} station={station} runners={runners} />
      </Tabs.Panel>
      <NewAdultModal
        opened={adding}
        eventId={eventId}
        buildingId={board.data?.event.buildingId ?? 0}
        station={station}
        onClose={(id) => {
          setAdding(false);
          if (id) setSelected(id);
        }}
      />
    </Tabs>
  );
}

function RequestCard(props: { request: TReunificationRequest; active: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const r = props.request;
  return (
    <UnstyledButton onClick={props.onClick} data-testid="reunify-request">
      <Paper withBorder p="sm" bg={props.active ? 'var(--mantine-color-blue-light)' : undefined}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{r.adultName}</Text>
          <Group gap={4}>
            {/* the family's language, so the station greets them in it (issue 29 §1) */}
            {r.language !== 'en' ? (
              <Badge variant="light" lang={LANGUAGE_TAGS[r.language]} tt="none">
                {t('reunification.language', { name: LANGUAGE_NAMES[r.language] })}
              </Badge>
            ) : null}
            <Badge variant="outline" color="gray">
              {r.source === 'public' ? t('reunification.preRequest') : t('reunification.atStation')}
            </Badge>
          </Group>
        </Group>
        <Group gap={6} mt={6}>
          {r.children.map((c) => (
            <Badge key={c.id} color={STATUS_COLOR[c.status]} variant="light" tt="none">
              {c.name} · {t(`reunification.status.${c.status}`)}
            </Badge>
          ))}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** What this screen checked for the adult (kept in memory only: the ID is never stored in the browser). */
type Checked = { verification: NonNullable<ReturnType<typeof verificationOf>>; screeningId: string };

function StationPanel(props: {
  eventId: number;
  request: TReunificationRequest;
  station: string;
  checked: Checked | null;
  onChecked: (c: Checked) => void;
}) {
  const { t } = useTranslation();
  const r = props.request;
  const [guardian, setGuardian] = useState<string | null>(
    r.guardianId ? String(r.guardianId) : r.candidates[0]?.matchesName ? String(r.candidates[0].id) : null,
  );
  const [idCheck, setIdCheck] = useState<IdCheck>(EMPTY_ID_CHECK);
  const [idError, setIdError] = useState<string | null>(null);
  const { checked } = props;
  const [releasing, setReleasing] = useState<TReunificationChild | null>(null);
  const [saving, setSaving] = useState(false);
  const verify = useVerify(props.eventId);
  const step = useChildStep(props.eventId);
  const release = useRelease(props.eventId);

  const check = async () => {
    const verification = verificationOf(idCheck);
    if (!verification) {
      setIdError(t('students.pickup.idRequired'));
      return;
    }
    setIdError(null);
    try {
      const res = await verify.mutateAsync({
        requestId: r.id,
        body: { guardianId: Number(guardian), station: props.station, verification },
      });
      if (res.screeningId) props.onChecked({ verification, screeningId: res.screeningId });
    } catch (err) {
      setIdError(message(err, t('common.somethingWrong')));
    }
  };
  const doStep = async (c: TReunificationChild, s: 'sent' | 'arrived') => {
    try {
      await step.mutateAsync({ childId: c.id, step: s, station: props.station });
    } catch (err) {
      notify.error(message(err, t('common.somethingWrong')));
    }
  };
  const save = async (blob: Blob) => {
    if (!releasing?.studentId || !checked) return;
    setSaving(true);
    try {
      const { photoFileId } = await uploadPickupPhoto(releasing.studentId, blob);
      const res = await release.mutateAsync({
        childId: releasing.id,
        body: {
          station: props.station,
          photoFileId,
          screeningId: checked.screeningId,
          verification: checked.verification,
        },
      });
      notify.success(res.message);
    } catch (err) {
      notify.error(message(err, t('common.somethingWrong')));
    } finally {
      setSaving(false);
      setReleasing(null);
    }
  };
  const unmatched = r.children.filter((c) => c.studentId === null);
  // every child released or refused: nothing is left to check for this adult
  const finished = r.children.every((c) => c.studentId === null || ['released', 'refused'].includes(c.status));
  return (
    <Stack gap="sm" data-testid="station-panel">
      <Title order={3} size="h4">
        {r.adultName}
      </Title>
      {unmatched.map((c) => (
        <Alert key={c.id} color="yellow" p="xs">
          {t('reunification.unmatched', { name: c.name })}
        </Alert>
      ))}
      {finished ? null : r.candidates.length === 0 ? (
        <Alert color="red">{t('reunification.noCandidates')}</Alert>
      ) : (
        <>
          <Select
            label={t('reunification.whoOnFile')}
            description={t('reunification.whoHelp')}
            data={r.candidates.map((c) => ({ value: String(c.id), label: c.name }))}
            value={guardian}
            onChange={setGuardian}
            allowDeselect={false}
            data-testid="who-on-file"
          />
          <IdStep value={idCheck} error={idError} onChange={setIdCheck} />
          <Button onClick={() => void check()} loading={verify.isPending} disabled={!guardian || !props.station}>
            {t('reunification.checkId')}
          </Button>
        </>
      )}
      {r.status === 'verified' &&
      !checked &&
      r.children.some((c) => ['offered', 'sent', 'arrived'].includes(c.status)) ? (
        <Alert color="blue" p="xs">
          {t('reunification.verifyAgain')}
        </Alert>
      ) : null}
      <Stack gap={6}>
        {r.children
          .filter((c) => c.studentId !== null)
          .map((c) => (
            <Paper key={c.id} withBorder p="xs" data-testid="reunify-child">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={600}>
                    {c.name}{' '}
                    <Text span size="sm" c="dimmed">
                      {c.identifier}
                    </Text>
                  </Text>
                  <Badge color={STATUS_COLOR[c.status]} variant="light">
                    {t(`reunification.status.${c.status}`)}
                  </Badge>
                  {c.status === 'refused' && c.refusal ? (
                    <Text size="sm" c="red.8" mt={4} data-testid="refusal">
                      {c.refusal}
                    </Text>
                  ) : null}
                  {c.status === 'sent' || c.status === 'arrived' ? (
                    <Text size="sm" mt={4}>
                      {c.location ? t('reunification.location', { where: c.location }) : t('reunification.noLocation')}
                    </Text>
                  ) : null}
                </div>
                {c.status === 'offered' ? (
                  <Button size="sm" onClick={() => void doStep(c, 'sent')} disabled={!props.station}>
                    {t('reunification.sendRunner')}
                  </Button>
                ) : c.status === 'sent' ? (
                  <Button size="sm" variant="default" onClick={() => void doStep(c, 'arrived')}>
                    {t('reunification.arrived')}
                  </Button>
                ) : c.status === 'arrived' ? (
                  <Button size="sm" color="green" onClick={() => setReleasing(c)} disabled={!checked}>
                    {t('reunification.release')}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))}
      </Stack>
      <PhotoModal
        opened={releasing !== null}
        required
        name={r.adultName}
        originalFileId={null}
        saving={saving}
        saveLabel={t('reunification.release')}
        onCancel={() => setReleasing(null)}
        onSave={(choice) => {
          if (choice?.kind === 'new') void save(choice.blob);
        }}
      >
        <Text size="sm" fw={500}>
          {t('reunification.releaseTitle', { child: releasing?.name ?? '', adult: r.adultName })}
        </Text>
      </PhotoModal>
    </Stack>
  );
}

function RunnerQueue(props: {
  eventId: number;
  station: string;
  runners: { child: TReunificationChild; request: TReunificationRequest }[];
}) {
  const { t } = useTranslation();
  const step = useChildStep(props.eventId);
  if (props.runners.length === 0) return <Text c="dimmed">{t('reunification.runnersEmpty')}</Text>;
  return (
    <Stack gap="xs">
      {props.runners.map(({ child, request }) => (
        <Paper key={child.id} withBorder p="sm" data-testid="runner-row">
          <Group justify="space-between">
            <div>
              <Text fw={700}>
                {child.name}{' '}
                <Text span c="dimmed" size="sm">
                  {child.identifier}
                </Text>
              </Text>
              <Text size="sm">
                {child.location
                  ? t('reunification.location', { where: child.location })
                  : t('reunification.noLocation')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('reunification.forAdult', { adult: request.adultName, station: child.station })}
              </Text>
            </div>
            <Button
              variant="default"
              onClick={async () => {
                try {
                  await step.mutateAsync({
                    childId: child.id,
                    step: 'arrived',
                    station: props.station || child.station,
                  });
                } catch (err) {
                  notify.error(message(err, t('common.somethingWrong')));
                }
              }}
            >
              {t('reunification.arrived')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

type NewAdult = { adultFirst: string; adultLast: string; studentIds: number[]; station: string };

function NewAdultModal(props: {
  opened: boolean;
  eventId: number;
  buildingId: number;
  station: string;
  onClose: (requestId?: number) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRequest(props.eventId);
  const [text, setText] = useState('');
  const [found, setFound] = useState<TStudentSearchResponse['data']>([]);
  const [names, setNames] = useState<Record<number, string>>({});
  const form = useContractForm<NewAdult, TStationRequestCreate>(ZStationRequestCreate, {
    initialValues: { adultFirst: '', adultLast: '', studentIds: [], station: props.station } as NewAdult,
    toRequest: (v: NewAdult) => ({ ...v, station: props.station }),
  });
  const search = async () => {
    if (!text.trim()) return;
    try {
      setFound((await searchStudents({ buildingId: props.buildingId, text: text.trim() })).data);
    } catch (err) {
      notify.error(message(err, t('common.somethingWrong')));
    }
  };
  const toggle = (id: number, name: string) => {
    const ids = form.values.studentIds;
    form.setFieldValue('studentIds', ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]);
    setNames((n) => ({ ...n, [id]: name }));
  };
  return (
    <Modal opened={props.opened} onClose={() => props.onClose()} title={t('reunification.newAdult')} size="lg">
      <form
        onSubmit={form.onSubmit(async (v) => {
          try {
            const r = await create.mutateAsync({ ...v, station: props.station });
            form.reset();
            setFound([]);
            setText('');
            props.onClose(r.id);
          } catch (err) {
            notify.error(message(err, t('common.somethingWrong')));
          }
        })}
      >
        <Stack>
          <Group grow align="flex-start">
            <TextInput label={t('reunification.adultFirst')} required {...form.getInputProps('adultFirst')} />
            <TextInput label={t('reunification.adultLast')} required {...form.getInputProps('adultLast')} />
          </Group>
          <Group align="flex-end">
            <TextInput
              label={t('reunification.findChild')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void search();
                }
              }}
              style={{ flex: 1 }}
              data-testid="child-search"
            />
            <Button variant="default" onClick={() => void search()}>
              {t('common.search')}
            </Button>
          </Group>
          <Group gap={6}>
            {found.map((s) => (
              <Button
                key={s.id}
                size="compact-md"
                variant={form.values.studentIds.includes(s.id) ? 'filled' : 'default'}
                onClick={() => toggle(s.id, s.name)}
              >
                {s.name} · {s.identifier}
              </Button>
            ))}
          </Group>
          <Text size="sm" fw={600}>
            {t('reunification.chosen')}: {form.values.studentIds.map((id) => names[id]).join(', ') || '—'}
          </Text>
          {form.errors.studentIds ? (
            <Text size="sm" c="red">
              {form.errors.studentIds}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => props.onClose()}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('reunification.addRequest')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
