import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, type Connectivity, onConnectivity, request, setNavigator } from './api-client';

/** Issue 23 §6: a network blip neither signs the desk out nor loses what was typed. */
describe('the HTTP client on a flaky network', () => {
  const navigations: string[] = [];
  const states: Connectivity[] = [];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    navigations.length = 0;
    states.length = 0;
    setNavigator((to) => navigations.push(to));
    vi.stubGlobal('window', { location: { pathname: '/safe/dashboard', search: '' } });
    stop = onConnectivity((s) => states.push(s));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const down = () => Promise.reject(new TypeError('Failed to fetch'));

  it('retries a read after network failures, shows "retrying" meanwhile, and never signs out', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(down)
      .mockImplementationOnce(down)
      .mockResolvedValueOnce(ok({ a: 1 }));
    vi.stubGlobal('fetch', fetch);
    const answer = request<{ a: number }>('GET', '/api/x');
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ a: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(states).toEqual(['online', 'retrying', 'online']);
    expect(navigations).toEqual([]);
  });

  it('retries a write only with its Idempotency-Key, the same key each time', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(down)
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockResolvedValueOnce(ok({ id: 7 }));
    vi.stubGlobal('fetch', fetch);
    const answer = request('POST', '/api/visits', { a: 1 }, { headers: { 'Idempotency-Key': 'k-1' } });
    await vi.runAllTimersAsync();
    expect(await answer).toEqual({ id: 7 });
    expect(
      fetch.mock.calls
        .map((c) => (c[1] as RequestInit).headers as Record<string, string>)
        .map((h) => h['Idempotency-Key']),
    ).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('sends a create with the key of its request: retried with it, Save again reuses it, a changed body gets another', async () => {
    const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
    const fetch = vi
      .fn()
      .mockImplementationOnce(down)
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Check the e-mail.' }), { status: 400 }))
      .mockResolvedValueOnce(ok({ id: 7 }))
      .mockResolvedValueOnce(ok({ id: 8 }));
    vi.stubGlobal('fetch', fetch);
    const body = { name: 'North Office', email: 'x' };
    const first = api.create('/api/contacts', body).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await first).toBeInstanceOf(ApiError); // the automatic retry got an answer: a field error
    const fixed = { ...body, email: 'office@example.org' };
    expect(await api.create('/api/contacts', fixed)).toEqual({ id: 7 });
    expect(await api.create('/api/contacts', fixed)).toEqual({ id: 8 }); // after a success: the next contact
    const keys = fetch.mock.calls.map(keyOf);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
  });

  it('does not resend a write without a key: a clear error, the user stays where they are', async () => {
    const fetch = vi.fn().mockImplementation(down);
    vi.stubGlobal('fetch', fetch);
    const answer = request('POST', '/api/visitors', { firstName: 'Ann' }).catch((e) => e);
    await vi.runAllTimersAsync();
    const err = await answer;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect((err as ApiError).message).toMatch(/Nothing was lost/);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual([]);
  });

  it('gives up on a read after the last retry, still without signing out; a 401 signs out', async () => {
    vi.stubGlobal('fetch', vi.fn().mockImplementation(down));
    const answer = request('GET', '/api/x').catch((e) => e);
    await vi.runAllTimersAsync();
    expect(((await answer) as ApiError).status).toBe(0);
    expect(navigations).toEqual([]);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: 'no' }), { status: 401 })));
    await expect(request('GET', '/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/Account/Login']);
  });
});
