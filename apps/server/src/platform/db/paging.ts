import type { TPage } from '@sv/contracts';

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
