import type {
  TKioskAutoValidateResponse,
  TKioskCheckOutRequest,
  TKioskCheckOutResponse,
  TKioskConfigResponse,
  TKioskLookupRequest,
  TKioskLookupResponse,
  TKioskSignInRequest,
  TKioskSignInResponse,
  TKioskStudentDropoffRequest,
  TKioskStudentDropoffResponse,
  TKioskPickupCodeRequest,
  TKioskStudentPickupRequest,
  TKioskStudentPickupResponse,
  TKioskStudentValidateRequest,
  TKioskStudentValidateResponse,
} from '@sv/contracts';
import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, api, type RequestOptions } from '../../lib/api-client';
import { paths } from '../../lib/paths';

/**
 * Kiosk calls (issue 14; spec 002 §7 Kiosk). They never use the api client's own redirects: a 401
 * goes to the kiosk sign-in (spec 000 §8), and a dropped connection is not a sign-out at the kiosk
 * but the offline state below (issue 14 "Offline").
 */
/** One Idempotency-Key per visitor action, reused for every attempt of it (security guide). */
export const newKioskKey = (): string => crypto.randomUUID();

// the kiosk shows its own offline state at once (issue 14) rather than the desk's silent retries
const opts: RequestOptions = { noRedirect: true, retry: false };

/** A 401 anywhere on a kiosk route returns to the kiosk sign-in (seed 000 §8). */
function signedOut(err: unknown): never {
  if (err instanceof ApiError && err.status === 401) window.location.assign(paths.kioskLogin);
  throw err;
}
const call = <T>(p: Promise<T>) => p.catch(signedOut);

/** No answer, or the server or a proxy in front of it could not answer: worth trying again later. */
export const isUnreachable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504);

export const kioskConfigQuery = () =>
  queryOptions({
    queryKey: ['kiosk', 'config'],
    queryFn: ({ signal }) => call(api.get<TKioskConfigResponse>('/api/kiosk/config', { ...opts, signal })),
    staleTime: 60_000,
    retry: false,
  });

export const lookup = (body: TKioskLookupRequest) =>
  call(api.post<TKioskLookupResponse>('/api/kiosk/lookup', body, opts));

async function uploadPhoto(blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'kiosk.jpg');
  return call(api.upload<{ photoFileId: string }>('/api/kiosk/photos', form, opts));
}

const withKey = (key: string): RequestOptions => ({ ...opts, headers: { 'idempotency-key': key } });

export const autoValidate = (signInId: number) =>
  call(api.post<TKioskAutoValidateResponse>(`/api/kiosk/sign-ins/${signInId}/auto-validate`, {}, opts));

export const reportProblem = (key: string) => call(api.post('/api/kiosk/problems', { kind: 'health' }, withKey(key)));

// ---------------------------------------------------------------- students (spec 002 §7 ValidateStudent, AddSelf…)

export const validateStudent = (body: TKioskStudentValidateRequest) =>
  call(api.post<TKioskStudentValidateResponse>('/api/kiosk/students/validate', body, opts));

export async function uploadStudentPhoto(blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'kiosk-student.jpg');
  return call(api.upload<{ photoFileId: string }>('/api/kiosk/students/photos', form, opts));
}

export const studentDropoff = (body: TKioskStudentDropoffRequest, key: string) =>
  call(api.post<TKioskStudentDropoffResponse>('/api/kiosk/students/dropoffs', body, withKey(key)));

/** A pickup (issue 22): released, a code sent to the contact on file, or "see the front office". */
export const studentPickup = (body: TKioskStudentPickupRequest, key: string) =>
  call(api.post<TKioskStudentPickupResponse>('/api/kiosk/students/pickups', body, withKey(key)));
/** The one-time code the adult received (each attempt is its own request). */
export const studentPickupCode = (body: TKioskPickupCodeRequest, key: string) =>
  call(api.post<TKioskStudentPickupResponse>('/api/kiosk/students/pickups/code', body, withKey(key)));

// ---------------------------------------------------------------- offline queue

