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
 * protocol; secrets from configuration, never in the browser). The protocol is the common shape
 * of screening APIs:
 *
 *   POST {baseUrl}/checks            JSON subject (with externalId)   → { id, status }
 *   GET  {baseUrl}/checks/{id}                                        → { id, status }
 *
 * with `Authorization: Bearer <token>`. Status words accepted: queued / pending / in_progress /
 * processing (→ in progress), clear / complete_clear / passed (→ clear), consider / review /
 * needs_review / flagged (→ needs review). Anything else, a non-2xx answer, a timeout or an
 * unreadable body is BackgroundCheckUnavailable: the sweep tries again later.
 */
export interface HttpBackgroundCheckOptions {
  baseUrl: string;
  token?: string;
  timeoutMs: number;
}

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

const ZAnswer = z.looseObject({
  id: z.union([z.string().min(1).max(200), z.number()]).transform(String),
  status: z.string().max(60),
});

export function createHttpBackgroundCheck(opts: HttpBackgroundCheckOptions): BackgroundCheckProvider {
  const base = opts.baseUrl.replace(/\/$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<BackgroundCheckAnswer> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new BackgroundCheckUnavailable(timeout ? 'timeout' : 'transport error');
    }
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
    return { reference: parsed.data.id, status };
  }

  return {
    kind: 'http',
    submit: (subject: BackgroundCheckSubject) => call('POST', '/checks', subject),
    status: (reference: string) => call('GET', `/checks/${encodeURIComponent(reference)}`),
  };
}
