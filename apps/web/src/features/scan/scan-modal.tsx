import { Alert, Box, Button, Divider, Group, Loader, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconBarcode, IconCamera, IconCameraOff, IconScan } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../lib/session';
import { paths } from '../../lib/paths';
import {
  type CheckedOutNavigationState,
  type DeskNavigationState,
  type LicenseNavigationState,
  postScan,
  type ScanMode,
  scanOutcome,
} from './scan-api';
import { useWedgeScanner } from './use-wedge-scanner';
import './i18n.en';
import { isPassText, postDeskPassScan } from '../visitor-passes/visitor-passes-api';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';

// the barcode decoder (zxing-wasm) loads only when the camera is used
const CameraScan = lazy(() => import('./camera-scan').then((m) => ({ default: m.CameraScan })));

type Step =
  | { step: 'ready' }
  | { step: 'searching' }
  | { step: 'noData'; reason: 'none' | 'multiple' | 'failed' }
  | { step: 'notIn'; names: string[] }
  | { step: 'refused'; name: string; registrationType: string; reason: string }
  /** issue 28 §3: a visitor pass that cannot be used here now (the server's sentence) */
  | { step: 'passRefused'; message: string };

export interface ScanModalProps {
  /** null = closed */
  mode: ScanMode | null;
  buildingId: number | null;
  onClose: () => void;
  /** a scan changed visits (check-out): the caller refreshes its lists */
  onChanged?: () => void;
}

/**
 * Scan a badge or licence (spec 002 §2 Modals; §4 Scan flow): keyboard-wedge keystrokes are
 * read (reading), searched one second after the last key (searching), then lead to the visitor,
 * the new-visitor form prefilled from the licence, the checked-out screen, or the no-data state
 * with a retry. A typed badge code or licence number and the camera take the same path.
 */
export function ScanModal(props: ScanModalProps) {
  const { t } = useTranslation();
  const user = useUser();
  const title =
    props.mode === 'out' ? t('scan.titleOut') : props.mode === 'new' ? t('scan.titleNew') : t('scan.titleIn');
  return (
    <Modal
      opened={props.mode !== null}
      onClose={props.onClose}
      title={title}
      // spec 002 §5: the camera-scan size follows the user's scanWithCamera flag
      size={user.scanWithCamera ? 'xl' : 'lg'}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {props.mode !== null && props.buildingId !== null ? (
        <ScanBody mode={props.mode} buildingId={props.buildingId} onClose={props.onClose} onChanged={props.onChanged} />
      ) : null}
    </Modal>
  );
}

