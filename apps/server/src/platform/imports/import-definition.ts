import { personNameError, type TPermission } from '@sv/contracts';
import { cleanPersonName } from '@sv/domain';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import type { RequestCtx } from '../http/request-context';

export { requireBuildingOption, requireClientOption } from './import-options';

/**
 * Bulk import pipeline (issue 3; security guide "Imports"): one pipeline for exclusions,
 * buildings, users and later registrations / pre-registrations. A feature describes its file
 * with an ImportDefinition and calls registerImport(def) at module level (in its *.routes.ts
 * or a *.import.ts imported from there); the pipeline does parsing (CSV / XLSX), limits,
 * header matching, row validation, duplicate skipping, the one transaction, the error file,
 * the audit record and the answer `{ success, results, errorFile, error }`.
 *
 * Limits (IMPORT_LIMITS in @sv/contracts): 5 MB per file, 20,000 data rows; error files kept 7 days.
 */

export interface ImportColumn {
  /** key of the row record handed to rowSchema */
  key: string;
  /** header in the sample file; matched case-, space- and punctuation-insensitively (the key matches too) */
  header: string;
  /** a required column must be present in the header row (a missing one rejects the whole file) */
  required?: boolean;
  /** value of the sample file's example row */
  example: string;
  /** one line of guidance (shown by the dialog / sample) */
  help?: string;
}

export interface ImportDefinition<Row> {
  kind: string; // 'exclusions' | 'buildings' | 'users' | later 'registrations', 'preregistrations'
  permission: TPermission; // from @sv/contracts permissions
  columns: ImportColumn[]; // header row, sample file, error file columns (+ 'Reason')
  /**
   * Validates one row given as Record<column key, string> (every column key present; a
   * missing or blank cell is ''; cells are trimmed). Use the `cell` helpers below for the
   * usual shapes. Issue messages become the row's Reason ("<Header>: <message>").
   */
  rowSchema: z.ZodType<Row>;
  /** natural key of a row; rows whose key already exists (in DB or earlier in the file) are skipped as duplicates → re-upload adds nothing */
  naturalKey(row: Row): string;
  /** existing natural keys among these candidate keys, scoped to the actor (and options) */
  existingKeys(ctx: RequestCtx, keys: string[], tx: Db, options: Record<string, string>): Promise<Set<string>>;
  /** further checks needing the DB (scope, lookups); return an error message for the row or null */
  checkRow?(ctx: RequestCtx, row: Row, tx: Db, options: Record<string, string>): Promise<string | null>;
  /**
   * Inserts the accepted rows inside the pipeline's transaction; returns the created ids when the
   * kind can be undone (`undo`).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: kinds without an undo return nothing (void), the others their ids
  insertRows(ctx: RequestCtx, rows: Row[], tx: Db, options: Record<string, string>): Promise<number[] | void>;
  /**
   * Undoes an import (issue 26 §4, ADR 0049): removes the rows of `ids` (its batch) that are still
   * unused, in the caller's transaction, scoped to the district; says how many were kept in use.
   */
  undo?(ctx: RequestCtx, clientId: number | null, ids: number[], tx: Db): Promise<{ removed: number; kept: number }>;
  /**
   * After the transaction committed with `imported` new rows: work that must see the commit,
   * such as dropping this process's cached dashboard reads (a NOTIFY reaches the listener
   * only some time after the commit, and the uploader's next read must already see the rows).
   */
  afterCommit?(deps: AppDeps, ctx: RequestCtx, options: Record<string, string>, imported: number): Promise<void>;
}

/** A definition of any row type (the registry holds every kind's). */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own row type; the registry is heterogeneous
export type AnyImportDefinition = ImportDefinition<any>;

const registry = new Map<string, AnyImportDefinition>();

/** Module-level registry. Registering the same kind twice replaces the earlier definition (tests, hot reload). */
export function registerImport(def: AnyImportDefinition): void {
  if (!/^[a-z][a-z0-9-]*$/.test(def.kind)) throw new Error(`import kind must be lower-case: ${def.kind}`);
  const keys = new Set<string>();
  for (const c of def.columns) {
    if (keys.has(c.key)) throw new Error(`import ${def.kind}: duplicate column key ${c.key}`);
    keys.add(c.key);
  }
  registry.set(def.kind, def);
}

/** The definition of a kind, or undefined when no feature registered it. */
export function getImport(kind: string): AnyImportDefinition | undefined {
  return registry.get(kind.toLowerCase());
}

export function registeredImportKinds(): string[] {
  return [...registry.keys()];
}

/**
 * Zod shapes for import cells (every cell arrives as a trimmed string, '' when blank).
 * Optional cells become null when blank.
 */
export const cell = {
  /** required text, at most `max` characters */
  text: (max = 200) => z.string().min(1, 'is required').max(max, `must be at most ${max} characters`),
  /**
   * a person's name (issue 22): the one person-name rule of @sv/contracts (letters of any script,
   * spaces, apostrophes, hyphens, periods; digits, symbols, links and line breaks refused with its
   * sentence), answered cleaned (invisible characters removed). `required` false → '' when blank.
   */
  personName: (max = 80, required = true) =>
    z.string().transform((s, ctx) => {
      const problem = personNameError(s);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      const name = cleanPersonName(s);
      if (required && name === '') {
        ctx.addIssue({ code: 'custom', message: 'is required' });
        return z.NEVER;
      }
      if (name.length > max) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
        return z.NEVER;
      }
      return name;
    }),
  /** optional text → string | null */
  optionalText: (max = 200) =>
    z
      .string()
      .max(max, `must be at most ${max} characters`)
      .transform((s) => (s === '' ? null : s)),
  /** Yes/No, True/False, Y/N, 1/0, Active/Inactive; blank → `blank` */
  yesNo: (blank: boolean) =>
    z.string().transform((s, ctx) => {
      const v = s.toLowerCase();
      if (v === '') return blank;
      if (['yes', 'y', 'true', '1', 'active'].includes(v)) return true;
      if (['no', 'n', 'false', '0', 'inactive'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be Yes or No' });
      return z.NEVER;
    }),
  /** a date as MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD (XLSX date cells arrive as YYYY-MM-DD) → 'YYYY-MM-DD' | null */
  optionalDate: () =>
    z.string().transform((s, ctx) => {
      if (s === '') return null;
      const iso = parseDateCell(s);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: 'must be a date (MM/DD/YYYY)' });
        return z.NEVER;
      }
      return iso;
    }),
  /** optional e-mail → lower-cased string | null */
  optionalEmail: () =>
    z.string().transform((s, ctx) => {
      if (s === '') return null;
      if (!z.email().safeParse(s).success || s.length > 254) {
        ctx.addIssue({ code: 'custom', message: 'must be an e-mail address' });
        return z.NEVER;
      }
      return s.toLowerCase();
    }),
  /** optional positive integer → number | null */
  optionalInt: () =>
    z.string().transform((s, ctx) => {
      if (s === '') return null;
      if (!/^\d{1,9}$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
        return z.NEVER;
      }
      return Number(s);
    }),
};

/** 'MM/DD/YYYY' | 'M/D/YYYY' | 'YYYY-MM-DD' → 'YYYY-MM-DD' when it is a real calendar date, else null. */
export function parseDateCell(s: string): string | null {
  let y: number;
  let m: number;
  let d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (match) {
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!match) return null;
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d || y < 1850) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
