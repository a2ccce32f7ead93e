import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow (spec 000 §9: window of 5 pages)', () => {
  it('centres the current page when it can', () => {
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
  });
  it('clamps at the edges and to the total', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });
});
