import { canonicalName, localDateOf } from '@sv/domain';
import { eq } from 'drizzle-orm';
import { buildings, hosts, preRegistrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { withNameKeys } from '../../platform/db/identity-keys';
import type { AppDeps } from '../../platform/deps';
import { createPassSigner } from './pass-token';

/**
 * A card with a pass, written straight to the database (tests and the authz matrix), and its
 * token signed with the app's key. The window is around now unless given.
 */
export async function createPass(
  deps: AppDeps,
  at: { clientId: number; buildingId: number },
  opts: {
    firstname?: string;
    lastname?: string;
    dob?: string | null;
    hostId?: number | null;
    windowStart?: Date;
    windowEnd?: Date;
    email?: string;
  } = {},
) {
  const now = deps.now();
  const windowStart = opts.windowStart ?? new Date(now.getTime() - 10 * 60_000);
  const windowEnd = opts.windowEnd ?? new Date(now.getTime() + 2 * 3600_000);
  const [b] = await deps.db
    .select({ timeZone: buildings.timeZone })
    .from(buildings)
    .where(eq(buildings.id, at.buildingId));
  const [row] = await deps.db
    .insert(preRegistrations)
    .values(
      withNameKeys({
        clientId: at.clientId,
        buildingId: at.buildingId,
        firstname: opts.firstname ?? 'Pass',
        lastname: opts.lastname ?? `Holder${Math.random().toString(36).slice(2, 8)}`,
        dob: opts.dob === undefined ? '1990-05-05' : opts.dob,
        email: opts.email ?? '',
        visitDate: localDateOf(windowStart, b!.timeZone),
        visiting: 'Front office',
        status: 'scheduled',
        hostId: opts.hostId ?? null,
        windowStart,
        windowEnd,
      }),
    )
    .returning({ id: preRegistrations.id });
  const { token, nonceHash } = createPassSigner(deps.config.APP_SECRET).issue({
    id: row!.id,
    buildingId: at.buildingId,
    windowStart,
    windowEnd,
  });
  await deps.db.update(preRegistrations).set({ passNonce: nonceHash }).where(eq(preRegistrations.id, row!.id));
  return { id: row!.id, token };
}

/** A host of a district (manual), told on `channel`. */
export async function createHost(
  db: Db,
  clientId: number,
  values: { name?: string; email?: string; mobile?: string; channel?: string; buildingId?: number | null } = {},
) {
  const name = values.name ?? `Host ${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await db
    .insert(hosts)
    .values({
      clientId,
      buildingId: values.buildingId ?? null,
      name,
      nameKey: canonicalName(name),
      email: values.email ?? 'host@example.test',
      mobile: values.mobile ?? '',
      channel: values.channel ?? 'email',
      source: 'manual',
    })
    .returning({ id: hosts.id });
  return row!.id;
}
