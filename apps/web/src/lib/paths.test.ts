import { describe, expect, it } from 'vitest';
import { staffRoutes } from '../app/routes';
import { paths } from './paths';

/** The route pattern of a spec route, as React Router matches it (case-insensitive). */
const matches = (url: string) =>
  staffRoutes.some((r) => {
    const pattern = r.path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? '(?:[^/]+)?' : '[^/]+') : seg))
      .join('/')
      .replace(/\/\(\?:\[\^\/\]\+\)\?$/, '(?:/[^/]+)?');
    return new RegExp(`^${pattern}$`, 'i').test(url.split('?')[0]!);
  });

describe('front-desk paths (spec 002 §2)', () => {
  it('lead to routes the router knows', () => {
    for (const url of [
      paths.newVisitor,
      paths.newVisitorFromLicense,
      paths.verify('visitor', 12),
      paths.background('visitor', 12),
      paths.background('visitor', 12, 7),
      paths.checkIn(12),
      paths.checkOut(12),
      paths.badge(12),
      paths.checkedIn('visit', 40),
      paths.checkedOut,
      paths.visitorSearch('Ann Lee'),
    ]) {
      expect(matches(url), url).toBe(true);
    }
  });

  it('a pre-registration rides along only when there is one', () => {
    expect(paths.background('visitor', 12)).toBe('/background/visitor/12');
    expect(paths.background('visitor', 12, null)).toBe('/background/visitor/12');
    expect(paths.background('visitor', 12, 7)).toBe('/background/visitor/12/7');
  });

  it('the visitor search keeps the text one path segment', () => {
    expect(paths.visitorSearch('O’Brien / Smith')).toBe('/visitors/search/O%E2%80%99Brien%20%2F%20Smith');
    expect(decodeURIComponent(paths.visitorSearch('a/b?c').split('/').pop()!)).toBe('a/b?c');
  });
});
