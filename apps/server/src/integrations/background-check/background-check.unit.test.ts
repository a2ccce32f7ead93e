import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackgroundCheckUnavailable, type BackgroundCheckSubject, ddStatusOf } from './background-check';
import { loadConfig } from '../../platform/config';
import { backgroundCheckFor } from './background-check-provider';
import { createDemoBackgroundCheck } from './demo-background-check';
import { createHttpBackgroundCheck } from './http-background-check';

const subject = (over: Partial<BackgroundCheckSubject> = {}): BackgroundCheckSubject => ({
  externalId: 'sv-registration-1',
  firstName: 'Maria',
  middleName: '',
  lastName: 'Lopez',
  dob: '1980-04-02',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'maria@example.test',
  ...over,
});

describe('demo background-check provider', () => {
  const local = createDemoBackgroundCheck();

  it('answers in progress on submit, then clear with a clear state check for most people', async () => {
    const a = await local.submit(subject());
    expect(a.status).toBe('in_progress');
    expect(local.kind).toBe('demo');
    expect(await local.status(a.reference)).toMatchObject({ status: 'clear', stateCheck: 'clear', conviction: false });
  });

  it('needs review with state issues when a name contains "review" (any case, any name part)', async () => {
    for (const over of [{ lastName: 'Review' }, { firstName: 'REVIEWER' }, { middleName: 'needs-review' }]) {
      const a = await local.submit(subject(over));
      expect(await local.status(a.reference)).toMatchObject({ status: 'needs_review', stateCheck: 'issues' });
    }
  });

  it('needs review with a conviction when a name contains "conviction" (issue 25: the flags come from the provider)', async () => {
    const a = await local.submit(subject({ lastName: 'Conviction' }));
    expect(await local.status(a.reference)).toMatchObject({ status: 'needs_review', conviction: true });
  });

  it('is deterministic: the same external id gives the same reference; no name in the reference', async () => {
    const a = await local.submit(subject());
    const b = await local.submit(subject());
    expect(a.reference).toBe(b.reference);
    expect(a.reference).not.toMatch(/maria|lopez/i);
    expect((await local.submit(subject({ externalId: 'sv-registration-2' }))).reference).not.toBe(a.reference);
  });

  it('never clears a reference it did not issue', async () => {
    expect((await local.status('someone-else-123')).status).toBe('needs_review');
  });

  it("follows the district's choice: none has no provider, demo the demo one, http needs an address", () => {
    const s = { endpointUrl: '', username: '', password: null };
    const opts = { timeoutMs: 1000 };
    expect(backgroundCheckFor({ ...s, provider: 'none' }, opts)).toBeNull();
    expect(backgroundCheckFor({ ...s, provider: 'demo' }, opts)?.kind).toBe('demo');
    expect(backgroundCheckFor({ ...s, provider: 'http' }, opts)).toBeNull();
    expect(backgroundCheckFor({ ...s, provider: 'http', endpointUrl: 'http://x.test' }, opts)?.kind).toBe('http');
  });

  it('refuses the removed platform-wide settings at start instead of ignoring them (ADR 0026)', () => {
    for (const key of ['BACKGROUND_CHECK_PROVIDER', 'BACKGROUND_CHECK_URL', 'BACKGROUND_CHECK_TOKEN']) {
      expect(() => loadConfig({ NODE_ENV: 'test', [key]: 'http' })).toThrow(
        new RegExp(`${key}: is no longer used: choose each district's provider in its Background Settings`),
      );
    }
    expect(loadConfig({ NODE_ENV: 'test', BACKGROUND_CHECK_TIMEOUT_MS: '3000' }).BACKGROUND_CHECK_TIMEOUT_MS).toBe(
      3000,
    );
  });

  it('maps answers onto dd_status (spec 001 §4)', () => {
    expect([ddStatusOf('in_progress'), ddStatusOf('clear'), ddStatusOf('needs_review')]).toEqual([1, 2, 3]);
  });
});

describe('HTTP background-check client against a local agency peer', () => {
  const received: { method: string; url: string; auth: string; body: unknown }[] = [];
  let mode: 'ok' | '503' | 'garbage' | 'slow' | 'unknown' = 'ok';
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          auth: String(req.headers.authorization ?? ''),
          body: raw ? JSON.parse(raw) : null,
        });
        if (mode === 'slow') return void setTimeout(() => res.end('{}'), 500);
        if (mode === '503') return void res.writeHead(503).end('down');
        res.setHeader('content-type', 'application/json');
        if (mode === 'garbage') return void res.end('<html>');
        if (mode === 'unknown') return void res.end(JSON.stringify({ id: 'chk_1', status: 'mystery' }));
        if (req.method === 'POST') return void res.end(JSON.stringify({ id: 'chk_1', status: 'pending' }));
        res.end(JSON.stringify({ id: 'chk_1', status: 'consider', stateCheck: 'consider', conviction: true }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("submits the subject with the district's account (HTTP Basic) and polls the check, state check and conviction included", async () => {
    mode = 'ok';
    const client = createHttpBackgroundCheck({ baseUrl: base, username: 'north', password: 's3cret', timeoutMs: 2000 });
    expect(await client.submit(subject())).toEqual({ reference: 'chk_1', status: 'in_progress' });
    expect(await client.status('chk_1')).toEqual({
      reference: 'chk_1',
      status: 'needs_review',
      stateCheck: 'issues',
      conviction: true,
    });
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/checks',
      auth: `Basic ${Buffer.from('north:s3cret').toString('base64')}`,
      body: { externalId: 'sv-registration-1', lastName: 'Lopez', dob: '1980-04-02' },
    });
    expect(received[1]).toMatchObject({ method: 'GET', url: '/v1/checks/chk_1' });
  });

  it.each(['503', 'garbage', 'slow', 'unknown'] as const)(
    'a %s answer is "unavailable", never a verdict',
    async (m) => {
      mode = m;
      const client = createHttpBackgroundCheck({ baseUrl: base, timeoutMs: 200 });
      await expect(client.status('chk_1')).rejects.toBeInstanceOf(BackgroundCheckUnavailable);
    },
  );

  it('an unreachable agency is "unavailable"', async () => {
    const client = createHttpBackgroundCheck({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 500 });
    await expect(client.submit(subject())).rejects.toBeInstanceOf(BackgroundCheckUnavailable);
  });
});
