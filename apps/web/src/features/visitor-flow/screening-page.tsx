import {
  Alert,
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconRefresh,
  IconShieldCheck,
  IconShieldExclamation,
  IconUserCheck,
  IconUserX,
} from '@tabler/icons-react';
import { MESSAGES, type TScreeningMatch, type TScreeningResponse, type TVisitor } from '@sv/contracts';
import { denyButtonLabel } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { announce } from '../../components/announcer';
import { createActionKey } from '../../lib/action-key';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { AddExclusionModal } from './add-exclusion-modal';
import { DeskBuildingSelect, useDeskBuilding } from './desk-building';
import { alertTitleText, type FlowState, flowPaths, flowState, fullName, routeId } from './flow';
import { formatCalendarDate, formatTime } from '../../lib/time/format';
import { ageOf } from '../../lib/time/fields';
import { QuickCheckIn } from './quick-check-in';
import { MatchCard, type VisitorIdentity } from './match-card';
import {
  buildingQuery,
  fileUrl,
  screeningQuery,
  type TDenyResult,
  useClearMatch,
  useDenyEntry,
  useCheckIn,
  useNotifySecurity,
  visitorQuery,
} from './visitor-flow-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../../components/confirm';
import { useCan } from '../../lib/can';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * Background search and allow/deny entry (spec 002 §2 /background/{type}/{visitorId}/{preRegId?},
 * §4 ALLOW/DENY, §5 exclusion rules, §8 registry failure). Screening runs on the server on load;
 * the decision is at the top, every match below it with why it matched and whether it is cleared.
 */
/**
 * The decision buttons wrap their label instead of clipping it (issue 25, audit 002-desk B14:
 * "Notify Security" was cut off at 1024 px, three to a row beside the matches).
 */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.25 },
} as const;

export default function ScreeningPage() {
  const { t } = useTranslation();
  const params = useParams();
  const visitorId = routeId(params.visitorId);
  const visitor = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(visitorId ?? 0), enabled: visitorId !== null });
  if (visitorId === null || visitor.isError) {
    return (
      <Alert color="red" role="alert">
        {t('visitorFlow.loadFailed')}
      </Alert>
    );
  }
  if (!visitor.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <Screening visitor={visitor.data} />;
}

