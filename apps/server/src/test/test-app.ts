import type { Response as InjectResponse } from 'light-my-request';
import { afterAll } from 'vitest';
import { DEMO_PASSWORD, type DemoWorld } from '../../db/seed/demo';
import { buildApp, type App } from '../app';
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
  world: DemoWorld;
  /** sign in through the real login route */
  login(email: string, password?: string): Promise<Session>;
  /** inject a request as a session (adds cookie and CSRF header) */
  as(session: Session | null): {
    get(url: string): Promise<InjectResponse>;
    post(url: string, body?: unknown): Promise<InjectResponse>;
    put(url: string, body?: unknown): Promise<InjectResponse>;
    patch(url: string, body?: unknown): Promise<InjectResponse>;
    delete(url: string, body?: unknown): Promise<InjectResponse>;
  };
  close(): Promise<void>;
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
    ...opts.env,
  });
  const deps = createDeps(config, database, { email: null, sms: null, ...opts.overrides });
  const app = await buildApp(deps, { logStream: opts.logStream });
  await app.ready();
  const world = readWorld();

  const as: TestApp['as'] = (session) => {
    const headers = (): Record<string, string> =>
      session ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : {};
    const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      app.inject({ method, url, headers: headers(), ...(body === undefined ? {} : { payload: body as object }) });
    return {
      get: (url) => send('GET', url),
      post: (url, body) => send('POST', url, body ?? {}),
      put: (url, body) => send('PUT', url, body ?? {}),
      patch: (url, body) => send('PATCH', url, body ?? {}),
      delete: (url, body) => send('DELETE', url, body),
    };
  };

  const t: TestApp = {
    app,
    deps,
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
