import { describe, expect, it } from 'vitest';
import { isServerWindow, safeReturnUrl } from './login-page';

describe('return URL after sign-in', () => {
  it('follows same-site paths only', () => {
    expect(safeReturnUrl('/building')).toBe('/building');
    expect(safeReturnUrl('//evil.example/x')).toBeNull();
    expect(safeReturnUrl('/\\evil.example')).toBeNull();
    expect(safeReturnUrl('https://evil.example')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
  it('recognises server-rendered windows, case-insensitively, but not app routes', () => {
    expect(isServerWindow('/Badge/print/12')).toBe(true);
    expect(isServerWindow('/User/UserExport/true/1/all')).toBe(true);
    expect(isServerWindow('/building/BuildingExport/true/1')).toBe(true);
    expect(isServerWindow('/user/clientadmin')).toBe(false);
    expect(isServerWindow('/building')).toBe(false);
    expect(isServerWindow('/exclusion')).toBe(false);
  });
});