function Screening({ visitor }: { visitor: TVisitor }) {
  const { t } = useTranslation();
  const user = useUser();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const nav = flowState(location.state);
  const preRegId = routeId(params.preRegId);
  const desk = useDeskBuilding({ initial: nav.buildingId ?? null, clientId: visitor.clientId });
  const buildingId = desk.buildingId;
  const building = useQuery({ ...buildingQuery(buildingId ?? 0), enabled: buildingId !== null });
  const [run] = useState(() => Date.now());
  const screening = useQuery({
    meta: SHOWS_ERROR,
    ...screeningQuery(visitor.id, buildingId ?? 0, run),
    enabled: buildingId !== null,
  });
  const clear = useClearMatch(visitor.id);
  const deny = useDenyEntry(visitor.id);
  const notifySecurity = useNotifySecurity(visitor.id);
  // issue 27 §1 (ADR 0042): police, fire or EMS are recorded by staff without screening
  const responderCheckIn = useCheckIn();
  const canCheckIn = useCan('visits.checkIn');
  const logResponder = async () => {
    if (!buildingId) return;
    try {
      const res = await responderCheckIn.mutateAsync({ visitorId: visitor.id, buildingId, visitorType: 'responder' });
      navigate(flowPaths.checkedIn('visit', res.visit.id), { state: { buildingId } satisfies FlowState });
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  };
  // one Idempotency-Key per DENY / notify action, reused when that action is retried (issue 10 §5)
  const [denyKey] = useState(() => createActionKey());
  const [notifyKey] = useState(() => createActionKey());

  const [clearing, setClearing] = useState<TScreeningMatch | null>(null);
  const [confirmAllow, setConfirmAllow] = useState(false);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const [denied, setDenied] = useState<TDenyResult | null>(null);
  const [exclusionOpen, setExclusionOpen] = useState(false);

  const s = screening.data;
  const name = fullName(visitor);
  const identity: VisitorIdentity = {
    name,
    dob: visitor.dob,
    photoUrl: visitor.photoFileId ? fileUrl(visitor.photoFileId) : null,
    timeZone: building.data?.timeZone ?? user.buildingTimeZone,
  };
  const allMatches = s ? [...s.exclusions.direct, ...s.exclusions.potential, ...s.registry.matches] : [];
  // registry matches with gating: false are shown for information (district setting) and need no decision
  const open = allMatches.filter((m) => m.kind !== 'direct' && !m.cleared && m.gating !== false);
  const direct = s?.exclusions.direct ?? [];
  const registryFailed = s?.registry.status === 'failed';
  const registryNotRun = s?.registry.status === 'not_run';
  const blocked = direct.length > 0;
  const canAllow = Boolean(s) && !blocked && open.length === 0 && !denied;
  const denyLabel = denyButtonLabel({
    isAdmin: useCan('entry.denyAndExclude'),
    hasActiveExclusion: visitor.hasActiveExclusion,
  });
  // registry matches come strongest evidence first: the first open one carries the level to report
  const strongest = s?.registry.matches.find((m) => !m.cleared && m.gating !== false) ?? null;
  const gatingRegistry = s?.registry.matches.filter((m) => m.gating !== false) ?? [];
  const infoRegistry = s?.registry.matches.filter((m) => m.gating === false) ?? [];
  const strongestLevel = strongest?.level ?? null;

  const summaryText = (sc: TScreeningResponse | undefined) => {
    if (!sc) return '';
    const parts: string[] = [];
    if (sc.summary.exclusionCount)
      parts.push(t('visitorFlow.screen.summaryDirect', { count: sc.summary.exclusionCount }));
    if (sc.summary.potentialCount)
      parts.push(t('visitorFlow.screen.summaryPotential', { count: sc.summary.potentialCount }));
    if (sc.summary.watchdogCount)
      parts.push(t('visitorFlow.screen.summaryRegistry', { count: sc.summary.watchdogCount }));
    return parts.join(' · ');
  };

  const allow = () => {
    if (!buildingId) return;
    if (!s) return;
    // the check-in names this screening (issue 10 §1): the server admits only on its findings
    const state: FlowState = {
      buildingId,
      preRegId,
      screened: { visitorId: visitor.id, buildingId, screeningId: s.id },
      registration: nav.registration,
    };
    navigate(flowPaths.checkIn(visitor.id), { state });
  };

  /** Proceeding without a registry answer is a decision on this screening, recorded on the server. */
  const overruleRegistryAndAllow = async () => {
    if (!s || (s.registry.status !== 'failed' && s.registry.status !== 'not_run')) return;
    try {
      await clear.mutateAsync({ screeningId: s.id, source: 'registry_status', matchRef: s.registry.status });
      allow();
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  };

  const onAllow = () => {
    if (registryFailed || registryNotRun) setConfirmAllow(true);
    else allow();
  };

  const onDeny = async () => {
    if (!buildingId) return;
    try {
      const body = {
        buildingId,
        exclusionCount: s?.summary.exclusionCount ?? 0,
        potentialCount: s?.summary.potentialCount ?? 0,
        watchdogCount: s?.summary.watchdogCount ?? 0,
        level: strongestLevel,
        preRegistrationId: preRegId,
      };
      const res = await deny.mutateAsync({ body, idempotencyKey: denyKey.for(body) });
      denyKey.done();
      setDenied(res);
      if (res.securityNotified) notify.success(res.message);
      else notify.warning(res.message);
      if (res.offerAddExclusion) setExclusionOpen(true);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  };

  const verdict = verdictOf({
    t,
    denied,
    needBuilding: buildingId === null && !desk.loading,
    loading: screening.isPending && buildingId !== null,
    failed: screening.isError,
    s,
    blocked,
    openCount: open.length,
    clearedCount: allMatches.filter((m) => m.cleared).length,
    // an exact, very strong registry hit is not a namesake (audit 002 §3.3): said apart in the verdict
    strongOpen: open.find((m) => m.kind === 'registry' && (m.level === 3 || m.level === 6)) ?? null,
  });

  // issue 29 §3: the verdict is said at once (assertive) when it settles, and again after a re-run;
  // the attendant with a screen reader must not have to look for it
  const spoken = SILENT_VERDICTS.has(verdict.key) ? null : verdict.title;
  const answeredAt = screening.dataUpdatedAt;
  useEffect(() => {
    // answeredAt: a re-run with the same verdict is said again
    if (spoken && answeredAt >= 0) announce.assertive(spoken);
  }, [spoken, answeredAt]);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('visitorFlow.screen.title')}
        </Title>
        <DeskBuildingSelect desk={desk} disabled={Boolean(denied)} />
      </Group>

      {/* who is being screened */}
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar
              src={visitor.photoFileId ? fileUrl(visitor.photoFileId) : null}
              alt={t('visitorFlow.photo.originalAlt', { name })}
              size={56}
              radius="sm"
            />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="xl" lh={1.2} data-testid="screened-name" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Text size="sm" c="dimmed">
                {visitor.dob
                  ? `${t('visitorFlow.screen.visitorDob', { dob: formatCalendarDate(visitor.dob) })} · ${t('visitorFlow.record.ageValue', { count: ageOf(visitor.dob) ?? 0 })}`
                  : t('visitorFlow.screen.noDob')}
                {visitor.city ? ` · ${visitor.city}${visitor.state ? `, ${visitor.state}` : ''}` : ''}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            {s ? (
              <Text size="xs" c="dimmed">
                {t('visitorFlow.screen.screenedAt', {
                  time: formatTime(s.screenedAt, building.data?.timeZone ?? user.buildingTimeZone),
                })}
              </Text>
            ) : null}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void screening.refetch()}
              loading={screening.isFetching}
              disabled={!buildingId || Boolean(denied)}
            >
              {t('visitorFlow.screen.rerun')}
            </Button>
            <Button
              variant="default"
              size="xs"
              component={Link}
              to={flowPaths.verify('visitor', visitor.id)}
              state={{ buildingId: buildingId ?? undefined }}
            >
              {t('visitorFlow.screen.editVisitor')}
            </Button>
          </Group>
        </Group>
      </Paper>

      {/* what the name on file itself shows (issue 22): look-alike letters of another alphabet, or
          characters saved before names were cleaned; matching already ignores them */}
      {s && s.nameWarnings.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          data-testid="name-warnings"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('visitorFlow.screen.nameWarningsTitle')}
          styles={alertTitleText}
        >
          <Stack gap={2}>
            {s.nameWarnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {/* the decision */}
      <Paper
        withBorder
        radius="md"
        p="md"
        data-testid="verdict"
        data-verdict={verdict.key}
        style={{
          borderWidth: 2,
          borderColor: `var(--mantine-color-${verdict.color}-6)`,
          background: `var(--mantine-color-${verdict.color}-0)`,
        }}
      >
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {verdict.icon}
            <div>
              <Text fw={800} size="xl" lh={1.25} data-testid="verdict-title">
                {verdict.title}
              </Text>
              {verdict.body ? <Text size="sm">{verdict.body}</Text> : null}
              {s && summaryText(s) ? (
                <Text size="sm" fw={600} mt={4}>
                  {summaryText(s)}
                </Text>
              ) : null}
            </div>
          </Group>
          {registryFailed ? (
            <Alert color="red.9" variant="filled" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
              <Text fw={700}>{s?.registry.message || MESSAGES.backgroundCheckFailed}</Text>
            </Alert>
          ) : null}

          {denied ? (
            <Stack gap="sm" align="flex-start">
              <Alert
                color={denied.securityNotified ? 'green' : 'orange'}
                variant="light"
                role="alert"
                data-testid="deny-result"
                icon={<IconShieldExclamation size={20} aria-hidden />}
                w="100%"
              >
                <Text fw={600}>{denied.message || t('visitorFlow.screen.deniedNotNotified')}</Text>
              </Alert>
              <Group gap="sm">
                {denied.offerAddExclusion ? (
                  <Button size="md" color="red.9" variant="outline" onClick={() => setExclusionOpen(true)}>
                    {t('visitorFlow.screen.addExclusion')}
                  </Button>
                ) : null}
                <Button size="md" onClick={() => navigate(paths.home)}>
                  {t('visitorFlow.done')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap={6}>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Button
                  size="lg"
                  styles={WRAPPING_BUTTON}
                  color="teal.9"
                  leftSection={<IconUserCheck size={20} aria-hidden />}
                  disabled={!canAllow}
                  onClick={onAllow}
                >
                  {t('visitorFlow.screen.allow')}
                </Button>
                <Button
                  size="lg"
                  styles={WRAPPING_BUTTON}
                  color="red.9"
                  leftSection={<IconUserX size={20} aria-hidden />}
                  disabled={!buildingId || screening.isPending}
                  loading={deny.isPending}
                  onClick={() => void onDeny()}
                >
                  {denyLabel}
                </Button>
                <Button
                  size="lg"
                  styles={WRAPPING_BUTTON}
                  variant="outline"
                  color="red.9"
                  leftSection={<IconShieldExclamation size={20} aria-hidden />}
                  disabled={!buildingId}
                  onClick={() => setNotifyOpen(true)}
                  data-testid="notify-security"
                >
                  {t('visitorFlow.screen.notifySecurity')}
                </Button>
              </SimpleGrid>
              {canCheckIn && buildingId && !visitor.openVisit && !preRegId && !nav.registration ? (
                <Group gap="xs" wrap="wrap">
                  <Button
                    variant="subtle"
                    color="blue.9"
                    leftSection={<IconShieldCheck size={18} aria-hidden />}
                    loading={responderCheckIn.isPending}
                    onClick={() => void logResponder()}
                    data-testid="log-responder"
                  >
                    {t('visitorFlow.screen.logResponder')}
                  </Button>
                  <Text size="sm" c="dimmed">
                    {t('visitorFlow.screen.logResponderHint')}
                  </Text>
                </Group>
              ) : null}
              {s && !canAllow ? (
                <Text size="sm" c="dimmed" data-testid="allow-hint">
                  {blocked
                    ? t('visitorFlow.screen.allowBlockedDirect')
                    : t('visitorFlow.screen.allowBlockedIssues', { count: open.length })}
                </Text>
              ) : null}
            </Stack>
          )}
        </Stack>
      </Paper>

      {s && canAllow && buildingId && visitor.photoFileId && !visitor.openVisit && quickAllowed(s) ? (
        <QuickCheckIn
          visitor={{ ...visitor, photoFileId: visitor.photoFileId }}
          buildingId={buildingId}
          screeningId={s.id}
          preRegId={preRegId}
        />
      ) : null}

      {screening.isError ? (
        <Alert color="red" role="alert" title={t('visitorFlow.screen.failed')} styles={alertTitleText}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {screening.error instanceof ApiError ? screening.error.message : t('common.somethingWrong')}
            </Text>
            <Button size="xs" variant="white" color="red" onClick={() => void screening.refetch()}>
              {t('visitorFlow.screen.rerun')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {s ? (
        <>
          <Section title={t('visitorFlow.screen.exclusions')}>
            {[...s.exclusions.direct, ...s.exclusions.potential].length === 0 ? (
              <EmptyLine>{t('visitorFlow.screen.exclusionsNone')}</EmptyLine>
            ) : (
              [...s.exclusions.direct, ...sortOpenFirst(s.exclusions.potential)].map((m) => (
                <MatchCard
                  key={`${m.kind}-${m.id}`}
                  match={m}
                  visitor={identity}
                  onClear={denied ? undefined : setClearing}
                />
              ))
            )}
          </Section>
          <Section title={t('visitorFlow.screen.registry')}>
            {s.registry.status === 'not_run' ? (
              <Alert
                color="yellow"
                variant="light"
                title={t('visitorFlow.screen.verdictNotRun')}
                styles={alertTitleText}
              >
                {s.registry.message}
              </Alert>
            ) : null}
            {s.registry.status === 'off' ? (
              <Alert color="gray" variant="light" data-testid="registry-off">
                {s.registry.message}
              </Alert>
            ) : null}
            {s.registry.status === 'ok' && s.registry.matches.length === 0 ? (
              <EmptyLine>{t('visitorFlow.screen.registryNone')}</EmptyLine>
            ) : null}
            {sortOpenFirst(gatingRegistry).map((m) => (
              <MatchCard
                key={`registry-${m.id}`}
                match={m}
                visitor={identity}
                onClear={denied ? undefined : setClearing}
              />
            ))}
            {infoRegistry.length > 0 ? (
              <Stack gap="xs" data-testid="registry-information">
                <Text size="sm" c="dimmed">
                  {t('visitorFlow.screen.registryInformation', { count: infoRegistry.length })}
                </Text>
                {infoRegistry.map((m) => (
                  <MatchCard key={`registry-info-${m.id}`} match={m} visitor={identity} />
                ))}
              </Stack>
            ) : null}
          </Section>
        </>
      ) : null}

      <ClearMatchModal
        match={clearing}
        saving={clear.isPending}
        onCancel={() => setClearing(null)}
        onConfirm={async (note) => {
          if (!clearing || !s) return;
          try {
            await clear.mutateAsync({
              screeningId: s.id,
              source: clearing.kind === 'registry' ? 'registry' : 'exclusion',
              matchRef: clearing.id,
              note: note || undefined,
            });
            setClearing(null);
            notify.success(t('visitorFlow.screen.cleared'));
          } catch (err) {
            notify.error(err instanceof ApiError ? err.message : t('common.somethingWrong'));
          }
        }}
      />

      <ConfirmDialog
        opened={confirmAllow}
        // audit 002 B9: this confirms allowing without a registry answer, not clearing issues (there are none)
        title={
          registryFailed ? t('visitorFlow.screen.allowWithoutRegistryTitle') : t('visitorFlow.screen.allowNotRunTitle')
        }
        cancelLabel={t('common.cancel')}
        confirmLabel={t('visitorFlow.screen.allowAnyway')}
        confirmColor="teal.9"
        busy={clear.isPending}
        onCancel={() => setConfirmAllow(false)}
        onConfirm={overruleRegistryAndAllow}
      >
        {registryFailed ? (
          <Alert color="red" variant="light" title={MESSAGES.backgroundCheckFailed} styles={alertTitleText}>
            {t('visitorFlow.screen.verdictRegistryFailedBody')}
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" title={t('visitorFlow.screen.verdictNotRun')} styles={alertTitleText}>
            {t('visitorFlow.screen.allowNotRunBody')}
          </Alert>
        )}
      </ConfirmDialog>

      <NotifySecurityModal
        opened={notifyOpen}
        saving={notifySecurity.isPending}
        initialIssues={[
          t('visitorFlow.screen.notifyDefault', {
            name,
            building: building.data?.name ?? user.buildingName ?? '',
          }),
          summaryText(s),
          strongest
            ? t('visitorFlow.screen.summaryRegistryLevel', {
                name: `${strongest.firstName} ${strongest.lastName}`.trim(),
                level: strongest.levelLabel ?? '',
              })
            : '',
        ]
          .filter(Boolean)
          .join('\n')}
        onCancel={() => setNotifyOpen(false)}
        onSend={async (issues) => {
          if (!buildingId) return;
          try {
            const body = { buildingId, issues, level: strongestLevel };
            const res = await notifySecurity.mutateAsync({ body, idempotencyKey: notifyKey.for(body) });
            notifyKey.done();
            setNotifyOpen(false);
            notify.success(res.message || MESSAGES.securityNotified);
          } catch {
            notify.error(MESSAGES.securityNotifyFailed);
          }
        }}
      />

      <AddExclusionModal
        opened={exclusionOpen}
        visitor={visitor}
        buildingId={buildingId}
        onClose={(saved) => {
          setExclusionOpen(false);
          if (saved) navigate(paths.home);
        }}
      />
    </Stack>
  );
}

/** Open matches first, cleared ones after (they stay visible: the attendant sees what was cleared). */
const sortOpenFirst = (ms: TScreeningMatch[]) => [...ms].sort((a, b) => Number(a.cleared) - Number(b.cleared));

/** Verdicts not announced: still waiting for the answer, or for a building to be chosen. */
const SILENT_VERDICTS = new Set(['loading', 'building']);

function verdictOf(input: {
  t: (k: string, o?: Record<string, unknown>) => string;
  denied: TDenyResult | null;
  needBuilding: boolean;
  loading: boolean;
  failed: boolean;
  s: TScreeningResponse | undefined;
  blocked: boolean;
  openCount: number;
  clearedCount: number;
  strongOpen: TScreeningMatch | null;
}): { key: string; color: string; title: string; body?: string; icon: ReactNode } {
  const { t, s } = input;
  const icon = (I: typeof IconBan, color: string) => (
    <I size={36} color={`var(--mantine-color-${color}-7)`} aria-hidden style={{ flexShrink: 0 }} />
  );
  if (input.denied) {
    return {
      key: 'denied',
      color: 'red',
      title: t('visitorFlow.screen.denied'),
      icon: icon(IconUserX, 'red'),
    };
  }
  if (input.needBuilding) {
    return {
      key: 'building',
      color: 'gray',
      title: t('visitorFlow.buildingPick'),
      icon: icon(IconAlertTriangle, 'gray'),
    };
  }
  if (input.loading) {
    return { key: 'loading', color: 'gray', title: t('visitorFlow.screen.checking'), icon: <Loader size="md" /> };
  }
  if (input.blocked) {
    return {
      key: 'blocked',
      color: 'red',
      title: t('visitorFlow.screen.verdictBlocked'),
      body: t('visitorFlow.screen.verdictBlockedBody'),
      icon: icon(IconBan, 'red'),
    };
  }
  if (input.failed || !s) {
    return { key: 'error', color: 'red', title: t('visitorFlow.screen.failed'), icon: icon(IconAlertTriangle, 'red') };
  }
  if (input.strongOpen) {
    const m = input.strongOpen;
    return {
      key: 'review-strong',
      color: 'red',
      title: t('visitorFlow.screen.verdictReviewStrong', {
        name: [m.firstName, m.middleName, m.lastName].filter(Boolean).join(' '),
        level: m.levelLabel ?? '',
      }),
      body: t('visitorFlow.screen.verdictReviewStrongBody'),
      icon: icon(IconAlertTriangle, 'red'),
    };
  }
  if (input.openCount > 0) {
    return {
      key: 'review',
      color: 'orange',
      title: t('visitorFlow.screen.verdictReview', { count: input.openCount }),
      body: t('visitorFlow.screen.verdictReviewBody'),
      icon: icon(IconAlertTriangle, 'orange'),
    };
  }
  if (s.registry.status === 'failed') {
    return {
      key: 'registry-failed',
      color: 'red',
      title: t('visitorFlow.screen.verdictRegistryFailed'),
      body: t('visitorFlow.screen.verdictRegistryFailedBody'),
      icon: icon(IconAlertTriangle, 'red'),
    };
  }
  if (s.registry.status === 'not_run') {
    return {
      key: 'not-run',
      color: 'yellow',
      title: t('visitorFlow.screen.verdictNotRun'),
      body: s.registry.message,
      icon: icon(IconAlertTriangle, 'yellow'),
    };
  }
  if (input.clearedCount > 0) {
    // audit 002 B8: not "No matches" when matches were cleared; the cards say who cleared them and when
    return {
      key: 'clear-after-clearing',
      color: 'green',
      title: t('visitorFlow.screen.verdictClearAfterClearing', { count: input.clearedCount }),
      body: t('visitorFlow.screen.verdictClearAfterClearingBody'),
      icon: icon(IconCircleCheck, 'green'),
    };
  }
  return {
    key: 'clear',
    color: 'green',
    title: t('visitorFlow.screen.verdictClear'),
    body: t('visitorFlow.screen.verdictClearBody'),
    icon: icon(IconCircleCheck, 'green'),
  };
}

/** A clear screening whose registry answered (or was off by the district's choice): nothing to overrule. */
const quickAllowed = (s: TScreeningResponse) => s.registry.status === 'ok' || s.registry.status === 'off';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}

function EmptyLine(props: { children: ReactNode }) {
  return (
    <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
      <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-green-7)" style={{ flexShrink: 0 }} />
      <Text size="sm">{props.children}</Text>
    </Group>
  );
}

function ClearMatchModal(props: {
  match: TScreeningMatch | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const m = props.match;
  const name = m ? [m.firstName, m.lastName].filter(Boolean).join(' ') : '';
  return (
    <Modal
      opened={m !== null}
      onClose={props.onCancel}
      title={t('visitorFlow.screen.clearTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void Promise.resolve(props.onConfirm(note.trim())).then(() => setNote(''));
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('visitorFlow.screen.clearBody', { name })}</Text>
          <Textarea
            label={t('visitorFlow.screen.clearNote')}
            placeholder={t('visitorFlow.screen.clearNotePlaceholder')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.saving}>
              {t('visitorFlow.screen.clearConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function NotifySecurityModal(props: {
  opened: boolean;
  saving: boolean;
  initialIssues: string;
  onCancel: () => void;
  onSend: (issues: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={t('visitorFlow.screen.notifyTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {props.opened ? <NotifyForm {...props} /> : null}
    </Modal>
  );
}

function NotifyForm(props: {
  saving: boolean;
  initialIssues: string;
  onCancel: () => void;
  onSend: (issues: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [issues, setIssues] = useState(props.initialIssues.slice(0, 1000));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSend(issues.trim());
      }}
    >
      <Stack gap="sm">
        <Textarea
          label={t('visitorFlow.screen.notifyIssues')}
          value={issues}
          onChange={(e) => setIssues(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={props.saving}>
            {t('visitorFlow.screen.notifySend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
