import { Alert, Button, Center, Group, Image, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CONSTANTS,
  personNameError,
  type TKioskConfigResponse,
  type TKioskLookupResponse,
  type TKioskPassScanResponse,
  type TKioskPerson,
} from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HostPicker, type HostPick } from '../../components/host-picker/host-picker';
import { visitorLanguageOf } from '../../lib/i18n/languages';
import { serverMessageIn } from '../../lib/i18n/server-messages';
import { paths } from '../../lib/paths';
import { DobInput, type DobProblem } from '../../lib/time/dob-input';
import { useWedgeScanner } from '../scan/use-wedge-scanner';
import { useCamera } from '../visitor-flow/use-camera';
import {
  autoValidate,
  checkInWithPass,
  isUnreachable,
  kioskHostsQuery,
  lookup,
  scanPass,
  submitCheckOut,
  submitSignIn,
  uploadPhoto,
} from './kiosk-api';
import type { ProblemState } from './kiosk-problem-page';
import type { ThankYouState } from './kiosk-thank-you-page';
import './i18n.en';
import { isPassText } from '../visitor-passes/visitor-passes-api';

// the barcode decoder (zxing-wasm) loads only when a visitor asks for the camera
const CameraScan = lazy(() => import('../scan/camera-scan').then((m) => ({ default: m.CameraScan })));

type Mode = 'visitor' | 'badge' | 'checkOut';
/** Who is signing in, as the server will know them (never decided here). */
type Who = { visitorId: number; registrationId?: number } | { person: TKioskPerson };
/** The details step's answers: the reason, and "person visiting" with the host picked (issue 28 §1). */
type DetailsValues = { reason: string; personVisiting: string; hostId: number | null };
type Step =
  | { step: 'identify'; message?: string }
  | { step: 'choose'; matches: TKioskLookupResponse['matches'] }
  | { step: 'details'; who: Who }
  | { step: 'photo'; who: Who; details: DetailsValues }
  | { step: 'working'; label: string }
  /** issue 28 §3: a visitor pass was scanned: who it is for, then check in (a photo first if required) */
  | { step: 'pass'; token: string; pass: TKioskPassScanResponse };

export const big = { input: { fontSize: 24, height: 64 }, label: { fontSize: 20, marginBottom: 6 } } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The kiosk's visitor sign-in and sign-out (spec 002 §2 kiosk visitor scan, §4 Kiosk with/without
 * auto badge; issue 14): scan (wedge scanner with the 1000 ms idle rule, or the camera) or a typed
 * name and date of birth → reason and person visiting → the photo the building requires → the
 * server screens. With auto badge the kiosk polls auto-validate (first after 3000 ms, up to 10
 * times, 3000 ms apart); the answer alone decides between thank-you and the problem screen.
 */
