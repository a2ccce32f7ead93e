import { z } from 'zod';
import {
  type BackgroundCheckAnswer,
  type BackgroundCheckProvider,
  type BackgroundCheckStatus,
  BackgroundCheckUnavailable,
  type BackgroundCheckSubject,
} from './background-check';

/**
 * HTTP client of a background-check agency (integrations guide: a real client for the real
 * protocol; secrets from the district's Background Settings, sealed at rest, never in the
 * browser). The protocol is the common shape of screening APIs:
 *
 *   POST {baseUrl}/checks            JSON subject (with externalId)   → { id, status, … }
 *   GET  {baseUrl}/checks/{id}                                        → { id, status, … }
 *
 * with HTTP Basic authentication: the district's account and password (issue 23 §2). Status
 * words accepted: queued / pending / in_progress / processing (→ in progress), clear /
 * complete_clear / passed (→ clear), consider / review / needs_review / flagged (→ needs review).
 * Anything else, a non-2xx answer, a timeout or an unreadable body is BackgroundCheckUnavailable:
 * the sweep tries again later.
 *
 * Optional fields of a verdict (issue 25: the state-check and conviction flags come from the
 * provider): `stateCheck` 'clear' | 'issues' (also 'consider' → issues), `conviction` true | false.
 * An unknown `stateCheck` word is ignored, never read as clear.
 */
export interface HttpBackgroundCheckOptions {
  baseUrl: string;
  username?: string;
  password?: string;
  timeoutMs: number;
}

/** What a connection test found (POST /api/clients/:id/background-settings/test). */
export type ConnectionTestResult = 'ok' | 'refused' | 'unreachable';

const STATUS_WORDS: Record<string, BackgroundCheckStatus> = {
  queued: 'in_progress',
  pending: 'in_progress',
  in_progress: 'in_progress',
  processing: 'in_progress',
  clear: 'clear',
  complete_clear: 'clear',
  passed: 'clear',
  consider: 'needs_review',
  review: 'needs_review',
  needs_review: 'needs_review',
  flagged: 'needs_review',
};

const STATE_CHECK_WORDS: Record<string, 'clear' | 'issues'> = {
  clear: 'clear',
  passed: 'clear',
  issues: 'issues',
  consider: 'issues',
  flagged: 'issues',
};

const ZAnswer = z.looseObject({
  id: z.union([z.string().min(1).max(200), z.number()]).transform(String),
  status: z.string().max(60),
  stateCheck: z.string().max(60).optional().catch(undefined),
  conviction: z.boolean().optional().catch(undefined),
});

export function createHttpBackgroundCheck(
  opts: HttpBackgroundCheckOptions,
): BackgroundCheckProvider & { testConnection(): Promise<ConnectionTestResult> } {
  const base = opts.baseUrl.replace(/\/$/, '');

  const authorization = opts.username
    ? `Basic ${Buffer.from(`${opts.username}:${opts.password ?? ''}`, 'utf8').toString('base64')}`
    : null;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(authorization ? { authorization } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new BackgroundCheckUnavailable(timeout ? 'timeout' : 'transport error');
    }
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<BackgroundCheckAnswer> {
    const res = await send(method, path, body);
    if (!res.ok) throw new BackgroundCheckUnavailable(`http ${res.status}`);
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new BackgroundCheckUnavailable('unreadable answer');
    }
    const parsed = ZAnswer.safeParse(json);
    if (!parsed.success) throw new BackgroundCheckUnavailable('unexpected answer');
    const status = STATUS_WORDS[parsed.data.status.trim().toLowerCase()];
    if (!status) throw new BackgroundCheckUnavailable('unknown status');
    const stateCheck = STATE_CHECK_WORDS[parsed.data.stateCheck?.trim().toLowerCase() ?? ''];
    return {
      reference: parsed.data.id,
      status,
      ...(stateCheck ? { stateCheck } : {}),
      ...(parsed.data.conviction === undefined ? {} : { conviction: parsed.data.conviction }),
    };
  }

  return {
    kind: 'http',
    submit: (subject: BackgroundCheckSubject) => call('POST', '/checks', subject),
    status: (reference: string) => call('GET', `/checks/${encodeURIComponent(reference)}`),
    /**
     * Asks for a check that cannot exist: a 2xx or 404 proves the address answers and the
     * account is accepted, 401/403 that it is refused; anything else, that it cannot be reached.
     */
    async testConnection(): Promise<ConnectionTestResult> {
      try {
        const res = await send('GET', '/checks/sv-connection-test');
        await res.body?.cancel();
        if (res.ok || res.status === 404) return 'ok';
        return res.status === 401 || res.status === 403 ? 'refused' : 'unreachable';
      } catch {
        return 'unreachable';
      }
    },
  };
}
