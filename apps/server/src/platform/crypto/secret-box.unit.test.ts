import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const box = createSecretBox('a-test-secret-that-is-long-enough-0123456789');

describe('secret box (AES-256-GCM)', () => {
  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('hunter2-Password!', 'client:1:background');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'client:1:background')).toBe('hunter2-Password!');
  });

  it('uses a fresh nonce each time', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another context, another key and tampering', () => {
    const sealed = box.seal('secret', 'client:1:background');
    expect(box.open(sealed, 'client:2:background')).toBeNull();
    expect(
      createSecretBox('another-secret-that-is-long-enough-987654321').open(sealed, 'client:1:background'),
    ).toBeNull();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(
      box.open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), 'client:1:background'),
    ).toBeNull();
    expect(box.open('garbage', 'client:1:background')).toBeNull();
  });

  it('refuses a short key', () => {
    expect(() => createSecretBox('short')).toThrow();
  });
});
