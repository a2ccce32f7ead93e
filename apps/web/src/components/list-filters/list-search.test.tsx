import { CONSTANTS } from '@sv/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListSearch } from './list-search';

/**
 * spec 000 §9 "debounce default 1000 ms" (issue 25, audit 000 row 13.5: the constant was unused):
 * a list's server-side search asks the server only once typing has paused for CONSTANTS.debounceMs.
 */
afterEach(() => vi.useRealTimers());

describe('the list search debounce', () => {
  it('is the spec’s 1000 ms', () => {
    expect(CONSTANTS.debounceMs).toBe(1000);
  });

  it('asks for the typed text only after a 1000 ms pause', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useListSearch());
    act(() => result.current.setText('  Rivers '));
    act(() => vi.advanceTimersByTime(CONSTANTS.debounceMs - 1));
    expect(result.current.q).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.q).toBe('Rivers');
  });
});
