import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Integration secrets at rest (security guide "Data protection": background-check passwords, SIS
 * client secrets). AES-256-GCM with a key derived from config.APP_SECRET (HKDF-SHA256), a random
 * 96-bit nonce per value, and associated data naming what the secret belongs to (for example
 * `client:12:background`), so a ciphertext copied to another client or field does not open.
 *
 * Format: `v1.<nonce>.<tag>.<ciphertext>` (base64url). Values are write-only to the browser:
 * nothing sealed here is ever put in a response.
 */
const VERSION = 'v1';

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** the plaintext, or null when the value was sealed with another key or context, or is damaged */
  open(sealed: string, context: string): string | null;
}

export function createSecretBox(appSecret: string): SecretBox {
  if (appSecret.length < 32) throw new Error('APP_SECRET must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'safevisitor', 'secret-box v1', 32));
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, nonce, tag, ct] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || ct === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
