import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The kiosk's offline queue (issue 14 "Offline"): what is made while the server cannot be reached
 * waits in memory and is sent when it returns, each with the Idempotency-Key of the visitor's
 * action and the very same body, so nothing is lost and nothing is done twice.
 */
type Call = { method: string; url: string; key: string | null; body: string | null };

let calls: Call[];
let reachable: boolean;
/** the server's side: what it has done, by Idempotency-Key (a retry answers the stored result) */
let done: Map<string, string>;

function fakeFetch(url: string, init: RequestInit) {
  const headers = (init.headers ?? {}) as Record<string, string>;
  const key = headers['idempotency-key'] ?? null;
  const body = typeof init.body === 'string' ? init.body : init.body ? '<multipart>' : null;
  calls.push({ method: init.method ?? 'GET', url, key, body });
  if (!reachable) return Promise.reject(new TypeError('Failed to fetch'));
  const json = (data: unknown) => Promise.resolve(new Response(JSON.stringify(data), { status: 200 }));
  if (url === '/api/kiosk/photos')
    return json({ photoFileId: `00000000-0000-4000-8000-00000000000${calls.length % 10}` });
  if (url === '/api/kiosk/config') return json({});
  if (key) {
    const prior = done.get(key);
    if (prior !== undefined && prior !== body)
      return Promise.resolve(new Response(JSON.stringify({ message: 'different request' }), { status: 409 }));
    done.set(key, body ?? '');
  }
  if (url === '/api/kiosk/sign-ins') return json({ signInId: done.size, next: 'thankyou' });
  if (url === '/api/kiosk/check-outs') return json({ checkedOut: body?.includes('ZZZ') ? 0 : 1 });
  return Promise.resolve(new Response('{}', { status: 404 }));
}

beforeEach(() => {
  calls = [];
  done = new Map();
  reachable = true;
  vi.resetModules();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

const person = { firstName: 'Ana', lastName: 'Diaz', dob: '1980-01-02' };

describe('the kiosk offline queue', () => {
  it('keeps what cannot be sent, then sends each once with its key and the same body', async () => {
    const kiosk = await import('./kiosk-api');
    reachable = false;
    const out = await kiosk.submitCheckOut({ raw: 'BADGE123' });
    const sign = await kiosk.submitSignIn({ person }, new Blob(['jpeg']));
    expect(out).toEqual({ queued: true });
    expect(sign).toEqual({ queued: true });
    // nothing is kept in browser storage (there is none here: the queue lives in memory)
    reachable = true;
    await kiosk.flush();
    // every try of one request carried that request's key
    const keysOf = (url: string) => new Set(calls.filter((c) => c.url === url).map((c) => c.key));
    expect(keysOf('/api/kiosk/check-outs').size).toBe(1);
    expect(keysOf('/api/kiosk/sign-ins').size).toBe(1);
    // each action done once by the server, and nothing left waiting
    expect(done.size).toBe(2);
    await kiosk.flush();
    expect([...done.keys()]).toHaveLength(2);
  });

  it('a sign-in whose answer was lost is retried with the same key and body (the photo is uploaded once)', async () => {
    const kiosk = await import('./kiosk-api');
    let first = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const res = fakeFetch(url, init);
        if (url === '/api/kiosk/sign-ins' && first) {
          first = false;
          // the server did the work; the answer never arrived
          return res.then(() => Promise.reject(new TypeError('network changed')));
        }
        return res;
      }),
    );
    const r = await kiosk.submitSignIn({ person }, new Blob(['jpeg']));
    expect(r).toEqual({ queued: true });
    await kiosk.flush();
    const signIns = calls.filter((c) => c.url === '/api/kiosk/sign-ins');
    expect(signIns).toHaveLength(2);
    expect(signIns[0]!.key).toBe(signIns[1]!.key);
    expect(signIns[0]!.body).toBe(signIns[1]!.body);
    expect(calls.filter((c) => c.url === '/api/kiosk/photos')).toHaveLength(1);
    expect(done.size).toBe(1);
  });

  it('a check-out tried again on the same screen after a miss is a new request with a new key (issue 25 B1)', async () => {
    const kiosk = await import('./kiosk-api');
    const miss = await kiosk.submitCheckOut({ raw: 'ZZZZZZ999' });
    expect(miss).toEqual({ sent: { checkedOut: 0 } });
    const hit = await kiosk.submitCheckOut({ raw: '3FRDZ7JSEN' });
    expect(hit).toEqual({ sent: { checkedOut: 1 } });
    const [first, second] = calls.filter((c) => c.url === '/api/kiosk/check-outs');
    expect(first!.key).not.toBe(second!.key);
    expect(done.size).toBe(2);
  });
});
