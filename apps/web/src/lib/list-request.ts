import { api } from './api-client';

/**
 * How a page of an administration list is asked for (issue 25, audit 000 U1). Without search
 * text: GET `path?…` with the ids, flags and paging (as before: bookmarkable, nothing personal).
 * With it: POST `path/search` with the same query and `q` in the body, so the words someone
 * searched for never sit in a URL, a proxy log or the browser history (security guide).
 */
export function listRequest(
  path: string,
  query: Record<string, unknown>,
): { method: 'GET'; url: string } | { method: 'POST'; url: string; body: Record<string, string> } {
  const { q, ...rest } = query;
  const params: Record<string, string> = {};
  // the list contracts read their flags and ids as text (as in a query string), in a body too
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') params[k] = String(v);
  const text = typeof q === 'string' ? q.trim() : '';
  if (text) return { method: 'POST', url: `${path}/search`, body: { ...params, q: text } };
  const qs = new URLSearchParams(params).toString();
  return { method: 'GET', url: qs ? `${path}?${qs}` : path };
}

/** A page of an administration list, searched on the server when `query.q` holds text. */
export function fetchListPage<T>(path: string, query: Record<string, unknown>): Promise<T> {
  const r = listRequest(path, query);
  return r.method === 'POST' ? api.post<T>(r.url, r.body) : api.get<T>(r.url);
}
