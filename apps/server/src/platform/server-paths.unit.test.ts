import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../../scripts/build-server.mjs';
import { DEMO_SIS_BUNDLE_DIR, findServerDir, IMPORT_WORKER_ENTRY, MIGRATIONS_DIR, SERVER_DIR } from './server-paths';

const serverPackage = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name;

describe('server paths from source (tsx, vitest)', () => {
  it('finds the server package folder and its files', () => {
    expect(serverPackage(SERVER_DIR)).toBe('@sv/server');
    expect(fs.readdirSync(MIGRATIONS_DIR).some((f) => f.endsWith('.sql'))).toBe(true);
    expect(fs.existsSync(path.join(DEMO_SIS_BUNDLE_DIR, 'users.csv'))).toBe(true);
    // from source the worker is the tsx shim
    expect(IMPORT_WORKER_ENTRY).toBe(path.join(SERVER_DIR, 'src/platform/imports/import-worker.mjs'));
    expect(fs.existsSync(IMPORT_WORKER_ENTRY)).toBe(true);
  });

  it('walks up from any depth, and says so when there is no server package above', () => {
    expect(findServerDir(path.join(SERVER_DIR, 'dist/bench/chunks'))).toBe(SERVER_DIR);
    expect(() => findServerDir(os.tmpdir())).toThrow(/No @sv\/server package\.json/);
  });
});

describe('paths relative to a source file', () => {
  // They point elsewhere once the file is bundled (ADR 0019): find files through server-paths.ts.
  const allowed = new Set([
    'apps/server/src/platform/server-paths.ts',
    // the tsx shim: runs only from source
    'apps/server/src/platform/imports/import-worker.mjs',
  ]);
  const root = path.resolve(SERVER_DIR, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'test' || e.name === 'cli' ? [] : sources(full); // never bundled
      return /\.(ts|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
    });

  it('are found only in server-paths.ts', () => {
    const dirs = [
      'apps/server/src',
      'apps/server/db',
      ...fs.readdirSync(path.join(root, 'packages')).map((p) => `packages/${p}/src`),
    ];
    const offenders = dirs
      .flatMap((d) => sources(path.join(root, d)))
      .map((f) => path.relative(root, f))
      .filter((f) => !allowed.has(f))
      .filter((f) =>
        /import\.meta\.(url|dirname|filename)|__dirname|__filename/.test(fs.readFileSync(path.join(root, f), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});

describe('server paths in a bundle (scripts/build-server.mjs)', () => {
  // inside apps/server, as every bundle is: the bundle finds the server folder by walking up
  let outdir = '';
  beforeAll(() => {
    fs.mkdirSync(path.join(SERVER_DIR, 'dist'), { recursive: true });
    outdir = fs.mkdtempSync(path.join(SERVER_DIR, 'dist', 'test-'));
  });
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('finds the server folder, migrations, demo roster and the compiled import worker', async () => {
    await buildServer({
      entries: { check: 'apps/server/src/platform/server-paths.fixture.ts', main: 'apps/server/src/main.ts' },
      outdir,
      logLevel: 'error',
    });
    const out = JSON.parse(execFileSync(process.execPath, [path.join(outdir, 'check.mjs')], { encoding: 'utf8' }));
    expect(out).toEqual({
      serverDir: SERVER_DIR,
      migrations: fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length,
      demoRoster: true,
      worker: path.join(outdir, 'import-worker.mjs'),
      headers: ['first', 'last'],
      rows: 1,
    });
  }, 30_000);

  it('bundles the workspace packages and leaves npm packages external', () => {
    const code = fs
      .readdirSync(outdir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => fs.readFileSync(path.join(outdir, f), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from "@sv\//);
    expect(code).toMatch(/from "zod"/);
    expect(code).toMatch(/from "fastify"/);
    expect(code).toContain('import("exceljs")'); // platform/lazy-modules.ts: still loaded on first use
  });
});
