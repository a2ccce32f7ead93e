/**
 * Keyboard-wedge scanner key handling (spec 002 §5 "Scan key handling"; integrations guide
 * "Driver's licences"): a 2D scanner "types" its payload, so each keydown is turned back into the
 * character it stands for.
 */

/** Idle time after the last key before the scanned text is searched (spec 002 §9). */
export const SCAN_IDLE_DELAY_MS = 1000;

/** The parts of a `KeyboardEvent` the scanner handling needs. */
export interface ScanKey {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

// Printable characters a barcode payload can contain: letters, digits and common punctuation.
// Shifted characters already arrive as the shifted `key` ('@', '#', 'A'), so Shift needs no mapping.
const PRINTABLE = /^[A-Za-z0-9 !"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]$/;

/**
 * The character a scanner keystroke stands for, or null when the key is to be ignored.
 *
 * - Printable letters, digits, space and punctuation → themselves.
 * - Ctrl+M → '\r' and Ctrl+J → '\n' (scanners send AAMVA separators this way).
 * - Enter → '\r': scanners configured with an Enter suffix send it for a carriage return.
 * - Tab, modifier keys (Shift, Control, Alt, Meta, CapsLock), arrows, F-keys, Escape, Backspace,
 *   any other Ctrl/Alt/Meta combination → null (spec: "other control keys … are ignored").
 *   Tab is ignored because a wedge may add it as a suffix to move focus; it never occurs inside
 *   an AAMVA payload.
 * - AltGr characters on international layouts report ctrlKey+altKey together; they are printable
 *   characters and are accepted.
 */
export function keyToScanChar(event: ScanKey): string | null {
  const { key, ctrlKey = false, altKey = false, metaKey = false } = event;
  if (metaKey) return null;
  if (ctrlKey && !altKey) {
    const lower = key.toLowerCase();
    if (lower === 'm') return '\r';
    if (lower === 'j') return '\n';
    return null;
  }
  if (altKey && !ctrlKey) return null;
  if (key === 'Enter') return '\r';
  return PRINTABLE.test(key) ? key : null;
}
