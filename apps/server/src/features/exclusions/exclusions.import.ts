import { can, CONSTANTS } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB, EXCLUSION_TYPES, exclusionNameKey, isDobAcceptable, localDateOf } from '@sv/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildings, exclusions } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { buildingFilter, clientFilter } from '../../platform/db/scope';
import type { RequestCtx } from '../../platform/http/request-context';
import { cell, registerImport, requireClientOption } from '../../platform/imports/import-definition';
import { EXCLUSION_MESSAGES } from './exclusions.service';
import { withNameKeys } from '../../platform/db/identity-keys';
import { rescreenCardsAfterExclusionChange } from './exclusions.card-flags';

/**
 * Exclusions bulk import (spec 000 §2; /Exclusion/exclusionSampleImport). Rows go to the client
 * in the `clientId` option (admins) or the importer's own client. A blank Building makes the
 * exclusion global; a named one must be an ACTIVE building of that client. A blank date of birth
 * is stored as 01/01/1970 (spec 000 §5). Natural key: client + canonical first + canonical last + dob
 * + building, so re-uploading the same file adds nothing.
 */
/** The Building cell that means every building of the district (lower case). */
const GLOBAL = 'global';

const TYPE_BY_TEXT = new Map<string, string>([...EXCLUSION_TYPES, 'Other'].map((t) => [t.toLowerCase(), t] as const));

const rowSchema = z
  .object({
    // issue 22: the one person-name rule; a bad name sends the row to the error file with its sentence
    firstname: cell.personName(100),
    lastname: cell.personName(100),
    dob: cell.optionalDate().transform((d) => d ?? DEFAULT_EXCLUSION_DOB),
    exclusionType: z.string(),
    reason: z.string().max(2000, 'must be at most 2000 characters'),
    // issue 25: the export writes "Global" for an exclusion of every building (as the list shows it)
    building: cell.optionalText(200).transform((b) => (b !== null && b.toLowerCase() === GLOBAL ? null : b)),
    active: cell.yesNo(true),
  })
  .transform((row, ctx) => {
    const text = row.exclusionType;
    let type = TYPE_BY_TEXT.get(text.toLowerCase().replace(/[^a-z]/g, ''));
    // issue 25: the export's Type column is the list's label, which for Other is the reason
    // itself (exclusionTypeLabel), so a Type equal to the row's Reason is an Other
    if (!type && text !== '' && text === row.reason.trim()) type = 'Other';
    if (!type) {
      ctx.addIssue({
        code: 'custom',
        path: ['exclusionType'],
        message:
          'must be Failed Background Check, Trespassed, Terminated Employee, Violent Or Threatening Behavior, Restricted Access or Other',
      });
      return z.NEVER;
    }
    return { ...row, exclusionType: type };
  })
  .superRefine((row, ctx) => {
    if (row.exclusionType === 'Other' && row.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required when the type is Other' });
    }
  });
type Row = z.output<typeof rowSchema>;

const keyOf = (first: string, last: string, dob: string, building: string | null) =>
  [exclusionNameKey(first), exclusionNameKey(last), dob, exclusionNameKey(building)].join('|');

