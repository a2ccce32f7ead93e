import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTE_PERMISSIONS } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { kioskRoutes, staffRoutes } from '../app/routes';

/**
 * One way per thing on the web, enforced (issue 24 §2, §3; ADR 0032). CI fails when a screen
 * - shows a toast other than through lib/notify.ts,
 * - compares role ids instead of asking lib/can.ts (useCan / can, on the one permission map),
 * - builds a confirmation modal other than with components/confirm,
 * - wires a list's table, paging state or search itself instead of components/list-page (ListPage,
 *   useListState): header, filter row, server-paged DataTable, loading and failure states,
 * - builds a form on Mantine's useForm, or a save form (FormShell) on per-field useState, instead
 *   of the one form hook useContractForm (validated by the request's zod contract).
 * Each failure names file:line and the rule.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Rule = {
  name: string;
  /** files (relative to apps/web/src, '/' separated) where the thing itself lives */
  home: string[];
  /** what the rule forbids, tested on code with comments removed */
  patterns: RegExp[];
  /** the patterns count only in a file that does not match this (the way the rule asks for) */
  unless?: RegExp;
  fix: string;
};

export const RULES: Rule[] = [
  {
    name: 'toast outside lib/notify.ts',
    // test/setup.ts: the component tests empty the toast store between tests (it shows none)
    home: ['lib/notify.ts', 'test/setup.ts'],
    patterns: [
      /\bnotifications\s*\.\s*(show|update)\s*\(/,
      /import\s*\{[^}]*\bnotifications\b[^}]*\}\s*from\s*'@mantine\/notifications'/,
    ],
    fix: "use notify.success / error / warning / info from 'lib/notify'",
  },
  {
    name: 'raw role check outside lib/can.ts',
    home: ['lib/can.ts'],
    patterns: [
      /\broleId\s*[!=]==?/,
      /[!=]==?\s*[\w.?!]*\broleId\b/,
      /\bROLE\.\w+\s*[!=]==?/,
      /[!=]==?\s*ROLE\.\w+/,
      /\.includes\([^)]*\broleId\b/,
      /switch\s*\([^)]*\broleId\b/,
    ],
    fix: "ask useCan('<permission>') or can(user, '<permission>') from 'lib/can' (add the permission to @sv/contracts PERMISSIONS)",
  },
  {
    name: 'confirmation modal outside components/confirm',
    home: ['components/confirm/confirm-dialog.tsx'],
    patterns: [/<Modal\b[^>]*confirm/i, /\bopenConfirmModal\s*\(/],
    fix: 'use <ConfirmDialog> from components/confirm',
  },
  {
    name: 'list page wired outside components/list-page',
    home: [
      'components/list-page/list-page.tsx',
      'components/data-table/data-table.tsx',
      'components/data-table/use-table-state.ts',
      'components/list-filters/list-filters.tsx',
      'components/list-filters/list-search.tsx',
    ],
    patterns: [
      /<DataTable\b/,
      /\bcreateElement\(\s*DataTable\b/,
      /\buseTableState\s*\(/,
      /\buseListSearch\s*\(/,
      /<ListSearchInput\b/,
      /<PageWindow\b/,
      /<Pagination\b/,
    ],
    fix: 'build the page as <ListPage title actions filters table={{ list, columns, … }}> with useListState() from components/list-page',
  },
  {
    name: 'form outside the form kit',
    home: ['components/form/use-contract-form.ts'],
    patterns: [
      /import\s*\{[^}]*\b(useForm|schemaResolver)\b[^}]*\}\s*from\s*'@mantine\/form'/,
      /\buseForm\s*[<(]/,
      /\bschemaResolver\s*\(/,
    ],
    fix: 'useContractForm(ZTheRequest, { initialValues, toRequest?, message?, rules? }) from components/form/use-contract-form',
  },
  {
    name: 'save form not on useContractForm',
    home: ['components/form/form-shell.tsx'],
    patterns: [/<FormShell\b/],
    // a form kit form: made here with useContractForm, or handed one (ContractForm) by the page that made it
    unless: /\buseContractForm\b|\bContractForm</,
    fix: 'hold the fields in useContractForm(ZTheRequest, …) (one form, validated by its contract), not one useState per field',
  },
];

/** Comments out, line numbers kept: a rule is about code, not about the words that explain it. */
export function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (_m, before: string) => before);
}

export type Violation = { file: string; line: number; rule: string; text: string; fix: string };

/** The violations of one file. JSX tags span lines, so each pattern runs over the whole text. */
export function violationsIn(file: string, source: string): Violation[] {
  const code = stripComments(source);
  const out: Violation[] = [];
  for (const rule of RULES) {
    if (rule.home.includes(file)) continue;
    if (rule.unless?.test(code)) continue;
    for (const pattern of rule.patterns) {
      const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
      for (const m of code.matchAll(global)) {
        const line = code.slice(0, m.index).split('\n').length;
        const text = (source.split('\n')[line - 1] ?? '').trim();
        out.push({ file, line, rule: rule.name, text, fix: rule.fix });
      }
    }
  }
  // one entry per place even when two patterns of a rule see it
  return out
    .filter((v, i) => out.findIndex((w) => w.line === v.line && w.rule === v.rule) === i)
    .sort((a, b) => a.line - b.line);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const report = (vs: Violation[]) =>
  vs.map((v) => `apps/web/src/${v.file}:${v.line}: ${v.rule} — ${v.text}\n    → ${v.fix}`).join('\n');

describe('one way per thing on the web (issue 24 §2, §3)', () => {
  it('finds no toast, role check, confirmation modal, list wiring or form outside its module', () => {
    const violations = sourceFiles(SRC).flatMap((full) => {
      const file = path.relative(SRC, full).split(path.sep).join('/');
      return violationsIn(file, fs.readFileSync(full, 'utf8'));
    });
    expect(violations, `\n${report(violations)}\n`).toEqual([]);
  });

  it('guards every route with a permission of ROUTE_PERMISSIONS, and every such path is a route', () => {
    const routed = [...staffRoutes, ...kioskRoutes].map((r) => r.path).sort();
    expect(routed).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
  });

  describe('the rules catch what they are for', () => {
    it('a raw notifications.show, and the import that allows it', () => {
      const src = "import { notifications } from '@mantine/notifications';\nnotifications.show({ message: 'x' });";
      expect(violationsIn('features/x/page.tsx', src).map((v) => [v.line, v.rule])).toEqual([
        [1, 'toast outside lib/notify.ts'],
        [2, 'toast outside lib/notify.ts'],
      ]);
      expect(violationsIn('lib/notify.ts', src)).toEqual([]);
      // the host that renders the toasts imports the component, not the store
      expect(violationsIn('app/host.tsx', "import { Notifications } from '@mantine/notifications';")).toEqual([]);
    });

    it('role id comparisons in any spelling', () => {
      for (const src of [
        'const a = user.roleId === ROLE.Admin;',
        'if (me.roleId !== 3) return;',
        'const k = ROLE.Kiosk === s.user.roleId;',
        'const r = roles.includes(data.user.roleId);',
        'switch (actor.roleId) {}',
      ])
        expect(violationsIn('features/x/page.tsx', `\n${src}`), src).toEqual([
          expect.objectContaining({ line: 2, rule: 'raw role check outside lib/can.ts' }),
        ]);
      expect(violationsIn('features/x/page.tsx', "const a = useCan('clients.crossDistrict');")).toEqual([]);
      expect(violationsIn('features/x/page.tsx', '// user.roleId === ROLE.Admin was the old way')).toEqual([]);
    });

    it('a confirmation built from a bare Modal', () => {
      const src = "<Modal\n  opened={confirm}\n  title={t('x.confirmTitle')}\n>";
      expect(violationsIn('features/x/page.tsx', src).map((v) => v.line)).toEqual([1]);
      expect(violationsIn('features/x/page.tsx', "<Modal opened={open} title={t('x.editTitle')}>")).toEqual([]);
      expect(violationsIn('components/confirm/confirm-dialog.tsx', src)).toEqual([]);
    });

    it('a list page that wires its own table, paging state or search instead of ListPage', () => {
      const rule = 'list page wired outside components/list-page';
      const src = [
        "const table = useTableState({ sort: 'name', filters: LIST_FILTERS });",
        'const search = useListSearch();',
        '<ListSearchInput search={search} hint="" />',
        '<DataTable',
        "  caption={t('x.caption')}",
        '/>',
        '<Pagination total={10} />',
      ].join('\n');
      expect(violationsIn('features/x/x-page.tsx', src).map((v) => [v.line, v.rule])).toEqual([
        [1, rule],
        [2, rule],
        [3, rule],
        [4, rule],
        [7, rule],
      ]);
      // the way it is meant: ListPage owns the table, useListState the paging and search
      const listPage = [
        "const { table, search, paging, sorting } = useListState({ sort: 'name', sorts: SORTS, filters: LIST_FILTERS });",
        "<ListPage title={t('x.title')} table={{ ...sorting, caption: t('x.caption'), columns, list, rowKey: (r) => r.id }} />",
        "import type { Column } from '../../components/data-table/data-table';",
      ].join('\n');
      expect(violationsIn('features/x/x-page.tsx', listPage)).toEqual([]);
      expect(violationsIn('components/list-page/list-page.tsx', src)).toEqual([]);
    });

    it("a form on Mantine's useForm, and a save form on per-field useState", () => {
      const raw = [
        "import { schemaResolver, useForm } from '@mantine/form';",
        'const form = useForm<Values>({ initialValues: EMPTY });',
        'const check = schemaResolver(ZX, { sync: true });',
      ].join('\n');
      expect(violationsIn('features/x/send-page.tsx', raw).map((v) => [v.line, v.rule])).toEqual([
        [1, 'form outside the form kit'],
        [2, 'form outside the form kit'],
        [3, 'form outside the form kit'],
      ]);
      expect(violationsIn('components/form/use-contract-form.ts', raw)).toEqual([]);

      const perField = [
        "const [reason, setReason] = useState('');",
        '<FormShell onSubmit={submit} saving={busy}>',
        '  <TextInput value={reason} onChange={(e) => setReason(e.currentTarget.value)} />',
        '</FormShell>',
      ].join('\n');
      expect(violationsIn('features/x/checkin-page.tsx', perField).map((v) => [v.line, v.rule])).toEqual([
        [2, 'save form not on useContractForm'],
      ]);
      // the way it is meant: the fields in the contract form, or a form handed in by the page
      const kit =
        'const form = useContractForm(ZCheckIn, { initialValues });\n<FormShell onSubmit={form.onSubmit(save)} saving={busy}>';
      expect(violationsIn('features/x/checkin-page.tsx', kit)).toEqual([]);
      const handed =
        'function F(p: { form: ContractForm<V> }) { return <FormShell onSubmit={p.form.onSubmit(save)} saving={false} /> }';
      expect(violationsIn('features/x/x-form.tsx', handed)).toEqual([]);
    });
  });
});
