import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WedgeBuffer } from './use-wedge-scanner';

describe('WedgeBuffer (spec 002 §4 Scan flow, §5 scan keys)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const type = (b: WedgeBuffer, text: string) => {
    for (const ch of text) {
      if (ch === '\n') b.key({ key: 'j', ctrlKey: true });
      else if (ch === '\r') b.key({ key: 'm', ctrlKey: true });
      else b.key({ key: ch });
    }
  };

  it('hands over the text one second after the last key, with Ctrl+J / Ctrl+M as LF / CR', () => {
    const done = vi.fn();
    const phases: string[] = [];
    const b = new WedgeBuffer(done, (p) => phases.push(p));
    type(b, '@\n\rANSI 636000');
    vi.advanceTimersByTime(999);
    expect(done).not.toHaveBeenCalled();
    b.key({ key: 'X' });
    vi.advanceTimersByTime(999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledWith('@\n\rANSI 636000X');
    expect(phases.at(0)).toBe('reading');
    expect(phases.at(-1)).toBe('idle');
  });

  it('ignores modifier keys, other control combinations and function keys', () => {
    const done = vi.fn();
    const b = new WedgeBuffer(done);
    expect(b.key({ key: 'Shift', shiftKey: true })).toBe(false);
    expect(b.key({ key: 'c', ctrlKey: true })).toBe(false);
    expect(b.key({ key: 'F5' })).toBe(false);
    expect(b.key({ key: 'A', shiftKey: true })).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(done).toHaveBeenCalledWith('A');
  });

  it('drops a scan of nothing but separators', () => {
    const done = vi.fn();
    const b = new WedgeBuffer(done);
    b.key({ key: 'Enter' });
    vi.advanceTimersByTime(1000);
    expect(done).not.toHaveBeenCalled();
  });
});
