import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });

/** top-level key of a feature catalogue → its catalogue file, without the extension */
const catalogueOf = new Map<string, string>();
for (const file of sourceFiles(path.join(SRC, 'features')).filter((f) => f.endsWith('/i18n.en.ts'))) {
  for (const [, key] of fs.readFileSync(file, 'utf8').matchAll(/^ {2}(\w+): \{/gm)) {
    catalogueOf.set(key!, file.replace(/\.ts$/, ''));
  }
}

/**
 * Feature strings load with the modules that import their catalogue (lib/i18n/index.ts): a
 * module showing a feature's strings without importing its catalogue would show raw keys
 * whenever nothing else had loaded that catalogue yet.
 */
describe('feature catalogues', () => {
  it('are found', () => {
    expect(catalogueOf.get('dashboard')).toMatch(/features\/dashboard\/i18n\.en$/);
  });

  for (const file of sourceFiles(SRC).filter((f) => !f.endsWith('/i18n.en.ts'))) {
    const text = fs.readFileSync(file, 'utf8');
    const used = new Set([...text.matchAll(/\bt\(\s*['"`](\w+)\./g)].map((m) => catalogueOf.get(m[1]!)));
    used.delete(undefined);
    if (!used.size) continue;
    it(`${path.relative(SRC, file)} imports the catalogues of the strings it shows`, () => {
      const imported = [...text.matchAll(/^import '(\.[^']+)';$/gm)].map((m) =>
        path.resolve(path.dirname(file), m[1]!),
      );
      expect(imported).toEqual(expect.arrayContaining([...used]));
    });
  }
});
