import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAamvaPayload } from './aamva-builder';
import { parseAamva } from './aamva';
import { keyToScanChar, SCAN_IDLE_DELAY_MS, type ScanKey } from './scan-keys';

describe('keyToScanChar (spec 002 §5)', () => {
  it.each(['a', 'Z', '0', '9', ' ', '@', '#', '-', ',', '.', '/', '\\', "'", '"', '(', ']', '~', '|'])(
    'accepts printable %j',
    (key) => {
      expect(keyToScanChar({ key })).toBe(key);
    },
  );

  it('accepts shifted characters as delivered in key', () => {
    expect(keyToScanChar({ key: 'A', shiftKey: true })).toBe('A');
    expect(keyToScanChar({ key: '@', shiftKey: true })).toBe('@');
  });

  it('maps Ctrl+M and Ctrl+J to CR and LF, whatever the case', () => {
    expect(keyToScanChar({ key: 'm', ctrlKey: true })).toBe('\r');
    expect(keyToScanChar({ key: 'M', ctrlKey: true, shiftKey: true })).toBe('\r');
    expect(keyToScanChar({ key: 'j', ctrlKey: true })).toBe('\n');
    expect(keyToScanChar({ key: 'J', ctrlKey: true })).toBe('\n');
  });

  it('maps Enter to CR', () => {
    expect(keyToScanChar({ key: 'Enter' })).toBe('\r');
  });

  it.each([
    'Shift',
    'Control',
    'Alt',
    'Meta',
    'CapsLock',
    'ArrowUp',
    'ArrowLeft',
    'F1',
    'F12',
    'Escape',
    'Backspace',
    'Tab',
    'Dead',
    'Unidentified',
    'é',
  ])('ignores %s', (key) => {
    expect(keyToScanChar({ key })).toBeNull();
  });

  it('ignores other ctrl, alt and meta combinations', () => {
    expect(keyToScanChar({ key: 'c', ctrlKey: true })).toBeNull();
    expect(keyToScanChar({ key: 'v', metaKey: true })).toBeNull();
    expect(keyToScanChar({ key: 'm', metaKey: true })).toBeNull();
    expect(keyToScanChar({ key: 'a', altKey: true })).toBeNull();
    expect(keyToScanChar({ key: 'Enter', ctrlKey: true })).toBeNull();
  });

  it('accepts AltGr characters (ctrl+alt together)', () => {
    expect(keyToScanChar({ key: '@', ctrlKey: true, altKey: true })).toBe('@');
  });

  it('waits one second of idle time before searching (spec 002 §9)', () => {
    expect(SCAN_IDLE_DELAY_MS).toBe(1000);
  });

  it('rebuilds a payload typed as keys, with control characters sent as Ctrl+J / Ctrl+M (property)', () => {
    const toKeys = (text: string): ScanKey[] =>
      [...text].flatMap((ch): ScanKey[] => {
        if (ch === '\n') return [{ key: 'Control' }, { key: 'j', ctrlKey: true }];
        if (ch === '\r') return [{ key: 'm', ctrlKey: true }];
        if (ch === '\x1e') return [{ key: '^', ctrlKey: true, shiftKey: true }]; // RS: dropped by the wedge
        if (/[A-Z@#]/.test(ch)) return [{ key: 'Shift' }, { key: ch, shiftKey: true }];
        return [{ key: ch }];
      });
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{2,10}$/),
        fc.stringMatching(/^[A-Z]{2,10}$/),
        fc.integer({ min: 1, max: 10 }),
        (lastName, firstName, version) => {
          const card = { firstName, lastName, dateOfBirth: '1980-02-29', state: 'TX', licenseNumber: '12345678' };
          const typed = toKeys(buildAamvaPayload(card, { version }))
            .map(keyToScanChar)
            .filter((c): c is string => c !== null)
            .join('');
          expect(typed).not.toContain('\x1e');
          expect(parseAamva(typed)).toMatchObject({ firstName, lastName, dateOfBirth: '1980-02-29' });
        },
      ),
    );
  });
});
