import { keyToScanChar, SCAN_IDLE_DELAY_MS, type ScanKey } from '@sv/domain';
import { useEffect, useRef, useState } from 'react';

export type WedgePhase = 'idle' | 'reading';

/**
 * The keystroke buffer of a keyboard-wedge scanner (spec 002 §4 Scan flow, §5 scan keys): each
 * key is turned back into its character (`keyToScanChar`: Ctrl+M → CR, Ctrl+J → LF, other control
 * and modifier keys dropped) and, `idleMs` after the last one, the text is handed over.
 * Framework-free so its timing can be tested with fake timers.
 */
export class WedgeBuffer {
  private text = '';
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly onComplete: (text: string) => void,
    private readonly onChange: (phase: WedgePhase, length: number) => void = () => {},
    private readonly idleMs = SCAN_IDLE_DELAY_MS,
  ) {}

  /** Feeds one key; true when it was taken as part of the scan (the caller then prevents its default). */
  key(event: ScanKey): boolean {
    const ch = keyToScanChar(event);
    if (ch === null) return false;
    this.text += ch;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.idleMs);
    this.onChange('reading', this.text.length);
    return true;
  }

  get length() {
    return this.text.length;
  }

  private flush() {
    this.timer = null;
    const text = this.text;
    this.text = '';
    this.onChange('idle', 0);
    // a stray key is not a scan: nothing but white space or separators is dropped
    if (text.trim()) this.onComplete(text);
  }

  reset() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.text = '';
    this.onChange('idle', 0);
  }
}

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/**
 * Captures scanner keystrokes on the whole window while `enabled`, except those typed into a text
 * field (the manual entry field keeps working). The payload is handed to `onScan` one second
 * after the last key (SCAN_IDLE_DELAY_MS).
 */
export function useWedgeScanner(options: { enabled: boolean; onScan: (text: string) => void; idleMs?: number }) {
  const { enabled, idleMs } = options;
  const [phase, setPhase] = useState<WedgePhase>('idle');
  const [length, setLength] = useState(0);
  const onScan = useRef(options.onScan);
  onScan.current = options.onScan;

  useEffect(() => {
    if (!enabled) return;
    const buffer = new WedgeBuffer(
      (text) => onScan.current(text),
      (p, n) => {
        setPhase(p);
        setLength(n);
      },
      idleMs,
    );
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(EDITABLE)) return;
      // Enter or Space on a focused button is the attendant pressing it, unless a scan is under way
      if (buffer.length === 0 && (e.key === 'Enter' || e.key === ' ') && target?.closest('button, a, [role="button"]'))
        return;
      if (buffer.key(e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      buffer.reset();
    };
  }, [enabled, idleMs]);

  return { phase, length };
}
