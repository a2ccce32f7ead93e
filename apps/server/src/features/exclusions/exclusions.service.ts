import {
  can,
  CONSTANTS,
  ROLE,
  type TExclusion,
  type TExclusionSave,
  type TExclusionUpdate,
  type TExclusionsQuery,
  type TPotentialMatchesRequest,
  ZExclusionSave,
  ZExclusionUpdate,
  ZExclusionsQuery,
  ZPotentialMatchesRequest,
  type TExclusionBulkActive,
  type TExclusionBulkResult,
  ZExclusionBulkActive,
} from '@sv/contracts';
import {
  cleanPersonName,
  DEFAULT_EXCLUSION_DOB,
  exclusionTypeLabel,
  findExclusionMatches,
  isDobAcceptable,
  localDateOf,
} from '@sv/domain';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { rescreenCardsAfterExclusionChange } from './exclusions.card-flags';
import { candidateQueryOf, createExclusionsRepository, type ExclusionRow } from './exclusions.repository';

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
 * Exclusions (spec 000 §2 Manage Exclusions, §3, §4 defaults, §5 dob and matching; spec 002 §5).
 * Field rules (security guide): only 'exclusions.manage' writes, 'exclusions.setGlobal' decides
 * isGlobal, a building must be an ACTIVE building of the same client.
 */
