import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  CONSTANTS,
  MESSAGES,
  type TCheckInResponse,
  type TPreRegistration,
  type TPrintMode,
  type TVisitSummary,
} from '@sv/contracts';
import { dashboardRefreshMs, flaggedFirst, sisMode, sisPhase, visitorCardColumns } from '@sv/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { deferred } from '../../components/deferred';
import { ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { buildingQuery, buildingsLookupQuery } from '../buildings/buildings-api';
import { printModeFor } from '../printing/print-mode';
import type { DeskNavigationState, ScanMode } from '../scan/scan-api';
import type { PhotoChoice } from '../visitor-flow/photo-modal';
import { uploadVisitorPhoto, visitorQuery } from '../visitor-flow/visitor-flow-api';
import {
  clientSettingsQuery,
  currentVisitsQuery,
  dashboardKeys,
  isPending,
  isScheduled,
  preRegistrationsQuery,
  useAllow,
  useCardVisitor,
  useAutoCheckOut,
  useBuildingEvents,
  useCancelCheckIn,
  useCheckOut,
  useClosePreRegistration,
  useDeny,
  type TDeskSettings,
} from './dashboard-api';
import { DeskButtons } from './desk-buttons';
import { todayIso } from '../../lib/time/format';
import { fullName } from './format';
import { useAnnounceDashboardChanges } from './live-announcements';
import { NearbySection } from './nearby-section';
import { PendingCard, ScheduledCard } from './preregistration-cards';
import './i18n.en';
import { notify } from '../../lib/notify';
import { SHOWS_ERROR } from '../../lib/query-client';

/** spec 002 §4 Dashboard visitor flow: the SIS mode and the student phase (chosen or preset). */
function studentFlow(s: TDeskSettings | null | undefined): {
  mode: 'Skyward' | 'General';
  phase: 'Pickup' | 'Dropoff' | 'choose';
} {
  const rules = {
    pickupBtn: s?.pickupBtn,
    studentInfoSystemId: s?.clientsStudentInfoSystemId,
    dropoffDetected: s?.sisStudentDropoffDetected,
    pickupDetected: s?.sisStudentPickupDetected,
  };
  const mode = sisMode(rules) ?? 'Skyward';
  return { mode, phase: mode === 'General' ? (sisPhase(rules) ?? 'Pickup') : 'Pickup' };
}

// Loaded once the dashboard has rendered (issue 5 web targets): the dialogs open only on a user
// action (their forms, schemas and the scanner), and the building filter, the visitor search and
// the visit cards (with the floating-element machinery of their dropdowns and tooltips) show what
// the dashboard's queries return.
const BuildingFilter = deferred(() => import('./building-filter').then((m) => m.BuildingFilter));
const VisitorSearch = deferred(() => import('./visitor-search').then((m) => m.VisitorSearch));
const VisitCard = deferred(() => import('./visit-card').then((m) => m.VisitCard));
const ScanModal = deferred(() => import('../scan/scan-modal').then((m) => m.ScanModal));
const StudentLookupModal = deferred(() => import('../students/student-lookup-modal').then((m) => m.StudentLookupModal));
const AddExclusionModal = deferred(() =>
  import('../visitor-flow/add-exclusion-modal').then((m) => m.AddExclusionModal),
);
const ImportDialog = deferred(() => import('../../components/import-dialog/import-dialog').then((m) => m.ImportDialog));
const AllowConfirmModal = deferred(() => import('./allow-confirm-modal').then((m) => m.AllowConfirmModal));

/** Window width for the card columns (spec 002 §2: 1-4 columns at 768 / 992 / 1200 px). */
function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : MESSAGES.errorRetrieving);

