import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './index';
import { VISITOR_LANGUAGES } from './languages';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OTHERS = VISITOR_LANGUAGES.filter((l) => l !== 'en');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** The visitor-facing catalogues: an English catalogue that loads its other languages on demand. */
const visitorCatalogues = sourceFiles(SRC).filter(
  (f) => f.endsWith('/i18n.en.ts') && fs.readFileSync(f, 'utf8').includes('addLanguageLoader('),
);

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...leaves(v, `${prefix}${k}.`)],
    ),
  );
/** i18next's plural forms: a language has those its grammar needs (Arabic six, English two). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const keySet = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(PLURAL, '_plural')))].sort();
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Issue 29 §2: one catalogue mechanism, complete in every language. Each visitor-facing feature's
 * English catalogue has its five other languages beside it, each with exactly the same keys as
 * Spanish (the first translation, which may carry the shell strings its screens show) and every
 * English key of the feature; every translation keeps the English placeholders; and every English
 * key is used by a screen.
 */
describe('the visitor-facing catalogues in six languages', () => {
  const bundles = new Map<string, Map<string, string>>();
  beforeAll(async () => {
    // every English catalogue: a visitor screen may show another feature's strings (the camera's)
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith('/i18n.en.ts'))) await import(/* @vite-ignore */ file);
    for (const lng of OTHERS) await loadLanguage(lng);
    for (const lng of VISITOR_LANGUAGES) bundles.set(lng, leaves(i18n.getResourceBundle(lng, 'translation') as Tree));
  });

  it('are found: the kiosk, the public registration form, the arrival page and the date field', () => {
    const names = visitorCatalogues.map((f) => path.relative(SRC, f));
    expect(names).toEqual(
      expect.arrayContaining([
        'features/kiosk/i18n.en.ts',
        'features/public-registration/i18n.en.ts',
        'features/nearby/i18n.en.ts',
        'lib/time/i18n.en.ts',
      ]),
    );
  });

  for (const lng of OTHERS) {
    it(`${lng}: every file is there, with the keys of the Spanish and of every English visitor string`, () => {
      for (const file of visitorCatalogues)
        expect(fs.existsSync(file.replace('/i18n.en.ts', `/i18n.${lng}.ts`)), `${file} in ${lng}`).toBe(true);
      expect(keySet(bundles.get(lng)!.keys())).toEqual(keySet(bundles.get('es')!.keys()));
    });

    it(`${lng}: nothing left in English by mistake, and the placeholders of the English`, () => {
      const en = bundles.get('en')!;
      const wrong: string[] = [];
      for (const [key, text] of bundles.get(lng)!) {
        const english = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
        if (english === undefined) wrong.push(`${key}: no English`);
        else if (placeholders(text).join() !== placeholders(english).join()) wrong.push(`${key}: placeholders`);
        else if (!text.trim()) wrong.push(`${key}: empty`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('Spanish has every key of the English visitor catalogues', async () => {
    const en = bundles.get('en')!;
    const es = bundles.get('es')!;
    const mine = new Set<string>();
    for (const file of visitorCatalogues) {
      // the catalogue's own top-level keys (two spaces of indentation, as catalogues.test.ts reads them)
      for (const [, key] of fs.readFileSync(file, 'utf8').matchAll(/^ {2}(\w+): \{/gm)) mine.add(key!);
    }
    const missing = [...en.keys()].filter((k) => mine.has(k.split('.')[0]!) && !es.has(k));
    expect(missing).toEqual([]);
  });

  it('every English visitor string is shown somewhere (no unused key)', () => {
    const code = sourceFiles(SRC)
      .filter((f) => !/\/i18n\.\w+\.ts$/.test(f))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const unused: string[] = [];
    for (const file of visitorCatalogues) {
      const tree = {} as Tree;
      for (const [, key] of fs.readFileSync(file, 'utf8').matchAll(/^ {2}(\w+): \{/gm))
        tree[key!] = i18n.getResourceBundle('en', 'translation')[key!] as Tree;
      for (const key of leaves(tree).keys()) {
        const parts = key.split('.');
        // a key is used when written whole, or built from its parent (t(`kiosk.labels.${key}`)),
        // or, inside a feature's own module, as its last part (t(`${prefix}.${name}`) helpers)
        const parents = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.\${`);
        const used =
          code.includes(`'${key}'`) ||
          code.includes(`\`${key}\``) ||
          parents.some((p) => code.includes(p)) ||
          code.includes(`'${parts.at(-1)}'`);
        if (!used) unused.push(key);
      }
    }
    expect(unused).toEqual([]);
  });
});
