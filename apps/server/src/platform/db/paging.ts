import type { TPage } from '@sv/contracts';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one paging implementation (contracts `pageQuery`/`pageResponse`): runs the page query and
 * the count, and answers `{ data, count, currentPage, perPage, totalPages }`.
 */
export async function findPage<T>(
  paging: { page: number; perPage: number },
  fetchRows: (limit: number, offset: number) => Promise<T[]>,
  countRows: () => Promise<number>,
): Promise<TPage<T>> {
  const [data, count] = await Promise.all([fetchRows(paging.perPage, (paging.page - 1) * paging.perPage), countRows()]);
  return {
    data,
    count,
    currentPage: paging.page,
    perPage: paging.perPage,
    totalPages: Math.max(1, Math.ceil(count / paging.perPage)),
  };
}

/** Escapes LIKE wildcards in user text. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The server-side search of an admin list (issue 25, audit 000 U1: "Filter this page" saw only the
 * 100 rows on screen): every word of the text is found (contains, case-insensitive) in one of the
 * columns, so "zed futuretest" finds first name Zed, last name Futuretest. '' = no condition. The
 * caller ANDs it with the list's own scope, so a search never reaches past what the list shows.
 */
export function listSearch(text: string, columns: (PgColumn | SQL)[]): SQL | undefined {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => or(...columns.map((c) => sql`lower(${c}) LIKE ${`%${likeEscape(w)}%`}`))));
}
