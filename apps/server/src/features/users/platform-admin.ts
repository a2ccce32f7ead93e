import { ROLE } from '@sv/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index';
import { hashPassword, passwordProblem } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/database';

/**
 * The first platform administrator of an install (issue 23 §1: a PostgreSQL install had no way to
 * create one other than seeding the demo data with its published password). Used by
 * `npm run admin:create`; runs with the database's owner rights, outside any session, so it is a
 * command-line tool only, never an HTTP route.
 */
export const ZPlatformAdminInput = z.object({
  email: z.email({ message: 'Enter a valid e-mail address.' }).max(254),
  name: z.string().trim().min(1, "Enter the administrator's name.").max(100),
  password: z.string().max(200),
});

export class PlatformAdminError extends Error {}

export async function createPlatformAdmin(db: Db, input: z.input<typeof ZPlatformAdminInput>) {
  const parsed = ZPlatformAdminInput.safeParse(input);
  if (!parsed.success) throw new PlatformAdminError(parsed.error.issues.map((i) => i.message).join(' '));
  const { email, name, password } = parsed.data;
  const problem = passwordProblem(password, email);
  if (problem) throw new PlatformAdminError(problem);
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (taken.length > 0) throw new PlatformAdminError(`A user with the e-mail ${email} already exists.`);
  const [row] = await db
    .insert(users)
    .values({ email, name, roleId: ROLE.Admin, passwordHash: await hashPassword(password), homepage: '/' })
    .returning({ id: users.id, email: users.email });
  return row;
}
