import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries as a test that fails CI (issue 24 §1, §3; ADR 0030), not as prose:
 * - platform/ imports no feature;
 * - feature folders import each other in no cycle, of two or of more (type-only imports included:
 *   a cycle of types is still features that cannot be read, or moved, one without the others;
 *   test support — *.fixtures.ts, *.authz.ts — is not the product and left out);
 * - a feature imports another only through that feature's public `index.ts` (test support —
 *   *.fixtures.ts, *.authz.ts — may reach another feature's fixtures);
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

/** Feature → feature edges, each with the first import that makes it (file:line). */
function featureEdges(imports: Import[]) {
  const edges = new Map<string, Map<string, string>>();
  for (const i of imports) {
    const from = featureOf(i.from.rel);
    const to = featureOf(i.target);
    if (!from || !to || from === to) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, `${i.from.rel}:${i.line}`);
    edges.set(from, out);
  }
  return edges;
}

/**
 * Cycles among feature folders, of any length: one line per cycle found (a shortest path back to
 * the feature it starts from), each edge with the import that makes it.
 */
function featureCycles(imports: Import[]) {
  const edges = featureEdges(imports);
  const cycles = new Set<string>();
  for (const start of [...edges.keys()].sort()) {
    // breadth-first from start's neighbours back to start: the shortest cycle through start
    const previous = new Map<string, string>();
    const queue = [...(edges.get(start)?.keys() ?? [])].sort();
    for (const q of queue) previous.set(q, start);
    while (queue.length > 0) {
      const at = queue.shift() as string;
      if (at === start) break;
      for (const next of [...(edges.get(at)?.keys() ?? [])].sort()) {
        if (previous.has(next)) continue;
        previous.set(next, at);
        queue.push(next);
      }
    }
    if (!previous.has(start)) continue;
    const path = [start];
    for (let at = previous.get(start) as string; at !== start; at = previous.get(at) as string) path.unshift(at);
    path.unshift(start);
    // one line per cycle whatever feature it was found from: start it at its smallest name
    const ring = path.slice(0, -1);
    const first = ring.indexOf([...ring].sort()[0]);
    const turned = [...ring.slice(first), ...ring.slice(0, first), ring[first]];
    const steps = turned.slice(0, -1).map((a, k) => `${edges.get(a)?.get(turned[k + 1])} imports ${turned[k + 1]}`);
    cycles.add(`${turned.join(' → ')}: ${steps.join('; ')}`);
  }
  return [...cycles].sort();
}

/** Test support that may reach into another feature's fixtures (it is not the product). */
const isTestSupport = (rel: string) => /\.(fixtures|authz)\.ts$/.test(rel);

/** Imports of another feature that go past its public index.ts, as file:line lines. */
function importsPastIndex(imports: Import[]) {
  return imports
    .filter((i) => {
      const from = featureOf(i.from.rel);
      const to = featureOf(i.target);
      if (!from || !to || from === to || i.from.rel.split('/').length < 3) return false;
      if (/^features\/[^/]+(\/index)?$/.test(i.target ?? '')) return false;
      return !(isTestSupport(i.from.rel) && /\.fixtures$/.test(i.target ?? ''));
    })
    .map((i) => `${i.from.rel}:${i.line} imports ${i.target} (import '../${featureOf(i.target)}')`);
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

/**
 * Modules that import themselves back through value imports (a runtime cycle: one of them runs
 * with the other half-loaded), as one line per cycle of files. Type-only imports are erased and
 * left out. Issue 24 §1: registered-entry sat in such cycles with visits and visitors.
 */
function valueImportCycles(tree: SourceFile[]) {
  const known = new Set(tree.map((f) => f.rel.replace(/\.ts$/, '')));
  const graph = new Map<string, string[]>();
  const valueImport = /\b(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/g;
  for (const file of tree) {
    const from = file.rel.replace(/\.ts$/, '');
    const out: string[] = [];
    for (const m of file.text.matchAll(valueImport)) {
      const target = path.posix
        .normalize(path.posix.join(path.posix.dirname(from), m[1]))
        .replace(/\.(ts|js|mjs)$/, '');
      const resolved = known.has(target) ? target : known.has(`${target}/index`) ? `${target}/index` : null;
      if (resolved) out.push(resolved);
    }
    graph.set(from, out);
  }
  // Tarjan's strongly connected components: a component of two or more files is a cycle
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort().join(' ⇄ '));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort();
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
      { rel: 'features/d/d.service.ts', text: "import type { E } from '../e';" },
      { rel: 'features/e/e.service.ts', text: "import type { F } from '../f';" },
      { rel: 'features/f/f.authz.ts', text: "import { g } from '../g/g.fixtures';\nimport { d } from '../d';" },
      { rel: 'features/c/c.routes.ts', text: "import { e } from '../e/index';\nimport { g } from '../g/g.fixtures';" },
      { rel: COMPOSITION_ROOT, text: 'createCService(deps); createBRepository(deps.db);' },
    ];
    const synthetic = tree.flatMap(importsOf);
    expect(platformImportingFeatures(synthetic)).toEqual([
      'platform/jobs/jobs.ts:3 imports features/visits/visits.service',
    ]);
    expect(featureCycles(synthetic)).toEqual([
      'a → b → a: features/a/a.service.ts:1 imports b; features/b/b.repository.ts:1 imports a',
      'd → e → f → d: features/d/d.service.ts:1 imports e; features/e/e.service.ts:1 imports f; features/f/f.authz.ts:2 imports d',
    ]);
    expect(
      valueImportCycles([
        { rel: 'features/x/x.service.ts', text: "import { y } from './y.service';" },
        { rel: 'features/x/y.service.ts', text: "import { x } from './x.service';\nimport type { Z } from './z';" },
        { rel: 'features/x/z.ts', text: "import type { Y } from './y.service';" },
      ]),
    ).toEqual(['features/x/x.service ⇄ features/x/y.service']);
    expect(importsPastIndex(synthetic)).toEqual([
      "features/a/a.service.ts:1 imports features/b/b.repository (import '../b')",
      "features/b/b.repository.ts:1 imports features/a/a.service (import '../a')",
      "features/c/c.routes.ts:2 imports features/g/g.fixtures (import '../g')",
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

  it('a feature imports another only through its public index.ts', () => {
    const violations = importsPastIndex(imports);
    expect(violations, `import a feature through its index.ts:\n${violations.join('\n')}`).toEqual([]);
  });

  it('feature folders import each other in no cycle', () => {
    const cycles = featureCycles(imports.filter((i) => !isTestSupport(i.from.rel)));
    expect(cycles, `feature folders in an import cycle:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('no module imports itself back through value imports (a runtime import cycle)', () => {
    const cycles = valueImportCycles(files);
    expect(cycles, `modules in a runtime import cycle:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('every service and repository is built in the composition root only', () => {
    const violations = constructionsOutsideRoot(files);
    expect(
      violations,
      `build services and repositories in ${COMPOSITION_ROOT} and pass them in:\n${violations.join('\n')}`,
    ).toEqual([]);
  });
});
