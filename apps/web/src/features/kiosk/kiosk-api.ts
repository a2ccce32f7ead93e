import type {
  TEmergencyActiveResponse,
  TKioskAutoValidateResponse,
  TKioskCheckOutRequest,
  TKioskCheckOutResponse,
  TKioskConfigResponse,
  TKioskHostSearchResponse,
  TKioskLookupRequest,
  TKioskLookupResponse,
  TKioskPassCheckInResponse,
  TKioskPassScanResponse,
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
import type { HostOption } from '../../components/host-picker/host-picker';
import { createKeys } from '../../lib/action-key';
import { ApiError, api, type RequestOptions } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * Kiosk calls (issue 14; spec 002 §7 Kiosk). They never use the api client's own redirects: a 401
 * goes to the kiosk sign-in (spec 000 §8), and a dropped connection is not a sign-out at the kiosk
 * but the offline state below (issue 14 "Offline").
 */
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
    // the kiosk says a failure itself, in its language, with a retry button (no staff toast)
    meta: SHOWS_ERROR,
  });

/**
 * The kiosk's building's active emergency state (issue 27 §1; ADR 0037). The kiosk has no event
 * stream (a kiosk account cannot open the desk's), so it asks every second: within a second of a
 * start it shows the instructions instead of its buttons, and the server refuses sign-ins anyway.
 */
export const kioskEmergencyQuery = () =>
  queryOptions({
    queryKey: ['kiosk', 'emergency'],
    queryFn: ({ signal }) =>
      call(api.get<TEmergencyActiveResponse>('/api/emergency-states/active', { ...opts, signal })),
    refetchInterval: 1_000,
    refetchIntervalInBackground: true,
    retry: false,
  });

/**
 * "Person visiting" suggestions at the kiosk (issue 28 §1): ids and names of the building's hosts
 * (POST /api/kiosk/hosts/search; ≥ 2 letters, ≤ 8 answers). A failure (the kiosk's limit, the
 * network) only means no suggestions: the name typed is still sent, so nothing is shown.
 */
export const kioskHostsQuery = (q: string) =>
  queryOptions({
    queryKey: ['kiosk', 'hosts', q],
    queryFn: async ({ signal }): Promise<HostOption[]> =>
      (await call(api.post<TKioskHostSearchResponse>('/api/kiosk/hosts/search', { q }, { ...opts, signal }))).data,
    staleTime: 30_000,
    retry: false,
    meta: SHOWS_ERROR,
  });

export const lookup = (body: TKioskLookupRequest) =>
  call(api.post<TKioskLookupResponse>('/api/kiosk/lookup', body, opts));

export async function uploadPhoto(blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'kiosk.jpg');
  return call(api.upload<{ photoFileId: string }>('/api/kiosk/photos', form, opts));
}

const withKey = (key: string): RequestOptions => ({ ...opts, headers: { 'idempotency-key': key } });

/** `language`: the kiosk's, for the badge's fixed words (issue 29 §1) */
export const autoValidate = (signInId: number, language = 'en') =>
  call(
    api.post<TKioskAutoValidateResponse>(
      `/api/kiosk/sign-ins/${signInId}/auto-validate${language === 'en' ? '' : `?lang=${language}`}`,
      {},
      opts,
    ),
  );

// Every kiosk submission takes its Idempotency-Key from the one keyring (issue 23 §4; issue 25 B1:
// one key per flow made a second, different try on the same screen answer "already used"): the
// same request again reuses its key, a different one gets a new key.
export const reportProblem = () => call(api.create('/api/kiosk/problems', { kind: 'health' }, opts));

// ---------------------------------------------------------------- students (spec 002 §7 ValidateStudent, AddSelf…)

export const validateStudent = (body: TKioskStudentValidateRequest) =>
  call(api.post<TKioskStudentValidateResponse>('/api/kiosk/students/validate', body, opts));

export async function uploadStudentPhoto(blob: Blob) {
  const form = new FormData();
  form.append('file', blob, 'kiosk-student.jpg');
  return call(api.upload<{ photoFileId: string }>('/api/kiosk/students/photos', form, opts));
}

export const studentDropoff = (body: TKioskStudentDropoffRequest) =>
  call(api.create<TKioskStudentDropoffResponse>('/api/kiosk/students/dropoffs', body, opts));

/** A pickup (issue 22): released, a code sent to the contact on file, or "see the front office". */
export const studentPickup = (body: TKioskStudentPickupRequest) =>
  call(api.create<TKioskStudentPickupResponse>('/api/kiosk/students/pickups', body, opts));
/** The one-time code the adult received (each attempt is its own request). */
export const studentPickupCode = (body: TKioskPickupCodeRequest) =>
  call(api.create<TKioskStudentPickupResponse>('/api/kiosk/students/pickups/code', body, opts));

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
 * reached (kept here and sent when it returns). The same key is used for every attempt of this
 * request (the keyring's, issue 23 §4); once answered or queued, the next sign-in is a new one.
 */
export async function submitSignIn(
  body: Omit<TKioskSignInRequest, 'photoFileId'>,
  photo: Blob | null,
): Promise<{ sent: TKioskSignInResponse } | { queued: true }> {
  const path = '/api/kiosk/sign-ins';
  const item: Extract<Queued, { kind: 'signIn' }> = { kind: 'signIn', key: createKeys.for(path, body), body, photo };
  if (offline) {
    queue.push(item);
    markOffline();
    createKeys.done(path);
    return { queued: true };
  }
  try {
    const sent = await sendSignIn(item);
    createKeys.done(path);
    return { sent };
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    queue.push(item);
    markOffline();
    createKeys.done(path);
    return { queued: true };
  }
}

export async function submitCheckOut(
  body: TKioskCheckOutRequest,
): Promise<{ sent: TKioskCheckOutResponse } | { queued: true }> {
  // issue 25 B1: a miss ("not signed in here") is an answer; the next, different try on the same
  // screen is a new request with a new key, the same request again keeps its key
  const path = '/api/kiosk/check-outs';
  const item = { kind: 'checkOut' as const, key: createKeys.for(path, body), body };
  if (offline) {
    queue.push(item);
    markOffline();
    createKeys.done(path);
    return { queued: true };
  }
  try {
    const sent = await sendCheckOut(item);
    createKeys.done(path);
    return { sent };
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    queue.push(item);
    markOffline();
    createKeys.done(path);
    return { queued: true };
  }
}

/** Issue 28 §3: arrival by visitor pass (its own endpoints; the admission gate decides on the server). */
export const scanPass = (token: string) =>
  call(api.post<TKioskPassScanResponse>('/api/kiosk/passes/scan', { token: token.trim() }, opts));
export async function checkInWithPass(token: string, photoFileId: string | null) {
  const path = '/api/kiosk/passes/check-in';
  const body = { token: token.trim(), photoFileId };
  // one key per arrival: a retry of the same request (a lost answer) is answered, never doubled
  const answer = await call(api.post<TKioskPassCheckInResponse>(path, body, withKey(createKeys.for(path, body))));
  createKeys.done(path);
  return answer;
}
