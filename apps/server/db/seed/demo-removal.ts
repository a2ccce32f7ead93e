import { ROLE } from '@sv/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/database';
import { DEMO_LOGINS } from './demo';

/**
 * Removing the demo data before real use (issue 23 §1): the demo districts (`clients.is_demo`) with
 * everything that belongs to them, and the demo accounts (the demo logins, including the platform
 * administrator whose password is published). Refused while no other active platform administrator
 * exists (`npm run admin:create` first), so nobody is locked out.
 *
 * What belongs to a demo district is found from the database's own foreign keys, so a table added
 * later is covered without a list to keep: rows that reference a removed row are removed with it
 * (recursively), except that a nullable reference to a removed ACCOUNT (who created, decided or
 * cleared something, possibly in a real district) is set to null, so a real district keeps its
 * records. The audit log has no foreign keys and is append-only: its rows of the demo activity
 * stay, as every audit row does.
 */
export class DemoRemovalError extends Error {}

interface ForeignKey {
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
  nullable: boolean;
}

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? []) as Record<string, unknown>[];
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function foreignKeys(tx: Db): Promise<ForeignKey[]> {
  const result = await tx.execute(sql`
    select cl.relname as child, a.attname as column, pl.relname as parent, pa.attname as "parentColumn",
           not a.attnotnull as nullable
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class pl on pl.oid = c.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
     where c.contype = 'f' and n.nspname = current_schema() and array_length(c.conkey, 1) = 1`);
  return rowsOf(result) as unknown as ForeignKey[];
}

/** Removes the rows of `table` that `where` selects, and everything that depends on them. */
async function removeRows(tx: Db, fks: ForeignKey[], table: string, where: string, depth = 0): Promise<number> {
  if (depth > 20) throw new DemoRemovalError(`The references of ${table} are too deep to remove safely.`);
  for (const fk of fks.filter((f) => f.parent === table)) {
    const referenced = `select ${ident(fk.parentColumn)} from ${ident(table)} where ${where}`;
    if ((fk.nullable && table === 'users') || fk.child === table) {
      await tx.execute(
        sql.raw(
          `update ${ident(fk.child)} set ${ident(fk.column)} = null where ${ident(fk.column)} in (${referenced})`,
        ),
      );
    } else {
      await removeRows(tx, fks, fk.child, `${ident(fk.column)} in (${referenced})`, depth + 1);
    }
  }
  const result = await tx.execute(sql.raw(`delete from ${ident(table)} where ${where} returning 1`));
  return rowsOf(result).length;
}

export async function hasDemoData(db: Db): Promise<boolean> {
  const emails = DEMO_LOGINS.map((l) => l.email);
  const result = await db.execute(sql`select exists(select 1 from clients where is_demo)
      or exists(select 1 from users where lower(email) in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})) as present`);
  return rowsOf(result)[0]?.present === true;
}

export async function removeDemoData(db: Db): Promise<{ districts: number; accounts: number }> {
  const emails = DEMO_LOGINS.map((l) => `'${l.email.replace(/'/g, "''")}'`).join(', ');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const admins = rowsOf(
      await tx.execute(
        sql.raw(`select count(*)::int as n from users
                  where role_id = ${ROLE.Admin} and active and lower(email) not in (${emails})`),
      ),
    );
    if (Number(admins[0]?.n ?? 0) === 0) {
      throw new DemoRemovalError(
        'Create your own platform administrator first (npm run admin:create): removing the demo data removes the demo administrator.',
      );
    }
    const fks = await foreignKeys(tx);
    const districts = rowsOf(await tx.execute(sql`select count(*)::int as n from clients where is_demo`));
    // the demo accounts first (they may belong to no district), then the districts and all they hold
    const accounts = await removeRows(
      tx,
      fks,
      'users',
      `lower(email) in (${emails}) or client_id in (select id from clients where is_demo)`,
    );
    await removeRows(tx, fks, 'clients', 'is_demo');
    return { districts: Number(districts[0]?.n ?? 0), accounts };
  });
}
