import { exclusions, type ScreeningFinding, screenings, visitors } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { withNameKeys } from '../../platform/db/identity-keys';

/** Test objects for screening (fictitious people only). */

export async function insertVisitor(
  db: Db,
  v: {
    clientId: number;
    firstname: string;
    lastname: string;
    middlename?: string;
    dob: string | null;
    city?: string;
    state?: string;
    zipcode?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(visitors)
    .values(
      withNameKeys({
        clientId: v.clientId,
        firstname: v.firstname,
        lastname: v.lastname,
        middlename: v.middlename ?? '',
        dob: v.dob,
        city: v.city ?? '',
        state: v.state ?? '',
        zipcode: v.zipcode ?? '',
      }),
    )
    .returning({ id: visitors.id });
  return row.id;
}

export async function insertExclusion(
  db: Db,
  e: {
    clientId: number;
    buildingId?: number | null;
    visitorId?: number | null;
    firstname: string;
    lastname: string;
    dob: string;
    active?: boolean;
    reason?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(exclusions)
    .values(
      withNameKeys({
        clientId: e.clientId,
        buildingId: e.buildingId ?? null,
        isGlobal: e.buildingId == null,
        visitorId: e.visitorId ?? null,
        active: e.active ?? true,
        firstname: e.firstname,
        lastname: e.lastname,
        dob: e.dob,
        exclusionType: 'Trespassed',
        reason: e.reason ?? '',
      }),
    )
    .returning({ id: exclusions.id });
  return row.id;
}

/**
 * A screening row as the server keeps it (issue 10 §1), for fixtures whose subject is not the
 * screening itself (authorization matrix, canaries). Tests of the gate screen through the API.
 */
export async function insertScreening(
  db: Db,
  s: {
    clientId: number;
    buildingId: number;
    visitorId: number;
    at?: Date;
    registryStatus?: string;
    findings?: ScreeningFinding[];
  },
): Promise<string> {
  const [row] = await db
    .insert(screenings)
    .values({
      clientId: s.clientId,
      buildingId: s.buildingId,
      visitorId: s.visitorId,
      screenedAt: s.at ?? new Date(),
      registryStatus: s.registryStatus ?? 'ok',
      findings: s.findings ?? [],
    })
    .returning({ id: screenings.id });
  return row.id;
}
