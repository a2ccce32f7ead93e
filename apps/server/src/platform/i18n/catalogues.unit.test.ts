import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VISITOR_LANGUAGES } from './catalogue';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OTHERS = VISITOR_LANGUAGES.filter((l) => l !== 'en');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
/** Every server catalogue: an English `i18n.en.ts` (ADR 0055). */
const englishFiles = sourceFiles(SRC).filter((f) => f.endsWith('/i18n.en.ts'));

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...leaves(v, `${prefix}${k}.`)],
    ),
  );
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** A file's one exported catalogue (`export const xEn = { … }`). */
const catalogueOf = async (file: string): Promise<Tree> => {
  const exported = Object.values(await import(/* @vite-ignore */ file)) as Tree[];
  expect(exported, file).toHaveLength(1);
  return exported[0]!;
};

/**
 * Issue 29 §1–2: the server's visitor text in six languages, one mechanism. The types already refuse
 * a missing or extra key (`Shape<typeof xEn>`); this checks what they cannot: every language file is
 * there and gathered, each text keeps the English placeholders and none is empty or left in English.
 */
describe("the server's visitor catalogues in six languages", () => {
  it('are found: the pass messages, the printed fixed words and the reunification link', () => {
    expect(englishFiles.map((f) => path.relative(SRC, f))).toEqual(
      expect.arrayContaining([
        'features/visitor-passes/i18n.en.ts',
        'integrations/printing/i18n.en.ts',
        'features/reunification/i18n.en.ts',
      ]),
    );
  });

  for (const file of englishFiles) {
    const name = path.relative(SRC, file);
    it(`${name}: every language, the same keys, the English placeholders, nothing empty`, async () => {
      const en = leaves(await catalogueOf(file));
      const wrong: string[] = [];
      for (const lng of OTHERS) {
        const other = file.replace('/i18n.en.ts', `/i18n.${lng}.ts`);
        if (!fs.existsSync(other)) {
          wrong.push(`${lng}: no file`);
          continue;
        }
        const tree = leaves(await catalogueOf(other));
        expect([...tree.keys()].sort(), `${name} ${lng}`).toEqual([...en.keys()].sort());
        for (const [key, text] of tree) {
          const english = en.get(key)!;
          if (placeholders(text).join() !== placeholders(english).join()) wrong.push(`${lng} ${key}: placeholders`);
          if (!text.trim()) wrong.push(`${lng} ${key}: empty`);
          // a sentence copied from the English by mistake (short words such as "QR" may be the same)
          if (text === english && english.replace(/\{\{\w+\}\}/g, '').trim().length > 12)
            wrong.push(`${lng} ${key}: English`);
        }
      }
      // the feature gathers every language (i18n.ts: catalogue(en, { es, ar, zh, vi, pt }))
      const index = fs.readFileSync(file.replace('/i18n.en.ts', '/i18n.ts'), 'utf8');
      for (const lng of OTHERS) if (!index.includes(`'./i18n.${lng}'`)) wrong.push(`${lng}: not in i18n.ts`);
      expect(wrong).toEqual([]);
    });
  }
});
