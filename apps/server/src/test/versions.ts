import { eq } from 'drizzle-orm';
import { clients } from '../db/schema/index';
import type { Db } from '../platform/db/database';

/**
 * The current version of a client (issue 23 §4): the client and all its settings share it, and
 * tests that edit a shared demo district read it instead of assuming 1.
 */
export async function clientVersion(db: Db, clientId: number): Promise<number> {
  const [row] = await db.select({ version: clients.version }).from(clients).where(eq(clients.id, clientId));
  return row.version;
}
