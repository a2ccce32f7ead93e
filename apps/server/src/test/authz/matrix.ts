import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Response as InjectResponse } from 'light-my-request';
import type { App, RegisteredRoute } from '../../app';
import type { Session, TestApp } from '../test-app';
import {
  type AuthzEntry,
  type AuthzFixture,
  type AuthzRequest,
  type Expected,
  PRINCIPALS,
  type Principal,
} from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FEATURES_DIR = path.resolve(here, '../../features');

/** A matrix row and the file it came from (for error messages). */
export type LoadedEntry = AuthzEntry & { source: string };

/**
 * Registered routes the matrix does not list, each with the reason. Everything else must have
 * a row. API documentation is public metadata without data (no tenant data, no secrets: the
 * OpenAPI document describes the contracts only), so `/api/docs` and `/api/openapi.json` have
 * explicit public rows in platform.authz.ts; the swagger-ui assets and duplicate spec routes
 * under `/api/docs/…` are left out here.
 */
export const EXCLUDED_ROUTES: { match: (r: RegisteredRoute) => boolean; why: string }[] = [
  {
    match: (r) => r.url.toLowerCase().startsWith('/api/docs/'),
    why: 'swagger-ui static assets and spec copies (public API metadata; /api/docs has its own row)',
  },
  {
    match: (r) => r.url === '/assets/*',
    why: 'the web bundle (static files, public; only registered when WEB_DIST_DIR is built)',
  },
];

export const routeKey = (r: { method: string; url?: string; route?: string }) =>
  `${r.method.toUpperCase()} ${r.url ?? r.route}`;

/** The routes the matrix must cover: every registered route except HEAD and EXCLUDED_ROUTES. */
export function coveredRoutes(app: Pick<App, 'routeList'>): RegisteredRoute[] {
  const seen = new Set<string>();
  const out: RegisteredRoute[] = [];
  for (const r of app.routeList) {
    if (r.method === 'HEAD' || EXCLUDED_ROUTES.some((x) => x.match(r))) continue;
    const key = routeKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

/**
 * Every `features/<feature>/*.authz.ts` (export `authz: AuthzEntry[]`) plus the platform rows
 * for routes app.ts registers itself. A new feature adds `<feature>.authz.ts` beside its routes;
 * nothing here changes.
 */
export async function loadAuthzEntries(): Promise<LoadedEntry[]> {
  const files = [path.join(here, 'platform.authz.ts')];
  for (const feature of fs.readdirSync(FEATURES_DIR, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const dir = path.join(FEATURES_DIR, feature.name);
    for (const f of fs.readdirSync(dir).sort()) if (f.endsWith('.authz.ts')) files.push(path.join(dir, f));
  }
  const entries: LoadedEntry[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as { authz?: unknown };
    const source = path.relative(path.resolve(FEATURES_DIR, '..'), file);
    if (!Array.isArray(mod.authz)) throw new Error(`${source} must export \`authz: AuthzEntry[]\``);
    for (const e of mod.authz as AuthzEntry[]) entries.push({ ...e, source });
  }
  return entries;
}

/** Registered routes without a row, and rows whose route is not registered. */
export function findCoverageGaps(
  routes: RegisteredRoute[],
  entries: Pick<LoadedEntry, 'method' | 'route' | 'source'>[],
) {
  const rowKeys = new Set(entries.map(routeKey));
  const routeKeys = new Set(routes.map(routeKey));
  return {
    missing: routes.map(routeKey).filter((k) => !rowKeys.has(k)),
    unknown: [
      ...new Set(entries.filter((e) => !routeKeys.has(routeKey(e))).map((e) => `${routeKey(e)} (${e.source})`)),
    ],
  };
}

/** Structural problems of rows (each a readable message). */
export function findMalformedEntries(entries: LoadedEntry[]): string[] {
  const problems: string[] = [];
  const allowed = new Set<Expected>(['ok', 302, 400, 401, 403, 404, 409, 415, 422, 429]);
  for (const e of entries) {
    const at = `${routeKey(e)} (${e.source})`;
    for (const p of PRINCIPALS) {
      if (!(p in e.expect)) problems.push(`${at}: no expectation for ${p}`);
      else if (!allowed.has(e.expect[p])) problems.push(`${at}: ${p} expects ${String(e.expect[p])}`);
    }
    for (const k of Object.keys(e.expect)) {
      if (!(PRINCIPALS as readonly string[]).includes(k)) problems.push(`${at}: unknown principal ${k}`);
    }
    if (e.method === 'GET' && e.readOnly === false) problems.push(`${at}: a GET must not change state`);
    if (/[:*]/.test(e.route) && !e.request) problems.push(`${at}: a route with parameters needs request().url`);
  }
  return problems;
}

export const statusMatches = (expected: Expected, status: number) =>
  expected === 'ok' ? status >= 200 && status < 400 : status === expected;

/** Rows the canary test reads as tenant A: every GET and every POST marked readOnly. */
export const isReadEntry = (e: AuthzEntry) => e.method === 'GET' || e.readOnly === true;

/** Runs the row's request builder (which creates the objects it needs) and checks the URL. */
export async function buildRequest(t: TestApp, entry: AuthzEntry): Promise<AuthzRequest & { url: string }> {
  const fixture: AuthzFixture = { world: t.world, deps: t.deps };
  const req = (await entry.request?.(fixture)) ?? {};
  const url = req.url ?? entry.route;
  if (/[:*]/.test(url)) throw new Error(`${routeKey(entry)}: request() must give a concrete url`);
  return { ...req, url };
}

/** Injects a built request as `session` (cookie and, unless csrf: false, the CSRF header). */
export function send(
  t: TestApp,
  entry: Pick<AuthzEntry, 'method'>,
  req: AuthzRequest & { url: string },
  session: Session | null,
  opts: { csrf?: boolean } = {},
): Promise<InjectResponse> {
  const headers: Record<string, string> = { ...req.headers };
  if (session) {
    headers.cookie = session.cookie;
    if (opts.csrf !== false) headers['x-csrf-token'] = session.csrfToken;
  }
  const body = req.body ?? (entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {});
  return t.app.inject({
    method: entry.method,
    url: req.url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Builds the row's request (a fresh object per call) and injects it as `session`. */
export async function probe(
  t: TestApp,
  entry: AuthzEntry,
  session: Session | null,
  opts: { csrf?: boolean } = {},
): Promise<InjectResponse> {
  return send(t, entry, await buildRequest(t, entry), session, opts);
}

export interface Mismatch {
  principal: Principal;
  expected: Expected;
  got: number;
  body: string;
}

export function describeMismatches(entry: LoadedEntry, mismatches: Mismatch[]) {
  return mismatches
    .map(
      (m) =>
        `${routeKey(entry)}${entry.note ? ` [${entry.note}]` : ''} as ${m.principal}: expected ${m.expected}, got ${m.got} ${m.body.slice(0, 160)}`,
    )
    .join('\n');
}
