import { asc } from 'drizzle-orm';
import { states } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

/** States are platform reference data: not tenant-scoped. */
export function createStatesRepository(db: Db) {
  return {
    findAll: () => db.select().from(states).orderBy(asc(states.name)),
  };
}
export type StatesRepository = ReturnType<typeof createStatesRepository>;