async function findBuilding(ctx: RequestCtx, tx: Db, clientId: number, name: string) {
  const rows = await tx
    .select({ id: buildings.id, active: buildings.active, timeZone: buildings.timeZone })
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

/**
 * A file names the same few buildings on thousands of rows: look each name up once per upload
 * (the pipeline hands every callback the same `options` object for one upload).
 */
const buildingCache = new WeakMap<object, Map<string, ReturnType<typeof findBuilding>>>();
function findBuildingOnce(ctx: RequestCtx, tx: Db, clientId: number, name: string, options: Record<string, string>) {
  let byName = buildingCache.get(options);
  if (!byName) {
    byName = new Map();
    buildingCache.set(options, byName);
  }
  const key = `${clientId}|${name.toLowerCase()}`;
  let hit = byName.get(key);
  if (!hit) {
    hit = findBuilding(ctx, tx, clientId, name);
    byName.set(key, hit);
  }
  return hit;
}

registerImport({
  kind: 'exclusions',
  permission: 'exclusions.manage',
  columns: [
    { key: 'firstname', header: 'First Name', required: true, example: 'Pat' },
    { key: 'lastname', header: 'Last Name', required: true, example: 'Placeholder' },
    { key: 'dob', header: 'Date of Birth', example: '04/15/1980', help: 'MM/DD/YYYY; blank = 01/01/1970' },
    {
      key: 'exclusionType',
      header: 'Type',
      required: true,
      example: 'Trespassed',
      help: 'a type, or Other (the export writes an Other as its reason)',
    },
    { key: 'reason', header: 'Reason', example: 'Trespass notice issued' },
    {
      key: 'building',
      header: 'Building',
      example: '',
      help: 'blank or Global = global (every building of the client)',
    },
    { key: 'active', header: 'Active', example: 'Yes' },
  ],
  rowSchema,
  naturalKey: (row: Row) => keyOf(row.firstname, row.lastname, row.dob, row.building),
  async existingKeys(ctx, keys, tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    const lastNames = [...new Set(keys.map((k) => k.split('|')[1]))];
    const rows = await tx
      .select({
        firstname: exclusions.firstname,
        lastname: exclusions.lastname,
        dob: exclusions.dob,
        building: buildings.name,
      })
      .from(exclusions)
      .leftJoin(buildings, eq(buildings.id, exclusions.buildingId))
      // the stored key (canonicalName, issue 22) is what the natural key compares: an indexed equality
      .where(and(eq(exclusions.clientId, clientId), inArray(exclusions.lastKey, lastNames)));
    const wanted = new Set(keys);
    return new Set(rows.map((r) => keyOf(r.firstname, r.lastname, r.dob, r.building)).filter((k) => wanted.has(k)));
  },
  async checkRow(ctx, row: Row, tx, options) {
    let timeZone: string = CONSTANTS.defaultTimeZone;
    if (row.building === null) {
      if (!can(ctx.actor, 'exclusions.setGlobal')) return EXCLUSION_MESSAGES.setGlobalDenied;
    } else {
      const clientId = await requireClientOption(ctx, options, tx);
      const building = await findBuildingOnce(ctx, tx, clientId, row.building, options);
      if (!building) return `Building: no building named "${row.building}" in this district`;
      if (!building.active) return EXCLUSION_MESSAGES.buildingInactive;
      timeZone = building.timeZone;
    }
    if (row.dob !== DEFAULT_EXCLUSION_DOB && !isDobAcceptable(row.dob, localDateOf(new Date(), timeZone))) {
      return `Date of Birth: ${EXCLUSION_MESSAGES.dobFuture}`;
    }
    return null;
  },
  async insertRows(ctx, rows: Row[], tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    const buildingIds = new Map<string, number>();
    const values: (typeof exclusions.$inferInsert)[] = [];
    for (const row of rows) {
      let buildingId: number | null = null;
      if (row.building !== null) {
        const key = row.building.toLowerCase();
        if (!buildingIds.has(key))
          buildingIds.set(key, (await findBuildingOnce(ctx, tx, clientId, row.building, options))!.id);
        buildingId = buildingIds.get(key)!;
      }
      values.push({
        clientId,
        buildingId,
        isGlobal: buildingId === null,
        active: row.active,
        firstname: row.firstname,
        lastname: row.lastname,
        dob: row.dob,
        exclusionType: row.exclusionType,
        reason: row.reason,
        createdBy: ctx.actor.userId,
      });
    }
    if (values.length === 0) return [];
    const created = await tx.insert(exclusions).values(values.map(withNameKeys)).returning({ id: exclusions.id });
    // the district's pre-registration cards are screened again (issue 22), in the import's transaction
    await rescreenCardsAfterExclusionChange(tx, clientId, values, new Date());
    return created.map((r) => r.id);
  },
  /**
   * Undo (issue 26 §4, ADR 0049): the batch's exclusions are deleted (nothing refers to an
   * exclusion by key: screenings keep what they showed), and the cards they flagged are screened again.
   */
  async undo(ctx, _clientId, ids, tx) {
    const removed = await tx
      .delete(exclusions)
      .where(and(inArray(exclusions.id, ids), clientFilter(ctx.actor, exclusions.clientId)))
      .returning({ clientId: exclusions.clientId, firstname: exclusions.firstname, lastname: exclusions.lastname });
    for (const clientId of new Set(removed.map((r) => r.clientId)))
      await rescreenCardsAfterExclusionChange(
        tx,
        clientId,
        removed.filter((r) => r.clientId === clientId),
        new Date(),
      );
    return { removed: removed.length, kept: ids.length - removed.length };
  },
});
