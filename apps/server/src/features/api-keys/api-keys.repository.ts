import type { TActor } from '@sv/contracts';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, buildings, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingInScope, clientFilter } from '../../platform/db/scope';

const createdBy = sql`(select ${users.name} from ${users} where ${users.id} = ${apiKeys.createdBy})`;
const SORTS = {
  createdAt: apiKeys.createdAt,
  name: apiKeys.name,
  lastUsedAt: apiKeys.lastUsedAt,
} as const;

/** API keys of the actor's district (issue 28 §5): every read and write takes the actor's scope. */
export function createApiKeysRepository(db: Db) {
  const columns = {
    id: apiKeys.id,
    name: apiKeys.name,
    prefix: apiKeys.prefix,
    buildingId: apiKeys.buildingId,
    buildingName: buildings.name,
    readOnly: apiKeys.readOnly,
    permissions: apiKeys.permissions,
    createdAt: apiKeys.createdAt,
    createdByName: sql<string | null>`${createdBy}`,
    lastUsedAt: apiKeys.lastUsedAt,
    revokedAt: apiKeys.revokedAt,
  };
  const select = (tx: Db = db) =>
    tx.select(columns).from(apiKeys).leftJoin(buildings, eq(buildings.id, apiKeys.buildingId));

  return {
    /** a building of the actor's district (a key's building) */
    async buildingInDistrict(actor: TActor, buildingId: number) {
      const [b] = await db
        .select({ id: buildings.id, clientId: buildings.clientId })
        .from(buildings)
        .where(buildingInScope(actor, buildingId))
        .limit(1);
      return b ?? null;
    },

    async page(actor: TActor, q: { sort: keyof typeof SORTS; dir: 'asc' | 'desc' }, limit: number, offset: number) {
      const order = q.dir === 'asc' ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]);
      return select()
        .where(clientFilter(actor, apiKeys.clientId))
        .orderBy(order, desc(apiKeys.id))
        .limit(limit)
        .offset(offset);
    },
    async count(actor: TActor) {
      const [r] = await db.select({ n: count() }).from(apiKeys).where(clientFilter(actor, apiKeys.clientId));
      return Number(r?.n ?? 0);
    },
    async get(actor: TActor, id: number, tx: Db = db) {
      const [r] = await select(tx)
        .where(and(eq(apiKeys.id, id), clientFilter(actor, apiKeys.clientId)))
        .limit(1);
      return r ?? null;
    },

    async insert(tx: Db, values: typeof apiKeys.$inferInsert) {
      const [r] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
      return r!.id;
    },

    /** revokes a live key of the actor's district; false when there is none (unknown, other district, revoked) */
    async revoke(tx: Db, actor: TActor, id: number, now: Date) {
      const rows = await tx
        .update(apiKeys)
        .set({ revokedAt: now, revokedBy: actor.userId })
        .where(and(eq(apiKeys.id, id), clientFilter(actor, apiKeys.clientId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id, clientId: apiKeys.clientId });
      return rows[0] ?? null;
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
