import { randomBytes } from 'node:crypto';
import { registrations, type StoredArrestWatchContact } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { createRegistrationType } from '../../../db/seed/factories';

/** A watched registration type with one contact (notified at every level; `badgeLevels` suspend). */
export async function createWatchedType(
  db: Db,
  clientId: number,
  over: { badgeLevels?: number[]; watched?: boolean } = {},
) {
  const contact: StoredArrestWatchContact = {
    name: 'Safety Office',
    email: 'safety@north.example',
    mobile: '(555) 555-0100',
    notificationLevels: [1, 2, 3, 4, 5, 6],
    badgeLevels: over.badgeLevels ?? [2, 3, 5, 6],
  };
  return createRegistrationType(db, clientId, { inArrestWatch: over.watched ?? true, awContacts: [contact] });
}

export interface RegistrationRow {
  clientId: number;
  registrationTypeId: number;
  firstname: string;
  lastname: string;
  dob: string | null;
  approved?: boolean | null;
  expDate?: string | null;
  city?: string;
  state?: string;
  zipcode?: string;
}

/** Registrations inserted directly (many at once for the scale and restart tests). */
export async function insertRegistrations(db: Db, rows: RegistrationRow[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(registrations)
      .values(
        rows.slice(i, i + 500).map((r) => ({
          approved: true,
          ...r,
          badgeCode: randomBytes(10).toString('hex'),
        })),
      )
      .returning({ id: registrations.id });
    out.push(...inserted.map((r) => r.id));
  }
  return out;
}