function Section(props: { title: string; count: number | null; testId: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${props.testId}-title`} data-testid={props.testId}>
      <Stack gap="sm">
        <Group gap="xs" align="center">
          <Title order={2} size="h4" id={`${props.testId}-title`}>
            {props.title}
          </Title>
          {props.count !== null ? (
            <Badge variant="light" color="gray" size="lg" radius="sm" c="dark.6" aria-hidden>
              {props.count}
            </Badge>
          ) : null}
        </Group>
        {props.intro ? (
          <Text size="sm" c="dimmed" mt={-6}>
            {props.intro}
          </Text>
        ) : null}
        {props.children}
      </Stack>
    </section>
  );
}

/**
 * The front-desk dashboard (spec 002 §2 Dashboard; §4 Pending visitor, Dashboard visitor flow,
 * Scan flow; §9 refresh): the desk's buttons, the visitor search, the cards awaiting a decision,
 * the current visits and today's scheduled visitors of one building, live over server-sent
 * events with polling as the fallback.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  // an attendant works at the building of the account; the others choose one (spec 002 §2)
  const isAttendant = !useCan('desk.chooseBuilding');
  const canImport = useCan('visitors.manage');
  // spec 002 §2 Dashboard nearby visitors: read like the logs (ADR 0017)
  const mayReadNearby = useCan('logs.read');
  const [params, setParams] = useSearchParams();

  // building: attendants always their own; others pick one, remembered in the URL (?building=)
  const lookup = useQuery({
    ...buildingsLookupQuery({ clientId: user.clientId ?? undefined, activeOnly: true }),
    enabled: !isAttendant,
  });
  const fromUrl = Number(params.get('building')) || null;
  const buildings = lookup.data ?? [];
  const buildingId: number | null = isAttendant
    ? user.buildingId
    : ((fromUrl && buildings.some((b) => b.id === fromUrl) ? fromUrl : null) ??
      (user.buildingId && buildings.some((b) => b.id === user.buildingId) ? user.buildingId : null) ??
      buildings[0]?.id ??
      null);
  const building = buildings.find((b) => b.id === buildingId);
  const clientId = isAttendant ? user.clientId : (building?.clientId ?? user.clientId);
  const ownBuilding = buildingId !== null && buildingId === user.buildingId;
  // the building's settings: its time zone and name when not the user's own, and whether a photo is
  // required at check-in (issue 22: ALLOW on a card takes it)
  const buildingRow = useQuery({ ...buildingQuery(buildingId ?? 0), enabled: buildingId !== null });
  const timeZone = (ownBuilding ? user.buildingTimeZone : buildingRow.data?.timeZone) ?? CONSTANTS.defaultTimeZone;
  const buildingName = ownBuilding ? user.buildingName : (building?.name ?? buildingRow.data?.name ?? null);

  const settings = useQuery({ ...clientSettingsQuery(clientId ?? 0), enabled: clientId !== null });
  const refreshMs = dashboardRefreshMs(settings.data?.enableCheckForVisitorsMoreOften);
  const visits = useQuery({
    meta: SHOWS_ERROR,
    ...currentVisitsQuery(buildingId ?? 0, refreshMs),
    enabled: buildingId !== null,
  });
  const preRegs = useQuery({
    meta: SHOWS_ERROR,
    ...preRegistrationsQuery(buildingId ?? 0, refreshMs),
    enabled: buildingId !== null,
  });
  const live = useBuildingEvents(buildingId);
  useAutoCheckOut(buildingId, settings.isFetched && !settings.data?.disableAutoLogoutVisitors);

  const today = preRegs.data?.localDate ?? todayIso(timeZone);
  const cards = preRegs.data?.data ?? [];
  // issue 22 "Floods": flagged cards first (the server lists them first too), never below a flood
  const pending = flaggedFirst(cards.filter(isPending));
  const scheduled = cards.filter(isScheduled);
  const columns = visitorCardColumns(useWindowWidth());
  // issue 29 §3: what the push changed, said politely to screen readers (a check-in, a check-out, a new card)
  useAnnounceDashboardChanges(buildingId, visits.data, preRegs.data ? pending : undefined);

  const [scanMode, setScanMode] = useState<ScanMode | null>(null);
  const [studentLookup, setStudentLookup] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [confirmAllow, setConfirmAllow] = useState<TPreRegistration | null>(null);
  // the server said the building requires a photo this card lacks (issue 22): ask for it
  const [photoAsked, setPhotoAsked] = useState<number | null>(null);
  // spec 002 §4 DENY: an admin whose visitor has no active exclusion goes on to add one, prefilled
  const [excludeVisitorId, setExcludeVisitorId] = useState<number | null>(null);
  const excludeVisitor = useQuery({ ...visitorQuery(excludeVisitorId ?? 0), enabled: excludeVisitorId !== null });
  // the visitor of the card being allowed: a photo on file satisfies the building (issue 22)
  const allowVisitor = useQuery({
    ...visitorQuery(confirmAllow?.visitorId ?? 0),
    enabled: Boolean(confirmAllow?.visitorId),
  });
  const [busy, setBusy] = useState<{ id: number; action: 'allow' | 'deny' | 'close' | 'cancel' | 'checkIn' } | null>(
    null,
  );
  // one Idempotency-Key per user action, reused when that action is retried after a failure

  const refreshLists = useCallback(() => {
    if (buildingId) void qc.invalidateQueries({ queryKey: dashboardKeys.building(buildingId) });
  }, [qc, buildingId]);
  const closeScan = useCallback(() => setScanMode(null), []);
  const closeExclusion = useCallback(() => {
    setExcludeVisitorId(null);
    refreshLists();
  }, [refreshLists]);

  const checkOut = useCheckOut(buildingId);
  const allow = useAllow(buildingId);
  const cardVisitor = useCardVisitor();
  const deny = useDeny(buildingId);
  const close = useClosePreRegistration(buildingId);
  const cancelCheckIn = useCancelCheckIn(buildingId);

  /** spec 002 §4, issue 23 §7: the building's way to print; a failed printer opens the print window */
  const print = async (visitId: number, mode: TPrintMode) => {
    const { printVisitBadge } = await import('../printing/print-badge');
    const result = await printVisitBadge(visitId, mode, t);
    if (result.via === 'network' || result.via === 'browser') notify.success(result.message);
    // the print window of a PDF building opens without a notice; a fallback or a blocked window says why
    else if (!result.ok || mode !== 'pdf') notify.error(result.message);
  };

  /**
   * spec 002 §5: a photo is required unless the building's attendant setting for the type is off;
   * the card's temporary photo or the photo on the visitor's record will do (issue 22: ALLOW asks
   * for it before anything is sent, rather than failing).
   */
  const photoRequiredFor = (card: TPreRegistration) => {
    if (card.tempPhotoFileId) return false;
    if (photoAsked === card.id) return true;
    const b = buildingRow.data;
    if (!b) return false;
    const required =
      card.visitorType === 'volunteer'
        ? b.requireAttendantVolunteerPhotoCheckIn
        : b.requireAttendantVisitorPhotoCheckIn;
    if (!required || !card.visitorId) return required;
    return !allowVisitor.data?.photoFileId;
  };

  /**
   * ALLOW on a pending card: check in, then the badge (spec 002 §4). The photo taken on the card
   * (issue 22) is stored on the card's visitor record first.
   */
  const checkInCard = async (card: TPreRegistration, action: 'allow' | 'checkIn', photo: PhotoChoice = null) => {
    setBusy({ id: card.id, action });
    let res: TCheckInResponse;
    try {
      let photoFileId: string | null = null;
      if (photo?.kind === 'original') photoFileId = photo.fileId;
      if (photo?.kind === 'new') {
        const visitorId = card.visitorId ?? (await cardVisitor.mutateAsync(card.id)).visitorId;
        photoFileId = await uploadVisitorPhoto(visitorId, photo.blob);
      }
      res = await allow.mutateAsync({ card, photoFileId });
    } catch (err) {
      notify.error(t('dashboard.actionFailed', { message: errorText(err) }));
      // the building requires a photo the card did not have: ask for it and offer ALLOW again
      if (err instanceof ApiError && err.fieldErrors.photoFileId) {
        setPhotoAsked(card.id);
        setConfirmAllow(card);
      }
      return;
    } finally {
      setBusy(null);
    }
    notify.success(t('dashboard.checkedInName', { name: fullName(card.firstname, card.lastname) }));
    if (res.print.required) await print(res.visit.id, res.print.mode);
  };

  const onDeny = async (card: TPreRegistration) => {
    if (!buildingId) return;
    setBusy({ id: card.id, action: 'deny' });
    try {
      const res = await deny.mutateAsync({ card, buildingId });
      if (res.securityNotified) notify.success(t('dashboard.securityNotified'));
      else notify.error(t('dashboard.securityNotifyFailed'));
      // spec 002 §4: an admin whose visitor has no active exclusion goes on to add one
      if (res.offerAddExclusion) setExcludeVisitorId(res.visitorId);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('dashboard.securityNotifyFailed'));
    } finally {
      setBusy(null);
    }
  };

  const onClose = async (card: TPreRegistration) => {
    setBusy({ id: card.id, action: 'close' });
    try {
      await close.mutateAsync(card.id);
    } catch (err) {
      notify.error(t('dashboard.actionFailed', { message: errorText(err) }));
    } finally {
      setBusy(null);
    }
  };

  const onCancelCheckIn = async (card: TPreRegistration) => {
    setBusy({ id: card.id, action: 'cancel' });
    try {
      await cancelCheckIn.mutateAsync(card.id);
    } catch {
      notify.error(t('dashboard.cancelCheckInFailed'));
    } finally {
      setBusy(null);
    }
  };

  /** A scheduled card's "Check in" opens the same screening step as the desk flow (issue 10 §1). */
  const onScheduledCheckIn = async (card: TPreRegistration) => {
    if (!buildingId) return;
    let visitorId = card.visitorId;
    if (!visitorId) {
      setBusy({ id: card.id, action: 'checkIn' });
      try {
        visitorId = (await cardVisitor.mutateAsync(card.id)).visitorId;
      } catch (err) {
        notify.error(t('dashboard.actionFailed', { message: errorText(err) }));
        return;
      } finally {
        setBusy(null);
      }
    }
    navigate(paths.background('visitor', visitorId, card.id), {
      state: { buildingId, preRegId: card.id } satisfies DeskNavigationState,
    });
  };

  const onCheckOut = async (visit: TVisitSummary) => {
    try {
      await checkOut.mutateAsync(visit.id);
      notify.success(t('dashboard.checkedOutName', { name: visit.visitorName }));
    } catch (err) {
      notify.error(t('dashboard.actionFailed', { message: errorText(err) }));
    }
  };

  const busyFor = (id: number) => (busy?.id === id ? busy.action : null);
  const grid = (children: ReactNode, cols: number = columns) => (
    <SimpleGrid cols={cols} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
  const listProblem = (failed: boolean) =>
    failed ? (
      <Alert color="orange" variant="light">
        {t('dashboard.loadFailed')}
      </Alert>
    ) : null;

  return (
    <Stack gap="xl">
      <Stack gap="md">
        {live.reconnecting ? (
          <Alert color="yellow" variant="light" role="status">
            {t('dashboard.reconnecting')}
          </Alert>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={1} size="h3">
            {buildingName ? t('dashboard.titleAt', { building: buildingName }) : t('dashboard.title')}
          </Title>
          <Group gap="sm" align="flex-end">
            <Button component={Link} to={paths.onSite(buildingId)} variant="default">
              {t('nav.onSite')}
            </Button>
            {isAttendant ? null : (
              <BuildingFilter
                buildings={buildings}
                buildingId={buildingId}
                onChange={(v) =>
                  setParams(
                    (p) => {
                      const next = new URLSearchParams(p);
                      if (v) next.set('building', v);
                      else next.delete('building');
                      return next;
                    },
                    { replace: true },
                  )
                }
              />
            )}
            {canImport && buildingId ? (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => setImportOpen(true)}
              >
                {t('dashboard.importPreRegistrations')}
              </Button>
            ) : null}
          </Group>
        </Group>

        <DeskButtons
          compact={columns < 4}
          settings={settings.data}
          onVisitor={() =>
            navigate(paths.newVisitor, buildingId ? { state: { buildingId } satisfies DeskNavigationState } : {})
          }
          onCheckIn={() => setScanMode('in')}
          onCheckOut={() => setScanMode('out')}
          onPickup={() => setStudentLookup(true)}
        />
        {buildingId ? (
          <div style={{ maxWidth: 560 }}>
            <VisitorSearch buildingId={buildingId} timeZone={timeZone} />
          </div>
        ) : null}
      </Stack>

      {buildingId === null ? (
        <Text c="dimmed">{t('dashboard.noBuilding')}</Text>
      ) : (
        <>
          {pending.length ? (
            <Section
              title={t('dashboard.pendingTitle')}
              count={pending.length}
              testId="pending-list"
              intro={t('dashboard.pendingIntro')}
            >
              {grid(
                pending.map((card) => (
                  <PendingCard
                    key={card.id}
                    card={card}
                    today={today}
                    busy={(['allow', 'deny', 'close'] as const).find((a) => a === busyFor(card.id)) ?? null}
                    onAllow={() => setConfirmAllow(card)}
                    onDeny={() => void onDeny(card)}
                    onClose={() => void onClose(card)}
                  />
                )),
                // spec 002 §2: 1 to 4 columns by window width, like the visitor cards (audit 002 B16)
              )}
            </Section>
          ) : null}

          <Section title={t('dashboard.currentTitle')} count={visits.data?.length ?? null} testId="current-visits">
            {listProblem(visits.isError && !visits.data)}
            {visits.data && visits.data.length === 0 ? <Text c="dimmed">{t('dashboard.currentEmpty')}</Text> : null}
            {visits.data?.length
              ? grid(
                  visits.data.map((v) => (
                    <VisitCard
                      key={v.id}
                      visit={v}
                      timeZone={timeZone}
                      today={today}
                      checkingOut={checkOut.isPending && checkOut.variables === v.id}
                      onCheckOut={() => void onCheckOut(v)}
                      onPrint={() =>
                        void print(v.id, buildingRow.data ? printModeFor(buildingRow.data, v.visitorType) : 'pdf')
                      }
                    />
                  )),
                )
              : null}
          </Section>

          <Section
            title={t('dashboard.scheduledTitle')}
            count={preRegs.data ? scheduled.length : null}
            testId="scheduled-list"
          >
            {listProblem(preRegs.isError && !preRegs.data)}
            {preRegs.data && scheduled.length === 0 ? <Text c="dimmed">{t('dashboard.scheduledEmpty')}</Text> : null}
            {scheduled.length
              ? grid(
                  scheduled.map((card) => (
                    <ScheduledCard
                      key={card.id}
                      card={card}
                      today={today}
                      busy={busyFor(card.id) === 'cancel' || busyFor(card.id) === 'checkIn'}
                      onCheckIn={() => void onScheduledCheckIn(card)}
                      onCancelCheckIn={() => void onCancelCheckIn(card)}
                    />
                  )),
                )
              : null}
          </Section>

          {mayReadNearby ? (
            <NearbySection
              buildingId={buildingId}
              timeZone={timeZone}
              today={today}
              refreshMs={refreshMs}
              cols={columns}
              renderSection={({ children, ...section }) => <Section {...section}>{children}</Section>}
            />
          ) : null}
        </>
      )}

      <ScanModal mode={scanMode} buildingId={buildingId} onClose={closeScan} onChanged={refreshLists} />
      {studentLookup ? (
        <StudentLookupModal
          opened
          onClose={() => setStudentLookup(false)}
          buildingId={buildingId}
          {...studentFlow(settings.data)}
        />
      ) : null}

      <AllowConfirmModal
        card={confirmAllow}
        photoRequired={confirmAllow ? photoRequiredFor(confirmAllow) : false}
        onCancel={() => setConfirmAllow(null)}
        onConfirm={(card, photo) => {
          setConfirmAllow(null);
          void checkInCard(card, 'allow', photo);
        }}
      />

      {excludeVisitor.data ? (
        <AddExclusionModal
          opened={excludeVisitorId !== null}
          visitor={excludeVisitor.data}
          buildingId={buildingId}
          onClose={closeExclusion}
        />
      ) : null}

      {buildingId ? (
        <ImportDialog
          kind="preregistrations"
          title={t('dashboard.importTitle')}
          opened={importOpen}
          onClose={(success) => {
            setImportOpen(false);
            if (success) refreshLists();
          }}
          options={{ buildingId }}
        >
          <Text size="sm">{t('dashboard.importFor', { building: buildingName ?? '' })}</Text>
        </ImportDialog>
      ) : null}
    </Stack>
  );
}
