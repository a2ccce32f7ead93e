import { CARD_REGISTRY_FLAG_LABEL, type CardRegistryFlag, DEFAULT_EXCLUSION_DOB, withCardFlags } from '@sv/domain';
import { and, asc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { clients, preRegistrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { notifyFrontDesk } from '../../platform/realtime/realtime';
import type { ScreeningService } from '../screening';
import { firstOpenVisitDate } from '../exclusions';

/**
 * Pre-registration cards searched in the offender registry before arrival (issue 22: cards are
 * screened "when imported, and again whenever the district's exclusion list or registry data
 * change"). The exclusion list is compared in the writer's transaction (exclusions/exclusions.card-flags.ts);
 * the registry is an outside service with its own latency and limits, so a sweep searches the
 * cards a batch at a time: new cards, and every open card again after a registry import
 * (`registryDataChanged`). A match that would need a decision at arrival (the district's gating)
 * flags the card like an exclusion match does; the person is screened again at arrival all the same.
 */

const OPEN_STATUSES = ['scheduled', 'pending'];

const openCards = (now: Date) =>
  and(gte(preRegistrations.visitDate, firstOpenVisitDate(now)), inArray(preRegistrations.status, OPEN_STATUSES));

/** How many cards a sweep searches (each is a registry request). */
export const REGISTRY_SWEEP_BATCH = 100;

/**
 * Searches the open cards not searched since the registry last changed, after their exclusion
 * screening (a card not screened at all waits for that first). A card without a date of birth has
 * nothing to search by (screening says the same at arrival). A registry that does not answer
 * leaves the card for the next sweep. Answers the number of cards searched.
 */
export async function screenCardsInRegistry(
  deps: AppDeps,
  screening: ScreeningService,
  now: Date,
  limit = REGISTRY_SWEEP_BATCH,
): Promise<number> {
  const cards = await deps.db
    .select({
      id: preRegistrations.id,
      clientId: preRegistrations.clientId,
      buildingId: preRegistrations.buildingId,
      firstname: preRegistrations.firstname,
      lastname: preRegistrations.lastname,
      dob: preRegistrations.dob,
      settings: clients.settings,
    })
    .from(preRegistrations)
    .innerJoin(clients, eq(clients.id, preRegistrations.clientId))
    .where(and(isNull(preRegistrations.registryScreenedAt), isNotNull(preRegistrations.flagged), openCards(now)))
    .orderBy(asc(preRegistrations.visitDate), asc(preRegistrations.id))
    .limit(limit);
  if (cards.length === 0) return 0;
  let searched = 0;
  for (const card of cards) {
    const searchable =
      card.dob !== null &&
      card.dob !== DEFAULT_EXCLUSION_DOB &&
      card.firstname.trim() !== '' &&
      card.lastname.trim() !== '';
    const found = searchable
      ? await screening.registryMatchesBeforeArrival(
          { firstName: card.firstname, lastName: card.lastname, dob: card.dob! },
          card.settings,
        )
      : 'off';
    if (found === 'failed') continue;
    const fresh: CardRegistryFlag[] =
      found === 'off'
        ? []
        : found.map((m) => ({
            registryRef: m.id,
            label: `${CARD_REGISTRY_FLAG_LABEL}: ${`${m.firstName} ${m.lastName}`.trim()} (${m.levelLabel})`,
            reasons: m.reasons,
          }));
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // the exclusion screening may have written the card meanwhile: its flags are read under the lock
      const [row] = await tx
        .select({ flagReasons: preRegistrations.flagReasons })
        .from(preRegistrations)
        .where(eq(preRegistrations.id, card.id))
        .for('update');
      if (!row) return;
      const flags = withCardFlags(row.flagReasons, 'registry', fresh);
      const changed = JSON.stringify(row.flagReasons ?? []) !== JSON.stringify(flags);
      await tx
        .update(preRegistrations)
        .set({ registryScreenedAt: now, ...(changed ? { flagReasons: flags, flagged: flags.length > 0 } : {}) })
        .where(eq(preRegistrations.id, card.id));
      if (changed)
        await notifyFrontDesk(tx, {
          type: 'preregistration.changed',
          clientId: card.clientId,
          buildingId: card.buildingId,
        });
    });
    searched++;
  }
  return searched;
}

/**
 * The registry's data changed (an import): every open card is searched again by the sweep. Answers
 * how many cards wait for it.
 */
export async function registryDataChanged(db: Db, now: Date): Promise<number> {
  const reset = await db
    .update(preRegistrations)
    .set({ registryScreenedAt: null })
    .where(and(isNotNull(preRegistrations.registryScreenedAt), openCards(now)))
    .returning({ id: preRegistrations.id });
  return reset.length;
}
