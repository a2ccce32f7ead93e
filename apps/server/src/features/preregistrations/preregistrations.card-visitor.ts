import { eq } from 'drizzle-orm';
import { visitors } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { type VisitorsRepository, visitorFieldsOf } from '../visitors';
import type { PreRegistrationsRepository, PreRegRow } from './preregistrations.repository';

/**
 * The card's visitor record, the first time it is needed: the same person on file (issue 22:
 * canonical name + date of birth, resolveOrInsert; the card only fills what the record lacks),
 * or one made from the pre-registration. Shared by the card's actions and arrival by pass
 * (issue 28 §3: a visitor pass is a pre-registration, ADR 0053).
 */
export async function ensureCardVisitor(
  db: Db,
  { repo, visitorsRepo }: { repo: PreRegistrationsRepository; visitorsRepo: VisitorsRepository },
  card: Pick<
    PreRegRow,
    'id' | 'visitorId' | 'clientId' | 'buildingId' | 'firstname' | 'lastname' | 'dob' | 'email' | 'phone'
  >,
): Promise<number> {
  if (card.visitorId) return card.visitorId;
  const resolved = await visitorsRepo.resolveOrInsert(
    card.clientId,
    card.buildingId,
    visitorFieldsOf({
      firstname: card.firstname,
      lastname: card.lastname,
      dob: card.dob,
      email: card.email,
      phone: card.phone,
    }),
    { mode: 'self' },
  );
  const visitorId = resolved.id!;
  // two actions on one card at once (a double click, a retry) must link one visitor: the first
  // link wins, and the loser's fresh record is removed (never a record that was already on file)
  const linked = await repo.linkVisitorOnce(card.id, visitorId);
  if (linked !== visitorId && !resolved.existing) await db.delete(visitors).where(eq(visitors.id, visitorId));
  return linked;
}
