import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { TAuthorizationCreate, TStudentRow } from '@sv/contracts';
import { DATE_FORMAT, formatCalendarDate, formatDateTime } from '../../lib/time/format';
import { pickedDate } from '../../lib/time/fields';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import {
  authorizationsQuery,
  searchStudents,
  syncStatusQuery,
  useAddAuthorization,
  useRevokeAuthorization,
  useSyncNow,
} from './students-api';
import { AuditHistory } from '../audit/audit-history';
import './i18n.en';
import { notify } from '../../lib/notify';
import { SHOWS_ERROR } from '../../lib/query-client';

const routeId = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * Pickup authorisations /student/authorizations/{studentId} (issue 12; administrators, roles 1
 * and 2): OneRoster says who a student's guardians are but not who may collect them, so the
 * district decides here, per student: who may pick up (always, or on some days: an exception),
 * who may not (a court order, with its note). No permission means no pickup.
 */
export default function PickupAuthorizationsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const studentId = routeId(params.studentId);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<TStudentRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const find = async () => {
    if (!text.trim()) return;
    setError(null);
    try {
      setRows((await searchStudents({ text: text.trim() })).data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('students.auth.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={760}>
          {t('students.auth.intro')}
        </Text>
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('students.auth.find')}
            placeholder={t('students.auth.findHint')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            w={{ base: '100%', sm: 360 }}
            autoComplete="off"
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('students.lookup.search')}
          </Button>
        </Group>
      </form>
      {rows !== null && rows.length === 0 ? <Text size="sm">{t('students.lookup.none')}</Text> : null}
      {rows && rows.length > 0 ? (
        <Group gap="xs">
          {rows.map((s) => (
            <UnstyledButton
              key={s.id}
              onClick={() => {
                setRows(null);
                navigate(paths.pickupAuthorizations(s.id));
              }}
              p="xs"
              style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
              aria-label={t('students.lookup.open', { name: s.name })}
            >
              <Text size="sm" fw={600}>
                {s.name}
              </Text>
              <Text size="xs" c="dimmed">
                {s.identifier} · {s.buildingName ?? ''}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
      {studentId ? <StudentRules studentId={studentId} /> : <Text c="dimmed">{t('students.auth.pick')}</Text>}
    </Stack>
  );
}

function StudentRules(props: { studentId: number }) {
  const { t } = useTranslation();
  const data = useQuery({ ...authorizationsQuery(props.studentId), meta: SHOWS_ERROR });
  const revoke = useRevokeAuthorization(props.studentId);
  const [adding, setAdding] = useState(false);
  if (data.isError)
    return (
      <Alert color="red" role="alert">
        {t('students.loadFailed')}
      </Alert>
    );
  if (!data.data)
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const { student, people, rules } = data.data;
  const nameOf = (id: number) => people.find((p) => p.guardianId === id)?.name ?? '';
  const days = (from: string | null, to: string | null) =>
    from && to
      ? from === to
        ? formatCalendarDate(from)
        : `${formatCalendarDate(from)} – ${formatCalendarDate(to)}`
      : t('students.auth.standing');

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="md">
            <Text size="xl" fw={700} data-testid="auth-student">
              {student.name}
            </Text>
            {student.identifier ? <Badge variant="light">{student.identifier}</Badge> : null}
            <Text size="sm" c="dimmed">
              {student.buildingName ?? ''}
            </Text>
          </Group>
          <SyncLine clientId={student.clientId} />
        </Group>
      </Paper>

      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('students.auth.people')}
        </Title>
        <Table withTableBorder data-testid="auth-people">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('students.auth.person')}</Table.Th>
              <Table.Th>{t('students.auth.relationship')}</Table.Th>
              <Table.Th>{t('students.auth.source')}</Table.Th>
              <Table.Th>{t('students.auth.today')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((p) => (
              <Table.Tr key={p.guardianId}>
                <Table.Td fw={600}>{p.name}</Table.Td>
                <Table.Td tt="capitalize">{p.relationship}</Table.Td>
                <Table.Td>
                  {p.source === 'sis' ? t('students.auth.sourceSis') : t('students.auth.sourceLocal')}
                </Table.Td>
                <Table.Td>
                  <Badge color={p.canPickupToday ? 'teal.9' : 'red.9'} variant="filled">
                    {p.canPickupToday ? t('students.auth.may') : t('students.auth.mayNot')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>

      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('students.auth.rules')}
          </Title>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            {t('students.auth.add')}
          </Button>
        </Group>
        {rules.length === 0 ? (
          <Alert color="yellow">{t('students.auth.noRules')}</Alert>
        ) : (
          <Table withTableBorder data-testid="auth-rules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('students.auth.person')}</Table.Th>
                <Table.Th>{t('students.auth.kind')}</Table.Th>
                <Table.Th>{t('students.auth.dates')}</Table.Th>
                <Table.Th>{t('students.auth.note')}</Table.Th>
                <Table.Th>{t('students.auth.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td fw={600}>{nameOf(r.guardianId)}</Table.Td>
                  <Table.Td>
                    <Badge color={r.kind === 'deny' ? 'red.9' : 'teal.9'} variant="filled">
                      {r.kind === 'deny' ? t('students.auth.deny') : t('students.auth.allow')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{days(r.validFrom, r.validTo)}</Table.Td>
                  <Table.Td>{r.note}</Table.Td>
                  <Table.Td>{t(`students.auth.${r.state}`)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('students.auth.endRule', { name: nameOf(r.guardianId) })}
                      loading={revoke.isPending && revoke.variables?.id === r.id}
                      onClick={() =>
                        revoke.mutate(r, {
                          onSuccess: () => notify.success(t('students.auth.ended')),
                          onError: (err) => notify.error(err.message),
                        })
                      }
                    >
                      {t('students.auth.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <AddRuleModal
        opened={adding}
        onClose={() => setAdding(false)}
        studentId={props.studentId}
        people={people.map((p) => ({ value: String(p.guardianId), label: p.name }))}
      />
      {/* who granted, revoked or read this student's authorisations (issue 26 §1; audit.read only) */}
      <AuditHistory framed targetType="student" targetId={props.studentId} headingOrder={2} />
    </Stack>
  );
}

function AddRuleModal(props: {
  opened: boolean;
  onClose: () => void;
  studentId: number;
  people: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const add = useAddAuthorization(props.studentId);
  const [who, setWho] = useState<string | null>(null);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [address, setAddress] = useState('');
  const [kind, setKind] = useState<'allow' | 'deny'>('allow');
  const [limited, setLimited] = useState(false);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const NEW = 'new';
  const reset = () => {
    setWho(null);
    setFirst('');
    setLast('');
    setAddress('');
    setKind('allow');
    setLimited(false);
    setFrom(null);
    setTo(null);
    setNote('');
    setErrors({});
  };
  const save = async () => {
    const body: TAuthorizationCreate = {
      kind,
      note,
      ...(who && who !== NEW ? { guardianId: Number(who) } : { firstname: first, lastname: last, address }),
      ...(kind === 'allow' && limited ? { validFrom: pickedDate(from), validTo: pickedDate(to) } : {}),
    };
    try {
      await add.mutateAsync(body);
      notify.success(t('students.auth.saved'));
      reset();
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const fe = err.body.fieldErrors ?? {};
        setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v[0] ?? ''])));
        if (Object.keys(fe).length === 0) setErrors({ form: err.message });
      }
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('students.auth.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Select
          label={t('students.auth.who')}
          data={[...props.people, { value: NEW, label: t('students.auth.newPerson') }]}
          value={who}
          onChange={setWho}
          error={errors.guardianId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {who === NEW ? (
          <Group grow>
            <TextInput
              label={t('students.auth.firstname')}
              value={first}
              onChange={(e) => setFirst(e.currentTarget.value)}
              error={errors.firstname}
            />
            <TextInput
              label={t('students.auth.lastname')}
              value={last}
              onChange={(e) => setLast(e.currentTarget.value)}
              error={errors.lastname}
            />
          </Group>
        ) : null}
        {who === NEW ? (
          <TextInput
            label={t('students.auth.address')}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="rule-kind-label">
            {t('students.auth.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="rule-kind-label"
            value={kind}
            onChange={(v) => setKind(v as 'allow' | 'deny')}
            data={[
              { value: 'allow', label: t('students.auth.kindAllow') },
              { value: 'deny', label: t('students.auth.kindDeny') },
            ]}
          />
        </Stack>
        {kind === 'allow' ? (
          <Checkbox
            label={t('students.auth.limited')}
            checked={limited}
            onChange={(e) => setLimited(e.currentTarget.checked)}
          />
        ) : null}
        {kind === 'allow' && limited ? (
          <Group grow>
            <DateInput
              label={t('students.auth.from')}
              value={from}
              onChange={(v) => setFrom(v as string | null)}
              valueFormat={DATE_FORMAT}
              error={errors.validFrom}
            />
            <DateInput
              label={t('students.auth.to')}
              value={to}
              onChange={(v) => setTo(v as string | null)}
              valueFormat={DATE_FORMAT}
              error={errors.validTo}
            />
          </Group>
        ) : null}
        <Textarea
          label={kind === 'deny' ? t('students.auth.noteDeny') : t('students.auth.noteAllow')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          withAsterisk={kind === 'deny'}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={add.isPending}>
            {t('students.auth.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SyncLine(props: { clientId: number }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const status = useQuery(syncStatusQuery(props.clientId));
  const sync = useSyncNow(props.clientId);
  const s = status.data;
  return (
    <Stack gap={2} align="flex-end" data-testid="sync-status">
      <Group gap="xs">
        <Text size="xs" c={s?.status === 'failed' ? 'red.8' : 'dimmed'}>
          {!s
            ? ''
            : s.status === 'failed'
              ? s.message
              : s.status === 'running'
                ? t('students.auth.syncRunning')
                : s.lastSuccessAt
                  ? t('students.auth.syncStatus', {
                      when: formatDateTime(s.lastSuccessAt, timeZone),
                      count: s.studentsSynced,
                    })
                  : t('students.auth.syncNever')}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={12} aria-hidden />}
          loading={sync.isPending}
          onClick={() => sync.mutate()}
        >
          {t('students.auth.syncNow')}
        </Button>
      </Group>
      {s ? (
        <Text size="xs" c="dimmed">
          {t('students.auth.writeback', s.writeback)}
        </Text>
      ) : null}
    </Stack>
  );
}
