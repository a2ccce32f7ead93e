import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The boundary of the one time module (issue 24 §2/§3, ADR 0031): outside `lib/time`, web code
 * never formats or reads a date itself, so every instant shows in the building's zone in the
 * spec's formats. Tests are exempt (they may compute expectations any way they like).
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIME_MODULE = path.join(SRC, 'lib', 'time') + path.sep;

interface Rule {
  pattern: RegExp;
  use: string;
}

const RULES: Rule[] = [
  {
    pattern: /\.toLocale(Date|Time)?String\(/,
    use: 'formatDate / formatTime / formatDateTime (lib/time/format); for a number, Intl.NumberFormat',
  },
  { pattern: /\bIntl\.(DateTimeFormat|RelativeTimeFormat)\b/, use: 'a formatter of lib/time/format' },
  {
    pattern: /['"](dayjs|date-fns|date-fns-tz|moment|moment-timezone|luxon)(\/[^'"]*)?['"]/,
    use: 'lib/time/format (todayIso, formatDate…), not a date library',
  },
  {
    pattern: /\.get(FullYear|Month|Date|Day|Hours|Minutes|Seconds|TimezoneOffset)\(/,
    use: "lib/time/format: the browser's clock is not the building's (todayIso(zone), formatTime…)",
  },
  { pattern: /\.toISOString\(\)\.slice\(0,\s*10\)/, use: "todayIso(zone): toISOString's day is UTC's" },
  // format tokens, not the 'mm/dd/yyyy' hint text of catalogues (translated: 'mm/dd/aaaa')
  { pattern: /['"](MM\/DD\/YYYY|YYYY-MM-DD)['"]/, use: 'DATE_FORMAT' },
  { pattern: /valueFormat=["']/, use: 'valueFormat={DATE_FORMAT}' },
];

/** Date helpers of @sv/domain that the web reaches only through lib/time. */
const DOMAIN_DATE_HELPERS = new Set([
  'DATE_FORMAT',
  'formatUsDate',
  'parseUsDate',
  'localDateOf',
  'localTimeOf',
  'addDays',
  'isIsoDate',
]);

/** Blanks comments (keeping line breaks) so prose about a forbidden call is not a call. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[\s;{}(),])\/\/.*$/gm, (_m, before: string) => before);
}

/** `file:line: what — use instead` for every use of date formatting in `text`. */
export function timeViolations(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = withoutComments(text).split('\n');
  lines.forEach((line, i) => {
    for (const rule of RULES) {
      const m = rule.pattern.exec(line);
      if (m) found.push(`${file}:${i + 1}: ${m[0]} — use ${rule.use}`);
    }
  });
  const code = withoutComments(text);
  for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@sv\/domain'/g)) {
    const names = m[1]!.split(',').map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    );
    const helpers = names.filter((n) => DOMAIN_DATE_HELPERS.has(n));
    if (helpers.length) {
      const line = code.slice(0, m.index).split('\n').length;
      found.push(`${file}:${line}: ${helpers.join(', ')} from @sv/domain — import them from lib/time/format`);
    }
  }
  return found;
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

describe('the time boundary (issue 24 §3): dates are formatted only in lib/time', () => {
  const files = sourceFiles(SRC).filter((f) => !f.startsWith(TIME_MODULE));

  it('no web source outside lib/time formats or reads a date itself', () => {
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((f) =>
      timeViolations(path.relative(path.resolve(SRC, '../../..'), f), fs.readFileSync(f, 'utf8')),
    );
    expect(violations, `dates formatted outside lib/time:\n${violations.join('\n')}`).toEqual([]);
  });

  it('finds each kind of violation, with its file and line', () => {
    const sample = [
      "import dayjs from 'dayjs';",
      "import { addDays, formatUsDate } from '@sv/domain';",
      'const a = new Date(x).toLocaleString();',
      "const b = d.toLocaleDateString('en-US');",
      "const c = d.toLocaleTimeString('en-US', { hour: 'numeric' });",
      "const f = new Intl.DateTimeFormat('en-US');",
      'const y = now.getFullYear();',
      'const o = -now.getTimezoneOffset();',
      'const t = new Date().toISOString().slice(0, 10);',
      '<DateInput valueFormat="MM/DD/YYYY" />',
      '// a comment may say toLocaleString() and Intl.DateTimeFormat',
      'const ok = formatDateTime(at, zone); // not d.getHours()',
    ].join('\n');
    const found = timeViolations('x.tsx', sample);
    expect(found.map((v) => v.split(':').slice(0, 2).join(':'))).toEqual([
      'x.tsx:1',
      'x.tsx:3',
      'x.tsx:4',
      'x.tsx:5',
      'x.tsx:6',
      'x.tsx:7',
      'x.tsx:8',
      'x.tsx:9',
      'x.tsx:10',
      'x.tsx:10',
      'x.tsx:2',
    ]);
    expect(found.at(-1)).toContain('addDays, formatUsDate from @sv/domain');
  });

  it('leaves the time module itself alone', () => {
    expect(fs.existsSync(path.join(TIME_MODULE, 'format.ts'))).toBe(true);
    expect(files.some((f) => f.includes(`${path.sep}lib${path.sep}time${path.sep}`))).toBe(false);
  });
});
