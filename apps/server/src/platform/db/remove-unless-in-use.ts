import type { Db } from './database';

/**
 * Removes rows one by one, each in its own savepoint (issue 26 §4, ADR 0049: an undone import, a
 * bulk delete): a row another record points at (a foreign key answers 23503) is in use and stays,
 * counted as kept, and the rest goes on.
 */
export async function removeUnlessInUse(
  tx: Db,
  ids: number[],
  remove: (sp: Db, id: number) => Promise<number>,
): Promise<{ removed: number; kept: number }> {
  let removed = 0;
  for (const id of ids) {
    try {
      removed += await tx.transaction((sp) => remove(sp as unknown as Db, id));
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '23503') throw error;
    }
  }
  return { removed, kept: ids.length - removed };
}
