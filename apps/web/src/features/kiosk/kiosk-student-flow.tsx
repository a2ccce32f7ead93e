import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CONSTANTS,
  type TKioskConfigResponse,
  type TKioskPerson,
  type TKioskStudentDropoffResponse,
  type TKioskStudentPickupResponse,
} from '@sv/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { visitorLanguageOf } from '../../lib/i18n/languages';
import { serverMessageIn } from '../../lib/i18n/server-messages';
import { DobInput, type DobProblem } from '../../lib/time/dob-input';
import { useWedgeScanner } from '../scan/use-wedge-scanner';
import {
  isUnreachable,
  studentDropoff,
  studentPickup,
  studentPickupCode,
  uploadStudentPhoto,
  validateStudent,
} from './kiosk-api';
import { big, PhotoStep } from './kiosk-flow';
import { resetKioskLanguage } from './kiosk-language';
import './i18n.en';

type Mode = 'dropoff' | 'pickup';
type Student = {
  studentId: string;
  lastName: string;
  firstName: string;
  reasons: { id: number; name: string; nameEs: string }[];
};
type Step =
  | { step: 'entry' }
  | { step: 'guardian'; student: Student }
  | { step: 'reason'; student: Student; guardian: TKioskPerson | null }
  | { step: 'photo'; student: Student; guardian: TKioskPerson | null; reasonId: number }
  | {
      step: 'code';
      student: Student;
      verificationId: string;
      channel: 'sms' | 'email';
      hint: string;
      minutes: number;
      triesLeft: number | null;
    }
  | { step: 'working' }
  | { step: 'finished'; message: string }
  | { step: 'office'; name: string };

/** Long enough to read "see the front office", then the next family (the problem screen's rule). */
const OFFICE_SCREEN_MS = 30_000;

/**
 * The kiosk student modal (spec 002 §2, §4 Kiosk student sign in/out, §8, §9): scan or type the
 * student ID (the building's studentIdLabel) and last name → validation → (pickup: the adult's
 * name and date of birth) → reason with the photo the building requires → submit → finished, and
 * the start screen again 5000 ms later. The first 2 validation failures say 'Unable to process
 * request.' / 'Please Check information and try again.'; after that the server's message and a
 * restart. Transport errors say 'No results found.'. A drop-off prints the tardy slip.
 * "The page reloads" is a return to the start screen without a browser reload, so requests queued
 * in memory while offline are not lost (issue 14).
 */
