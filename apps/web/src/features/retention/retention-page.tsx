import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  LEGAL_HOLD_SUBJECTS,
  RETENTION_CATEGORIES,
  type THoldSubjectList,
  type TLegalHold,
  type TLegalHoldCreate,
  type TLegalHoldSubject,
  type TRetentionCategory,
  type TRetentionPreview,
  type TRetentionSettings,
  type TRetentionSettingsUpdate,
  ZLegalHoldCreate,
  ZRetentionSettingsUpdate,
} from '@sv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { notify } from '../../lib/notify';
import { formatDate, formatDateTime } from '../../lib/time/format';
import { ClientPicker, useChosenClient } from '../settings/client-picker';
import {
  searchHoldSubjects,
  useLegalHolds,
  usePlaceHold,
  useReleaseHold,
  useRetentionPreview,
  useRetentionRuns,
  useRetentionSettings,
  useRunRetention,
  useSaveRetention,
} from './retention-api';
import { PersonRecordsCard } from './person-records-card';
import './i18n.en';

/** Counts with thousands separators (a number: Intl.NumberFormat, not a date). */
const COUNT = new Intl.NumberFormat('en-US');

/** Administrators have no building: dates show in the product's default zone (as the audit console). */
const ZONE = null;

type PeriodValues = Record<TRetentionCategory, { days: number | string; forever: boolean }>;

const periodValues = (settings: TRetentionSettings): PeriodValues =>
  Object.fromEntries(
    settings.rules.map((r) => [r.category, { days: r.days ?? '', forever: r.days === null }]),
  ) as PeriodValues;

