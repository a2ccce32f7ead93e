import type { TErrorBody } from '@sv/contracts';
import { createKeys } from './action-key';

/**
 * The one HTTP client (architecture guide §3, §6). JSON in and out, the CSRF token on every
 * state change, and the spec's redirects: 401 → sign-in (kiosk sign-in on kiosk routes); 403 →
 * sign-in with a return URL (spec 000 §8). The token lives in memory only.
 *
 * Beyond the spec (issue 23 §6): a network failure no longer sends the user to sign in (a
 * half-filled visitor form was lost on every Wi-Fi blip). Reads, and writes that carry an
 * Idempotency-Key (the server answers a repeat with the first answer), are retried with back-off
 * while an "offline, retrying…" banner shows; other writes fail with a message and the screen keeps
 * what was typed. Only a 401 signs the user out.
 */
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};
/** The current CSRF token, for requests made outside `request` (XMLHttpRequest uploads with progress). */
export const getCsrfToken = () => csrfToken;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: TErrorBody,
  ) {
    super(body.message);
  }
  get fieldErrors() {
    return this.body.fieldErrors ?? {};
  }
}

type Listener = (event: 'start' | 'end') => void;
const listeners = new Set<Listener>();
/** The loading overlay listens to outstanding requests (spec 000 §2: overlay after 1 s). */
export const onRequestActivity = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const isKioskPath = (path = window.location.pathname) => path.toLowerCase().startsWith('/safe/kiosk');

export function loginPath() {
  return isKioskPath() ? '/safe/kiosk/login' : '/Account/Login';
}

/** Redirect hooks; the router installs a navigate function so redirects stay in the SPA. */
let navigateTo: (to: string) => void = (to) => window.location.assign(to);
export const setNavigator = (fn: (to: string) => void) => {
  navigateTo = fn;
};

export type Connectivity = 'online' | 'retrying';
const connectivityListeners = new Set<(state: Connectivity) => void>();
let connectivity: Connectivity = 'online';
/** The offline banner listens here: 'retrying' while a request waits to be sent again. */
export const onConnectivity = (l: (state: Connectivity) => void) => {
  connectivityListeners.add(l);
  l(connectivity);
  return () => {
    connectivityListeners.delete(l);
  };
};
const setConnectivity = (state: Connectivity) => {
  if (state === connectivity) return;
  connectivity = state;
  for (const l of connectivityListeners) l(state);
};

/** Waits before each new try of a retriable request (about 30 s in all, then the error shows). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];
const GATEWAY_STATUSES = new Set([502, 503, 504]);
export const NETWORK_MESSAGE = 'The server could not be reached. Nothing was lost: check the connection and try again.';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

export interface RequestOptions {
  /** do not redirect on 401/403 (the login page and session probe handle those themselves) */
  noRedirect?: boolean;
  signal?: AbortSignal;
  /** send the body as multipart (uploads) */
  form?: FormData;
  headers?: Record<string, string>;
  /**
   * Send again after a network failure (issue 23 §6). Default: reads, and writes with an
   * Idempotency-Key. The kiosk turns it off: it has its own offline screen (issue 14).
   */
  retry?: boolean;
  /** answer the body as text (ZPL for Browser Print, issue 23 §7) instead of parsing JSON */
  asText?: boolean;
}

export async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (opts.form) payload = opts.form;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const retriable =
    opts.retry ?? (method === 'GET' || Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key'));
  let res: Response | null = null;
  for (let attempt = 0; ; attempt++) {
    for (const l of listeners) l('start');
    try {
      res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal: opts.signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      res = null;
    } finally {
      for (const l of listeners) l('end');
    }
    const unreachable = res === null || GATEWAY_STATUSES.has(res.status);
    if (!unreachable) {
      setConnectivity('online');
      break;
    }
    if (!retriable || attempt >= RETRY_DELAYS_MS.length) {
      if (res === null) throw new ApiError(0, { requestId: '', code: 'NETWORK', message: NETWORK_MESSAGE });
      break;
    }
    setConnectivity('retrying');
    await sleep(RETRY_DELAYS_MS[attempt], opts.signal);
  }
  if (!res) throw new ApiError(0, { requestId: '', code: 'NETWORK', message: NETWORK_MESSAGE });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (res.ok && opts.asText) return text as T;
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const errBody: TErrorBody =
      data && typeof data === 'object' && 'message' in data
        ? (data as TErrorBody)
        : { requestId: '', code: String(res.status), message: res.statusText || 'Request failed' };
    if (!opts.noRedirect && res.status === 401) navigateTo(loginPath());
    if (!opts.noRedirect && res.status === 403 && errBody.code === 'FORBIDDEN' && !isKioskPath()) {
      const back = window.location.pathname + window.location.search;
      navigateTo(`${loginPath()}?returnUrl=${encodeURIComponent(back)}`);
    }
    throw new ApiError(res.status, errBody);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  getText: (path: string, opts?: RequestOptions) =>
    request<string>('GET', path, undefined, {
      ...opts,
      asText: true,
      headers: { accept: 'text/plain', ...opts?.headers },
    }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body ?? {}, opts),
  /**
   * POST that creates something (issue 23 §4): sends the Idempotency-Key of this intent
   * (`createKeys`: the same body again reuses it), so a retry after a network failure answers the
   * first answer instead of creating a second record. Every create of the web goes through here.
   */
  create: async <T>(path: string, body: unknown, opts?: RequestOptions) => {
    const key = createKeys.for(path, body);
    const answer = await request<T>('POST', path, body, {
      ...opts,
      headers: { ...opts?.headers, 'Idempotency-Key': key },
    });
    createKeys.done(path);
    return answer;
  },
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body ?? {}, opts),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, body, opts),
  upload: <T>(path: string, form: FormData, opts?: RequestOptions) =>
    request<T>('POST', path, undefined, { ...opts, form }),
};
