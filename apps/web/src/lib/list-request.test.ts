import { describe, expect, it } from 'vitest';
import { listRequest } from './list-request';

/** Issue 25: an admin list's search goes to the server in a body, never in the URL. */
describe('listRequest', () => {
  it('asks GET with ids, flags and paging when nothing is searched (blank text is nothing)', () => {
    expect(listRequest('/api/users', { page: 2, activeOnly: true, clientId: undefined, q: '   ' })).toEqual({
      method: 'GET',
      url: '/api/users?page=2&activeOnly=true',
    });
    expect(listRequest('/api/clients', {})).toEqual({ method: 'GET', url: '/api/clients' });
  });

  it('asks POST …/search with the same query and the trimmed words in the body, none in the URL', () => {
    const r = listRequest('/api/exclusions', { page: 1, activeOnly: false, clientId: 7, q: " Zed O'Brien " });
    expect(r).toEqual({
      method: 'POST',
      url: '/api/exclusions/search',
      body: { page: '1', activeOnly: 'false', clientId: '7', q: "Zed O'Brien" },
    });
    expect(r.url).not.toContain('Zed');
  });
});
