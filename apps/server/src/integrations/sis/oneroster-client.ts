import {
  type RosterResource,
  type RosterUser,
  type SisClient,
  type SisConnection,
  SisError,
  type SisEvent,
} from './sis-client';

export const ONEROSTER_PATH = '/ims/oneroster/v1p1';
/**
 * Where a SIS that accepts tardy / early-release events takes them. OneRoster 1.1 rostering is
 * read-only and defines no attendance write, so this is a SafeVisitor extension path a district's
 * SIS (or its middleware) implements; a 404 / 405 / 501 answer means "not accepted".
 */
export const WRITEBACK_PATH = `${ONEROSTER_PATH}/x-safevisitor/events`;
const SCOPE = 'https://purl.imsglobal.org/spec/or/v1p1/scope/roster-core.readonly';

export interface OneRosterOptions {
  /** per request; the spec's SIS calls must not hang the screen (10 s) */
  timeoutMs?: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const refs = (v: unknown) =>
  Array.isArray(v) ? v.map((r) => str((r as { sourcedId?: unknown })?.sourcedId)).filter(Boolean) : [];

/** OneRoster `grades`: an array of strings (REST) or a comma-separated string. */
const gradesOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(str) : str(v).split(',')).map((g) => g.trim()).filter(Boolean);

/** A OneRoster REST user as the product keeps it; null when it is not a user at all. */
export function rosterUserOf(raw: unknown): RosterUser | null {
  const u = raw as Record<string, unknown> | null;
  if (!u || typeof u !== 'object' || !str(u.sourcedId)) return null;
  return {
    sourcedId: str(u.sourcedId),
    status: u.status === 'tobedeleted' ? 'tobedeleted' : 'active',
    dateLastModified: str(u.dateLastModified),
    role: str(u.role).toLowerCase(),
    givenName: str(u.givenName),
    familyName: str(u.familyName),
    identifier: str(u.identifier),
    email: str(u.email),
    phone: str(u.phone),
    agentSourcedIds: refs(u.agents),
    orgSourcedIds: refs(u.orgs),
    ...(gradesOf(u.grades).length ? { grades: gradesOf(u.grades) } : {}),
  };
}

/**
 * OneRoster 1.1 over HTTP: an OAuth 2 client-credentials token from the token endpoint (client id
 * and secret in HTTP Basic, as OneRoster 1.1 and RFC 6749 §2.3.1 describe), then bearer calls.
 * The token is reused until it expires or a call answers 401. Redirects are refused (a redirect
 * could carry the token elsewhere).
 */
export function createOneRosterClient(conn: SisConnection, opts: OneRosterOptions = {}): SisClient {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const base = trimSlash(conn.baseUrl);
  const tokenUrl = conn.tokenUrl ? conn.tokenUrl : `${base}/oauth/token`;
  let cached: { token: string; until: number } | null = null;

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
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || !body.access_token) return null;
    const life = typeof body.expires_in === 'number' ? body.expires_in : 300;
    cached = { token: body.access_token, until: Date.now() + Math.max(0, life - 30) * 1000 };
    return body.access_token;
  }

  /** An authenticated call; network problems and refused tokens are 'unreachable', error answers 'failed'. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    if (!base || !conn.clientId || !conn.clientSecret) throw new SisError('unreachable', 'not configured');
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const bearer = cached && cached.until > Date.now() ? cached.token : await token(signal);
        if (!bearer) throw new SisError('unreachable', 'token refused');
        const res = await fetch(`${base}${path}`, {
          method,
          redirect: 'error',
          signal,
          headers: {
            authorization: `Bearer ${bearer}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        // an expired or revoked token: one fresh token, then give up
        if (res.status === 401 && attempt === 0) {
          cached = null;
          continue;
        }
        return res;
      }
      throw new SisError('unreachable', 'unauthorized');
    } catch (err) {
      if (err instanceof SisError) throw err;
      throw new SisError('unreachable', err instanceof Error ? err.name : 'network');
    }
  }

  async function getJson(path: string): Promise<Record<string, unknown>> {
    const res = await call('GET', path);
    if (!res.ok) throw new SisError(res.status >= 500 ? 'unreachable' : 'failed', `HTTP ${res.status}`);
    const body = await res.json().catch(() => null);
    if (!body || typeof body !== 'object') throw new SisError('failed', 'not JSON');
    return body as Record<string, unknown>;
  }

  return {
    name: 'oneroster',
    async testConnection() {
      try {
        const body = await getJson(`${ONEROSTER_PATH}/orgs?limit=1`);
        return Array.isArray(body.orgs);
      } catch {
        // network failure, timeout, refused redirect, bad TLS: not connected
        return false;
      }
    },

    async rosterPage(resource: RosterResource, p) {
      const q = new URLSearchParams({ limit: String(p.limit), offset: String(p.offset), sort: 'dateLastModified' });
      // OneRoster 1.1 filter grammar: field, operator, single-quoted value
      if (p.since) q.set('filter', `dateLastModified>'${p.since.toISOString()}'`);
      const body = await getJson(`${ONEROSTER_PATH}/${resource}?${q}`);
      if (!Array.isArray(body.users)) throw new SisError('failed', 'no users array');
      return body.users.map(rosterUserOf).filter((u): u is RosterUser => u !== null);
    },

    async schools() {
      const out: { sourcedId: string; name: string }[] = [];
      for (let offset = 0; ; offset += 100) {
        const body = await getJson(`${ONEROSTER_PATH}/schools?limit=100&offset=${offset}`);
        const orgs = Array.isArray(body.orgs) ? body.orgs : [];
        for (const o of orgs as Record<string, unknown>[]) {
          if (str(o.sourcedId)) out.push({ sourcedId: str(o.sourcedId), name: str(o.name) });
        }
        if (orgs.length < 100) return out;
      }
    },

    async studentWithAgents(sourcedId) {
      const res = await call('GET', `${ONEROSTER_PATH}/students/${encodeURIComponent(sourcedId)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new SisError(res.status >= 500 ? 'unreachable' : 'failed', `HTTP ${res.status}`);
      const student = rosterUserOf(((await res.json().catch(() => null)) as { user?: unknown } | null)?.user);
      if (!student) throw new SisError('failed', 'no user');
      const agents = await Promise.all(
        student.agentSourcedIds.map(async (id) => {
          const body = await getJson(`${ONEROSTER_PATH}/users/${encodeURIComponent(id)}`).catch((err) => {
            // a listed agent the SIS no longer knows is skipped; anything else fails the read
            if (err instanceof SisError && err.message === 'HTTP 404') return null;
            throw err;
          });
          return body ? rosterUserOf(body.user) : null;
        }),
      );
      return { student, agents: agents.filter((a): a is RosterUser => a !== null) };
    },

    async writeEvent(event: SisEvent) {
      const res = await call('POST', WRITEBACK_PATH, event);
      if (res.ok) return 'sent';
      if (res.status === 404 || res.status === 405 || res.status === 501) return 'unsupported';
      throw new SisError(res.status >= 500 ? 'unreachable' : 'failed', `HTTP ${res.status}`);
    },
  };
}
