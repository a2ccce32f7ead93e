import {
  Badge,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import {
  EMERGENCY_KINDS,
  emergencyConfirmWord,
  type TEmergencyKind,
  type TEmergencyStartRequest,
  type TEmergencyState,
  ZEmergencyStartRequest,
} from '@sv/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm';
import { HoldToConfirm } from '../../components/hold-to-confirm';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useCan } from '../../lib/can';
import { notify } from '../../lib/notify';
import { useUser } from '../../lib/session';
import { formatDateTimeWithZone, formatTime } from '../../lib/time/format';
import {
  useActiveStates,
  useAddNote,
  useBuildingChoices,
  useCancelState,
  useEmergencyPush,
  useEndState,
  useStartState,
  useStatesList,
} from './emergency-api';
import './i18n.en';

/** Seconds left until an instant (0 when passed or none). */
const secondsUntil = (until: string | null) =>
  until ? Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000)) : 0;

/** Seconds left of the starter's cancel window, ticking (0 when closed). */
function useSecondsLeft(until: string | null) {
  const [s, setS] = useState(() => secondsUntil(until));
  useEffect(() => {
    setS(secondsUntil(until));
    if (!until) return;
    const id = setInterval(() => setS(secondsUntil(until)), 250);
    return () => clearInterval(id);
  }, [until]);
  return s;
}

