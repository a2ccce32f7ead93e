import { randomUUID } from 'node:crypto';
import { ID_MESSAGE, TEXT_MESSAGE, ZErrorBody } from '@sv/contracts';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertExclusion } from '../../features/exclusions/exclusions.fixtures';
import { registerImport } from '../imports/import-definition';
import { principalSession, principalSessions, type PrincipalSessions } from '../../test/authz/principals';
import type { Principal } from '../../test/authz/types';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { MULTIPART_MESSAGE } from './error-handler';

/**
 * Issue 10 §2, one direct case per input the fuzz run found answering 500: ids of 2^31 and above,
 * NUL bytes and lone surrogates in text, impossible calendar dates, malformed multipart on every
 * upload route, and a URL whose escapes are not UTF-8. Each answers 400 with the one error body.
 * (The schema-driven fuzz test, test/fuzz/fuzz.test.ts, covers every operation.)
 */
const BIG = 2 ** 31;

/** A test-only import kind that fails unexpectedly outside the import's transaction. */
const THROWING_KIND = 'test-bad-input-throws';
registerImport({
  kind: THROWING_KIND,
  permission: 'contacts.manage',
  columns: [{ key: 'name', header: 'Name', required: true, example: 'Pat' }],
  rowSchema: z.object({ name: z.string() }),
  // read before the import's transaction, so a throw here is not a rolled-back import
  naturalKey: () => {
    throw new Error('unexpected failure');
  },
  existingKeys: async () => new Set<string>(),
  async insertRows() {},
});

let t: TestApp;
let s: PrincipalSessions;
let visitorId: number;
let exclusionId: number;