/**
 * Sign-ins and check-outs made while the server cannot be reached, kept IN MEMORY only (security
 * guide: no PII in browser storage; a reload loses them, which the kiosk tells nobody it avoided).
 * Each keeps the Idempotency-Key of the visitor's action, so a request that did reach the server
 * before the connection dropped is not made twice. A queued sign-in is sent as an arrival for the
 * office: the kiosk never asks to auto-check it in later (the visitor was told to see the office).
 */
type Queued =
  | {
      kind: 'signIn';
      key: string;
      body: Omit<TKioskSignInRequest, 'photoFileId'>;
      photo: Blob | null;
      /** the photo once uploaded: a retry sends the very same request (the key compares requests) */
      photoFileId?: string;
    }
  | { kind: 'checkOut'; key: string; body: TKioskCheckOutRequest };

const queue: Queued[] = [];
let offline = false;
let syncing = false;
const listeners = new Set<() => void>();
let snapshot = { offline, waiting: 0, syncing };
const emit = () => {
  snapshot = { offline, waiting: queue.length, syncing };
  for (const l of listeners) l();
};

export function useKioskConnection() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}

async function sendSignIn(item: Extract<Queued, { kind: 'signIn' }>) {
  // the photo is uploaded once and the sign-in retried with the same key and body until it gets
  // through: the server answers a retry with the first result (the key compares requests)
  if (item.photo && !item.photoFileId) item.photoFileId = (await uploadPhoto(item.photo)).photoFileId;
  return call(
    api.post<TKioskSignInResponse>(
      '/api/kiosk/sign-ins',
      { ...item.body, photoFileId: item.photoFileId ?? null },
      withKey(item.key),
    ),
  );
}
const sendCheckOut = (item: Extract<Queued, { kind: 'checkOut' }>) =>
  call(api.post<TKioskCheckOutResponse>('/api/kiosk/check-outs', item.body, withKey(item.key)));

let timer: ReturnType<typeof setTimeout> | null = null;
const RETRY_MS = 3000;

function markOffline() {
  offline = true;
  emit();
  if (!timer) timer = setTimeout(flush, RETRY_MS);
}

/** Sends what waits, oldest first, each with its own key; stops at the first that cannot get through. */
export async function flush(): Promise<void> {
  timer = null;
  if (syncing) return;
  syncing = true;
  emit();
  try {
    if (queue.length === 0) await api.get('/api/kiosk/config', opts); // is the server back?
    while (queue.length) {
      const item = queue[0]!;
      try {
        if (item.kind === 'signIn') await sendSignIn(item);
        else await sendCheckOut(item);
      } catch (err) {
        if (isUnreachable(err)) throw err;
        // refused for good (400/404/409): drop it, the visitor was already sent to the office
      }
      queue.shift();
      emit();
    }
    offline = false;
  } catch (err) {
    if (!isUnreachable(err)) offline = false;
    else if (!timer) timer = setTimeout(flush, RETRY_MS);
  } finally {
    syncing = false;
    emit();
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => markOffline());
  window.addEventListener('online', () => void flush());
}

/**
 * The visitor's sign-in: 'sent' with the server's answer, or 'queued' when the server cannot be
 * reached (kept here and sent when it returns). The same key is used for every attempt.
 */
export async function submitSignIn(
  body: Omit<TKioskSignInRequest, 'photoFileId'>,
  photo: Blob | null,
  key = newKioskKey(),
): Promise<{ sent: TKioskSignInResponse } | { queued: true }> {
  const item: Extract<Queued, { kind: 'signIn' }> = { kind: 'signIn', key, body, photo };
  if (offline) {
    queue.push(item);
    markOffline();
    return { queued: true };
  }
  try {
    return { sent: await sendSignIn(item) };
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    queue.push(item);
    markOffline();
    return { queued: true };
  }
}

export async function submitCheckOut(
  body: TKioskCheckOutRequest,
  key = newKioskKey(),
): Promise<{ sent: TKioskCheckOutResponse } | { queued: true }> {
  const item = { kind: 'checkOut' as const, key, body };
  if (offline) {
    queue.push(item);
    markOffline();
    return { queued: true };
  }
  try {
    return { sent: await sendCheckOut(item) };
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    queue.push(item);
    markOffline();
    return { queued: true };
  }
}