export function createExclusionsService(
  deps: AppDeps,
  { repo }: { repo: ReturnType<typeof createExclusionsRepository> },
) {
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

  return {
    async list(ctx: RequestCtx, query: TExclusionsQuery) {
      requirePermission(ctx.actor, 'exclusions.read');
      const q = ZExclusionsQuery.parse(query);
      const page = await repo.findPage(ctx.actor, {
        ...q,
        clientId: ctx.actor.roleId === ROLE.Admin ? q.clientId : undefined,
      });
      return { ...page, data: page.data.map(toExclusion) };
    },

    /** One exclusion; a sensitive read, audited. */
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'exclusions.read');
      const row = await getRow(ctx, id);
      deps.audit.read(ctx, {
        action: 'exclusion.read',
        targetType: 'exclusion',
        targetId: id,
        clientId: row.clientId,
        buildingId: row.buildingId,
      });
      return toExclusion(row);
    },

    async create(ctx: RequestCtx, body: TExclusionSave) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const input = ZExclusionSave.parse(body);
      if (input.isGlobal && !can(ctx.actor, 'exclusions.setGlobal'))
        throw forbidden(EXCLUSION_MESSAGES.setGlobalDenied);
      let rescreened = new Set<number>();
      const id = await deps.db.transaction(async (tx) => {
        const clientId = await resolveClient(ctx, input.clientId, tx);
        const { buildingId, timeZone } = await resolveBuilding(ctx, input, clientId, null, tx);
        const dob = resolveDob(input.dob, timeZone);
        const photoFileId = await checkPhoto(ctx, input.photoFileId, clientId, tx);
        if (input.visitorId !== null) {
          const visitor = await repo.findVisitor(ctx.actor, input.visitorId, tx);
          if (!visitor || visitor.clientId !== clientId) throw notFound('Visitor not found');
        }
        if (input.active) {
          const twin = await repo.findActiveTwin(
            { clientId, buildingId, firstname: cleanName(input.firstname), lastname: cleanName(input.lastname), dob },
            tx,
          );
          if (twin) {
            const message = EXCLUSION_MESSAGES.duplicate(
              `${twin.firstname} ${twin.lastname}`,
              twin.id,
              buildingId === null,
            );
            throw new AppError('CONFLICT', message, { lastname: [message] });
          }
        }
        const newId = await repo.insert(
          {
            clientId,
            buildingId,
            isGlobal: buildingId === null,
            active: input.active,
            visitorId: input.visitorId,
            firstname: cleanName(input.firstname),
            lastname: cleanName(input.lastname),
            dob,
            exclusionType: input.exclusionType,
            reason: input.reason,
            photoFileId,
            created: deps.now(),
            createdBy: ctx.actor.userId,
          },
          tx,
        );
        // the district's pre-registration cards are screened again (issue 22), in this transaction
        rescreened = await rescreenCardsAfterExclusionChange(
          tx,
          clientId,
          [{ firstname: input.firstname, lastname: input.lastname, visitorId: input.visitorId }],
          deps.now(),
        );
        await deps.audit.record(
          ctx,
          {
            action: 'exclusion.create',
            targetType: 'exclusion',
            targetId: newId,
            clientId,
            buildingId,
            details: { isGlobal: buildingId === null, active: input.active, exclusionType: input.exclusionType },
          },
          tx,
        );
        return newId;
      });
      for (const buildingId of rescreened) deps.realtime.invalidate(buildingId);
      return toExclusion(await getRow(ctx, id));
    },

    async update(ctx: RequestCtx, id: number, body: TExclusionUpdate) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const input = ZExclusionUpdate.parse(body);
      let rescreened = new Set<number>();
      await deps.db.transaction(async (tx) => {
        const before = await getRow(ctx, id, tx);
        refuseStale(before, input.version);
        if (input.isGlobal !== before.isGlobal && !can(ctx.actor, 'exclusions.setGlobal')) {
          throw forbidden(EXCLUSION_MESSAGES.setGlobalDenied);
        }
        // An exclusion stays with its client; the visitor link is kept as it is (spec 000 §4).
        const clientId = before.clientId;
        const { buildingId, timeZone } = await resolveBuilding(ctx, input, clientId, before.buildingId, tx);
        const dob = resolveDob(input.dob, timeZone);
        const photoFileId = await checkPhoto(ctx, input.photoFileId, clientId, tx);
        const after = {
          buildingId,
          isGlobal: buildingId === null,
          active: input.active,
          firstname: cleanName(input.firstname),
          lastname: cleanName(input.lastname),
          dob,
          exclusionType: input.exclusionType,
          reason: input.reason,
          photoFileId,
        };
        mustHaveSaved(await repo.update(ctx.actor, id, after, tx, input.version));
        // edited, activated or deactivated: the cards its names (before and after) concern (issue 22)
        rescreened = await rescreenCardsAfterExclusionChange(
          tx,
          clientId,
          [before, { ...after, visitorId: before.visitorId }],
          deps.now(),
        );
        const changed = Object.fromEntries(
          Object.entries(after)
            .filter(([k, v]) => before[k as keyof typeof before] !== v)
            .map(([k, v]) => [k, { before: before[k as keyof typeof before], after: v }]),
        );
        await deps.audit.record(
          ctx,
          { action: 'exclusion.update', targetType: 'exclusion', targetId: id, clientId, buildingId, details: changed },
          tx,
        );
      });
      for (const b of rescreened) deps.realtime.invalidate(b);
      return toExclusion(await getRow(ctx, id));
    },

    /**
     * Activate or deactivate many at once (issue 26 §4): one transaction, the cards the changed
     * names concern screened again (issue 22), one audit row with the ids.
     */
    async setActiveMany(ctx: RequestCtx, body: TExclusionBulkActive): Promise<TExclusionBulkResult> {
      requirePermission(ctx.actor, 'exclusions.manage');
      const input = ZExclusionBulkActive.parse(body);
      const ids = [...new Set(input.ids)];
      const rescreened = new Set<number>();
      const result = await deps.db.transaction(async (tx) => {
        const { found, changed } = await repo.setActiveMany(ctx.actor, ids, input.active, tx);
        for (const clientId of new Set(changed.map((c) => c.clientId))) {
          const mine = changed.filter((c) => c.clientId === clientId);
          for (const b of await rescreenCardsAfterExclusionChange(tx, clientId, mine, deps.now())) rescreened.add(b);
          await deps.audit.record(
            ctx,
            {
              action: input.active ? 'exclusion.bulkActivate' : 'exclusion.bulkDeactivate',
              targetType: 'exclusion',
              clientId,
              details: { ids: mine.map((c) => c.id) },
            },
            tx,
          );
        }
        return { changed: changed.length, unchanged: found - changed.length, notFound: ids.length - found };
      });
      for (const b of rescreened) deps.realtime.invalidate(b);
      return result;
    },

    /** Stores a photo for an exclusion form that is not saved yet; the save attaches it by id. */
    async uploadPhoto(ctx: RequestCtx, read: () => Promise<{ buffer: Buffer; clientId: number | null }>) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const { buffer, clientId: requestedClientId } = await read();
      const clientId = await resolveClient(ctx, requestedClientId, deps.db);
      const id = await fileStore.saveImage(ctx, clientId, 'exclusion-photo', buffer);
      await deps.audit.record(ctx, { action: 'exclusion.photo.upload', targetType: 'file', targetId: id, clientId });
      return id;
    },

    /** Uploads and attaches a photo to an existing exclusion. */
    async replacePhoto(ctx: RequestCtx, id: number, read: () => Promise<Buffer>) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const row = await getRow(ctx, id);
      const buffer = await read();
      const fileId = await fileStore.saveImage(ctx, row.clientId, 'exclusion-photo', buffer);
      mustHaveSaved(await repo.update(ctx.actor, id, { photoFileId: fileId }));
      await deps.audit.record(ctx, {
        action: 'exclusion.photo.set',
        targetType: 'exclusion',
        targetId: id,
        clientId: row.clientId,
        details: { fileId },
      });
      return fileId;
    },

    async removePhoto(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'exclusions.manage');
      const row = await getRow(ctx, id);
      mustHaveSaved(await repo.update(ctx.actor, id, { photoFileId: null }));
      await deps.audit.record(ctx, {
        action: 'exclusion.photo.remove',
        targetType: 'exclusion',
        targetId: id,
        clientId: row.clientId,
      });
      return toExclusion(await getRow(ctx, id));
    },

    /**
     * spec 002 §7 POST /Exclusion/PotentialMatches: screening on the server at the moment of
     * check-in (security guide), for the building the desk works in.
     */
    async potentialMatches(ctx: RequestCtx, body: TPotentialMatchesRequest) {
      requirePermission(ctx.actor, 'screening.run');
      const q = ZPotentialMatchesRequest.parse(body);
      const building = await repo.findBuilding(ctx.actor, q.buildingId);
      if (!building) throw notFound('Building not found');
      // the visitor record's licence: another record with it is the same person (issue 22)
      const visitor = q.visitorId !== null ? await repo.findVisitor(ctx.actor, q.visitorId) : null;
      const rows = await repo.findExclusionCandidates(
        ctx.actor,
        building,
        candidateQueryOf({
          id: q.visitorId,
          firstName: q.firstname,
          lastName: q.lastname,
          dob: q.dob,
          licence: visitor?.licence,
          licenceState: visitor?.licenceState,
        }),
      );
      const candidates = rows.map((row) => ({
        row,
        active: row.active,
        visitorId: row.visitorId,
        buildingId: row.buildingId,
        isGlobal: row.isGlobal,
        firstName: row.firstname,
        lastName: row.lastname,
        dateOfBirth: row.dob,
        firstKey: row.firstKey,
        lastKey: row.lastKey,
        linkedToPerson: row.linkedToPerson,
      }));
      const matches = findExclusionMatches(
        candidates,
        { id: q.visitorId, firstName: q.firstname, lastName: q.lastname, dateOfBirth: q.dob },
        building.id,
      );
      const out = (list: typeof matches.direct) =>
        list.map((m) => ({ exclusion: toExclusion(m.exclusion.row), agreed: m.agreed, reasons: m.reasons }));
      const result = { direct: out(matches.direct), potential: out(matches.potential) };
      await deps.audit.record(ctx, {
        action: 'exclusion.screen',
        targetType: 'visitor',
        targetId: q.visitorId,
        clientId: building.clientId,
        buildingId: building.id,
        details: { direct: result.direct.length, potential: result.potential.length },
      });
      return result;
    },

    async formOptions(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'exclusions.read');
      return repo.formOptions(ctx.actor);
    },
  };
}
export type ExclusionsService = ReturnType<typeof createExclusionsService>;
