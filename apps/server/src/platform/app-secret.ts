import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in the data folder that keeps a generated APP_SECRET (owner-only). */
export const APP_SECRET_FILE = 'app-secret';

/**
 * Where APP_SECRET comes from when the environment does not set it (issue 23 §1: secure by
 * default, no fixed fallback in the source):
 * - production on PostgreSQL: nowhere — the configuration refuses to start (config.ts);
 * - tests (NODE_ENV=test): a random secret for this process (a test never restarts its server);
 * - otherwise (the embedded install, or development on PostgreSQL): generated on the first start
 *   and kept in `<DATA_DIR>/app-secret` with owner-only permissions, so sessions' device cookies
 *   and the encrypted integration secrets survive a restart.
 */
export function resolveAppSecret(env: { NODE_ENV: string; DATA_DIR: string }): string {
  if (env.NODE_ENV === 'test') return randomBytes(32).toString('base64url');
  const file = path.join(path.resolve(env.DATA_DIR), APP_SECRET_FILE);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx': two processes starting at once never overwrite each other's secret
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}
