import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's own files are, however it runs (ADR 0019): from TypeScript source (tsx in
 * development, vitest) or from the esbuild bundle in apps/server/dist (npm start, the benchmark).
 * A path relative to a source file (`new URL('../../../db/migrations', import.meta.url)`) points
 * elsewhere once that file is bundled, so every file the server reads or starts from its package
 * is found here, from the server package folder.
 */

/**
 * In a bundle: its folder relative to the server folder ('dist', 'dist/bench'), defined by
 * scripts/build-server.mjs (esbuild `define`). Not defined under tsx or vitest.
 */
declare const __SV_BUNDLE_DIR__: string | undefined;
const BUNDLE_DIR = typeof __SV_BUNDLE_DIR__ === 'string' ? __SV_BUNDLE_DIR__ : null;

export const SERVER_PACKAGE_NAME = '@sv/server';

/**
 * The nearest folder at or above `from` whose package.json is the server package's. Walking up
 * hard-codes no depth: this file is src/platform/server-paths.ts in source, and part of some
 * chunk under dist/ (or dist/bench/) in a bundle.
 */
export function findServerDir(from: string): string {
  for (let dir = path.resolve(from); ; ) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if (JSON.parse(fs.readFileSync(manifest, 'utf8')).name === SERVER_PACKAGE_NAME) return dir;
      } catch {
        // an unreadable package.json is not ours: keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No ${SERVER_PACKAGE_NAME} package.json at or above ${from}`);
    dir = parent;
  }
}

/** The server package folder (apps/server). */
export const SERVER_DIR = findServerDir(path.dirname(fileURLToPath(import.meta.url)));

/** Committed SQL migrations (drizzle-kit generate). */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'db/migrations');

/** The demo OneRoster CSV bundle shipped with the product (fictitious people only). */
export const DEMO_SIS_BUNDLE_DIR = path.join(SERVER_DIR, 'db/seed/sis-bundle');

/**
 * The import parse worker's entry: in a bundle, the compiled worker of the same build
 * (scripts/build-server.mjs always builds it beside the entry); from source, the plain-JavaScript
 * shim that registers tsx for the worker thread and loads import-worker.ts.
 */
export const IMPORT_WORKER_ENTRY =
  BUNDLE_DIR !== null
    ? path.join(SERVER_DIR, BUNDLE_DIR, 'import-worker.mjs')
    : path.join(SERVER_DIR, 'src/platform/imports/import-worker.mjs');
