import type { TActor } from '@sv/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { buildings, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, clientFilter } from '../../platform/db/scope';

/** What a log's filters may name: the buildings and attendants of the actor's scope. */
export function scopeQueries(db: Db) {
  return {
    /** Buildings of the actor's scope (optionally one client / one building), with their zones. */
    async buildingsInScope(actor: TActor, opts: { clientId?: number; buildingId?: number }) {
      return db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name, timeZone: buildings.timeZone })
        .from(buildings)
        .where(
          and(
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
            opts.clientId !== undefined ? eq(buildings.clientId, opts.clientId) : undefined,
            opts.buildingId !== undefined ? eq(buildings.id, opts.buildingId) : undefined,
          ),
        )
        .orderBy(asc(buildings.id));
    },

    /** An attendant filter is a request: the user must be in the actor's client scope. */
    async userInScope(actor: TActor, userId: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), clientFilter(actor, users.clientId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
