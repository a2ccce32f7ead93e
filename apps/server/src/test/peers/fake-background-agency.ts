import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local background-check agency speaking the HTTP client's protocol (integrations guide: test
 * against a local peer; http-background-check.ts):
 *
 *   POST /v1/checks        JSON subject (with externalId)  → { id, status: 'pending' }
 *   GET  /v1/checks/{id}                                   → { id, status, stateCheck, conviction }
 *
 * It accepts only HTTP Basic with the account and password it was started with (401 otherwise)
 * and records every request with the account it carried. The verdict: a last name containing
 * "review" is 'consider' with state-check issues, "conviction" 'consider' with a conviction,
 * anyone else 'clear' with a clear state check. The same externalId gets the same check.
 * Fictitious people only.
 */
export interface FakeAgency {
  /** the base address a district saves as its provider's service address */
  url: string;
  requests: { method: string; path: string; account: string | null; body: unknown }[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeAgency(account: { username: string; password: string }): Promise<FakeAgency> {
  const requests: FakeAgency['requests'] = [];
  const checks = new Map<string, { id: string; lastName: string }>();
  const byExternal = new Map<string, string>();
  const expected = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    const auth = req.headers.authorization ?? null;
    const user = auth?.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
      : null;
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return json(res, 400, { error: 'bad json' });
    }
    requests.push({ method: req.method ?? '', path, account: user, body });
    if (auth !== expected) return json(res, 401, { error: 'unauthorized' });
    if (req.method === 'POST' && path === '/v1/checks') {
      const externalId = String(body?.externalId ?? '');
      let id = byExternal.get(externalId);
      if (!id) {
        id = `chk_${checks.size + 1}`;
        byExternal.set(externalId, id);
        checks.set(id, { id, lastName: String(body?.lastName ?? '').toLowerCase() });
      }
      return json(res, 200, { id, status: 'pending' });
    }
    const m = /^\/v1\/checks\/([^/]+)$/.exec(path);
    const check = m && req.method === 'GET' ? checks.get(decodeURIComponent(m[1])) : undefined;
    if (!check) return json(res, 404, { error: 'no such check' });
    if (check.lastName.includes('conviction')) {
      return json(res, 200, { id: check.id, status: 'consider', stateCheck: 'clear', conviction: true });
    }
    if (check.lastName.includes('review')) {
      return json(res, 200, { id: check.id, status: 'consider', stateCheck: 'consider', conviction: false });
    }
    json(res, 200, { id: check.id, status: 'clear', stateCheck: 'clear', conviction: false });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
