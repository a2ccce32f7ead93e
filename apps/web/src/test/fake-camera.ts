import { onTestFinished, vi } from 'vitest';

/**
 * The webcam of a component test. happy-dom has no camera, video decoding or canvas: this stands
 * in for the browser's devices (getUserMedia, a video that shows a frame, a canvas that encodes a
 * JPEG), never for the component. `fakeCamera()` gives a working camera whose picture is the
 * returned blob; `fakeCamera({ fails: true })` a camera the browser refuses.
 */
export function fakeCamera(opts: { fails?: boolean } = {}) {
  const photo = new Blob(['fake-jpeg'], { type: 'image/jpeg' });
  const stop = vi.fn();
  const getUserMedia = vi.fn(async () => {
    if (opts.fails) throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [{ stop }] } as unknown as MediaStream;
  });
  defineForTest(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // a video element given a stream plays and has a frame
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    queueMicrotask(() => this.dispatchEvent(new Event('loadeddata')));
    return Promise.resolve();
  });
  const streams = new WeakMap<object, unknown>();
  defineForTest(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  defineForTest(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 });
  defineForTest(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    get() {
      return streams.get(this) ?? null;
    },
    set(v) {
      streams.set(this, v);
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb: BlobCallback) => cb(photo));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fake-photo');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return { photo, getUserMedia, stop };
}

/** Defines a property for the running test only (the one it replaced comes back after it). */
function defineForTest(target: object, key: string, descriptor: PropertyDescriptor) {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, descriptor);
  onTestFinished(() => {
    if (own) Object.defineProperty(target, key, own);
    else delete (target as Record<string, unknown>)[key];
  });
}
