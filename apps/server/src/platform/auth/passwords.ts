import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

/** argon2id (security guide: Passwords). Algorithm 2 = Argon2id in @node-rs/argon2. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of nothing, verified against when the account is unknown so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-000');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** ≥ 8 characters and not one of the most common passwords. Returns a message or null. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < 8) return 'Use at least 8 characters.';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Choose another.';
  if (email && lower === email.toLowerCase()) return 'Do not use your email address as your password.';
  if (/^(.)\1+$/.test(password)) return 'This password is too easy to guess. Choose another.';
  return null;
}