export default function KioskFlow(props: { mode: Mode; config: TKioskConfigResponse; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<Step>({ step: 'identify' });
  const volunteer = (who: Who) => 'registrationId' in who && who.registrationId !== undefined;

  const thankYou = (s: ThankYouState) => navigate(paths.kioskThankYou, { state: s, replace: true });
  const problem = (s: ProblemState) => navigate(paths.kioskProblem, { state: s, replace: true });

  const fail = (err: unknown) => {
    if (isUnreachable(err)) return problem({ kind: 'offline' });
    // the server's sentence in the visitor's language (issue 25, audit 002 U5)
    setState({
      step: 'identify',
      message: serverMessageIn(i18n.language, (err as Error).message, t('kiosk.serverFallback')),
    });
  };

  async function checkOut(body: { raw: string } | { person: TKioskPerson }) {
    setState({ step: 'working', label: t('kiosk.checkOut.working') });
    try {
      const r = await submitCheckOut(body);
      if ('queued' in r) return thankYou({ kind: 'queuedCheckOut' });
      if (r.sent.checkedOut === 0) return setState({ step: 'identify', message: t('kiosk.checkOut.none') });
      thankYou({ kind: 'checkedOut' });
    } catch (err) {
      fail(err);
    }
  }

  /** Issue 28 §3: scan → who the pass is for → check in (photo if the building asks): ≤ 3 actions. */
  async function passScanned(token: string) {
    setState({ step: 'working', label: t('kiosk.identify.scanning') });
    try {
      setState({ step: 'pass', token, pass: await scanPass(token) });
    } catch (err) {
      fail(err);
    }
  }

  async function passCheckIn(token: string, photo: Blob | null) {
    setState({ step: 'working', label: t('kiosk.checking') });
    try {
      const photoFileId = photo ? (await uploadPhoto(photo)).photoFileId : null;
      const r = await checkInWithPass(token, photoFileId);
      if (r.state === 'see_office') return problem({ kind: 'screening' });
      thankYou({ kind: r.badge?.printed ? 'checkedIn' : 'checkedInNoBadge' });
    } catch (err) {
      fail(err);
    }
  }

  async function identify(body: { raw: string } | { person: TKioskPerson }) {
    if (props.mode === 'checkOut') return checkOut(body);
    if (props.mode === 'visitor' && 'raw' in body && isPassText(body.raw)) return passScanned(body.raw);
    setState({ step: 'working', label: t('kiosk.identify.scanning') });
    try {
      const r = await lookup(body);
      if (r.registration) {
        if (!r.registration.ok || !r.registration.visitorId)
          return setState({
            step: 'identify',
            message: t('kiosk.identify.badgeRefused', {
              reason: serverMessageIn(i18n.language, r.registration.reason ?? '', ''),
            }),
          });
        return setState({
          step: 'details',
          who: { visitorId: r.registration.visitorId, registrationId: r.registration.registrationId },
        });
      }
      if (r.matches.length === 1) return setState({ step: 'details', who: { visitorId: r.matches[0]!.visitorId } });
      if (r.matches.length > 1) return setState({ step: 'choose', matches: r.matches });
      const p = r.person;
      if (props.mode === 'visitor' && p?.firstName && p.lastName && p.dob)
        return setState({ step: 'details', who: { person: p as TKioskPerson } });
      setState({ step: 'identify', message: t('kiosk.identify.notFound') });
    } catch (err) {
      // offline, a typed name and date of birth still make a sign-in request: the server matches
      // the person when it receives it (issue 14 "Offline"); a scan needs the server to read it
      if (isUnreachable(err) && 'person' in body && props.mode === 'visitor')
        return setState({ step: 'details', who: { person: body.person } });
      fail(err);
    }
  }

  async function submit(who: Who, details: DetailsValues, photo: Blob | null) {
    setState({ step: 'working', label: t('kiosk.submitting') });
    try {
      const body = {
        ...who,
        reason: details.reason,
        personVisiting: details.personVisiting,
        // issue 28 §1: the host picked from the list is told on arrival (the server checks it is this kiosk's)
        ...(details.hostId !== null ? { hostId: details.hostId } : {}),
        visitorType: volunteer(who) ? ('volunteer' as const) : ('visitor' as const),
      };
      const r = await submitSignIn(body, photo);
      // a queued sign-in is not a check-in: the visitor goes to the office (issue 14 "Offline")
      if ('queued' in r) return problem({ kind: 'queued' });
      if (r.sent.next === 'thankyou') return thankYou({ kind: 'arrival' });
      setState({ step: 'working', label: t('kiosk.checking') });
      for (let attempt = 0; attempt < CONSTANTS.autoValidateAttempts; attempt++) {
        await sleep(CONSTANTS.autoValidateIntervalMs);
        try {
          const v = await autoValidate(r.sent.signInId, visitorLanguageOf(i18n.language));
          if (v.state === 'see_office') return problem({ kind: 'screening' });
          return thankYou({ kind: v.badge?.printed ? 'checkedIn' : 'checkedInNoBadge' });
        } catch (err) {
          if (!isUnreachable(err)) return problem({ kind: 'screening' });
        }
      }
      // spec 002 §4: running out of attempts leads to the problem screen (the desk has the card)
      problem({ kind: 'screening' });
    } catch (err) {
      fail(err);
    }
  }

  const title =
    props.mode === 'checkOut'
      ? t('kiosk.identify.titleCheckOut')
      : props.mode === 'badge'
        ? t('kiosk.identify.titleBadge')
        : t('kiosk.identify.titleVisitor');

  return (
    <Stack maw={900} mx="auto" gap="lg">
      {/* issue 29 §3 (200% zoom): the title wraps, the button keeps its whole label */}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} fz={36} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Button size="lg" variant="default" onClick={props.onCancel} style={{ flexShrink: 0 }}>
          {t('kiosk.cancel')}
        </Button>
      </Group>
      {state.step === 'identify' ? (
        <Identify
          mode={props.mode}
          message={state.message}
          onScan={(raw) => void identify({ raw })}
          onPerson={(person) => void identify({ person })}
        />
      ) : null}
      {state.step === 'choose' ? (
        <Stack gap="md">
          <Text fz={26} fw={600}>
            {t('kiosk.identify.choose')}
          </Text>
          {state.matches.map((m) => (
            <Button
              key={m.visitorId}
              size="xl"
              h={88}
              fz={26}
              variant="outline"
              onClick={() => setState({ step: 'details', who: { visitorId: m.visitorId } })}
            >
              {m.displayName}
            </Button>
          ))}
        </Stack>
      ) : null}
      {state.step === 'details' ? (
        <Details
          onNext={(details) => {
            const required = volunteer(state.who)
              ? props.config.photoRequired.volunteer
              : props.config.photoRequired.visitor;
            if (required) setState({ step: 'photo', who: state.who, details });
            else void submit(state.who, details, null);
          }}
        />
      ) : null}
      {state.step === 'pass' ? (
        <Stack gap="sm" data-testid="kiosk-pass">
          {/* compact when the photo follows, so the camera and its button fit a 1024×768 lobby tablet */}
          <Stack gap={2} align="center">
            <Text fz={30} fw={700}>
              {t('kiosk.pass.welcome', { name: state.pass.displayName })}
            </Text>
            <Text fz={22} ta="center">
              {state.pass.visiting
                ? t('kiosk.pass.visiting', { host: state.pass.visiting, building: state.pass.buildingName })
                : t('kiosk.pass.expected', { building: state.pass.buildingName })}
            </Text>
          </Stack>
          {/* issue 28 §3: scan → photo → use it (three actions); scan → check in without a photo rule */}
          {state.pass.photoRequired ? (
            <PhotoStep height={250} onPhoto={(blob) => void passCheckIn(state.token, blob)} />
          ) : (
            <Center>
              <Button size="xl" mt="md" onClick={() => void passCheckIn(state.token, null)}>
                {t('kiosk.pass.checkIn')}
              </Button>
            </Center>
          )}
        </Stack>
      ) : null}
      {state.step === 'photo' ? <PhotoStep onPhoto={(blob) => void submit(state.who, state.details, blob)} /> : null}
      {state.step === 'working' ? (
        <Center mih={300}>
          <Stack align="center" gap="lg" role="status">
            <Loader size="xl" />
            <Text fz={26}>{state.label}</Text>
          </Stack>
        </Center>
      ) : null}
    </Stack>
  );
}