function ScanBody(props: { mode: ScanMode; buildingId: number; onClose: () => void; onChanged?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const [state, setState] = useState<Step>({ step: 'ready' });
  const [manual, setManual] = useState('');
  const [camera, setCamera] = useState(user.scanWithCamera);
  const [cameraRun, setCameraRun] = useState(0);
  const area = useRef<HTMLDivElement>(null);
  const { mode, buildingId, onClose, onChanged } = props;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const run = useCallback(
    async (raw: string) => {
      setState({ step: 'searching' });
      // issue 28 §3: a visitor pass opens its visitor's screening, prefilled from the invitation
      if (mode === 'in' && isPassText(raw)) {
        try {
          const pass = await postDeskPassScan(raw, buildingId);
          if (!alive.current) return;
          onClose();
          navigate(paths.background('visitor', pass.visitorId, pass.preRegistrationId), {
            state: { buildingId, preRegId: pass.preRegistrationId } satisfies DeskNavigationState,
          });
        } catch (err) {
          if (!alive.current) return;
          if (err instanceof ApiError && err.status === 409) setState({ step: 'passRefused', message: err.message });
          else setState({ step: 'noData', reason: 'failed' });
        }
        return;
      }
      let outcome: ReturnType<typeof scanOutcome>;
      try {
        outcome = scanOutcome(mode, await postScan(raw, buildingId, mode));
      } catch {
        if (alive.current) setState({ step: 'noData', reason: 'failed' });
        return;
      }
      if (!alive.current) return;
      switch (outcome.kind) {
        case 'visitor':
          onClose();
          navigate(paths.background('visitor', outcome.visitorId), {
            state: { buildingId } satisfies DeskNavigationState,
          });
          return;
        case 'registration':
          onClose();
          navigate(paths.background('visitor', outcome.visitorId), {
            state: { buildingId, registration: outcome.registration } satisfies DeskNavigationState,
          });
          return;
        case 'registrationRefused':
          setState({
            step: 'refused',
            name: outcome.name,
            registrationType: outcome.registrationType,
            reason: outcome.reason,
          });
          return;
        case 'newLicense': {
          const navState: LicenseNavigationState = { buildingId, license: outcome.license };
          onClose();
          navigate(paths.newVisitorFromLicense, { state: navState });
          return;
        }
        case 'checkedOut': {
          const navState: CheckedOutNavigationState = {
            buildingId,
            name: outcome.names.join(', '),
            checkedOutVisitIds: outcome.visitIds,
          };
          notify.success(t('scan.checkedOut', { count: outcome.names.length, names: outcome.names.join(', ') }));
          onChanged?.();
          onClose();
          navigate(paths.checkedOut, { state: navState });
          return;
        }
        case 'notIn':
          setState({ step: 'notIn', names: outcome.names });
          return;
        default:
          setState({ step: 'noData', reason: outcome.kind === 'multiple' ? 'multiple' : 'none' });
      }
    },
    [mode, buildingId, onClose, onChanged, navigate, t],
  );

  const wedge = useWedgeScanner({ enabled: state.step !== 'searching', onScan: run });

  const retry = () => {
    setState({ step: 'ready' });
    setCameraRun((n) => n + 1);
    area.current?.focus();
  };

  const submitManual = (e: FormEvent) => {
    e.preventDefault();
    if (!manual.trim() || state.step === 'searching') return;
    void run(manual.trim());
  };

  const reading = wedge.phase === 'reading';
  return (
    <Stack gap="md">
      <Box
        ref={area}
        tabIndex={0}
        data-autofocus
        data-testid="scan-area"
        aria-label={t('scan.scanArea')}
        p="lg"
        style={{
          border: '2px dashed var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          outlineOffset: 2,
        }}
      >
        <div aria-live="polite" data-testid="scan-status">
          {state.step === 'searching' ? (
            <Group gap="md" wrap="nowrap">
              <Loader size="md" aria-hidden />
              <Text size="lg" fw={600}>
                {t('scan.searching')}
              </Text>
            </Group>
          ) : state.step === 'refused' && !reading ? (
            <Stack gap="sm">
              <Alert color="red" variant="light" data-testid="registration-refused">
                <Text fw={700}>
                  {t('scan.registrationRefused', { name: state.name, type: state.registrationType })}
                </Text>
                <Text size="sm">{state.reason}</Text>
              </Alert>
              <Group>
                <Button onClick={retry} leftSection={<IconScan size={18} aria-hidden />}>
                  {t('scan.retry')}
                </Button>
              </Group>
            </Stack>
          ) : state.step === 'passRefused' && !reading ? (
            <Stack gap="sm">
              <Alert color="red" variant="light" data-testid="pass-refused">
                <Text fw={700}>{t('scan.passRefused')}</Text>
                <Text size="sm">{state.message}</Text>
              </Alert>
              <Group>
                <Button onClick={retry} leftSection={<IconScan size={18} aria-hidden />}>
                  {t('scan.retry')}
                </Button>
              </Group>
            </Stack>
          ) : state.step === 'notIn' && !reading ? (
            <Stack gap="sm">
              <Alert color="orange" variant="light" data-testid="scan-not-in">
                <Text fw={700}>{t('scan.notIn', { names: state.names.join(', ') })}</Text>
                <Text size="sm">{t('scan.notInHint')}</Text>
              </Alert>
              <Group>
                <Button onClick={retry} leftSection={<IconScan size={18} aria-hidden />}>
                  {t('scan.retry')}
                </Button>
              </Group>
            </Stack>
          ) : state.step === 'noData' && !reading ? (
            <Stack gap="sm">
              <Alert color="orange" variant="light">
                <Text fw={700}>{state.reason === 'failed' ? t('scan.failed') : t('scan.noData')}</Text>
                <Text size="sm">{state.reason === 'multiple' ? t('scan.multiple') : t('scan.noDataHint')}</Text>
              </Alert>
              <Group>
                <Button onClick={retry} leftSection={<IconScan size={18} aria-hidden />}>
                  {t('scan.retry')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={48} radius="xl" variant="light" color={reading ? 'teal' : 'blue'} aria-hidden>
                <IconBarcode size={28} />
              </ThemeIcon>
              <div>
                <Text size="lg" fw={600}>
                  {reading ? t('scan.reading') : t('scan.idle')}
                </Text>
                <Text size="sm" c="dimmed">
                  {reading ? t('scan.readingCount', { count: wedge.length }) : t('scan.idleHint')}
                </Text>
              </div>
            </Group>
          )}
        </div>
      </Box>

      <form onSubmit={submitManual}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('scan.manualLabel')}
            description={t('scan.manualDescription')}
            value={manual}
            onChange={(e) => setManual(e.currentTarget.value)}
            autoComplete="off"
            style={{ flex: 1 }}
            maxLength={4000}
          />
          <Button type="submit" variant="default" disabled={!manual.trim() || state.step === 'searching'}>
            {t('scan.manualSubmit')}
          </Button>
        </Group>
      </form>

      <Divider />
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={camera ? <IconCameraOff size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />}
          onClick={() => setCamera((c) => !c)}
          aria-pressed={camera}
        >
          {camera ? t('scan.hideCamera') : t('scan.useCamera')}
        </Button>
      </Group>
      {camera && state.step === 'ready' ? (
        <Suspense fallback={<Loader size="sm" aria-label={t('camera.starting')} mx="auto" />}>
          <CameraScan key={cameraRun} large={user.scanWithCamera} onDecoded={(text) => void run(text)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
