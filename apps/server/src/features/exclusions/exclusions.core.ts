import { CONSTANTS, ROLE, type TExclusion, ZExclusionSave } from '@sv/contracts';
import { cleanPersonName, DEFAULT_EXCLUSION_DOB, exclusionTypeLabel, isDobAcceptable, localDateOf } from '@sv/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { createExclusionsRepository, ExclusionRow } from './exclusions.repository';

type SaveInput = z.output<typeof ZExclusionSave>;

export const EXCLUSION_MESSAGES = {
  /** issue 25 (audit 000 B6): the same person with the same reach is already on the list */
  duplicate: (name: string, id: number, global: boolean) =>
    `${name} is already on the exclusion list ${global ? 'for the whole district' : 'for this building'} (ID ${id}). Open that exclusion to change it instead of adding another.`,
  clientRequired: 'Choose a district.',
  buildingInactive: 'Choose an active building.',
  buildingOfOtherClient: 'The building must belong to the exclusion’s district.',
  dobFuture: 'The date of birth must be before today.',
  photoNotFound: 'The photo was not found. Upload it again.',
  setGlobalDenied: 'You cannot make an exclusion global.',
} as const;

/**
 * The stored form of a name (issue 22: `cleanPersonName`, invisible characters removed, NFKC, white
 * space collapsed). The contracts already clean names; this keeps every writer on the one form.
 */
export const cleanName = (s: string) => cleanPersonName(s);

export function toExclusion(row: ExclusionRow): TExclusion {
  const visitorName = [row.visitorFirstname, row.visitorMiddlename, row.visitorLastname, row.visitorSuffix]
    .filter((p) => p && p.trim() !== '')
    .join(' ');
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    buildingId: row.buildingId,
    buildingName: row.buildingName,
    isGlobal: row.isGlobal,
    active: row.active,
    firstname: row.firstname,
    lastname: row.lastname,
    dob: row.dob,
    exclusionType: row.exclusionType,
    typeLabel: exclusionTypeLabel(row.exclusionType, row.reason),
    reason: row.reason,
    photoFileId: row.photoFileId,
    created: row.created.toISOString(),
    createdBy: row.createdBy,
    version: row.version,
    visitorId: row.visitorId,
    visitor:
      row.visitorId !== null && row.visitorFirstname !== null ? { name: visitorName, dob: row.visitorDob } : null,
  };
}

/**
 * What every exclusions use case shares (issue 24 §1: one closure per use case on a shared core,
 * like kiosk.core.ts): the repository, the file store, and the field rules of a save (district,
 * building, date of birth, photo) and the read of one exclusion in scope.
 */
export function createExclusionsCore(deps: AppDeps, { repo }: { repo: ReturnType<typeof createExclusionsRepository> }) {
  const fileStore = createFileStore(deps.db);

  async function resolveClient(ctx: RequestCtx, requested: number | null, tx: Db) {
    let clientId = requested;
    if (ctx.actor.roleId !== ROLE.Admin) {
      if (clientId !== null && clientId !== ctx.actor.clientId) throw notFound('Client not found');
      clientId = ctx.actor.clientId; // spec 000 §4: the current user's client
    }
    if (clientId === null)
      throw badRequest(EXCLUSION_MESSAGES.clientRequired, { clientId: [EXCLUSION_MESSAGES.clientRequired] });
    if (!(await repo.clientExists(ctx.actor, clientId, tx))) throw notFound('Client not found');
    return clientId;
  }

  /** Building and the time zone that decides "today" for the date of birth. */
  async function resolveBuilding(ctx: RequestCtx, input: SaveInput, clientId: number, previous: number | null, tx: Db) {
    if (input.isGlobal) return { buildingId: null, timeZone: CONSTANTS.defaultTimeZone };
    const building = await repo.findBuilding(ctx.actor, input.buildingId!, tx);
    if (!building) throw notFound('Building not found');
    if (building.clientId !== clientId) {
      throw badRequest(EXCLUSION_MESSAGES.buildingOfOtherClient, {
        buildingId: [EXCLUSION_MESSAGES.buildingOfOtherClient],
      });
    }
    if (!building.active && building.id !== previous) {
      throw badRequest(EXCLUSION_MESSAGES.buildingInactive, { buildingId: [EXCLUSION_MESSAGES.buildingInactive] });
    }
    return { buildingId: building.id, timeZone: building.timeZone };
  }

  /** spec 000 §5: a missing date is 01/01/1970; a date from today on is refused. */
  function resolveDob(dob: string | null, timeZone: string) {
    if (dob === null) return DEFAULT_EXCLUSION_DOB;
    if (!isDobAcceptable(dob, localDateOf(deps.now(), timeZone))) {
      throw badRequest(EXCLUSION_MESSAGES.dobFuture, { dob: [EXCLUSION_MESSAGES.dobFuture] });
    }
    return dob;
  }

  async function checkPhoto(ctx: RequestCtx, photoFileId: string | null, clientId: number, tx: Db) {
    if (photoFileId === null) return null;
    const meta = await fileStore.findMeta(ctx, photoFileId, tx);
    if (!meta || meta.clientId !== clientId || meta.kind !== 'exclusion-photo') {
      throw badRequest(EXCLUSION_MESSAGES.photoNotFound, { photoFileId: [EXCLUSION_MESSAGES.photoNotFound] });
    }
    return photoFileId;
  }

  async function getRow(ctx: RequestCtx, id: number, tx: Db = deps.db) {
    const row = await repo.findById(ctx.actor, id, tx);
    if (!row) throw notFound('Exclusion not found');
    return row;
  }

  return { deps, repo, fileStore, resolveClient, resolveBuilding, resolveDob, checkPhoto, getRow };
}
export type ExclusionsCore = ReturnType<typeof createExclusionsCore>;
