import sharp from 'sharp';
import { addDays, localDateOf } from '@sv/domain';
import { createRegistration, createRegistrationType } from '../../../db/seed/factories';
import { files, type registrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

/** Test fixtures for registration tests (API tests and the authorization matrix). */

/** A registration of a fresh type of `clientId`; pending unless `over` says otherwise. */
export async function insertRegistration(
  db: Db,
  clientId: number,
  over: Partial<typeof registrations.$inferInsert> & { buildingIds?: number[] } = {},
) {
  const type = await createRegistrationType(db, clientId, { months: 12 });
  return createRegistration(db, type, over);
}

/** An ISO date `days` from now (UTC day; tests keep clear of the boundary with whole weeks). */
/**
 * The date `days` from today in the demo districts' zone (America/Chicago), as the server reads
 * "today": a UTC date is a day ahead between midnight UTC and midnight in Chicago.
 */
export const isoInDays = (days: number) => addDays(localDateOf(new Date(), 'America/Chicago'), days);

/** Stores a registration photo file row directly for `clientId`. */
export async function insertRegistrationPhoto(db: Db, clientId: number) {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#246' } })
    .jpeg()
    .toBuffer();
  const [row] = await db
    .insert(files)
    .values({ clientId, kind: 'registration-photo', contentType: 'image/jpeg', bytes, size: bytes.length })
    .returning({ id: files.id });
  return row.id;
}