function Identify(props: {
  mode: Mode;
  message?: string;
  onScan: (raw: string) => void;
  onPerson: (p: TKioskPerson) => void;
}) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const { phase } = useWedgeScanner({ enabled: true, onScan: props.onScan, idleMs: CONSTANTS.scanIdleMs });
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [dob, setDob] = useState<{ value: string | null; problem: DobProblem }>({ value: null, problem: null });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = () => {
    const iso = dob.value;
    const e: Record<string, string> = {};
    // issue 22: the one person-name rule, said next to the field in the kiosk's language
    const nameError = (v: string) => {
      const problem = personNameError(v);
      if (problem === PERSON_NAME_MESSAGES.noLetters) return t('kiosk.identify.nameNoLetters');
      if (problem) return t('kiosk.identify.nameCharacters');
      return v.trim() ? undefined : t('kiosk.identify.required');
    };
    const firstError = nameError(first);
    const lastError = nameError(last);
    if (firstError) e.first = firstError;
    if (lastError) e.last = lastError;
    // a future date is said by the field itself (and cleared, spec 000 §5)
    if (!iso && dob.problem !== 'future') e.dob = t('kiosk.identify.dobInvalid');
    setErrors(e);
    if (iso && !e.first && !e.last) props.onPerson({ firstName: first.trim(), lastName: last.trim(), dob: iso });
  };

  return (
    <Stack gap="lg">
      {props.message ? (
        <Alert color="orange" variant="light" role="alert" styles={{ message: { fontSize: 22 } }}>
          {props.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Text fz={24}>
            {props.mode === 'badge' ? t('kiosk.identify.scanBadgeHint') : t('kiosk.identify.scanHint')}
          </Text>
          {phase === 'reading' ? (
            <Text fz={22} c="blue" role="status">
              {t('kiosk.identify.scanning')}
            </Text>
          ) : null}
          <Button size="lg" variant="light" onClick={() => setCamera((c) => !c)} w="fit-content" mih={48}>
            {camera ? t('kiosk.identify.hideCamera') : t('kiosk.identify.useCamera')}
          </Button>
          {camera ? (
            <Suspense fallback={<Loader />}>
              <CameraScan large onDecoded={props.onScan} />
            </Suspense>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Stack gap="md">
            <Text fz={24} fw={600}>
              {t('kiosk.identify.orType')}
            </Text>
            {/* one row on a 1024 px tablet, so the button stays above the fold (screenshots, issue 14) */}
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('kiosk.identify.firstName')}
                value={first}
                onChange={(e) => setFirst(e.currentTarget.value)}
                error={errors.first}
                autoComplete="off"
                miw={200}
                styles={big}
              />
              <TextInput
                label={t('kiosk.identify.lastName')}
                value={last}
                onChange={(e) => setLast(e.currentTarget.value)}
                error={errors.last}
                autoComplete="off"
                miw={200}
                styles={big}
              />
              {/* the one date-of-birth field (issue 25, audit 002-ksl): mask, calendar, future dates */}
              <DobInput
                label={t('kiosk.identify.dob')}
                value={dob.value}
                problem={dob.problem}
                onChange={(value, problem) => {
                  setDob({ value, problem });
                  setErrors(({ dob: _d, ...rest }) => rest);
                }}
                error={errors.dob}
                placeholder={t('kiosk.identify.dobPlaceholder')}
                textInputProps={{ miw: 200, styles: big }}
              />
            </Group>
            <Text fz={18} c="dimmed" mt={-8}>
              {t('kiosk.identify.dobHint')}
            </Text>
            <Button type="submit" size="xl" h={80} fz={26}>
              {props.mode === 'checkOut' ? t('kiosk.checkOut.submit') : t('kiosk.next')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function Details(props: { onNext: (details: DetailsValues) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [visiting, setVisiting] = useState<HostPick>({ visiting: '', hostId: null });
  return (
    <Paper withBorder radius="lg" p="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onNext({ reason: reason.trim(), personVisiting: visiting.visiting.trim(), hostId: visiting.hostId });
        }}
      >
        <Stack gap="md">
          <Text fz={26} fw={600}>
            {t('kiosk.details.title')}
          </Text>
          <TextInput
            label={t('kiosk.details.reason')}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.currentTarget.value)}
            autoComplete="off"
            styles={big}
          />
          <HostPicker
            label={t('kiosk.details.personVisiting')}
            value={visiting.visiting}
            hostId={visiting.hostId}
            onChange={setVisiting}
            hosts={kioskHostsQuery}
            noMatch={t('kiosk.details.hostNoMatch')}
            maxLength={200}
            styles={{ ...big, option: { fontSize: 22, padding: '14px 16px' } }}
          />
          <Button type="submit" size="xl" h={80} fz={26}>
            {t('kiosk.next')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The building's required photo (spec 002 §5: the webcam attaches 100 ms after it is needed). */
/** `height`: the camera's (a pass's welcome above it on a 1024×768 tablet takes a smaller one). */
export function PhotoStep(props: { onPhoto: (blob: Blob) => void; height?: number }) {
  const height = props.height ?? 320;
  const { t } = useTranslation();
  const camera = useCamera(true);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md" align="center">
        <Text fz={26} fw={600}>
          {t('kiosk.photo.title')}
        </Text>
        <Text fz={22}>{t('kiosk.photo.hint')}</Text>
        {camera.status === 'failed' ? (
          <Alert color="red" variant="light" role="alert" styles={{ message: { fontSize: 22 } }}>
            {t('kiosk.photo.failed')}
          </Alert>
        ) : null}
        {shot ? (
          <Image src={shot.url} alt={t('kiosk.photo.alt')} h={height} w="auto" fit="contain" radius="md" />
        ) : (
          <Center h={height} w="100%" bg="dark.7" style={{ borderRadius: 12, overflow: 'hidden' }}>
            {camera.status === 'live' ? (
              <video ref={camera.videoRef} muted playsInline style={{ height, maxWidth: '100%' }} />
            ) : (
              <Stack align="center" role="status">
                <Loader color="white" />
                <Text c="white" fz={20}>
                  {t('kiosk.photo.starting')}
                </Text>
              </Stack>
            )}
          </Center>
        )}
        <Group grow w="100%">
          {shot ? (
            <>
              <Button size="xl" h={80} fz={24} variant="default" onClick={() => setShot(null)}>
                {t('kiosk.photo.retake')}
              </Button>
              <Button size="xl" h={80} fz={24} onClick={() => props.onPhoto(shot.blob)}>
                {t('kiosk.photo.use')}
              </Button>
            </>
          ) : (
            <Button
              size="xl"
              h={80}
              fz={24}
              disabled={!camera.ready}
              onClick={async () => {
                const blob = await camera.capture();
                if (blob) setShot({ blob, url: URL.createObjectURL(blob) });
              }}
            >
              {t('kiosk.photo.take')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
