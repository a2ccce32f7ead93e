import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { CONSTANTS } from '@sv/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
// The decoder's .wasm is bundled and served by the app itself (stack guide: never the CDN default).
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import './i18n.en';

let prepared = false;
/** Points zxing-wasm at the app's own copy of its .wasm (once per page). */
function prepareDecoder() {
  if (prepared) return;
  prepared = true;
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
    },
  });
}

/**
 * PDF417 is the back of a driver's licence (AAMVA); our badges carry Code 128 and QR codes.
 * 'Plain' keeps the AAMVA separators (LF, RS, CR) as control characters.
 */
const READER_OPTIONS: ReaderOptions = {
  formats: ['PDF417', 'Code128', 'QRCode'],
  textMode: 'Plain',
  tryHarder: true,
  maxNumberOfSymbols: 1,
};
const FRAME_INTERVAL_MS = 200;

type CameraState = 'starting' | 'scanning' | 'denied' | 'none' | 'failed' | 'decoderFailed';

/**
 * Camera search (spec 002 §2 Modals "camera search"): the camera's frames are decoded in the
 * browser with zxing-wasm; the first barcode read is handed to `onDecoded`, which sends it through
 * the same scan call as the keyboard-wedge scanner. The camera attaches after 100 ms (spec 002 §9)
 * and is released when the component goes away.
 */
export function CameraScan(props: { onDecoded: (text: string) => void; large: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const onDecoded = useRef(props.onDecoded);
  onDecoded.current = props.onDecoded;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let frameTimer: ReturnType<typeof setTimeout> | null = null;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const scanFrame = async () => {
      frameTimer = null;
      const v = video.current;
      if (stopped || !v || !context) return;
      if (v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && v.videoWidth > 0) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        context.drawImage(v, 0, 0);
        try {
          const results = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), READER_OPTIONS);
          const hit = results.find((r) => r.isValid && r.text);
          if (hit && !stopped) {
            stopped = true;
            onDecoded.current(hit.text);
            return;
          }
        } catch {
          if (!stopped) setState('decoderFailed');
          return;
        }
      }
      if (!stopped) frameTimer = setTimeout(scanFrame, FRAME_INTERVAL_MS);
    };

    const attach = setTimeout(async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('none');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (err) {
        const name = (err as DOMException).name;
        if (!stopped)
          setState(
            name === 'NotAllowedError' || name === 'SecurityError'
              ? 'denied'
              : name === 'NotFoundError' || name === 'OverconstrainedError'
                ? 'none'
                : 'failed',
          );
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const v = video.current;
      if (!v) return;
      v.srcObject = stream;
      try {
        await v.play();
      } catch {
        // autoplay of a muted inline video is allowed; a refusal only delays the first frame
      }
      prepareDecoder();
      setState('scanning');
      frameTimer = setTimeout(scanFrame, FRAME_INTERVAL_MS);
    }, CONSTANTS.cameraAttachMs);

    return () => {
      stopped = true;
      clearTimeout(attach);
      if (frameTimer) clearTimeout(frameTimer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const problem =
    state === 'denied'
      ? t('camera.denied')
      : state === 'none'
        ? t('camera.none')
        : state === 'failed'
          ? t('camera.failed')
          : state === 'decoderFailed'
            ? t('camera.decoderFailed')
            : null;

  if (problem)
    return (
      <Alert color="orange" variant="light" role="alert" data-testid="camera-problem">
        {problem}
      </Alert>
    );

  return (
    <Stack gap={6}>
      <Box
        pos="relative"
        bg="dark.8"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '16 / 9' }}
        maw={props.large ? '100%' : 360}
        w="100%"
        mx="auto"
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('camera.preview')}
          data-testid="camera-preview"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {state === 'starting' ? (
          <Center pos="absolute" inset={0}>
            <Loader color="gray.0" aria-label={t('camera.starting')} />
          </Center>
        ) : null}
      </Box>
      <Text size="sm" c="dimmed" ta="center">
        {t('camera.pointAt')}
      </Text>
    </Stack>
  );
}
