import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPrinter, IconSearch } from '@tabler/icons-react';
import type { TRosterCounts, TRosterEntry, TRosterMark } from '@sv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ExportButton } from '../../components/export';
import { useCan } from '../../lib/can';
import { useUser } from '../../lib/session';
import { formatTime } from '../../lib/time/format';
import { emergencyKeys, useActiveStates, useEmergencyPush, useRoster, useRosterPush } from './emergency-api';
import { useMarkQueue } from './roster-queue';
import './i18n.en';

type Filter = 'all' | 'unmarked' | TRosterMark;
const MARKS: { mark: TRosterMark; color: string }[] = [
  { mark: 'accounted', color: 'green.9' },
  { mark: 'missing', color: 'red.9' },
  { mark: 'needs_help', color: 'orange.9' },
];
/** A phone shows this many people at a time; search and the filters narrow the rest. */
const SHOWN = 150;

const countOf = (c: TRosterCounts, f: Filter) =>
  f === 'all'
    ? c.total
    : f === 'unmarked'
      ? c.unmarked
      : f === 'accounted'
        ? c.accounted
        : f === 'missing'
          ? c.missing
          : c.needsHelp;

/**
 * /emergency/roster (issue 27 §2, ADR 0042): the accountability roster of the active state (or
 * ?state=ID), made for a phone at an assembly point. Count tiles filter the list; search and the
 * group filter narrow it; three big buttons mark each person. Marks wait in a queue while the
 * network is gone ("Waiting to send (n)") and are sent again every 5 seconds, when the browser is
 * back online, and on "Try now". Printable and exportable.
 */
