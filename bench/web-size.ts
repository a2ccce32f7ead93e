/**
 * Initial JavaScript of the two browser routes that must load fast (issue: front desk ≤ 250 KB
 * gzip, kiosk ≤ 200 KB gzip), read from the Vite manifest (apps/web/vite.config.ts
 * `build.manifest: true`). "Initial" = the entry chunk, the route's lazy screens that render
 * before anything is shown (the shell and the route's screen), and every chunk they import
 * statically; dynamic imports below them are not counted. CSS is reported beside it.
 *
 *   npx tsx bench/web-size.ts            # builds apps/web, then reports
 *   npx tsx bench/web-size.ts --no-build # reports on the existing apps/web/dist
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RouteSize {
  route: string;
  roots: string[];
  files: string[];
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  targetGzipBytes: number;
  pass: boolean;
}

export interface WebSizeReport {
  builtAt: string;
  buildSeconds: number | null;
  entryOnlyGzipBytes: number;
  routes: RouteSize[];
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;

export function measureWebSize(opts: { build: boolean }): WebSizeReport {
  let buildSeconds: number | null = null;
  if (opts.build) {
    const t0 = performance.now();
    execSync('npm run build -w @sv/web', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    buildSeconds = Number(((performance.now() - t0) / 1000).toFixed(1));
  }
  const manifestPath = [path.join(DIST, '.vite/manifest.json'), path.join(DIST, 'manifest.json')].find((p) =>
    fs.existsSync(p),
  );
  if (!manifestPath) throw new Error('No Vite manifest: set build.manifest = true in apps/web/vite.config.ts');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the manifest');
  const key = (suffix: string) => Object.keys(manifest).find((k) => k.endsWith(suffix));

  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (k: string) => {
      if (seen.has(k) || !manifest[k]) return;
      seen.add(k);
      for (const i of manifest[k].imports ?? []) visit(i);
    };
    for (const r of roots) visit(r);
    return [...seen];
  };
  const measure = (route: string, roots: string[], target: number): RouteSize => {
    const keys = closure(roots);
    const files = keys.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
    const jsGzipBytes = files.reduce((n, f) => n + gz(f), 0);
    return {
      route,
      roots,
      files,
      jsBytes: files.reduce((n, f) => n + fs.statSync(path.join(DIST, f)).size, 0),
      jsGzipBytes,
      cssGzipBytes: css.reduce((n, f) => n + gz(f), 0),
      targetGzipBytes: target,
      pass: jsGzipBytes <= target,
    };
  };

  const dashboard = key('features/dashboard/dashboard-page.tsx');
  // The kiosk screen: a kiosk page when the kiosk feature has one, else what the route renders today.
  const kioskScreen =
    Object.keys(manifest).find((k) => /features\/kiosk\/.*(page|screen)\.tsx$/.test(k) && manifest[k].isDynamicEntry) ??
    dashboard;
  const frontDeskRoots = [entryKey, key('features/shell/desk-shell.tsx'), dashboard].filter(Boolean) as string[];
  const kioskRoots = [entryKey, key('features/shell/kiosk-shell.tsx'), kioskScreen].filter(Boolean) as string[];
  return {
    builtAt: new Date(fs.statSync(manifestPath).mtimeMs).toISOString(),
    buildSeconds,
    entryOnlyGzipBytes: measure('entry', [entryKey], 0).jsGzipBytes,
    routes: [
      measure('front desk (/)', frontDeskRoots, 250 * 1024),
      measure('kiosk (/safe/kiosk)', kioskRoots, 200 * 1024),
    ],
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report = measureWebSize({ build: !process.argv.includes('--no-build') });
  console.log(`entry chunk alone: ${kb(report.entryOnlyGzipBytes)} gzip`);
  for (const r of report.routes) {
    console.log(
      `${r.route.padEnd(22)} initial JS ${kb(r.jsGzipBytes).padStart(9)} gzip (${kb(r.jsBytes)} raw, ${r.files.length} files; CSS ${kb(r.cssGzipBytes)} gzip)  target ≤ ${kb(r.targetGzipBytes)}  ${r.pass ? 'PASS' : 'MISS'}`,
    );
  }
}
