import { eq } from 'drizzle-orm';
import { buildings } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

export function createEventsRepository(db: Db) {
  return {
    /** Only the ids needed to check scope; callers compare them with the actor. */
    async getBuildingScope(buildingId: number) {
      const rows = await db
        .select({ id: buildings.id, clientId: buildings.clientId })
        .from(buildings)
        .where(eq(buildings.id, buildingId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
