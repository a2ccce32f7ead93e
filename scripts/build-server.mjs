// Builds the server into apps/server/dist with esbuild (ADR 0019): what `npm start` and the
// benchmark run. Under tsx every file is compiled when it loads and the transform caches and
// source maps stay in the server's memory; a bundle built ahead of time carries none of that.
//
//   node scripts/build-server.mjs      → apps/server/dist/main.mjs, import-worker.mjs, chunks/
//
// Our own code is bundled, including the workspace packages (@sv/*: TypeScript sources reached
// through node_modules symlinks). Every third-party package stays external and is loaded from
// node_modules at run time, as under tsx: native and WASM packages (argon2, sharp, PGlite) work
// unchanged, and the lazy `import('exceljs')` of platform/lazy-modules.ts stays lazy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(ROOT, 'apps/server');
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');
/** The production server: output name → source file, relative to the repository root. */
export const SERVER_ENTRIES = { main: 'apps/server/src/main.ts' };
/** The import parse worker runs in a thread of its own from a file of its own: every build has it. */
const IMPORT_WORKER = 'apps/server/src/platform/imports/import-worker.ts';

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');

/** Bundle what is ours (relative imports, @sv/* workspace packages); leave every npm package and node: to node. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || packageName(args.path).startsWith('@sv/')) return undefined;
      // a package's JSON data (the confusables table of @sv/domain identity.ts) is bundled: an
      // external JSON import needs an import attribute, which esbuild drops for this target
      if (args.path.endsWith('.json')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles `entries` (output name → source file relative to the repository root) and the import
 * worker into `outdir`, which must be inside apps/server: the bundle finds the server folder by
 * walking up from itself (apps/server/src/platform/server-paths.ts). Returns the entry files
 * written and the time taken.
 */
export async function buildServer({ entries = SERVER_ENTRIES, outdir = SERVER_DIST, logLevel = 'warning' } = {}) {
  const started = performance.now();
  const bundleDir = path.relative(SERVER_DIR, outdir);
  if (bundleDir.startsWith('..') || path.isAbsolute(bundleDir))
    throw new Error(`${outdir} is not inside ${SERVER_DIR}`);
  const entryPoints = Object.fromEntries(
    Object.entries({ ...entries, 'import-worker': IMPORT_WORKER }).map(([name, file]) => [name, path.join(ROOT, file)]),
  );
  // chunk names carry content hashes: drop the previous build's (entries are overwritten by name)
  fs.rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    // main.ts imports the app only after the port check and the data-folder lock, so a second
    // start fails in a fraction of a second (ADR 0011); split chunks keep those imports lazy, where
    // one file would load every package the app uses before the check.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // .map files named by a sourceMappingURL comment, which node reads only when source maps are
    // on: `NODE_OPTIONS=--enable-source-maps npm start` maps stack traces to src/ lines. Off by
    // default: 5-10 MB more RSS (ADR 0019); the unminified bundle's own lines and names read well
    // enough. No sourcesContent: the sources are in the repository, and the map is a third the size.
    sourcemap: 'linked',
    sourcesContent: false,
    // platform/server-paths.ts: where this build's import worker is (and that the code is compiled)
    define: { __SV_BUNDLE_DIR__: JSON.stringify(bundleDir.split(path.sep).join('/')) },
    banner: { js: '// Built by scripts/build-server.mjs from TypeScript sources; edit those, not this file.' },
    plugins: [externalPackages],
    metafile: true,
    logLevel,
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
  // A require() in bundled code becomes a shim that throws at run time in ESM output: fail the
  // build instead (the fix is a createRequire banner; nothing of ours needs one today).
  for (const [file] of outputs) {
    if (fs.readFileSync(path.join(ROOT, file), 'utf8').includes('Dynamic require of "')) {
      throw new Error(`${file}: bundled code calls require(); add a createRequire banner in scripts/build-server.mjs`);
    }
  }
  return {
    entries: Object.keys(entryPoints).map((name) => path.join(outdir, `${name}.mjs`)),
    bytes: outputs.reduce((sum, [, out]) => sum + out.bytes, 0),
    ms: Math.round(performance.now() - started),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bytes, ms } = await buildServer();
  console.log(
    `Server built in ${(ms / 1000).toFixed(1)} s (${path.relative(ROOT, SERVER_DIST)}, ${Math.round(bytes / 1024)} KB)`,
  );
}
