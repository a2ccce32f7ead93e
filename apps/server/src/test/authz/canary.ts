import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROLE } from '@sv/contracts';
import { createBuilding, createContact, createUser } from '../../../db/seed/factories';
import type { TestApp } from '../test-app';
import { FEATURES_DIR, isReadEntry, type LoadedEntry, probe } from './matrix';
import { principalSessions } from './principals';
import type { AuthzFixture } from './types';

/**
 * A feature whose tables tenant B has no rows in (the demo seed leaves them empty) adds
 * `features/<feature>/<feature>.canary.ts` exporting `seedTenantB(f)`: it creates a few rows of
 * tenant B (South Valley, `f.world.south`) with its factories. Values do not matter: the generic
 * pass below then writes canaries into every text column of those rows.
 */
export type SeedTenantB = (f: AuthzFixture) => Promise<void>;

/** Every canary value starts with this; no response to a tenant-A principal may contain it. */
export const CANARY_PREFIX = 'CANARY-B';

/**
 * Columns left alone: identifiers, secrets/tokens (never sent anywhere) and a few values the code
 * interprets (time zone, homepage route, enum-like kinds), where a canary would only make
 * tenant B's own requests fail rather than test tenant A.
 */
const SKIP_COLUMNS = new Set([
  'id',
  'password_hash',
  'csrf_token',
  'token_hash',
  'time_zone',
  'homepage',
  'contact_type',
  'signed_in_with',
  'purpose',
  'status',
  'kind',
  'role',
  'oidc_tenant_id',
  'oidc_object_id',
  'background_secret',
]);

export interface CanaryReport {
  /** `table.column` → rows of tenant B now holding a canary */
  seeded: Record<string, number>;
  /** `table.column` → why it was not seeded (constraint, trigger, append-only table …) */
  skipped: Record<string, string>;
  /** tenant tables where tenant B has no rows, so no canary (candidates for a `.canary.ts`) */
  empty: string[];
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
}

/**
 * Fills tenant B (South Valley) with canary strings:
 * 1. explicit factory rows for the core tables (a building, a contact, an attendant) and the
 *    rows each `features/<feature>/*.canary.ts` creates, then every state-changing matrix row
 *    that a tenant-B principal may perform, run as that principal (real rows of tenant B in
 *    outbox, audit, tokens … made the way the product makes them), then
 * 2. a generic pass over information_schema: every table with `client_id` (or, failing that,
 *    `building_id` / `user_id`) — including tables other features add later — gets each text
 *    column of its tenant-B rows set to `CANARY-B-<table>-<column>-<random>` (an address form
 *    for e-mail columns), plus `clients` itself.
 */
export async function seedCanaries(t: TestApp, entries: LoadedEntry[] = []): Promise<CanaryReport> {
  const { db } = t.deps;
  const south = t.world.south;
  const c = (table: string, column: string) =>
    `${CANARY_PREFIX}-${table}-${column}-${Math.random().toString(36).slice(2, 8)}`;

  const building = await createBuilding(db, south.clientId, {
    name: c('buildings', 'name'),
    note: c('buildings', 'note'),
    street1: c('buildings', 'street1'),
  });
  await createContact(db, south.clientId, {
    name: c('contacts', 'name'),
    email: `${c('contacts', 'email')}@canary.test`,
    contactType: 'Building',
    buildingId: building.id,
  });
  await createUser(db, {
    roleId: ROLE.Attendant,
    clientId: south.clientId,
    buildingId: building.id,
    name: c('users', 'name'),
    email: `${c('users', 'email')}@canary.test`,
  });

  for (const file of featureCanaryFiles()) {
    const mod = (await import(pathToFileURL(file).href)) as { seedTenantB?: SeedTenantB };
    if (typeof mod.seedTenantB !== 'function') throw new Error(`${file} must export seedTenantB(f)`);
    await mod.seedTenantB({ world: t.world, deps: t.deps });
  }

  for (const entry of entries.filter((e) => !isReadEntry(e))) {
    const asB = (['clientAdminB', 'attendantB'] as const).filter((p) => entry.expect[p] === 'ok');
    if (!asB.length) continue;
    const sessions = await principalSessions(t); // fresh: a row may end the session it uses
    for (const p of asB) await probe(t, entry, sessions[p]);
  }

  const columns = await t.deps.database.query<ColumnRow>(
    `SELECT table_name, column_name, data_type, character_maximum_length
       FROM information_schema.columns
      WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, ColumnRow[]>();
  for (const col of columns) tables.set(col.table_name, [...(tables.get(col.table_name) ?? []), col]);

  const report: CanaryReport = { seeded: {}, skipped: {}, empty: [] };
  const b = Number(south.clientId);
  for (const [table, cols] of tables) {
    const has = (name: string) => cols.some((x) => x.column_name === name);
    const scope =
      table === 'clients'
        ? `id = ${b}`
        : has('client_id')
          ? `client_id = ${b}`
          : has('building_id')
            ? `building_id IN (SELECT id FROM buildings WHERE client_id = ${b})`
            : has('user_id')
              ? `user_id IN (SELECT id FROM users WHERE client_id = ${b})`
              : null;
    if (!scope) continue;
    const [{ n }] = await t.deps.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE ${scope}`,
    );
    if (n === 0) {
      report.empty.push(table);
      continue;
    }
    for (const col of cols) {
      if (!['text', 'character varying'].includes(col.data_type)) continue;
      const name = col.column_name;
      if (SKIP_COLUMNS.has(name) || name.endsWith('_id')) continue;
      const key = `${table}.${name}`;
      const base = `${CANARY_PREFIX}-${table}-${name}-`;
      const suffix = name.includes('email') ? ` || '@canary.test'` : '';
      const max = col.character_maximum_length;
      if (max !== null && max < base.length + 8 + (suffix ? 12 : 0)) {
        report.skipped[key] = `too short (${max})`;
        continue;
      }
      try {
        const rows = await t.deps.database.query(
          `UPDATE "${table}" SET "${name}" = '${base}' || substr(md5(random()::text), 1, 8)${suffix} WHERE ${scope} RETURNING 1`,
        );
        if (rows.length > 0) report.seeded[key] = rows.length;
      } catch (err) {
        report.skipped[key] = (err as Error).message.slice(0, 120);
      }
    }
  }
  return report;
}

function featureCanaryFiles(): string[] {
  const files: string[] = [];
  for (const feature of fs.readdirSync(FEATURES_DIR, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const dir = path.join(FEATURES_DIR, feature.name);
    for (const f of fs.readdirSync(dir).sort()) if (f.endsWith('.canary.ts')) files.push(path.join(dir, f));
  }
  return files;
}

/** Every place a response can carry data: status line aside, the body bytes and the headers. */
export function leakedCanaries(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string[] {
  const text = `${res.rawPayload.toString('latin1')}\n${JSON.stringify(res.headers)}`;
  return [...new Set(text.match(new RegExp(`${CANARY_PREFIX}-[A-Za-z0-9_.-]+`, 'g')) ?? [])];
}
