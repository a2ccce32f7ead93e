import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries as a test that fails CI (issue 24 §1, §3; ADR 0030), not as prose:
 * - platform/ imports no feature;
 * - no two feature folders import each other (directly; type-only imports included: a cycle of
 *   types is still two features that cannot be read, or moved, one without the other);
 * - every service and repository is built once, in the composition root (composition.ts).
 * Test files are left out: a test may build what it needs.
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
const COMPOSITION_ROOT = 'composition.ts';

interface SourceFile {
  /** path relative to apps/server/src, with forward slashes */
  rel: string;
  text: string;
}

interface Import {
  from: SourceFile;
  line: number;
  /** resolved path relative to apps/server/src (no extension), or null for a package */
  target: string | null;
}

function sourceFiles(dir = SRC): SourceFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    if (!/\.ts$/.test(e.name) || /\.test\.ts$/.test(e.name)) return [];
    return [{ rel: path.relative(SRC, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') }];
  });
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Static imports and re-exports (multi-line ones included) and dynamic import('…') calls. */
function importsOf(file: SourceFile): Import[] {
  const found: Import[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of file.text.matchAll(pattern)) {
      const spec = m[1];
      const target = spec.startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file.rel), spec)).replace(/\.(ts|js|mjs)$/, '')
        : null;
      found.push({ from: file, line: lineOf(file.text, m.index ?? 0), target });
    }
  }
  return found;
}

/** The feature folder of a path under features/ ('visits' for features/visits/visits.service). */
const featureOf = (rel: string | null) => (rel?.startsWith('features/') ? rel.split('/')[1] : null);

/**
 * The only repositories built outside the composition root, each for a reason:
 * - on a caller's transaction (`tx`): the repository's own transactions become savepoints of it
 *   (an import's one transaction; a registration's approval that resolves its visitor);
 * - in cli/: another process, with its own database and no app;
 * - in an export definition (*.export.ts): registered at module load and run by platform's export
 *   writer with the deps it is handed (platform imports no feature, so it cannot hand services).
 */
function repositoryMayBeBuiltHere(rel: string, firstArgument: string) {
  return firstArgument === 'tx' || rel.startsWith('cli/') || rel.endsWith('.export.ts');
}

/** platform/ files importing a feature, as file:line lines. */
function platformImportingFeatures(imports: Import[]) {
  return imports
    .filter((i) => i.from.rel.startsWith('platform/') && i.target?.startsWith('features/'))
    .map((i) => `${i.from.rel}:${i.line} imports ${i.target}`);
}

/** Pairs of feature folders that import each other, each with the two imports that make it. */
function featureCycles(imports: Import[]) {
  // feature → feature → where (the first import that makes the edge)
  const edges = new Map<string, Map<string, string>>();
  for (const i of imports) {
    const from = featureOf(i.from.rel);
    const to = featureOf(i.target);
    if (!from || !to || from === to) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, `${i.from.rel}:${i.line}`);
    edges.set(from, out);
  }
  const cycles: string[] = [];
  for (const [a, out] of edges) {
    for (const [b, where] of out) {
      const back = edges.get(b)?.get(a);
      if (back && a < b) cycles.push(`${a} ⇄ ${b}: ${where} imports ${b}; ${back} imports ${a}`);
    }
  }
  return cycles;
}

/** Services and repositories built outside the composition root, as file:line lines. */
function constructionsOutsideRoot(files: SourceFile[]) {
  const construction = /\b(create[A-Z]\w*(?:Service|Repository))\(\s*(\w*)/g;
  const violations: string[] = [];
  for (const file of files) {
    if (file.rel === COMPOSITION_ROOT) continue;
    for (const m of file.text.matchAll(construction)) {
      const [, factory, firstArgument] = m;
      const before = file.text.slice(Math.max(0, (m.index ?? 0) - 9), m.index);
      if (/function\s$/.test(before)) continue; // the factory's own definition
      if (factory.endsWith('Repository') && repositoryMayBeBuiltHere(file.rel, firstArgument)) continue;
      violations.push(`${file.rel}:${lineOf(file.text, m.index ?? 0)} calls ${factory}(…)`);
    }
  }
  return violations;
}

const files = sourceFiles();
const imports = files.flatMap(importsOf);

describe('architecture boundaries (issue 24)', () => {
  it('the scan sees the server: features, platform and the composition root', () => {
    expect(files.some((f) => f.rel === COMPOSITION_ROOT)).toBe(true);
    expect(files.filter((f) => f.rel.startsWith('platform/')).length).toBeGreaterThan(20);
    expect(new Set(files.map((f) => featureOf(f.rel)).filter(Boolean)).size).toBeGreaterThan(20);
  });

  it('the checks catch what they are for (a synthetic tree)', () => {
    const tree: SourceFile[] = [
      {
        rel: 'platform/jobs/jobs.ts',
        text: "import type {\n  VisitsService,\n} from '../../features/visits/visits.service';",
      },
      {
        rel: 'features/a/a.service.ts',
        text: "import { b } from '../b/b.repository';\nconst s = createVisitsService(deps);",
      },
      { rel: 'features/b/b.repository.ts', text: "export const load = () => import('../a/a.service');" },
      { rel: 'features/b/b.import.ts', text: 'createBRepository(tx); createBRepository(deps.db);' },
      { rel: 'features/c/c.service.ts', text: 'export function createCService(deps: AppDeps) {}' },
      { rel: COMPOSITION_ROOT, text: 'createCService(deps); createBRepository(deps.db);' },
    ];
    const synthetic = tree.flatMap(importsOf);
    expect(platformImportingFeatures(synthetic)).toEqual([
      'platform/jobs/jobs.ts:3 imports features/visits/visits.service',
    ]);
    expect(featureCycles(synthetic)).toEqual([
      'a ⇄ b: features/a/a.service.ts:1 imports b; features/b/b.repository.ts:1 imports a',
    ]);
    expect(constructionsOutsideRoot(tree)).toEqual([
      'features/a/a.service.ts:2 calls createVisitsService(…)',
      'features/b/b.import.ts:1 calls createBRepository(…)',
    ]);
  });

  it('platform/ imports no feature', () => {
    const violations = platformImportingFeatures(imports);
    expect(violations, `platform must not depend on a feature:\n${violations.join('\n')}`).toEqual([]);
  });

  it('no two feature folders import each other', () => {
    const cycles = featureCycles(imports);
    expect(cycles, `feature folders in an import cycle:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('every service and repository is built in the composition root only', () => {
    const violations = constructionsOutsideRoot(files);
    expect(
      violations,
      `build services and repositories in ${COMPOSITION_ROOT} and pass them in:\n${violations.join('\n')}`,
    ).toEqual([]);
  });
});