/** The periods, one row per kind of record: days, or "keep for ever". */
function PeriodsForm(props: { settings: TRetentionSettings; clientId: number | undefined }) {
  const { t } = useTranslation();
  const save = useSaveRetention();
  const toRequest = (v: PeriodValues): TRetentionSettingsUpdate => ({
    clientId: props.clientId,
    rules: RETENTION_CATEGORIES.map((category) => ({
      category,
      days: v[category].forever ? null : v[category].days === '' ? 0 : Number(v[category].days),
    })),
  });
  const form = useContractForm<PeriodValues, TRetentionSettingsUpdate>(ZRetentionSettingsUpdate, {
    initialValues: periodValues(props.settings),
    toRequest,
    // rules.3.days → registrations.days: the finding goes next to its own row's field
    field: (path) =>
      path[0] === 'rules' && typeof path[1] === 'number'
        ? `${RETENTION_CATEGORIES[path[1]]}.days`
        : path.map(String).join('.'),
  });
  const isDefault = (c: TRetentionCategory) => props.settings.rules.find((r) => r.category === c)?.isDefault;
  return (
    <Card withBorder padding="md">
      <form
        data-testid="retention-periods"
        onSubmit={form.onSubmit((v) =>
          save.mutate(toRequest(v), {
            onSuccess: (saved) => {
              form.setInitialValues(periodValues(saved));
              form.reset();
              notify.success(t('retention.saved'));
            },
            onError: (e) => notify.error(applyServerErrors(form, e)),
          }),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('retention.periods')}
          </Title>
          <Table verticalSpacing="xs" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('retention.kind')}</Table.Th>
                <Table.Th w={200}>{t('retention.keepFor')}</Table.Th>
                <Table.Th w={150}>{t('retention.keepForever')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {RETENTION_CATEGORIES.map((c) => {
                const days = Number(form.values[c].days);
                const help = t(`retention.categoryHelp.${c}`);
                return (
                  <Table.Tr key={c} data-testid={`period-${c}`}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text fw={500} size="sm">
                          {t(`retention.category.${c}`)}
                        </Text>
                        {isDefault(c) && !form.isDirty(c) ? (
                          <Badge size="xs" variant="outline" color="gray">
                            {t('retention.isDefault')}
                          </Badge>
                        ) : null}
                      </Group>
                      {help ? (
                        <Text size="xs" c="dimmed">
                          {help}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t(`retention.category.${c}`)}: ${t('retention.keepFor')}`}
                        min={1}
                        max={36500}
                        allowDecimal={false}
                        allowNegative={false}
                        disabled={form.values[c].forever}
                        description={
                          !form.values[c].forever && days >= 365
                            ? t('retention.years', { count: Math.round((days / 365) * 10) / 10 })
                            : undefined
                        }
                        {...form.getInputProps(`${c}.days`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        label={t('retention.keepForever')}
                        {...form.getInputProps(`${c}.forever`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('retention.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** What a run would remove now, and the "Run now" button behind a confirmation. */
function PreviewCard(props: { preview: TRetentionPreview; clientId: number | undefined }) {
  const { t } = useTranslation();
  const run = useRunRetention();
  const [confirming, setConfirming] = useState(false);
  const total = props.preview.categories.reduce((n, c) => n + c.count, 0);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={2} size="h3">
              {t('retention.preview')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('retention.previewHelp')}
            </Text>
          </div>
          <Button color="red" variant="light" disabled={total === 0} onClick={() => setConfirming(true)}>
            {t('retention.runNow')}
          </Button>
        </Group>
        <Table verticalSpacing={4} data-testid="retention-preview">
          <Table.Tbody>
            {props.preview.categories.map((c) => (
              <Table.Tr key={c.category} data-testid={`preview-${c.category}`}>
                <Table.Td>{t(`retention.category.${c.category}`)}</Table.Td>
                <Table.Td c="dimmed">
                  {c.cutoff
                    ? t('retention.olderThan', { date: formatDate(c.cutoff, ZONE) })
                    : t('retention.keptForever')}
                </Table.Td>
                <Table.Td ta="right" fw={c.count > 0 ? 600 : undefined}>
                  {COUNT.format(c.count)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {props.preview.held > 0 ? (
          <Text size="sm" data-testid="retention-held">
            {t('retention.heldCount', { count: props.preview.held })}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('retention.runNowTitle')}
        message={t('retention.runNowMessage', { count: total })}
        cancelLabel={t('retention.cancel')}
        confirmLabel={t('retention.runNowConfirm')}
        confirmColor="red"
        focusConfirm={false}
        busy={run.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          run.mutate(
            { clientId: props.clientId },
            {
              onSuccess: (r) => {
                setConfirming(false);
                notify.success(t('retention.ran', { count: Object.values(r.counts).reduce((n, x) => n + x, 0) }));
              },
              onError: (e) => notify.error(e.message),
            },
          )
        }
      />
    </Card>
  );
}

type HoldValues = { subjectType: TLegalHoldSubject; subjectId: string; reason: string; q: string };

/** Placing a hold: what kind of record, found by name, and why. */
function PlaceHoldDialog(props: { opened: boolean; clientId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const place = usePlaceHold();
  const [found, setFound] = useState<THoldSubjectList['data'] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const toRequest = (v: HoldValues): TLegalHoldCreate => ({
    clientId: props.clientId,
    subjectType: v.subjectType,
    subjectId: Number(v.subjectId) || 0,
    reason: v.reason,
  });
  const form = useContractForm<HoldValues, TLegalHoldCreate>(ZLegalHoldCreate, {
    initialValues: { subjectType: 'visitor', subjectId: '', reason: '', q: '' },
    toRequest,
    message: (field) => (field === 'subjectId' ? t('retention.chooseSubject') : undefined),
  });
  const close = () => {
    form.reset();
    setFound(null);
    setSearchError(null);
    props.onClose();
  };
  const find = async () => {
    setSearching(true);
    setSearchError(null);
    try {
      setFound(
        await searchHoldSubjects({ clientId: props.clientId, subjectType: form.values.subjectType, q: form.values.q }),
      );
      form.setFieldValue('subjectId', '');
    } catch (e) {
      setSearchError((e as Error).message);
    } finally {
      setSearching(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('retention.placeHold')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('retention.cancel') }}
    >
      <form
        data-testid="place-hold"
        onSubmit={form.onSubmit((v) =>
          place.mutate(toRequest(v), {
            onSuccess: () => {
              notify.success(t('retention.held'));
              close();
            },
            onError: (e) => notify.error(applyServerErrors(form, e)),
          }),
        )}
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('retention.subjectType')}
            data={LEGAL_HOLD_SUBJECTS.map((s) => ({ value: s, label: t(`retention.subjectTypes.${s}`) }))}
            value={form.values.subjectType}
            onChange={(v) => {
              form.setFieldValue('subjectType', v as TLegalHoldSubject);
              form.setFieldValue('subjectId', '');
              setFound(null);
            }}
          />
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('retention.searchName')}
              placeholder={t('retention.searchPlaceholder')}
              error={searchError}
              {...form.getInputProps('q')}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void find();
                }
              }}
            />
            <Button variant="default" onClick={() => void find()} loading={searching}>
              {t('retention.find')}
            </Button>
          </Group>
          {found !== null ? (
            found.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('retention.noMatches')}
              </Text>
            ) : (
              <Radio.Group
                label={t('retention.subject')}
                {...form.getInputProps('subjectId')}
                data-testid="hold-subjects"
              >
                <Stack gap={6} mt={6} mah={220} style={{ overflowY: 'auto' }}>
                  {found.map((s) => (
                    <Radio key={s.id} value={String(s.id)} label={`${s.name} · ${s.detail}`} />
                  ))}
                </Stack>
              </Radio.Group>
            )
          ) : form.errors.subjectId ? (
            <Text size="sm" c="red">
              {form.errors.subjectId}
            </Text>
          ) : null}
          <Textarea
            label={t('retention.reason')}
            placeholder={t('retention.reasonPlaceholder')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('retention.cancel')}
            </Button>
            <Button type="submit" loading={place.isPending}>
              {t('retention.hold')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function HoldsCard(props: { holds: TLegalHold[]; clientId: number | undefined }) {
  const { t } = useTranslation();
  const [placing, setPlacing] = useState(false);
  const [releasing, setReleasing] = useState<TLegalHold | null>(null);
  const release = useReleaseHold();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={2} size="h3">
              {t('retention.holds')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('retention.holdsHelp')}
            </Text>
          </div>
          <Button onClick={() => setPlacing(true)}>{t('retention.placeHold')}</Button>
        </Group>
        {props.holds.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('retention.noHolds')}
          </Text>
        ) : (
          <Table data-testid="legal-holds" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('retention.subject')}</Table.Th>
                <Table.Th>{t('retention.reason')}</Table.Th>
                <Table.Th>{t('retention.placedBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.holds.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {h.subjectName || `#${h.subjectId}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`retention.subjectTypeShort.${h.subjectType}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{h.reason}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('retention.placedByLine', {
                        date: formatDate(h.createdAt, ZONE),
                        name: h.createdByName ?? '',
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" onClick={() => setReleasing(h)}>
                      {t('retention.release')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <PlaceHoldDialog opened={placing} clientId={props.clientId} onClose={() => setPlacing(false)} />
      <ConfirmDialog
        opened={releasing !== null}
        title={t('retention.releaseTitle')}
        message={t('retention.releaseMessage', { name: releasing?.subjectName ?? '' })}
        cancelLabel={t('retention.cancel')}
        confirmLabel={t('retention.release')}
        confirmColor="red"
        busy={release.isPending}
        onCancel={() => setReleasing(null)}
        onConfirm={() =>
          release.mutate(
            { id: releasing!.id, clientId: props.clientId },
            {
              onSuccess: () => {
                setReleasing(null);
                notify.success(t('retention.released'));
              },
              onError: (e) => notify.error(e.message),
            },
          )
        }
      />
    </Card>
  );
}

function RunsCard(props: { clientId: number | null }) {
  const { t } = useTranslation();
  const runs = useRetentionRuns(props.clientId, true);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('retention.runs')}
        </Title>
        {(runs.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('retention.noRuns')}
          </Text>
        ) : (
          <Table data-testid="retention-runs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('retention.started')}</Table.Th>
                <Table.Th>{t('retention.trigger')}</Table.Th>
                <Table.Th>{t('retention.status')}</Table.Th>
                <Table.Th ta="right">{t('retention.removed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(runs.data ?? []).map((r) => {
                const removed = Object.entries(r.counts).filter(([, n]) => n > 0);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDateTime(r.startedAt, ZONE)}</Table.Td>
                    <Table.Td>{t(`retention.triggers.${r.trigger}`)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={r.status === 'failed' ? 'red' : r.status === 'done' ? 'green' : 'blue'}
                        variant="light"
                      >
                        {t(`retention.statuses.${r.status}`)}
                      </Badge>
                      {r.error ? (
                        <Text size="xs" c="red">
                          {r.error}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={500}>
                        {COUNT.format(removed.reduce((n, [, x]) => n + x, 0))}
                      </Text>
                      {removed.map(([c, n]) => (
                        <Text key={c} size="xs" c="dimmed">
                          {t(`retention.category.${c}`)}: {COUNT.format(n)}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /retention (issue 26 §2; ADR 0047): a district administrator's retention periods, the preview of
 * the next run, legal holds and the runs. The platform administrator chooses a district first.
 */
export default function RetentionPage() {
  const { t } = useTranslation();
  const { clientId, isAdmin, ready } = useChosenClient();
  // the platform administrator names the district; a district administrator's own is implied
  const named = isAdmin ? clientId : undefined;
  const settings = useRetentionSettings(named ?? null, ready);
  const preview = useRetentionPreview(named ?? null, ready);
  const holds = useLegalHolds(named ?? null, ready);

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>{t('retention.title')}</Title>
      <Text>{t('retention.intro')}</Text>
      {isAdmin ? <ClientPicker clientId={clientId} /> : null}
      {!ready ? (
        <Alert color="blue">{t('retention.pickDistrict')}</Alert>
      ) : (
        <>
          {settings.data ? <PeriodsForm key={clientId ?? 0} settings={settings.data} clientId={named} /> : null}
          {preview.data ? <PreviewCard preview={preview.data} clientId={named} /> : null}
          {holds.data ? <HoldsCard holds={holds.data} clientId={named} /> : null}
          <RunsCard clientId={named ?? null} />
          <PersonRecordsCard clientId={named} />
        </>
      )}
    </Stack>
  );
}