export default function KioskStudentFlow(props: {
  mode: Mode;
  /** STUDENT PICKUP in Skyward mode: the server reads the guardians from the SIS (issue 25) */
  skyward?: boolean;
  config: TKioskConfigResponse;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<Step>({ step: 'entry' });
  const [message, setMessage] = useState<{ lines: string[]; restart: boolean } | null>(null);
  const failures = useRef(0);
  // what was typed, kept across a failed check so the visitor corrects it rather than retyping it
  const typed = useRef({ studentId: '', lastName: '' });
  // the photo is uploaded once per picture, so a retry sends the same request (and key, issue 23 §4)
  const uploaded = useRef(new WeakMap<Blob, string>());
  // the building's requireKioskStudentPhotoCheckOut / …CheckIn decide (issue 25, audit 002 K13)
  const photoRequired =
    props.mode === 'pickup' ? props.config.photoRequired.studentCheckOut : props.config.photoRequired.studentCheckIn;
  const idLabel = props.config.studentIdLabel.trim() || t('kiosk.student.studentId');

  const restart = () => {
    resetKioskLanguage();
    props.onCancel();
  };
  // spec 002 §9: back to the start 5000 ms after finishing (or after the last validation failure)
  const restarting = state.step === 'finished' || state.step === 'office' || message?.restart === true;
  useEffect(() => {
    if (!restarting) return;
    const timer = setTimeout(restart, state.step === 'office' ? OFFICE_SCREEN_MS : CONSTANTS.studentKioskReloadMs);
    return () => clearTimeout(timer);
  });

  /**
   * What the server decided (issue 22): released; a code sent to the phone or e-mail on file; or
   * the front office (the desk already has a card). The lobby is never told why.
   */
  const outcome = (student: Student, r: TKioskStudentPickupResponse) => {
    if (r.outcome === 'released') setState({ step: 'finished', message: t('kiosk.student.donePickup') });
    else if (r.outcome === 'code_sent')
      setState({
        step: 'code',
        student,
        verificationId: r.verificationId,
        channel: r.channel,
        hint: r.hint,
        minutes: r.expiresInMinutes,
        triesLeft: null,
      });
    else if (r.outcome === 'code_wrong') setState((s) => (s.step === 'code' ? { ...s, triesLeft: r.attemptsLeft } : s));
    else setState({ step: 'office', name: student.firstName });
  };

  async function sendCode(s: Extract<Step, { step: 'code' }>, code: string) {
    setMessage(null);
    setState({ step: 'working' });
    try {
      const r = await studentPickupCode({ verificationId: s.verificationId, code });
      if (r.outcome === 'code_wrong') setState({ ...s, triesLeft: r.attemptsLeft });
      else outcome(s.student, r);
    } catch (err) {
      setState(s);
      if (isUnreachable(err) || !(err instanceof ApiError))
        setMessage({ lines: [t('kiosk.student.noResults')], restart: false });
      else setState({ step: 'office', name: s.student.firstName });
    }
  }

  /** spec 002 §8: the kiosk's validation-failure and transport-error rules. */
  const failed = (err: unknown) => {
    // spec 002 §8 Guardian list error (Skyward): the message, then home
    if (
      err instanceof ApiError &&
      (err.body.code === 'UPSTREAM_FAILED' || err.body.code === 'UPSTREAM_UNAVAILABLE') &&
      err.body.requestId
    ) {
      setMessage({ lines: [serverMessageIn(i18n.language, err.message, t('kiosk.student.noResults'))], restart: true });
      return;
    }
    if (isUnreachable(err) || !(err instanceof ApiError)) {
      setMessage({ lines: [t('kiosk.student.noResults')], restart: false });
      return;
    }
    failures.current += 1;
    if (failures.current <= CONSTANTS.kioskValidationFailuresAllowed)
      setMessage({ lines: [t('kiosk.student.unableToProcess'), t('kiosk.student.checkInformation')], restart: false });
    // the server's sentence in the visitor's language (issue 25, audit 002 U5)
    else
      setMessage({
        lines: [serverMessageIn(i18n.language, err.message, t('kiosk.student.unableToProcess'))],
        restart: true,
      });
  };

  async function validate(studentId: string, lastName: string) {
    typed.current = { studentId, lastName };
    setMessage(null);
    setState({ step: 'working' });
    try {
      const r = await validateStudent({
        studentId,
        lastName,
        action: props.mode,
        ...(props.skyward ? { isSkyward: true } : {}),
      });
      const student = { studentId, lastName, firstName: r.firstName, reasons: r.reasons };
      setState(props.mode === 'pickup' ? { step: 'guardian', student } : { step: 'reason', student, guardian: null });
    } catch (err) {
      setState({ step: 'entry' });
      failed(err);
    }
  }

  /**
   * The tardy slip, the building's way (audit 002 ksl U6, ADR 0027), and the sentence that says
   * where it is: the server already printed it on the building's printer; or the kiosk sends it
   * through Zebra Browser Print; otherwise (the building prints PDFs, or its printer did not take
   * the slip) its print window opens (spec 002 §4 Dropoff: it prints itself).
   */
  async function printSlip(r: TKioskStudentDropoffResponse): Promise<string> {
    if (r.eventId <= 0) return t('kiosk.student.doneDropoffNoSlip');
    if (r.slipPrint === 'printed') return t('kiosk.student.doneDropoff');
    if (r.slipPrint === 'browser') {
      const { printBy } = await import('../printing/print-badge');
      const sent = await printBy(
        'browser',
        {
          zplUrl: r.slipZplUrl,
          windowUrl: r.slipWindowUrl,
          sendToServer: async () => ({ printed: false, message: '' }),
        },
        t,
        { fallbackToWindow: false },
      );
      if (sent.ok) return t('kiosk.student.doneDropoff');
    }
    // the print window is our own page: no 'noopener', so a blocked window can be told apart
    const opened = window.open(r.slipWindowUrl, '_blank') !== null;
    if (!opened) return t('kiosk.student.doneDropoffNoSlip');
    return r.slipPrint === 'window' ? t('kiosk.student.doneDropoffWindow') : t('kiosk.student.doneDropoffPrinterDown');
  }

  async function submit(student: Student, guardian: TKioskPerson | null, reasonId: number, photo: Blob | null) {
    setState({ step: 'working' });
    try {
      let photoFileId: string | null = null;
      if (photo) {
        photoFileId = uploaded.current.get(photo) ?? (await uploadStudentPhoto(photo)).photoFileId;
        uploaded.current.set(photo, photoFileId);
      }
      const base = { studentId: student.studentId, lastName: student.lastName, reasonId };
      if (props.mode === 'dropoff') {
        // the tardy slip's fixed words in the language the kiosk is showing (issue 29 §1)
        const r = await studentDropoff({ ...base, photoFileId, language: visitorLanguageOf(i18n.language) });
        setState({ step: 'finished', message: await printSlip(r) });
      } else {
        outcome(student, await studentPickup({ ...base, guardian: guardian!, photoFileId }));
      }
    } catch (err) {
      // a refusal the server answered as an error (e.g. the same request still running): the
      // office, never an explanation here, and no claim that anyone was told (issue 22)
      if (props.mode === 'pickup' && err instanceof ApiError && err.status === 409) {
        setState({ step: 'office', name: student.firstName });
        return;
      }
      setState({ step: 'entry' });
      failed(err);
    }
  }

  return (
    <Stack maw={900} mx="auto" gap="lg">
      {/* issue 29 §3 (200% zoom): the title wraps, the button keeps its whole label */}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} fz={36} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {props.mode === 'pickup' ? t('kiosk.student.titlePickup') : t('kiosk.student.titleDropoff')}
        </Title>
        <Button size="lg" variant="default" onClick={restart} style={{ flexShrink: 0 }}>
          {t('kiosk.cancel')}
        </Button>
      </Group>
      {message ? (
        <Alert color="orange" variant="light" role="alert" styles={{ message: { fontSize: 22 } }}>
          {message.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
          {message.restart ? <div>{t('kiosk.student.reloading')}</div> : null}
        </Alert>
      ) : null}
      {state.step === 'entry' && !message?.restart ? (
        <StudentEntry idLabel={idLabel} initial={typed.current} onSubmit={(id, last) => void validate(id, last)} />
      ) : null}
      {state.step === 'guardian' ? (
        <GuardianEntry
          name={state.student.firstName}
          onSubmit={(g) => setState({ step: 'reason', student: state.student, guardian: g })}
        />
      ) : null}
      {state.step === 'reason' ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Text fz={26} fw={600}>
              {t('kiosk.student.found', { name: state.student.firstName })} {t('kiosk.student.reasonTitle')}
            </Text>
            <SimpleGrid cols={2} spacing="md">
              {state.student.reasons.map((r) => (
                <Button
                  key={r.id}
                  size="xl"
                  h={88}
                  fz={22}
                  variant="outline"
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  onClick={() =>
                    photoRequired
                      ? setState({ step: 'photo', student: state.student, guardian: state.guardian, reasonId: r.id })
                      : void submit(state.student, state.guardian, r.id, null)
                  }
                >
                  {/* issue 25 (ADR 0034): the district's Spanish name when it gave one */}
                  {(i18n.language === 'es' && r.nameEs) || r.name}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ) : null}
      {state.step === 'photo' ? (
        <PhotoStep onPhoto={(blob) => void submit(state.student, state.guardian, state.reasonId, blob)} />
      ) : null}
      {state.step === 'code' ? <CodeEntry state={state} onSubmit={(code) => void sendCode(state, code)} /> : null}
      {state.step === 'office' ? (
        <Paper withBorder radius="lg" p="xl" data-testid="kiosk-student-office">
          <Stack gap="md" align="center" ta="center">
            <Title order={2} fz={36}>
              {t('kiosk.student.officeTitle')}
            </Title>
            <Text fz={30} fw={600} lh={1.35}>
              {t('kiosk.student.officeBody', { name: state.name })}
            </Text>
            <Text fz={24}>{t('kiosk.student.officeHelp')}</Text>
          </Stack>
        </Paper>
      ) : null}
      {state.step === 'working' ? (
        <Center mih={240}>
          <Stack align="center" role="status">
            <Loader size="xl" />
            <Text fz={24}>{t('kiosk.student.submitting')}</Text>
          </Stack>
        </Center>
      ) : null}
      {state.step === 'finished' ? (
        <Paper withBorder radius="lg" p="xl" data-testid="kiosk-student-finished">
          <Stack gap="md" align="center" ta="center">
            <Text fz={30} fw={600} lh={1.35}>
              {state.message}
            </Text>
            <Text fz={20} c="dimmed">
              {t('kiosk.student.reloading')}
            </Text>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function StudentEntry(props: {
  idLabel: string;
  initial: { studentId: string; lastName: string };
  onSubmit: (studentId: string, lastName: string) => void;
}) {
  const { t } = useTranslation();
  const [id, setId] = useState(props.initial.studentId);
  const [last, setLast] = useState(props.initial.lastName);
  const lastRef = useRef<HTMLInputElement>(null);
  // a scanned student ID card fills the ID (spec 002 §4 "scan or manual entry")
  useWedgeScanner({
    enabled: true,
    idleMs: CONSTANTS.scanIdleMs,
    onScan: (text) => {
      setId(text.trim());
      lastRef.current?.focus();
    },
  });
  return (
    <Paper withBorder radius="lg" p="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (id.trim() && last.trim()) props.onSubmit(id.trim(), last.trim());
        }}
      >
        <Stack gap="md">
          <Text fz={24}>{t('kiosk.student.entryHint')}</Text>
          <Group grow align="flex-start">
            <TextInput
              label={props.idLabel}
              value={id}
              required
              onChange={(e) => setId(e.currentTarget.value)}
              autoComplete="off"
              styles={big}
            />
            <TextInput
              ref={lastRef}
              label={t('kiosk.student.lastName')}
              value={last}
              required
              onChange={(e) => setLast(e.currentTarget.value)}
              autoComplete="off"
              styles={big}
            />
          </Group>
          <Button type="submit" size="xl" h={80} fz={26}>
            {t('kiosk.student.check')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function GuardianEntry(props: { name: string; onSubmit: (g: TKioskPerson) => void }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [dob, setDob] = useState<{ value: string | null; problem: DobProblem }>({ value: null, problem: null });
  const [dobError, setDobError] = useState<string | undefined>(undefined);
  return (
    <Paper withBorder radius="lg" p="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const iso = dob.value;
          // a future date is said by the field itself (and cleared, spec 000 §5)
          setDobError(iso || dob.problem === 'future' ? undefined : t('kiosk.identify.dobInvalid'));
          if (iso && first.trim() && last.trim())
            props.onSubmit({ firstName: first.trim(), lastName: last.trim(), dob: iso });
        }}
      >
        <Stack gap="md">
          <Text fz={26} fw={600}>
            {t('kiosk.student.found', { name: props.name })} {t('kiosk.student.guardianTitle')}
          </Text>
          <Text fz={20}>{t('kiosk.student.guardianHint')}</Text>
          <Group grow align="flex-start">
            <TextInput
              label={t('kiosk.identify.firstName')}
              value={first}
              required
              onChange={(e) => setFirst(e.currentTarget.value)}
              autoComplete="off"
              styles={big}
            />
            <TextInput
              label={t('kiosk.identify.lastName')}
              value={last}
              required
              onChange={(e) => setLast(e.currentTarget.value)}
              autoComplete="off"
              styles={big}
            />
          </Group>
          {/* the one date-of-birth field (issue 25, audit 002-ksl), in the kiosk's language */}
          <DobInput
            required
            label={t('kiosk.identify.dob')}
            description={t('kiosk.identify.dobHint')}
            value={dob.value}
            problem={dob.problem}
            onChange={(value, problem) => {
              setDob({ value, problem });
              setDobError(undefined);
            }}
            error={dobError}
            placeholder={t('kiosk.identify.dobPlaceholder')}
            textInputProps={{ styles: { ...big, description: { fontSize: 18 } } }}
          />
          <Button type="submit" size="xl" h={80} fz={26}>
            {t('kiosk.next')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The one-time code step (issue 22): 6 digits, big, numeric; a wrong code says so and how many tries are left. */
function CodeEntry(props: { state: Extract<Step, { step: 'code' }>; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const s = props.state;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="kiosk-pickup-code">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d{6}$/.test(code)) {
            props.onSubmit(code);
            setCode('');
          }
        }}
      >
        <Stack gap="md">
          <Text fz={26} fw={600}>
            {s.channel === 'sms'
              ? t('kiosk.student.codeSentSms', { hint: s.hint })
              : t('kiosk.student.codeSentEmail', { hint: s.hint })}
          </Text>
          <Text fz={20}>{t('kiosk.student.codeHint', { minutes: s.minutes })}</Text>
          {s.triesLeft !== null ? (
            <Alert color="orange" variant="light" role="alert" styles={{ message: { fontSize: 22 } }}>
              {t('kiosk.student.codeWrong')} {t('kiosk.student.codeTriesLeft', { count: s.triesLeft })}
            </Alert>
          ) : null}
          <TextInput
            label={t('kiosk.student.codeLabel')}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            styles={{ ...big, input: { ...big.input, letterSpacing: '0.3em' } }}
            data-autofocus
          />
          <Button type="submit" size="xl" h={80} fz={26} disabled={code.length !== 6}>
            {t('kiosk.student.codeConfirm')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
