import {
  can,
  ROLE,
  type TContactRow,
  type ZContactListQuery,
  type ZContactUpsert,
  type TBulkActive,
  type TBulkActiveResult,
  ZBulkActive,
} from '@sv/contracts';
import { formatConfidenceLevelList, parseConfidenceLevelList } from '@sv/domain';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { recordBulk } from '../../platform/audit/bulk';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type ContactValues, createContactsRepository, type StoredContact } from './contacts.repository';

type Upsert = z.output<typeof ZContactUpsert>;

/** Stored comma-separated levels → arrays; null when the user may not see them. */
function toRow(c: StoredContact, showLevels: boolean): TContactRow {
  return {
    ...c,
    contactType: c.contactType === 'Global' ? 'Global' : 'Building',
    confidenceLevelNotification: showLevels ? parseConfidenceLevelList(c.confidenceLevelNotification) : null,
    confidenceLevelBadge: showLevels ? parseConfidenceLevelList(c.confidenceLevelBadge) : null,
  };
}

export function createContactsService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createContactsRepository> }) {
  /**
   * Field-level rule (our reading of spec 000 §6 "elevatedReports is a per-user flag used in the
   * contact editor"): the confidence levels decide who is told about sex-offender and exclusion
   * matches, so only admins and users with elevatedReports see and change them.
   */
  async function maySeeLevels(ctx: RequestCtx) {
    return can(ctx.actor, 'contacts.confidenceLevels') || (await repo.hasElevatedReports(ctx.actor));
  }

  async function mustFind(ctx: RequestCtx, id: number) {
    const row = await repo.findById(ctx.actor, id);
    if (!row) throw notFound('Contact not found');
    return row;
  }

  /** The building of a Building contact: in scope (404 otherwise) and of the contact's client. */
  async function buildingOf(ctx: RequestCtx, body: Upsert, clientId: number | null) {
    const building = await repo.buildingInScope(ctx.actor, body.buildingId!);
    if (!building) throw notFound('Building not found');
    if (clientId !== null && building.clientId !== clientId) {
      throw badRequest('Choose a building of the same district.', {
        buildingId: ['Choose a building of this district'],
      });
    }
    return building;
  }

  function valuesOf(
    body: Upsert,
    buildingId: number | null,
    levels: Pick<ContactValues, 'confidenceLevelNotification' | 'confidenceLevelBadge'>,
  ): ContactValues {
    return {
      contactType: body.contactType,
      // spec 000 §4: a contact of type Global has its building cleared on save
      buildingId: body.contactType === 'Global' ? null : buildingId,
      name: body.name,
      title: body.title,
      email: body.email,
      mobile: body.mobile,
      active: body.active,
      receivesEmergency: body.receivesEmergency,
      ...levels,
    };
  }

  /** spec 000 §5: chosen levels joined comma-separated, set only when non-empty (else null). */
  const levelsOf = (body: Upsert) => ({
    confidenceLevelNotification: formatConfidenceLevelList(body.confidenceLevelNotification),
    confidenceLevelBadge: formatConfidenceLevelList(body.confidenceLevelBadge),
  });

  return {
    async list(ctx: RequestCtx, query: z.output<typeof ZContactListQuery>) {
      requirePermission(ctx.actor, 'contacts.read');
      if (query.buildingId !== undefined && !(await repo.buildingInScope(ctx.actor, query.buildingId))) {
        throw notFound('Building not found');
      }
      const [page, showLevels] = await Promise.all([repo.list(ctx.actor, query), maySeeLevels(ctx)]);
      return { ...page, data: page.data.map((c) => toRow(c, showLevels)) };
    },

    /** GET /api/buildings/:id/contacts: the Buildings screen's expandable row. */
    async ofBuilding(ctx: RequestCtx, buildingId: number) {
      requirePermission(ctx.actor, 'contacts.read');
      const building = await repo.buildingInScope(ctx.actor, buildingId);
      if (!building) throw notFound('Building not found');
      const [rows, showLevels] = await Promise.all([repo.ofBuilding(ctx.actor, building), maySeeLevels(ctx)]);
      return rows.map((c) => toRow(c, showLevels));
    },

    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'contacts.read');
      return toRow(await mustFind(ctx, id), await maySeeLevels(ctx));
    },

    async create(ctx: RequestCtx, body: Upsert) {
      requirePermission(ctx.actor, 'contacts.manage');
      let clientId = body.clientId;
      let buildingId: number | null = null;
      if (body.contactType === 'Building') {
        const building = await buildingOf(ctx, body, clientId);
        clientId = building.clientId;
        buildingId = building.id;
      }
      if (clientId === null) {
        if (ctx.actor.roleId === ROLE.Admin || !ctx.actor.clientId) {
          throw badRequest('Choose the district of this contact.', { clientId: ['Choose a district'] });
        }
        clientId = ctx.actor.clientId;
      }
      if (!(await repo.clientInScope(ctx.actor, clientId))) throw notFound('Client not found');
      const showLevels = await maySeeLevels(ctx);
      const levels = showLevels ? levelsOf(body) : { confidenceLevelNotification: null, confidenceLevelBadge: null };
      const values = valuesOf(body, buildingId, levels);
      const id = await repo.insert(ctx.actor, clientId, values);
      if (id === null) throw notFound('Client not found');
      await deps.audit.record(ctx, {
        action: 'contact.create',
        targetType: 'contact',
        targetId: id,
        clientId,
        buildingId: values.buildingId,
        details: { contactType: values.contactType, name: values.name, active: values.active, ...levels },
      });
      return toRow(await mustFind(ctx, id), showLevels);
    },

    /** Activate or deactivate the rows chosen on the list (issue 26 §4): the actor's scope only, one audit row per district. */
    async setActiveMany(ctx: RequestCtx, body: TBulkActive): Promise<TBulkActiveResult> {
      requirePermission(ctx.actor, 'contacts.manage');
      const input = ZBulkActive.parse(body);
      const ids = [...new Set(input.ids)];
      const { found, changed } = await repo.setActiveMany(ctx.actor, ids, input.active);
      await recordBulk(deps, ctx, 'contact', input.active, changed);
      return { changed: changed.length, unchanged: found - changed.length, notFound: ids.length - found };
    },

    async update(ctx: RequestCtx, id: number, body: Upsert & { version: number }) {
      requirePermission(ctx.actor, 'contacts.manage');
      const before = await mustFind(ctx, id);
      refuseStale(before, body.version);
      if (body.clientId !== null && body.clientId !== before.clientId) {
        throw badRequest('A contact cannot move to another district.', {
          clientId: ['A contact cannot move to another district'],
        });
      }
      const buildingId = body.contactType === 'Building' ? (await buildingOf(ctx, body, before.clientId)).id : null;
      const showLevels = await maySeeLevels(ctx);
      // Users who may not see the levels keep the stored ones.
      const levels = showLevels
        ? levelsOf(body)
        : {
            confidenceLevelNotification: before.confidenceLevelNotification,
            confidenceLevelBadge: before.confidenceLevelBadge,
          };
      const values = valuesOf(body, buildingId, levels);
      mustHaveSaved(await repo.update(ctx.actor, id, values, body.version));
      await deps.audit.record(ctx, {
        action: 'contact.update',
        targetType: 'contact',
        targetId: id,
        clientId: before.clientId,
        buildingId: values.buildingId,
        details: {
          contactType: { from: before.contactType, to: values.contactType },
          buildingId: { from: before.buildingId, to: values.buildingId },
          active: { from: before.active, to: values.active },
          confidenceLevelNotification: {
            from: before.confidenceLevelNotification,
            to: levels.confidenceLevelNotification,
          },
          confidenceLevelBadge: { from: before.confidenceLevelBadge, to: levels.confidenceLevelBadge },
        },
      });
      return toRow(await mustFind(ctx, id), showLevels);
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
