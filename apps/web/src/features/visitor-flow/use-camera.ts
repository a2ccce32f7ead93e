import { CONSTANTS } from '@sv/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraStatus = 'idle' | 'starting' | 'live' | 'failed';

/** The webcam, attached CONSTANTS.cameraAttachMs after `active` turns on (spec 002 §9), stopped when off. */
export function useCamera(active: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<CameraStatus>('idle');
  // a stream is attached before its first frame arrives: until then a capture would be empty, so
  // the take-picture buttons wait for `hasFrame` (a quick tap on a slow device used to do nothing)
  const [hasFrame, setHasFrame] = useState(false);
  const videoEl = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    setHasFrame(false);
    if (!active) {
      setStatus('idle');
      return;
    }
    let cancelled = false;
    let own: MediaStream | null = null;
    setStatus('starting');
    const timer = window.setTimeout(async () => {
      try {
        own = await navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: 640 }, height: { ideal: 480 } },
          audio: false,
        });
        if (cancelled) {
          for (const track of own.getTracks()) track.stop();
          return;
        }
        setStream(own);
        setStatus('live');
      } catch {
        if (!cancelled) setStatus('failed');
      }
    }, CONSTANTS.cameraAttachMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (own) for (const track of own.getTracks()) track.stop();
      setStream(null);
    };
  }, [active]);

  const videoRef = useCallback(
    (el: HTMLVideoElement | null) => {
      videoEl.current = el;
      if (el && stream && el.srcObject !== stream) {
        const frameArrived = () => {
          if (el.videoWidth > 0) setHasFrame(true);
        };
        el.addEventListener('loadeddata', frameArrived);
        el.addEventListener('playing', frameArrived);
        el.srcObject = stream;
        void el.play().catch(() => undefined);
      }
    },
    [stream],
  );

  /** A JPEG of the current video frame, drawn through a canvas. */
  const capture = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const video = videoEl.current;
        if (!video?.videoWidth) return resolve(null);
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const ctx = canvas.getContext('2d');
        if (!ctx) return resolve(null);
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => resolve(blob), 'image/jpeg', 0.9);
      }),
    [],
  );

  /** live and showing a picture: a capture now gives a photo */
  const ready = status === 'live' && hasFrame;
  return { status, ready, videoRef, capture };
}
