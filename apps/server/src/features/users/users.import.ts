import { can, ROLE } from '@sv/contracts';
import { cleanPersonName, PERSON_NAME_MESSAGES, personNameProblem } from '@sv/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildings, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter } from '../../platform/db/scope';
import type { RequestCtx } from '../../platform/http/request-context';
import { removeUnlessInUse } from '../../platform/db/remove-unless-in-use';
import { cell, registerImport, requireClientOption } from '../../platform/imports/import-definition';
import { createUsersRepository } from './users.repository';
import { USER_MESSAGES } from './users.service';

/**
 * Users bulk import (spec 000 §2 "Bulk import dialogs"; /User/UserSampleImport). Rows go to
 * the client in the `clientId` option (admins) or the importer's own client. Natural key:
 * lower(email) — re-uploading the same file adds nothing. Imported users have no password
 * yet; an activation e-mail is sent from the Users screen's row menu.
 */
const ROLE_BY_TEXT: Record<string, number> = {
  clientadmin: ROLE.ClientAdmin,
  administrator: ROLE.ClientAdmin,
  '2': ROLE.ClientAdmin,
  attendant: ROLE.Attendant,
  '3': ROLE.Attendant,
  kiosk: ROLE.Kiosk,
  '4': ROLE.Kiosk,
};

const rowSchema = z
  .object({
    // issue 22: the one person-name rule, except a kiosk account's name (a device's), checked below
    name: cell
      .text(200)
      .refine((raw) => !/[\p{Cc}\u2028\u2029]/u.test(raw), PERSON_NAME_MESSAGES.characters)
      .transform((raw) => cleanPersonName(raw)),
    email: z
      .string()
      .min(1, 'is required')
      .transform((s, ctx) => {
        if (!z.email().safeParse(s).success || s.length > 254) {
          ctx.addIssue({ code: 'custom', message: 'must be an e-mail address' });
          return z.NEVER;
        }
        return s.toLowerCase();
      }),
    role: z.string().transform((s, ctx) => {
      const roleId = ROLE_BY_TEXT[s.toLowerCase().replace(/[^a-z0-9]/g, '')];
      if (!roleId) {
        ctx.addIssue({ code: 'custom', message: 'must be Client Admin, Attendant or Kiosk' });
        return z.NEVER;
      }
      return roleId;
    }),
    building: cell.optionalText(200),
    active: cell.yesNo(true),
    elevatedReports: cell.yesNo(false),
    scanWithCamera: cell.yesNo(false),
  })
  .superRefine((row, ctx) => {
    if (row.role === ROLE.Kiosk) return;
    const problem = personNameProblem(row.name);
    if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
  });
type Row = z.output<typeof rowSchema>;

async function buildingIdOf(ctx: RequestCtx, tx: Db, clientId: number, name: string) {
  const rows = await tx
    .select({ id: buildings.id, active: buildings.active })
    .from(buildings)
    .where(
      and(
        eq(buildings.clientId, clientId),
        eq(sql`lower(${buildings.name})`, name.toLowerCase()),
        buildingFilter(ctx.actor, { clientId: buildings.clientId, buildingId: buildings.id }),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

registerImport({
  kind: 'users',
  permission: 'users.manage',
  columns: [
    { key: 'name', header: 'Name', required: true, example: 'Jordan Example' },
    { key: 'email', header: 'Email', required: true, example: 'jordan.example@district.example' },
    { key: 'role', header: 'Role', required: true, example: 'Attendant', help: 'Client Admin, Attendant or Kiosk' },
    { key: 'building', header: 'Building', example: 'North High School', help: 'required for attendants and kiosks' },
    { key: 'active', header: 'Active', example: 'Yes' },
    { key: 'elevatedReports', header: 'Elevated Reports', example: 'No' },
    { key: 'scanWithCamera', header: 'Scan With Camera', example: 'No' },
  ],
  rowSchema,
  naturalKey: (row: Row) => row.email,
  async existingKeys(ctx, keys, tx) {
    const rows = await tx
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(
        and(
          inArray(sql`lower(${users.email})`, keys),
          buildingFilter(ctx.actor, { clientId: users.clientId, buildingId: users.buildingId }),
        ),
      );
    return new Set(rows.map((r) => r.email));
  },
  async checkRow(ctx, row: Row, tx, options) {
    if (row.role === ROLE.ClientAdmin && !can(ctx.actor, 'users.manageAdministrators')) {
      return USER_MESSAGES.administratorsOnly;
    }
    // issue 10 §5: a holder outside the importer's scope (another district, a platform admin)
    // gets the neutral message, so the error file does not tell one district about another's staff
    const holder = await createUsersRepository(tx).emailHolder(ctx.actor, row.email, undefined, tx);
    if (holder) return holder.inScope ? USER_MESSAGES.emailTaken : USER_MESSAGES.emailUnavailable;
    if (row.role === ROLE.ClientAdmin) return null;
    if (!row.building) return USER_MESSAGES.buildingRequired;
    const clientId = await requireClientOption(ctx, options, tx);
    const building = await buildingIdOf(ctx, tx, clientId, row.building);
    if (!building) return `Building: no building named "${row.building}" in this district`;
    if (!building.active) return USER_MESSAGES.buildingInactive;
    return null;
  },
  async insertRows(ctx, rows: Row[], tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    const values: (typeof users.$inferInsert)[] = [];
    for (const row of rows) {
      const building =
        row.role === ROLE.ClientAdmin || !row.building ? null : await buildingIdOf(ctx, tx, clientId, row.building);
      values.push({
        name: row.name,
        email: row.email,
        roleId: row.role,
        clientId,
        buildingId: building?.id ?? null,
        homepage: row.role === ROLE.Kiosk ? '/safe/kiosk' : '/',
        active: row.active,
        elevatedReports: row.elevatedReports,
        scanWithCamera: row.scanWithCamera,
        passwordHash: null,
      });
    }
    if (values.length === 0) return [];
    return (await tx.insert(users).values(values).returning({ id: users.id })).map((r) => r.id);
  },
  /**
   * Undo (issue 26 §4, ADR 0049): an account nobody has used stays only if something refers to it;
   * one that has signed in or acted (an audit row names it) is kept.
   */
  async undo(ctx, _clientId, ids, outer) {
    // each account in its own savepoint: `tx` here is that savepoint's transaction
    return removeUnlessInUse(outer, ids, (tx, id) => createUsersRepository(tx).deleteUnused(ctx.actor, id));
  },
});
