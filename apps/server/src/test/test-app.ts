import { randomUUID } from 'node:crypto';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll } from 'vitest';
import { DEMO_PASSWORD, type DemoWorld } from '../../db/seed/demo';
import { buildApp, type App } from '../app';
import { createServices, type Services } from '../composition';
import { createDeps, type DepsOverrides } from '../platform/bootstrap';
import { loadConfig } from '../platform/config';
import type { LogStream } from '../platform/logger';
import type { AppDeps } from '../platform/deps';
import { openTestDatabase, readWorld } from './test-db';

export interface Session {
  cookie: string;
  csrfToken: string;
  userId: number;
}

export interface TestApp {
  app: App;
  deps: AppDeps;
  /** the app's services (composition.ts): what its routes use, for tests that call a use case or a job directly */
  services: Services;
  world: DemoWorld;
  /** sign in through the real login route */
  login(email: string, password?: string): Promise<Session>;
  /**
   * inject a request as a session (adds cookie and CSRF header). Like the web client, every POST
   * carries a fresh Idempotency-Key (issue 23 §4: every create requires one); pass
   * `{ idempotencyKey: false }` to send none.
   */
  as(
    session: Session | null,
    opts?: { idempotencyKey?: boolean },
  ): {
    get(url: string): Promise<InjectResponse>;
    post(url: string, body?: unknown): Promise<InjectResponse>;
    put(url: string, body?: unknown): Promise<InjectResponse>;
    patch(url: string, body?: unknown): Promise<InjectResponse>;
    delete(url: string, body?: unknown): Promise<InjectResponse>;
    /**
     * An edit as a screen makes it (issue 23 §4): reads the record (GET `readUrl`, by default the
     * edit's own URL) and sends `body` with the version it read. A record the session may not read
     * is sent with version 1, so the route still answers its own 403 or 404.
     */
    edit(method: 'PUT' | 'PATCH', url: string, body?: object, readUrl?: string): Promise<InjectResponse>;
  };
  close(): Promise<void>;
}

/** The version in a record's GET answer: at the top, or in its one wrapped record ({ user: … }). */
function versionIn(json: Record<string, unknown>): number {
  if (typeof json.version === 'number') return json.version;
  const inner = Object.values(json).find((v) => v && typeof v === 'object' && 'version' in v) as
    | { version: number }
    | undefined;
  return inner?.version ?? 1;
}

/**
 * The real app on a fresh clone of the seeded template database (architecture guide §11).
 * Call once per test file (beforeAll); closed automatically after the file.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    overrides?: DepsOverrides;
    /** receives every log line (set env LOG_LEVEL too: tests default to 'silent') */
    logStream?: LogStream;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    SEED_DEMO: 'false',
    // the fake printer listens on 127.0.0.1 (issue 23 §7: loopback only with this override)
    PRINTER_ALLOW_LOOPBACK: 'true',
    // webhook receivers of the tests listen on 127.0.0.1 (issue 28 §5, ADR 0051)
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...opts.env,
  });
  const deps = createDeps(config, database, { email: null, sms: null, ...opts.overrides });
  const services = createServices(deps);
  const app = await buildApp(deps, { logStream: opts.logStream, services });
  await app.ready();
  const world = readWorld();

  const as: TestApp['as'] = (session, opts = {}) => {
    const headers = (method: string): Record<string, string> => ({
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : {}),
      ...(method === 'POST' && opts.idempotencyKey !== false ? { 'idempotency-key': `test-${randomUUID()}` } : {}),
    });
    const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      app.inject({
        method,
        url,
        headers: headers(method),
        ...(body === undefined ? {} : { payload: body as object }),
      });
    return {
      get: (url) => send('GET', url),
      post: (url, body) => send('POST', url, body ?? {}),
      put: (url, body) => send('PUT', url, body ?? {}),
      patch: (url, body) => send('PATCH', url, body ?? {}),
      delete: (url, body) => send('DELETE', url, body),
      async edit(method, url, body = {}, readUrl = url) {
        const read = await send('GET', readUrl);
        // the version read wins over one in `body` (a record spread from an earlier read)
        return send(method, url, { ...body, version: read.statusCode === 200 ? versionIn(read.json()) : 1 });
      },
    };
  };

  const t: TestApp = {
    app,
    deps,
    services,
    world,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const setCookie = res.cookies.find((c) => c.name.endsWith('sv_session'));
      return {
        cookie: `${setCookie!.name}=${setCookie!.value}`,
        csrfToken: res.json().csrfToken,
        userId: res.json().user.id,
      };
    },
    as,
    async close() {
      await app.close();
      await database.close();
      await database.drop();
    },
  };
  afterAll(() => t.close());
  return t;
}
