import { expect, vi } from 'vitest';

/**
 * The network of a component test: `fetch` answered from a table of (method, path) → answer, every
 * request recorded. Only the network is faked; the component, its hooks and the api client run as
 * in the browser. A request with no answer in the table fails the test (after it), naming it.
 */
export interface FakeRequest {
  method: string;
  path: string;
  /** the JSON body, parsed; a FormData upload as is */
  body: unknown;
  headers: Record<string, string>;
}

/** An answer other than 200: `reply(409, { message: '…' })`. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}
export const reply = (status: number, body?: unknown) => new Reply(status, body);
/** An error answer in the server's error body shape ({ requestId, code, message }). */
export const errorReply = (status: number, message: string, code = 'ERROR') =>
  new Reply(status, { requestId: 'test', code, message });
/** No answer at all (a dropped connection): fetch rejects. */
export const NETWORK_DOWN = Symbol('network down');

/** a JSON body (200), a Reply, or NETWORK_DOWN */
type Answer = object | string | number | boolean | null | Reply | typeof NETWORK_DOWN;
type Handler = Answer | ((req: FakeRequest) => Answer | Promise<Answer>);

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

export interface FakeApi {
  /** answer `method path` (exact path with its query, or a RegExp on it); the last one added wins */
  on(method: string, path: string | RegExp, handler: Handler): FakeApi;
  /** every request so far, in order */
  requests: FakeRequest[];
  /** the requests to `method path` */
  calls(method: string, path: string | RegExp): FakeRequest[];
}

const matches = (route: Route, method: string, path: string) =>
  route.method === method && (typeof route.path === 'string' ? route.path === path : route.path.test(path));

let unanswered: string[] = [];
/** After each test (setup.ts): a request the test gave no answer to fails it, named. */
export function expectEveryRequestAnswered() {
  const missing = unanswered;
  unanswered = [];
  expect(missing, 'requests the test gave no answer to').toEqual([]);
}

export function fakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const req: FakeRequest = { method, path, body, headers };
    requests.push(req);
    const route = [...routes].reverse().find((r) => matches(r, method, path));
    let answer: Answer;
    if (!route) {
      unanswered.push(`${method} ${path}`);
      answer = reply(404, { requestId: 'test', code: 'NOT_FOUND', message: `No fake answer for ${method} ${path}` });
    } else {
      answer = typeof route.handler === 'function' ? await route.handler(req) : route.handler;
    }
    if (answer === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    const { status, body: out } = answer instanceof Reply ? answer : { status: 200, body: answer };
    const text = out === undefined ? '' : JSON.stringify(out);
    return {
      status,
      ok: status >= 200 && status < 300,
      statusText: String(status),
      headers: new Headers(),
      text: async () => text,
      json: async () => (text ? JSON.parse(text) : undefined),
      blob: async () => new Blob([text]),
    } as Response;
  });
  vi.stubGlobal('fetch', fetchStub);
  const api: FakeApi = {
    on(method, path, handler) {
      routes.push({ method: method.toUpperCase(), path, handler });
      return api;
    },
    requests,
    calls: (method, path) =>
      requests.filter((r) => matches({ method: method.toUpperCase(), path, handler: null }, r.method, r.path)),
  };
  return api;
}