function send(session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const headers: Record<string, string> = { 'idempotency-key': randomUUID() };
  if (session) Object.assign(headers, { cookie: session.cookie, 'x-csrf-token': session.csrfToken });
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** 400 with the error body, and (when given) that message on that field. */
function expect400(res: InjectResponse, field?: string, message?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = ZErrorBody.parse(res.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  if (field) expect(body.fieldErrors?.[field], res.body).toBeDefined();
  if (field && message) expect(body.fieldErrors?.[field], res.body).toContain(message);
}

beforeAll(async () => {
  t = await createTestApp();
  s = await principalSessions(t);
  const v = await send(s.attendantA1, 'POST', '/api/visitors', {
    firstname: 'Bad',
    lastname: 'Input',
    buildingId: t.world.north.northHighId,
  });
  expect(v.statusCode, v.body).toBe(200);
  visitorId = v.json().id;
  exclusionId = await insertExclusion(t.deps.db, { clientId: t.world.north.clientId });
});

describe('ids of 2^31 and above answer 400, not the database’s integer overflow', () => {
  const b = () => t.world.north.northHighId;
  const cases: [string, Principal, 'GET' | 'POST', () => string, () => object | undefined, string][] = [
    [
      'check-in visitorId',
      'attendantA1',
      'POST',
      () => '/api/visits',
      () => ({ visitorId: BIG, buildingId: b() }),
      'visitorId',
    ],
    [
      'check-in buildingId',
      'attendantA1',
      'POST',
      () => '/api/visits',
      () => ({ visitorId, buildingId: BIG }),
      'buildingId',
    ],
    [
      'check-out by badge',
      'attendantA1',
      'POST',
      () => '/api/visits/check-out-by-badge',
      () => ({ buildingId: BIG, badgeCode: 'ABCD1234' }),
      'buildingId',
    ],
    [
      'check-out of a visitor',
      'attendantA1',
      'POST',
      () => `/api/visitors/${visitorId}/check-out`,
      () => ({ buildingId: BIG }),
      'buildingId',
    ],
    [
      'visitor search',
      'attendantA1',
      'POST',
      () => '/api/visitors/search',
      () => ({ text: 'Input', buildingId: BIG }),
      'buildingId',
    ],
    [
      'contact',
      'clientAdminA',
      'POST',
      () => '/api/contacts',
      () => ({ name: 'C', email: 'c@example.test', buildingId: BIG }),
      'buildingId',
    ],
    [
      'potential matches',
      'attendantA1',
      'POST',
      () => '/api/exclusions/potential-matches',
      () => ({ buildingId: b(), firstname: 'A', lastname: 'B', visitorId: BIG }),
      'visitorId',
    ],
    [
      'screening',
      'attendantA1',
      'POST',
      () => `/api/visitors/${visitorId}/screening`,
      () => ({ buildingId: BIG }),
      'buildingId',
    ],
    ['a path id', 'attendantA1', 'GET', () => `/api/visits/${BIG}`, () => undefined, 'id'],
    ['a query id', 'admin', 'GET', () => `/api/buildings?clientId=${BIG}`, () => undefined, 'clientId'],
  ];
  it.for(cases)('%s', async ([, principal, method, url, body, field]) => {
    expect400(await send(s[principal], method, url(), body()), field, ID_MESSAGE);
  });

  it('impersonation of user 2^31', async () => {
    // a throwaway admin session: impersonation rotates the session it runs in
    const admin = await principalSession(t, 'admin');
    expect400(await send(admin, 'POST', '/api/impersonation', { userId: BIG }), 'userId', ID_MESSAGE);
  });

  it('a page far past any offset', async () => {
    expect400(await send(s.admin, 'GET', '/api/buildings?page=1000000000000000000000'), 'page');
    expect400(await send(s.admin, 'GET', '/api/buildings?page=1000001'), 'page', 'Use a page from 1 to 1000000');
  });

  it('the largest id is still an id: 2^31 − 1 is simply not found', async () => {
    const res = await send(s.attendantA1, 'GET', `/api/visits/${BIG - 1}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('NUL bytes and lone surrogates answer 400', () => {
  it('in the unauthenticated sign-in', async () => {
    expect400(
      await send(null, 'POST', '/api/auth/login', { email: 'a\u0000@demo.test', password: 'x' }),
      'email',
      TEXT_MESSAGE,
    );
  });

  it.for([
    ['a NUL in a name', { firstname: 'Ann\u0000', lastname: 'Lee' }, 'firstname'],
    ['a lone high surrogate', { firstname: 'Ann', lastname: '\uD800' }, 'lastname'],
    ['a lone low surrogate', { firstname: 'Ann', lastname: 'Lee', note: 'x\uDC00y' }, 'note'],
  ] as const)('%s in a visitor', async ([, fields, field]) => {
    const res = await send(s.attendantA1, 'POST', '/api/visitors', {
      ...fields,
      buildingId: t.world.north.northHighId,
    });
    expect400(res, field, TEXT_MESSAGE);
  });

  it('in search text and check-in text', async () => {
    expect400(await send(s.attendantA1, 'POST', '/api/visitors/search', { text: '\u0000' }), 'text', TEXT_MESSAGE);
    const checkIn = { visitorId, buildingId: t.world.north.northHighId, reason: 'x\uD83D' };
    expect400(await send(s.attendantA1, 'POST', '/api/visits', checkIn), 'reason', TEXT_MESSAGE);
  });

  it('a sign-in with an e-mail outside the basic plane is refused, not a failed audit write', async () => {
    const res = await send(null, 'POST', '/api/auth/login', { email: '\u{10635}', password: 'x' });
    expect(res.statusCode, res.body).toBe(401);
  });

  it('a surrogate pair (an emoji) is ordinary text', async () => {
    // issue 22 / issue 23 §5: a name holds letters only, so the emoji goes in free text; a letter
    // outside the Basic Multilingual Plane (a surrogate pair too) is still a name
    const res = await send(s.attendantA1, 'POST', '/api/visitors', {
      firstname: '𠮷子',
      lastname: 'Lee',
      note: 'Ann 😀',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firstname).toBe('𠮷子');
    expect(res.json().note).toBe('Ann 😀');
    const emoji = await send(s.attendantA1, 'POST', '/api/visitors', { firstname: 'Ann 😀', lastname: 'Lee' });
    expect400(emoji, 'firstname', 'A name can contain only letters, spaces, apostrophes, hyphens and periods.');
  });
});

describe('impossible calendar dates answer 400', () => {
  it.for(['2026-02-30', '0000-00-00', '2025-02-29', '2025-04-31', '2025-13-01'])(
    'visitor date of birth %s',
    async (dob) => {
      const res = await send(s.attendantA1, 'POST', '/api/visitors', { firstname: 'D', lastname: 'O', dob });
      expect400(res, 'dob', 'Enter a real calendar date');
    },
  );

  it('potential matches and exclusions', async () => {
    const b = t.world.north.northHighId;
    const pm = { buildingId: b, firstname: 'A', lastname: 'B', dob: '2026-02-30' };
    expect400(
      await send(s.attendantA1, 'POST', '/api/exclusions/potential-matches', pm),
      'dob',
      'Enter a real calendar date',
    );
    const ex = { firstname: 'A', lastname: 'B', dob: '0000-00-00', exclusionType: 'Trespassed' };
    expect400(await send(s.clientAdminA, 'POST', '/api/exclusions', ex), 'dob', 'Enter a real calendar date');
  });

  it('the badge expiry date of the client settings', async () => {
    const url = `/api/clients/${t.world.north.clientId}/settings`;
    // a PATCH with the version the screen loaded (issue 23 §4): only the bad date is wrong
    const res = await t.as(s.clientAdminA!).edit('PATCH', url, { badgeByDate: true, strExpDate: '2026-04-31' });
    expect400(res, 'strExpDate', 'Enter a real calendar date');
  });

  it('a leap day that exists is a date', async () => {
    const res = await send(s.attendantA1, 'POST', '/api/visitors', {
      firstname: 'Leap',
      lastname: 'Day',
      dob: '2004-02-29',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dob).toBe('2004-02-29');
  });
});

describe('malformed multipart answers 400 on every upload route', () => {
  const boundary = 'badInputBoundary42';
  const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const bodies: [string, string, string][] = [
    ['missing boundary', 'multipart/form-data', `${partHead}a,b\r\n--${boundary}--\r\n`],
    ['truncated body', `multipart/form-data; boundary=${boundary}`, `${partHead}a,b`],
    ['boundary the body does not use', 'multipart/form-data; boundary=other', `${partHead}a,b\r\n--${boundary}--\r\n`],
    ['empty boundary', 'multipart/form-data; boundary=', '--\r\n'],
    ['boundary longer than 256', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
  ];
  const routes: [string, Principal, () => string][] = [
    ['import', 'clientAdminA', () => '/api/imports/exclusions'],
    ['registry import', 'admin', () => '/api/registry/imports'],
    ['visitor photo', 'attendantA1', () => `/api/visitors/${visitorId}/photo`],
    ['exclusion form photo', 'clientAdminA', () => '/api/exclusions/photos'],
    ['exclusion photo', 'clientAdminA', () => `/api/exclusions/${exclusionId}/photo`],
  ];
  it.for(
    routes.flatMap(([name, p, url]) =>
      bodies.map(([what, ct, body]) => [`${name}: ${what}`, p, url, ct, body] as const),
    ),
  )('%s', async ([, principal, url, contentType, payload]) => {
    const session = s[principal]!;
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': contentType },
      payload,
    });
    expect400(res);
    expect(res.json().message).toBe(MULTIPART_MESSAGE);
  });
});

describe('an unexpected failure on the import route', () => {
  it('answers the error body, not Fastify’s raw serialization error', async () => {
    const boundary = 'throwingImport';
    const session = s.clientAdminA!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${THROWING_KIND}`,
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrfToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        `Name\r\nPat\r\n\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(ZErrorBody.parse(res.json())).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong.' });
  });
});

describe('a URL whose escapes are not UTF-8', () => {
  it('answers the error body, not Fastify’s echo of the URL', async () => {
    const res = await send(s.attendantA1, 'GET', '/api/visits/%ED%A0%80');
    expect400(res);
    expect(res.body).not.toContain('%ED%A0%80');
  });
});

describe('the contracts refuse what the forms refuse (issue 25, audit 000 B7–B9)', () => {
  it('a state outside the states list, for a district and a building', async () => {
    expect400(
      await send(s.admin, 'POST', '/api/clients', { name: 'Zed District', state: 'ZZ' }),
      'state',
      'Choose a state',
    );
    expect400(
      await send(s.clientAdminA, 'POST', '/api/buildings', {
        name: 'Zed School',
        clientId: t.world.north.clientId,
        state: 'ZZ',
      }),
      'state',
      'Choose a state',
    );
    // a real abbreviation, in any case, is a state
    const ok = await send(s.admin, 'POST', '/api/clients', { name: 'Lowercase State District', state: 'il' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an exclusion type outside the six the form and the import offer', async () => {
    expect400(
      await send(s.clientAdminA, 'POST', '/api/exclusions', {
        firstname: 'Lo',
        lastname: 'Iterer',
        exclusionType: 'Loitering',
        isGlobal: true,
        clientId: t.world.north.clientId,
      }),
      'exclusionType',
      'Choose a type',
    );
  });

  it('a contact mobile that is not a phone number, instead of dropping it silently', async () => {
    expect400(
      await send(s.clientAdminA, 'POST', '/api/contacts', {
        name: 'Abc Mobile',
        email: 'abc@example.test',
        mobile: 'abc',
        clientId: t.world.north.clientId,
      }),
      'mobile',
      'Enter a 10-digit mobile number',
    );
  });
});