export default function RosterPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params] = useSearchParams();
  const active = useActiveStates();
  useEmergencyPush(user.buildingId);
  const asked = Number(params.get('state'));
  const stateId = Number.isInteger(asked) && asked > 0 ? asked : (active.data?.states[0]?.id ?? null);
  const roster = useRoster(stateId);
  const pushBuildings = roster.data?.state.buildings.map((b) => b.id) ?? (user.buildingId ? [user.buildingId] : []);
  useRosterPush(pushBuildings, stateId);
  const qc = useQueryClient();
  const refresh = useCallback(() => {
    if (stateId) void qc.invalidateQueries({ queryKey: emergencyKeys.roster(stateId) });
  }, [qc, stateId]);
  const queue = useMarkQueue(stateId, refresh);
  const canMark = useCan('emergencyRoster.mark');
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<string | null>(null);

  const data = roster.data;
  const open = data?.state.status === 'active';
  const groupName = useCallback(
    (e: { personKind: 'visit' | 'student'; group: string; label?: string }) =>
      e.personKind === 'visit'
        ? t(`emergencyRoster.visitGroup.${e.group}`, { defaultValue: e.group })
        : e.group === 'Unassigned'
          ? t('emergencyRoster.unassigned')
          : t('emergencyRoster.grade', { grade: e.group }),
    [t],
  );
  // what this phone pressed and has not yet sent shows at once
  const entries = useMemo(() => {
    const pending = new Map(queue.waiting.map((m) => [m.entryId, m.status]));
    return (data?.entries ?? []).map((e) => ({ ...e, status: pending.get(e.id) ?? e.status }));
  }, [data, queue.waiting]);
  const counts = useMemo<TRosterCounts>(() => {
    const c = { total: entries.length, accounted: 0, missing: 0, needsHelp: 0, unmarked: 0 };
    for (const e of entries) {
      if (e.status === 'accounted') c.accounted++;
      else if (e.status === 'missing') c.missing++;
      else if (e.status === 'needs_help') c.needsHelp++;
      else c.unmarked++;
    }
    return c;
  }, [entries]);
  const needle = search.trim().toLowerCase();
  const shown = entries.filter(
    (e) =>
      (filter === 'all' || (filter === 'unmarked' ? e.status === null : e.status === filter)) &&
      (group === null || `${e.personKind}|${e.group}` === group) &&
      (!needle || `${e.name} ${e.badge} ${e.visiting}`.toLowerCase().includes(needle)),
  );

  if (active.isPending && !params.get('state')) return <Loader aria-label={t('common.loading')} />;
  if (stateId === null)
    return (
      <Stack gap="md">
        <Title order={1}>{t('emergencyRoster.title')}</Title>
        <Text>{t('emergencyRoster.noState')}</Text>
        <Button component={Link} to="/emergency" variant="default" w="fit-content">
          {t('emergencyRoster.toEmergency')}
        </Button>
      </Stack>
    );
  if (roster.isError)
    return (
      <Alert color="red" role="alert">
        {roster.error.message}
      </Alert>
    );
  if (!data) return <Loader aria-label={t('common.loading')} />;

  const tiles: { filter: Filter; label: string; color: string }[] = [
    { filter: 'all', label: t('emergencyRoster.count.total'), color: 'gray' },
    { filter: 'unmarked', label: t('emergencyRoster.count.unmarked'), color: 'gray' },
    { filter: 'accounted', label: t('emergencyRoster.count.accounted'), color: 'green' },
    { filter: 'missing', label: t('emergencyRoster.count.missing'), color: 'red' },
    { filter: 'needs_help', label: t('emergencyRoster.count.needsHelp'), color: 'orange' },
  ];
  return (
    <Stack gap="sm" maw={960}>
      <style>
        {'@media print { header, nav, .sv-no-print { display: none !important; } main { padding: 0 !important; } }'}
      </style>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={1} size="h2">
          {t('emergencyRoster.title')}
        </Title>
        <Group gap={6}>
          <Badge color={data.state.drill ? 'orange' : 'red'} size="lg">
            {t(`emergencyStates.kind.${data.state.kind}`)} ·{' '}
            {data.state.drill ? t('emergencyStates.drill') : t('emergencyStates.real')}
          </Badge>
          {!open ? <Badge color="gray">{t(`emergencyRoster.status.${data.state.status}`)}</Badge> : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {data.state.buildings.map((b) => b.name).join(', ')} ·{' '}
        {t('emergencyRoster.snapshotAt', { time: formatTime(data.state.startedAt, user.buildingTimeZone) })}
      </Text>
      {queue.waiting.length > 0 ? (
        <Alert color="yellow" variant="light" className="sv-no-print" data-testid="roster-waiting">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>{t('emergencyRoster.waiting', { count: queue.waiting.length })}</Text>
            <Button size="compact-md" variant="default" onClick={() => void queue.tryNow()}>
              {t('emergencyRoster.tryNow')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing={6} data-testid="roster-counts">
        {tiles.map((tile) => (
          <UnstyledButton
            key={tile.filter}
            onClick={() => setFilter(filter === tile.filter && tile.filter !== 'all' ? 'all' : tile.filter)}
            aria-pressed={filter === tile.filter}
            data-testid={`roster-count-${tile.filter}`}
          >
            <Paper
              withBorder
              p={6}
              radius="md"
              ta="center"
              bg={filter === tile.filter ? `var(--mantine-color-${tile.color}-1)` : undefined}
              style={{ borderWidth: filter === tile.filter ? 2 : 1 }}
            >
              <Text fw={800} fz={26} lh={1.1} c={tile.color === 'gray' ? undefined : `${tile.color}.9`}>
                {countOf(counts, tile.filter)}
              </Text>
              <Text size="xs" fw={600}>
                {tile.label}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" className="sv-no-print">
        <TextInput
          aria-label={t('emergencyRoster.search')}
          placeholder={t('emergencyRoster.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="md"
        />
        <Select
          aria-label={t('emergencyRoster.group')}
          placeholder={t('emergencyRoster.allGroups')}
          data={data.groups.map((g) => ({
            value: `${g.personKind}|${g.label}`,
            label: `${groupName({ personKind: g.personKind, group: g.label })} (${g.counts.total - g.counts.unmarked}/${g.counts.total})`,
          }))}
          value={group}
          onChange={setGroup}
          clearable
          size="md"
        />
      </SimpleGrid>
      <Group gap="xs" className="sv-no-print">
        <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('emergencyRoster.print')}
        </Button>
        <ExportButton
          kind="emergency-roster"
          params={{ stateId: data.state.id }}
          title={t('emergencyRoster.exportTitle')}
        />
      </Group>
      {!open ? (
        <Text size="sm" c="dimmed">
          {t('emergencyRoster.closed')}
        </Text>
      ) : null}
      {shown.length === 0 ? <Text c="dimmed">{t('emergencyRoster.nobody')}</Text> : null}
      <Stack gap={6} data-testid="roster-list">
        {shown.slice(0, SHOWN).map((e) => (
          <RosterRow
            key={e.id}
            e={e}
            group={groupName(e)}
            canMark={canMark && open}
            waiting={queue.waiting.some((m) => m.entryId === e.id)}
            onMark={(m) => queue.mark(e.id, m)}
            timeZone={user.buildingTimeZone}
          />
        ))}
      </Stack>
      {shown.length > SHOWN ? (
        <Text size="sm" c="dimmed">
          {t('emergencyRoster.more', { shown: SHOWN, count: shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

function RosterRow({
  e,
  group,
  canMark,
  waiting,
  onMark,
  timeZone,
}: {
  e: TRosterEntry;
  group: string;
  canMark: boolean;
  waiting: boolean;
  onMark: (m: TRosterMark) => void;
  timeZone: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" data-testid="roster-entry" data-status={e.status ?? 'unmarked'}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar
          src={e.photoUrl}
          alt={e.photoUrl ? t('emergencyRoster.photoOf', { name: e.name }) : ''}
          size={48}
          radius="sm"
        >
          {e.name.slice(0, 1)}
        </Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} size="lg" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {e.name}
          </Text>
          <Text size="sm" c="dimmed">
            {group}
            {e.badge ? ` · ${e.badge}` : ''}
            {e.visiting ? ` · ${t('emergencyRoster.visiting', { name: e.visiting })}` : ''}
          </Text>
          <Text size="sm" fw={600} data-testid="roster-entry-status">
            {e.status ? t(`emergencyRoster.mark.${e.status}`) : t('emergencyRoster.count.unmarked')}
            {waiting
              ? ` · ${t('emergencyRoster.notSent')}`
              : e.markedBy && e.markedAt
                ? ` · ${t('emergencyRoster.markedBy', { name: e.markedBy, time: formatTime(e.markedAt, timeZone ?? undefined) })}`
                : ''}
          </Text>
        </div>
      </Group>
      {canMark ? (
        <SimpleGrid cols={3} spacing={6} mt={6} className="sv-no-print">
          {MARKS.map(({ mark, color }) => (
            <Button
              key={mark}
              size="md"
              h={52}
              px={4}
              color={color}
              variant={e.status === mark ? 'filled' : 'outline'}
              aria-pressed={e.status === mark}
              aria-label={`${t(`emergencyRoster.mark.${mark}`)}: ${e.name}`}
              onClick={() => onMark(mark)}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.1 } }}
            >
              {t(`emergencyRoster.mark.${mark}`)}
            </Button>
          ))}
        </SimpleGrid>
      ) : null}
    </Paper>
  );
}
