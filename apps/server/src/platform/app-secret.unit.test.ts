import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SECRET_FILE, resolveAppSecret } from './app-secret';
import { loadConfig } from './config';

describe('APP_SECRET by default (issue 23 §1)', () => {
  it('generates a secret on the first start, keeps it owner-only in the data folder, and reads it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sv-secret-'));
    const dataDir = path.join(dir, 'data');
    const first = resolveAppSecret({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, APP_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAppSecret({ NODE_ENV: 'production', DATA_DIR: dataDir })).toBe(first);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).APP_SECRET).toBe(first);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has no fixed fallback: two installs get different secrets, tests a random one per process', () => {
    const a = fs.mkdtempSync(path.join(os.tmpdir(), 'sv-secret-'));
    const b = fs.mkdtempSync(path.join(os.tmpdir(), 'sv-secret-'));
    expect(resolveAppSecret({ NODE_ENV: 'development', DATA_DIR: a })).not.toBe(
      resolveAppSecret({ NODE_ENV: 'development', DATA_DIR: b }),
    );
    expect(resolveAppSecret({ NODE_ENV: 'test', DATA_DIR: a })).not.toBe(
      resolveAppSecret({ NODE_ENV: 'test', DATA_DIR: a }),
    );
    for (const d of [a, b]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('refuses to start in production on PostgreSQL without one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x' })).toThrow(
      /APP_SECRET: required in production on PostgreSQL/,
    );
  });
});
