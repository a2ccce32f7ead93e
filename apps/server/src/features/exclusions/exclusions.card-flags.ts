import { addDays, type AnyCardFlag, canonicalName, cardExclusionFlags, withCardFlags } from '@sv/domain';
import { and, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { exclusions, preRegistrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { notifyFrontDesk } from '../../platform/realtime/realtime';

/**
 * Pre-registration cards screened against the exclusion list before the person arrives (issue 22,
 * "Pre-registrations are not screened before arrival"): when cards are imported, and again for a
 * district's cards dated today or later whenever its exclusion list changes (an exclusion created,
 * edited, activated or deactivated, imported). The comparison is `cardExclusionFlags` (@sv/domain)
 * on canonical keys, since a card has no visitor record to screen. The result is stored on the
 * card (`flagged`, `flag_reasons`); "Scheduled today" shows it and sorts flagged cards first.
 *
 * Synchronous, inside the writer's transaction: the cards concerned are found by indexed equality
 * on the keys (`prereg_client_first_key_idx` / `_last_key_idx`, and the partial index of flagged
 * cards), so the work is bounded by the cards that share a name with what changed.
 */

export interface CardToScreen {
  id: number;
  clientId: number;
  buildingId: number;
  firstname: string;
  lastname: string;
  dob: string | null;
  visitorId: number | null;
  firstKey: string | null;
  lastKey: string | null;
  flagged: boolean | null;
  flagReasons: unknown;
}

const cardColumns = {
  id: preRegistrations.id,
  clientId: preRegistrations.clientId,
  buildingId: preRegistrations.buildingId,
  firstname: preRegistrations.firstname,
  lastname: preRegistrations.lastname,
  dob: preRegistrations.dob,
  visitorId: preRegistrations.visitorId,
  firstKey: preRegistrations.firstKey,
  lastKey: preRegistrations.lastKey,
  flagged: preRegistrations.flagged,
  flagReasons: preRegistrations.flagReasons,
};

/** Statement parameters stay far below PostgreSQL's 65,535 on the largest import. */
const CHUNK = 2_000;
const chunks = <T>(list: T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/** The cards a day's front desks still expect: the earliest "today" of any time zone, and later. */
export function firstOpenVisitDate(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -1);
}

/** The district's exclusions that can concern these keys or visitors (active ones only). */
async function candidatesFor(tx: Db, clientId: number, keys: string[], visitorIds: number[]) {
  const rows = [];
  for (const part of chunks(keys.length > 0 ? keys : [''])) {
    const anyOf: SQL[] = [];
    if (keys.length > 0) anyOf.push(inArray(exclusions.firstKey, part), inArray(exclusions.lastKey, part));
    if (visitorIds.length > 0) anyOf.push(inArray(exclusions.visitorId, visitorIds));
    if (anyOf.length === 0) continue;
    rows.push(
      ...(await tx
        .select({
          id: exclusions.id,
          active: exclusions.active,
          isGlobal: exclusions.isGlobal,
          buildingId: exclusions.buildingId,
          visitorId: exclusions.visitorId,
          firstKey: exclusions.firstKey,
          lastKey: exclusions.lastKey,
          dob: exclusions.dob,
          firstname: exclusions.firstname,
          lastname: exclusions.lastname,
        })
        .from(exclusions)
        .where(and(eq(exclusions.clientId, clientId), eq(exclusions.active, true), or(...anyOf)))),
    );
  }
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

const sameFlags = (a: unknown, b: AnyCardFlag[]) => JSON.stringify(a ?? []) === JSON.stringify(b);

/**
 * Screens the cards and stores what changed (keys filled in for cards written without them).
 * Answers the buildings whose cards changed, for the dashboards.
 */
export async function screenCards(tx: Db, cards: CardToScreen[]): Promise<Set<number>> {
  const changedBuildings = new Set<number>();
  const byClient = new Map<number, CardToScreen[]>();
  for (const c of cards) byClient.set(c.clientId, [...(byClient.get(c.clientId) ?? []), c]);
  for (const [clientId, list] of byClient) {
    const keyed = list.map((c) => ({
      card: c,
      firstKey: canonicalName(c.firstname),
      lastKey: canonicalName(c.lastname),
    }));
    const keys = [...new Set(keyed.flatMap((k) => [k.firstKey, k.lastKey]).filter((k) => k !== ''))];
    const visitorIds = [...new Set(list.map((c) => c.visitorId).filter((v): v is number => v !== null))];
    const candidates = await candidatesFor(tx, clientId, keys, visitorIds);
    const clear: number[] = [];
    for (const { card, firstKey, lastKey } of keyed) {
      const exclusionFlags = cardExclusionFlags(
        {
          firstname: card.firstname,
          lastname: card.lastname,
          dob: card.dob,
          buildingId: card.buildingId,
          visitorId: card.visitorId,
        },
        candidates,
      );
      // the registry's flags (the registry sweep's) stay as they are
      const flags = withCardFlags(card.flagReasons, 'exclusion', exclusionFlags);
      const keysStale = card.firstKey !== firstKey || card.lastKey !== lastKey;
      const unchanged = card.flagged === flags.length > 0 && sameFlags(card.flagReasons, flags);
      if (unchanged && !keysStale) continue;
      if (!unchanged) changedBuildings.add(card.buildingId);
      if (flags.length === 0 && !keysStale) clear.push(card.id);
      else
        await tx
          .update(preRegistrations)
          .set({ firstKey, lastKey, flagged: flags.length > 0, flagReasons: flags })
          .where(eq(preRegistrations.id, card.id));
    }
    for (const part of chunks(clear))
      await tx
        .update(preRegistrations)
        .set({ flagged: false, flagReasons: sql`'[]'::jsonb` })
        .where(inArray(preRegistrations.id, part));
  }
  return changedBuildings;
}

/** Tells the open dashboards of these buildings (delivered when the transaction commits). */
async function tellDashboards(tx: Db, clientId: number, buildingIds: Set<number>) {
  for (const buildingId of buildingIds)
    await notifyFrontDesk(tx, { type: 'preregistration.changed', clientId, buildingId });
}

/** Screens cards just written (the import), by id. */
export async function screenCardsById(tx: Db, ids: number[]) {
  const cards: CardToScreen[] = [];
  for (const part of chunks(ids))
    cards.push(...(await tx.select(cardColumns).from(preRegistrations).where(inArray(preRegistrations.id, part))));
  return screenCards(tx, cards);
}

/**
 * The district's exclusion list changed (issue 22): its cards dated today or later that share a
 * name key with an exclusion that changed (its names before and after), or a linked visitor, or
 * that are flagged now (a flag may be lifted), are screened again. Answers the buildings whose
 * cards changed (their dashboards are told on commit).
 */
export async function rescreenCardsAfterExclusionChange(
  tx: Db,
  clientId: number,
  changed: { firstname: string; lastname: string; visitorId?: number | null }[],
  now: Date,
): Promise<Set<number>> {
  const keys = [
    ...new Set(changed.flatMap((e) => [canonicalName(e.firstname), canonicalName(e.lastname)]).filter((k) => k !== '')),
  ];
  const visitorIds = [
    ...new Set(changed.map((e) => e.visitorId).filter((v): v is number => v !== null && v !== undefined)),
  ];
  const open = and(
    eq(preRegistrations.clientId, clientId),
    gte(preRegistrations.visitDate, firstOpenVisitDate(now)),
    inArray(preRegistrations.status, ['scheduled', 'pending']),
  );
  const found = new Map<number, CardToScreen>();
  const add = (rows: CardToScreen[]) => {
    for (const r of rows) found.set(r.id, r);
  };
  add(
    await tx
      .select(cardColumns)
      .from(preRegistrations)
      .where(and(open, sql`${preRegistrations.flagged} = true`)),
  );
  for (const part of chunks(keys)) {
    add(
      await tx
        .select(cardColumns)
        .from(preRegistrations)
        .where(and(open, or(inArray(preRegistrations.firstKey, part), inArray(preRegistrations.lastKey, part)))),
    );
  }
  if (visitorIds.length > 0)
    add(
      await tx
        .select(cardColumns)
        .from(preRegistrations)
        .where(and(open, inArray(preRegistrations.visitorId, visitorIds))),
    );
  const changedBuildings = await screenCards(tx, [...found.values()]);
  await tellDashboards(tx, clientId, changedBuildings);
  return changedBuildings;
}

/**
 * The sweep (every few minutes): cards nobody screened yet — written before the flags existed, or
 * by a path that does not screen (the kiosk's cards) — dated today or later, a batch at a time.
 */
export async function screenUnscreenedCards(db: Db, now: Date, limit = 500): Promise<number> {
  const cards = await db
    .select(cardColumns)
    .from(preRegistrations)
    .where(and(isNull(preRegistrations.flagged), gte(preRegistrations.visitDate, firstOpenVisitDate(now))))
    .limit(limit);
  if (cards.length === 0) return 0;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const changed = await screenCards(tx, cards);
    const clientOf = new Map(cards.map((c) => [c.buildingId, c.clientId]));
    for (const buildingId of changed)
      await notifyFrontDesk(tx, { type: 'preregistration.changed', clientId: clientOf.get(buildingId)!, buildingId });
  });
  return cards.length;
}
