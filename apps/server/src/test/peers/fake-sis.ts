import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local student information system that speaks OneRoster 1.1 (integrations guide "SIS /
 * OneRoster"): the OAuth 2 client-credentials token endpoint and the REST endpoints the product
 * uses, with a few fictitious students and guardians. For the Skyward connection test now and the
 * student pickup / drop-off screens later.
 *
 *   POST /oauth/token                                   Basic client id:secret (or form fields)
 *   GET  /ims/oneroster/v1p1/orgs                       { orgs }
 *   GET  /ims/oneroster/v1p1/students                   { users }  limit, offset, filter=status='active'
 *   GET  /ims/oneroster/v1p1/students/{id}              { user }
 *   GET  /ims/oneroster/v1p1/users/{id}                 { user }   (guardians are users too)
 *   GET  /ims/oneroster/v1p1/schools/{id}/students      { users }
 *   GET  /ims/oneroster/v1p1/schools                    { orgs }   (type school)
 *   GET  /ims/oneroster/v1p1/users                      { users }  limit, offset, sort, filter=dateLastModified>'…'
 *   POST /ims/oneroster/v1p1/x-safevisitor/events       write-back of tardy / early-release events
 * Lists honour `filter=dateLastModified>'<iso>'` and `sort=dateLastModified` (the roster sync's deltas).
 */

export interface OneRosterUser {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  role: 'student' | 'parent' | 'guardian' | 'relative' | 'teacher' | 'administrator' | 'aide' | 'proctor';
  givenName: string;
  familyName: string;
  identifier: string;
  email: string;
  phone?: string;
  agents: { sourcedId: string; type: 'user'; href?: string }[];
  orgs: { sourcedId: string; type: 'org' }[];
  /** OneRoster `grades` (issue 27 §2: the roster groups students by grade) */
  grades?: string[];
}

const MODIFIED = '2026-01-05T12:00:00.000Z';
const org = (sourcedId: string) => [{ sourcedId, type: 'org' as const }];
const agent = (...ids: string[]) => ids.map((sourcedId) => ({ sourcedId, type: 'user' as const }));

export const FAKE_SIS_ORGS = [
  {
    sourcedId: 'org-district',
    status: 'active',
    name: 'Fictional Unified District',
    type: 'district',
    identifier: 'FUD',
  },
  {
    sourcedId: 'org-north-high',
    status: 'active',
    name: 'North High School',
    type: 'school',
    identifier: 'FNH',
    parent: { sourcedId: 'org-district', type: 'org' },
  },
];

/** Fictitious people only. */
export const FAKE_SIS_USERS: OneRosterUser[] = [
  {
    sourcedId: 'stu-1001',
    status: 'active',
    dateLastModified: MODIFIED,
    role: 'student',
    givenName: 'Avery',
    familyName: 'Testwood',
    identifier: '1001',
    email: 'avery.testwood@students.example',
    agents: agent('par-2001', 'gua-2002'),
    orgs: org('org-north-high'),
    grades: ['10'],
  },
  {
    sourcedId: 'stu-1002',
    status: 'active',
    dateLastModified: MODIFIED,
    role: 'student',
    givenName: 'Blake',
    familyName: 'Samplefield',
    identifier: '1002',
    email: 'blake.samplefield@students.example',
    agents: agent('par-2003'),
    orgs: org('org-north-high'),
  },
  {
    sourcedId: 'stu-1003',
    status: 'tobedeleted',
    dateLastModified: MODIFIED,
    role: 'student',
    givenName: 'Casey',
    familyName: 'Formerly',
    identifier: '1003',
    email: 'casey.formerly@students.example',
    agents: [],
    orgs: org('org-north-high'),
  },
  {
    sourcedId: 'par-2001',
    status: 'active',
    dateLastModified: MODIFIED,
    role: 'parent',
    givenName: 'Jordan',
    familyName: 'Testwood',
    identifier: '',
    email: 'jordan.testwood@families.example',
    phone: '5555550301',
    agents: agent('stu-1001'),
    orgs: org('org-district'),
  },
  {
    sourcedId: 'gua-2002',
    status: 'active',
    dateLastModified: MODIFIED,
    role: 'guardian',
    givenName: 'Riley',
    familyName: 'Okafor-Example',
    identifier: '',
    email: 'riley.okafor@families.example',
    phone: '5555550302',
    agents: agent('stu-1001'),
    orgs: org('org-district'),
  },
  {
    sourcedId: 'par-2003',
    status: 'active',
    dateLastModified: MODIFIED,
    role: 'relative',
    givenName: 'Morgan',
    familyName: 'Samplefield',
    identifier: '',
    email: 'morgan.samplefield@families.example',
    phone: '5555550303',
    agents: agent('stu-1002'),
    orgs: org('org-district'),
  },
];

export interface FakeSisOptions {
  clientId?: string;
  clientSecret?: string;
  /** the roster (default: FAKE_SIS_USERS) */
  users?: OneRosterUser[];
  /** answer for the write-back endpoint (default 201) */
  writebackStatus?: number;
}

export interface FakeSis {
  /** base address to save as the client's SIS address, e.g. http://127.0.0.1:40123 */
  url: string;
  clientId: string;
  clientSecret: string;
  /** every request received (method and path, whether it carried a valid bearer token) */
  requests: { method: string; path: string; authorized: boolean }[];
  tokensIssued: number;
  /** answer 503 to everything (an outage) */
  setDown(down: boolean): void;
  /** the next request for this list page (resource and offset) answers 500 once */
  failPageOnce(resource: 'users' | 'students', offset: number): void;
  /** the roster served (mutable: tests change people and their dateLastModified) */
  users: OneRosterUser[];
  /** events written back */
  events: unknown[];
  setWritebackStatus(status: number): void;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function page<T>(items: T[], url: URL) {
  const limit = Math.max(1, Math.min(Number(url.searchParams.get('limit') ?? 100) || 100, 1000));
  const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
  return items.slice(offset, offset + limit);
}

/** Starts the peer on a random local port. */
/** The OneRoster filter the sync sends: dateLastModified>'<iso>' (and status='active'). */
function applyFilter(list: OneRosterUser[], url: URL) {
  const filter = url.searchParams.get('filter') ?? '';
  if (filter === "status='active'") return list.filter((u) => u.status === 'active');
  const since = /^dateLastModified>'([^']+)'$/.exec(filter)?.[1];
  let out = since ? list.filter((u) => Date.parse(u.dateLastModified) > Date.parse(since)) : list;
  if (url.searchParams.get('sort') === 'dateLastModified')
    out = [...out].sort(
      (a, b) => a.dateLastModified.localeCompare(b.dateLastModified) || a.sourcedId.localeCompare(b.sourcedId),
    );
  return out;
}

export async function startFakeSis(opts: FakeSisOptions = {}): Promise<FakeSis> {
  const clientId = opts.clientId ?? 'fake-sis-client';
  const clientSecret = opts.clientSecret ?? 'fake-sis-secret-value';
  const tokens = new Set<string>();
  let down = false;
  const state = {
    requests: [] as FakeSis['requests'],
    tokensIssued: 0,
    users: opts.users ?? FAKE_SIS_USERS.map((u) => ({ ...u })),
    events: [] as unknown[],
    writebackStatus: opts.writebackStatus ?? 201,
    failOnce: new Set<string>(),
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-sis');
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const authorized = !!bearer && tokens.has(bearer);
    state.requests.push({ method: req.method ?? 'GET', path: url.pathname, authorized });
    if (down) return json(res, 503, { error: 'unavailable' });

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(await readBody(req));
      let id = form.get('client_id') ?? '';
      let secret = form.get('client_secret') ?? '';
      const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (basic) {
        const [u, p = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
        id = decodeURIComponent(u);
        secret = decodeURIComponent(p);
      }
      if (form.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
      if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      const token = `tok-${crypto.randomUUID()}`;
      tokens.add(token);
      state.tokensIssued++;
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }

    const prefix = '/ims/oneroster/v1p1';
    if (req.method === 'POST' && url.pathname === `${prefix}/x-safevisitor/events`) {
      if (!authorized) return json(res, 401, { imsx_codeMajor: 'failure' });
      const body = await readBody(req);
      if (state.writebackStatus < 300) state.events.push(JSON.parse(body));
      return json(res, state.writebackStatus, {});
    }
    if (req.method !== 'GET' || !url.pathname.startsWith(prefix)) return json(res, 404, { error: 'not found' });
    if (!authorized) return json(res, 401, { imsx_codeMajor: 'failure', imsx_description: 'Unauthorized' });
    const rest = url.pathname.slice(prefix.length).split('/').filter(Boolean);
    const pageKey = `${rest[0]}@${url.searchParams.get('offset') ?? '0'}`;
    if (rest.length === 1 && state.failOnce.delete(pageKey)) return json(res, 500, { imsx_codeMajor: 'failure' });
    const students = () =>
      applyFilter(
        state.users.filter((u) => u.role === 'student'),
        url,
      );

    if (rest.length === 1 && rest[0] === 'orgs') return json(res, 200, { orgs: page(FAKE_SIS_ORGS, url) });
    if (rest.length === 1 && rest[0] === 'students') return json(res, 200, { users: page(students(), url) });
    if (rest.length === 1 && rest[0] === 'users')
      return json(res, 200, { users: page(applyFilter(state.users, url), url) });
    if (rest.length === 1 && rest[0] === 'schools')
      return json(res, 200, {
        orgs: page(
          FAKE_SIS_ORGS.filter((o) => o.type === 'school'),
          url,
        ),
      });
    if (rest.length === 2 && (rest[0] === 'students' || rest[0] === 'users')) {
      const user = state.users.find((u) => u.sourcedId === rest[1] && (rest[0] === 'users' || u.role === 'student'));
      return user ? json(res, 200, { user }) : json(res, 404, { imsx_codeMajor: 'failure' });
    }
    if (rest.length === 3 && rest[0] === 'schools' && rest[2] === 'students') {
      return json(res, 200, {
        users: page(
          students().filter((u) => u.orgs.some((o) => o.sourcedId === rest[1])),
          url,
        ),
      });
    }
    return json(res, 404, { imsx_codeMajor: 'failure' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    get requests() {
      return state.requests;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    setDown(value) {
      down = value;
    },
    failPageOnce(resource, offset) {
      state.failOnce.add(`${resource}@${offset}`);
    },
    get users() {
      return state.users;
    },
    set users(list) {
      state.users = list;
    },
    get events() {
      return state.events;
    },
    setWritebackStatus(status) {
      state.writebackStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
