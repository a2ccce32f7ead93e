import { describe, expect, it } from 'vitest';
import { exportUrl } from '../export/export-url';
import { interpret } from './upload';

describe('import upload answers', () => {
  const ok = {
    success: true,
    results: { total: 1, imported: 1, duplicates: 0, rejected: 0, messages: [] },
    errorFile: null,
    error: null,
  };
  it('results on success', () => {
    expect(interpret(200, JSON.stringify(ok))).toEqual({ ok: true, result: ok });
  });
  it('server-reported errors are shown as they are', () => {
    expect(
      interpret(415, JSON.stringify({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This file type is not supported.' })),
    ).toEqual({
      ok: false,
      error: 'This file type is not supported.',
    });
    expect(
      interpret(500, JSON.stringify({ success: false, results: null, errorFile: null, error: 'Nothing imported.' })),
    ).toEqual({
      ok: false,
      error: 'Nothing imported.',
    });
  });
  it("anything else is 'Upload failed'", () => {
    expect(interpret(0, '')).toEqual({ ok: false, error: 'Upload failed' });
    expect(interpret(502, '<html>bad gateway</html>')).toEqual({ ok: false, error: 'Upload failed' });
  });
});

describe('export URLs', () => {
  it('carry format, columns and id params only when set', () => {
    expect(exportUrl('users', 'xlsx', { clientId: 3, activeOnly: true, listType: null }, ['1', '2'])).toBe(
      '/api/exports/users?format=xlsx&columns=1%2C2&clientId=3&activeOnly=true',
    );
    expect(exportUrl('buildings', 'csv')).toBe('/api/exports/buildings?format=csv');
  });
});