function ActiveState({ s }: { s: TEmergencyState }) {
  const { t } = useTranslation();
  const user = useUser();
  const canEnd = useCan('emergencyStates.end');
  const canNote = useCan('emergencyStates.note');
  const zone = user.buildingTimeZone;
  const secondsLeft = useSecondsLeft(s.startedBy.id === user.id ? s.cancelUntil : null);
  const cancel = useCancelState();
  const end = useEndState();
  const note = useAddNote();
  const [noteText, setNoteText] = useState('');
  const [ending, setEnding] = useState(false);
  const [endNotes, setEndNotes] = useState('');
  const kind = t(`emergencyStates.kind.${s.kind}`);
  return (
    <Card withBorder padding="md" data-testid="emergency-active">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={3}>{kind.toUpperCase()}</Title>
            <Badge color={s.drill ? 'orange' : 'red'} size="lg">
              {s.drill ? t('emergencyStates.drill') : t('emergencyStates.real')}
            </Badge>
          </Group>
          <Group gap="xs">
            {secondsLeft > 0 ? (
              <Button
                color="gray"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(s.id, {
                    onSuccess: () => notify.success(t('emergencyStates.cancelled')),
                    onError: (e) => notify.error(e.message),
                  })
                }
              >
                {t('emergencyStates.cancel', { seconds: secondsLeft })}
              </Button>
            ) : null}
            <Button component={Link} to={`/emergency/roster?state=${s.id}`} variant="default">
              {t('emergencyRoster.title')}
            </Button>
            {canEnd ? (
              <Button color="red" variant="outline" onClick={() => setEnding(true)}>
                {t('emergencyStates.end')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text>
          {s.buildings.map((b) => b.name).join(', ')} · {t('emergencyStates.startedBy')} {s.startedBy.name} ·{' '}
          {formatTime(s.startedAt, zone)}
        </Text>
        <Title order={4}>{t('emergencyStates.timeline')}</Title>
        <Timeline bulletSize={14} lineWidth={2}>
          {s.timeline.map((e) => (
            <Timeline.Item key={e.id} title={`${formatTime(e.at, zone)} · ${t(`emergencyStates.event.${e.kind}`)}`}>
              {e.by ? (
                <Text size="sm" c="dimmed">
                  {e.by}
                </Text>
              ) : null}
              {e.text && e.kind !== 'messages' ? <Text size="sm">{e.text}</Text> : null}
              {e.report ? <Text size="sm">{t('emergencyStates.report', e.report)}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
        {canNote ? (
          <Group align="flex-end" wrap="nowrap">
            <Textarea
              label={t('emergencyStates.note')}
              value={noteText}
              onChange={(e) => setNoteText(e.currentTarget.value)}
              autosize
              minRows={1}
              style={{ flex: 1 }}
            />
            <Button
              disabled={!noteText.trim()}
              loading={note.isPending}
              onClick={() =>
                note.mutate(
                  { id: s.id, text: noteText },
                  {
                    onSuccess: () => {
                      setNoteText('');
                      notify.success(t('emergencyStates.noteSaved'));
                    },
                    onError: (e) => notify.error(e.message),
                  },
                )
              }
            >
              {t('emergencyStates.addNote')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={ending}
        title={t('emergencyStates.endTitle', { kind })}
        cancelLabel={t('emergencyStates.cancelStart')}
        confirmLabel={t('emergencyStates.end')}
        confirmColor="red"
        confirmDisabled={!endNotes.trim()}
        busy={end.isPending}
        onCancel={() => setEnding(false)}
        onConfirm={() =>
          end.mutate(
            { id: s.id, notes: endNotes },
            {
              onSuccess: () => {
                setEnding(false);
                setEndNotes('');
                notify.success(t('emergencyStates.ended'));
              },
              onError: (e) => notify.error(e.message),
            },
          )
        }
      >
        <Textarea
          label={t('emergencyStates.endNotes')}
          value={endNotes}
          onChange={(e) => setEndNotes(e.currentTarget.value)}
          minRows={3}
          autosize
          data-autofocus
        />
      </ConfirmDialog>
    </Card>
  );
}

type StartValues = {
  kind: TEmergencyKind;
  drill: boolean;
  buildingIds: number[];
  wholeDistrict: boolean;
  confirmation: string;
};

function StartForm() {
  const { t } = useTranslation();
  const chooses = useCan('emergencyStates.startSeveral');
  const choices = useBuildingChoices(chooses);
  const start = useStartState();
  const [confirming, setConfirming] = useState(false);
  const form = useContractForm<StartValues, TEmergencyStartRequest>(ZEmergencyStartRequest, {
    initialValues: { kind: 'Lockdown', drill: true, buildingIds: [], wholeDistrict: false, confirmation: '' },
    toRequest: (v) => ({
      kind: v.kind,
      drill: v.drill,
      ...(chooses && !v.wholeDistrict && v.buildingIds.length ? { buildingIds: v.buildingIds } : {}),
      ...(chooses && v.wholeDistrict ? { wholeDistrict: true } : {}),
      confirmation: v.confirmation,
    }),
  });
  const v = form.getValues();
  const word = emergencyConfirmWord(v.kind);
  // the typed word, or the kind's word when the start button was held (issue 27 §1: hold-to-confirm)
  const submit = (confirmation = v.confirmation) =>
    start.mutate(
      {
        kind: v.kind,
        drill: v.drill,
        ...(chooses && !v.wholeDistrict && v.buildingIds.length ? { buildingIds: v.buildingIds } : {}),
        ...(chooses && v.wholeDistrict ? { wholeDistrict: true } : {}),
        confirmation,
      },
      {
        onSuccess: () => {
          setConfirming(false);
          form.setFieldValue('confirmation', '');
          notify.success(t('emergencyStates.started', { kind: t(`emergencyStates.kind.${v.kind}`) }));
        },
        onError: (e) => notify.error(applyServerErrors(form, e) || t('emergencyStates.startFailed')),
      },
    );
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('emergencyStates.title')}
          data={EMERGENCY_KINDS.map((k) => ({ value: k, label: t(`emergencyStates.kind.${k}`) }))}
          {...form.getInputProps('kind')}
          size="md"
          fullWidth
        />
        <Text size="sm" c="dimmed">
          {t(`emergencyStates.kindHelp.${v.kind}`)}
        </Text>
        <SegmentedControl
          aria-label={t('emergencyStates.mode')}
          data={[
            { value: 'drill', label: t('emergencyStates.drill') },
            { value: 'real', label: t('emergencyStates.real') },
          ]}
          value={v.drill ? 'drill' : 'real'}
          onChange={(m) => form.setFieldValue('drill', m === 'drill')}
        />
        {chooses ? (
          <>
            <Checkbox
              label={t('emergencyStates.wholeDistrict')}
              {...form.getInputProps('wholeDistrict', { type: 'checkbox' })}
            />
            {!v.wholeDistrict ? (
              <MultiSelect
                label={t('emergencyStates.buildings')}
                data={(choices.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                value={v.buildingIds.map(String)}
                onChange={(ids) => form.setFieldValue('buildingIds', ids.map(Number))}
                error={form.errors.buildingIds}
                searchable
              />
            ) : null}
          </>
        ) : null}
        <Group>
          <Button color="red" size="md" onClick={() => setConfirming(true)}>
            {t('emergencyStates.start')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('emergencyStates.startTitle', {
          kind: t(`emergencyStates.kind.${v.kind}`),
          mode: v.drill ? t('emergencyStates.drill') : t('emergencyStates.real'),
        })}
        message={`${v.drill ? '' : `${t('emergencyStates.startWarningReal')} `}${t('emergencyStates.startWarning', { word })}`}
        cancelLabel={t('emergencyStates.cancelStart')}
        confirmLabel={t('emergencyStates.start')}
        confirmColor="red"
        confirmDisabled={v.confirmation.trim().toUpperCase() !== word}
        busy={start.isPending}
        lockWhileBusy
        onCancel={() => setConfirming(false)}
        onConfirm={() => submit()}
      >
        <Stack gap="sm">
          <HoldToConfirm
            label={t('emergencyStates.holdToStart', { kind: t(`emergencyStates.kind.${v.kind}`).toUpperCase() })}
            hint={t('emergencyStates.holdHint')}
            disabled={start.isPending}
            onConfirm={() => submit(word)}
          />
          <Divider label={t('emergencyStates.orType')} labelPosition="center" />
          <TextInput
            label={t('emergencyStates.confirmWord')}
            placeholder={word}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('confirmation')}
          />
        </Stack>
      </ConfirmDialog>
    </Card>
  );
}

/**
 * /emergency (issue 27 §1; ADR 0037): start a state (kind, drill or real, buildings for district
 * administrators, the kind typed to confirm); the active states with their time lines, notes,
 * the starter's 10-second cancel and the administrators' end with notes; past states.
 */
export default function EmergencyPage() {
  const { t } = useTranslation();
  const user = useUser();
  const canStart = useCan('emergencyStates.start');
  useEmergencyPush(user.buildingId);
  const active = useActiveStates();
  const past = useStatesList();
  const states = active.data?.states ?? [];
  const statusLabel = {
    active: t('emergencyStates.statusActive'),
    ended: t('emergencyStates.statusEnded'),
    cancelled: t('emergencyStates.statusCancelled'),
  };
  return (
    <Stack gap="lg">
      <Title order={1}>{t('emergencyStates.title')}</Title>
      <Text>{t('emergencyStates.intro')}</Text>
      <Title order={2}>{t('emergencyStates.active')}</Title>
      {states.length === 0 ? <Text c="dimmed">{t('emergencyStates.none')}</Text> : null}
      {states.map((s) => (
        <ActiveState key={s.id} s={s} />
      ))}
      {canStart ? <StartForm /> : null}
      <Title order={2}>{t('emergencyStates.past')}</Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('emergencyStates.when')}</Table.Th>
            <Table.Th>{t('emergencyStates.title')}</Table.Th>
            <Table.Th>{t('emergencyStates.buildings')}</Table.Th>
            <Table.Th>{t('emergencyStates.startedBy')}</Table.Th>
            <Table.Th>{t('drills.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(past.data?.states ?? []).map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{formatDateTimeWithZone(s.startedAt, user.buildingTimeZone)}</Table.Td>
              <Table.Td>
                {t(`emergencyStates.kind.${s.kind}`)} ·{' '}
                {s.drill ? t('emergencyStates.drill') : t('emergencyStates.real')}
              </Table.Td>
              <Table.Td>{s.buildings.map((b) => b.name).join(', ')}</Table.Td>
              <Table.Td>{s.startedBy.name}</Table.Td>
              <Table.Td>{statusLabel[s.status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
