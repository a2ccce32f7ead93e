import type { SisClient, SisConnection } from './sis-client';

export const ONEROSTER_PATH = '/ims/oneroster/v1p1';
const SCOPE = 'https://purl.imsglobal.org/spec/or/v1p1/scope/roster-core.readonly';

export interface OneRosterOptions {
  /** per request; the spec's SIS calls must not hang the screen (10 s) */
  timeoutMs?: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * OneRoster 1.1 over HTTP: an OAuth 2 client-credentials token from the token endpoint (client id
 * and secret in HTTP Basic, as OneRoster 1.1 and RFC 6749 §2.3.1 describe), then a bearer call.
 * Redirects are refused (a redirect could carry the token elsewhere).
 */
export function createOneRosterClient(conn: SisConnection, opts: OneRosterOptions = {}): SisClient {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const base = trimSlash(conn.baseUrl);
  const tokenUrl = conn.tokenUrl ? conn.tokenUrl : `${base}/oauth/token`;

  async function token(signal: AbortSignal): Promise<string | null> {
    const basic = Buffer.from(`${encodeURIComponent(conn.clientId)}:${encodeURIComponent(conn.clientSecret)}`).toString(
      'base64',
    );
    const res = await fetch(tokenUrl, {
      method: 'POST',
      redirect: 'error',
      signal,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE }).toString(),
    });
    if (!res.ok) return null;
    const body = (await res.json().catch(() => null)) as { access_token?: unknown } | null;
    return typeof body?.access_token === 'string' && body.access_token ? body.access_token : null;
  }

  return {
    name: 'oneroster',
    async testConnection() {
      if (!base || !conn.clientId || !conn.clientSecret) return false;
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const bearer = await token(signal);
        if (!bearer) return false;
        const res = await fetch(`${base}${ONEROSTER_PATH}/orgs?limit=1`, {
          redirect: 'error',
          signal,
          headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
        });
        if (!res.ok) return false;
        const body = (await res.json().catch(() => null)) as { orgs?: unknown } | null;
        return Array.isArray(body?.orgs);
      } catch {
        // network failure, timeout, refused redirect, bad TLS: not connected
        return false;
      }
    },
  };
}
