import {
  can,
  ROLE,
  ROLE_NAMES,
  type TRoleId,
  type TUserSave,
  type TUserUpdate,
  type TUsersQuery,
  ZUserSave,
  ZUserUpdate,
  ZUsersQuery,
  type TBulkActive,
  type TBulkActiveResult,
  ZBulkActive,
  ZBulkIds,
  type TBulkIds,
  type TBulkDeleteResult,
} from '@sv/contracts';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { deleteChosen, recordBulk } from '../../platform/audit/bulk';
import type { Db } from '../../platform/db/database';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createUsersRepository } from './users.repository';

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findById']>>>;
type SaveInput = z.output<typeof ZUserSave>;

const ADMIN_ROLES: readonly number[] = [ROLE.Admin, ROLE.ClientAdmin];
const BUILDING_ROLES: readonly number[] = [ROLE.Attendant, ROLE.Kiosk];

export const USER_MESSAGES = {
  emailTaken: 'A user with this email already exists.',
  emailUnavailable: 'This email address cannot be used. Choose another one.',
  clientRequired: 'Choose a district.',
  buildingRequired: 'Choose a building for attendants and kiosk accounts.',
  buildingOfOtherClient: 'The building must belong to the chosen district.',
  buildingInactive: 'Choose an active building.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfRole: 'You cannot change your own role.',
  administratorsOnly: 'Only admins can add or change administrators.',
} as const;

const conflictOn = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: [message] });

export function toUser(row: UserRow) {
  return { ...row, roleId: row.roleId as TRoleId, roleName: ROLE_NAMES[row.roleId as TRoleId] ?? 'Unknown' };
}

/**
 * Users (spec 000 §2 Users screen; §5 "only admins can add administrators; non-admins creating
 * users get their own client"; security guide: deactivation ends sessions, user and role
 * changes are audited).
 */
export function createUsersService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createUsersRepository> }) {
  /** Resolves and checks client and building for a save; answers the values to store. */
  async function placement(ctx: RequestCtx, input: SaveInput, tx: Db, previousBuildingId: number | null) {
    const { actor } = ctx;
    if (input.roleId === ROLE.Admin) return { clientId: null, buildingId: null };
    let clientId = input.clientId;
    if (actor.roleId !== ROLE.Admin) {
      // Non-admins create users of their own client only; another client is outside their scope.
      if (clientId !== null && clientId !== actor.clientId) throw notFound('Client not found');
      clientId = actor.clientId;
    }
    if (clientId === null) throw badRequest(USER_MESSAGES.clientRequired, { clientId: [USER_MESSAGES.clientRequired] });
    if (!(await repo.clientExists(actor, clientId, tx))) throw notFound('Client not found');
    if (!BUILDING_ROLES.includes(input.roleId)) return { clientId, buildingId: null };
    if (input.buildingId === null) {
      throw badRequest(USER_MESSAGES.buildingRequired, { buildingId: [USER_MESSAGES.buildingRequired] });
    }
    const building = await repo.findBuilding(actor, input.buildingId, tx);
    if (!building) throw notFound('Building not found');
    if (building.clientId !== clientId) {
      throw badRequest(USER_MESSAGES.buildingOfOtherClient, { buildingId: [USER_MESSAGES.buildingOfOtherClient] });
    }
    if (!building.active && building.id !== previousBuildingId) {
      throw badRequest(USER_MESSAGES.buildingInactive, { buildingId: [USER_MESSAGES.buildingInactive] });
    }
    return { clientId, buildingId: building.id };
  }

  /**
   * E-mail addresses are unique across the platform (they are the sign-in name), so a taken
   * address must be refused; but "already exists" about a user the actor cannot see would tell
   * one district about another's staff (issue 10 §5). A holder in the actor's own scope gets the
   * helpful message (they can list that user anyway); any other holder (another district, a
   * platform admin) gets a neutral one that names no reason or district, and the refusal is
   * audited so probing shows in the log. Checked before the write's transaction so the audit
   * survives the refusal; the unique index still guards a race.
   */
  async function requireUsableEmail(ctx: RequestCtx, email: string, exceptId?: number) {
    const holder = await repo.emailHolder(ctx.actor, email, exceptId);
    if (!holder) return;
    if (holder.inScope) throw conflictOn('email', USER_MESSAGES.emailTaken);
    await deps.audit.record(ctx, {
      action: 'user.email_refused',
      targetType: 'user',
      targetId: exceptId ?? null,
      details: { email },
    });
    throw conflictOn('email', USER_MESSAGES.emailUnavailable);
  }

  function requireAdministratorRights(ctx: RequestCtx) {
    if (!can(ctx.actor, 'users.manageAdministrators')) throw forbidden(USER_MESSAGES.administratorsOnly);
  }

  return {
    async list(ctx: RequestCtx, query: TUsersQuery) {
      requirePermission(ctx.actor, 'users.read');
      const q = ZUsersQuery.parse(query);
      const page = await repo.findPage(ctx.actor, {
        ...q,
        // the client filter is an admin control; everyone else is held to their scope
        clientId: ctx.actor.roleId === ROLE.Admin ? q.clientId : undefined,
      });
      return { ...page, data: page.data.map(toUser) };
    },

    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'users.read');
      const row = await repo.findById(ctx.actor, id);
      if (!row) throw notFound('User not found');
      return toUser(row);
    },

    async create(ctx: RequestCtx, body: TUserSave) {
      requirePermission(ctx.actor, 'users.manage');
      const input = ZUserSave.parse(body);
      if (ADMIN_ROLES.includes(input.roleId)) requireAdministratorRights(ctx);
      await requireUsableEmail(ctx, input.email);
      const id = await deps.db.transaction(async (tx) => {
        const where = await placement(ctx, input, tx, null);
        const newId = await repo.insert(
          {
            email: input.email,
            name: input.name,
            roleId: input.roleId,
            clientId: where.clientId,
            buildingId: where.buildingId,
            homepage: input.roleId === ROLE.Kiosk ? '/safe/kiosk' : input.homepage,
            active: input.active,
            elevatedReports: input.elevatedReports,
            scanWithCamera: input.scanWithCamera,
            passwordHash: null,
          },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: 'user.create',
            targetType: 'user',
            targetId: newId,
            clientId: where.clientId,
            buildingId: where.buildingId,
            details: {
              roleId: input.roleId,
              clientId: where.clientId,
              buildingId: where.buildingId,
              email: input.email,
            },
          },
          tx,
        );
        return newId;
      });
      return this.get(ctx, id);
    },

    /**
     * Delete the rows chosen on the list that have no history (issue 26 §4): an account that signed in or acted stays (deactivate it instead);
     * ids outside the actor's scope change nothing and are counted as not found; audited per district.
     */
    async deleteMany(ctx: RequestCtx, body: TBulkIds): Promise<TBulkDeleteResult> {
      requirePermission(ctx.actor, 'users.manage');
      const ids = [...new Set(ZBulkIds.parse(body).ids)];
      return deleteChosen(deps, ctx, 'user', ids, {
        inScope: (tx) => repo.inScope(ctx.actor, ids, tx),
        deleteOne: (tx, id) => repo.deleteUnused(ctx.actor, id, tx),
      });
    },

    /** Activate or deactivate the rows chosen on the list (issue 26 §4): the actor's scope only, one audit row per district. */
    async setActiveMany(ctx: RequestCtx, body: TBulkActive): Promise<TBulkActiveResult> {
      requirePermission(ctx.actor, 'users.manage');
      const input = ZBulkActive.parse(body);
      const ids = [...new Set(input.ids)];
      if (!input.active && ids.includes(ctx.actor.userId)) throw badRequest(USER_MESSAGES.selfDeactivate);
      const { found, changed } = await deps.db.transaction(async (tx) => {
        const result = await repo.setActiveMany(ctx.actor, ids, input.active, tx);
        await recordBulk(deps, ctx, 'user', input.active, result.changed, tx);
        return result;
      });
      // security guide: deactivation ends the user's sessions
      if (!input.active) for (const u of changed) await deps.sessions.destroyAllForUser(u.id);
      return { changed: changed.length, unchanged: found - changed.length, notFound: ids.length - found };
    },

    async update(ctx: RequestCtx, id: number, body: TUserUpdate) {
      requirePermission(ctx.actor, 'users.manage');
      const input = ZUserUpdate.parse(body);
      const before = await repo.findById(ctx.actor, id);
      if (!before) throw notFound('User not found');
      refuseStale(before, input.version);
      const roleChanged = before.roleId !== input.roleId;
      if (roleChanged && (ADMIN_ROLES.includes(before.roleId) || ADMIN_ROLES.includes(input.roleId))) {
        requireAdministratorRights(ctx);
      }
      if (id === ctx.actor.userId && !input.active) {
        throw badRequest(USER_MESSAGES.selfDeactivate, { active: [USER_MESSAGES.selfDeactivate] });
      }
      if (id === ctx.actor.userId && roleChanged)
        throw badRequest(USER_MESSAGES.selfRole, { roleId: [USER_MESSAGES.selfRole] });

      await requireUsableEmail(ctx, input.email, id);
      const endSessions = await deps.db.transaction(async (tx) => {
        const where = await placement(ctx, input, tx, before.buildingId);
        const saved = await repo.update(
          ctx.actor,
          id,
          {
            email: input.email,
            name: input.name,
            roleId: input.roleId,
            clientId: where.clientId,
            buildingId: where.buildingId,
            homepage: input.homepage,
            active: input.active,
            elevatedReports: input.elevatedReports,
            scanWithCamera: input.scanWithCamera,
          },
          tx,
          input.version,
        );
        mustHaveSaved(saved);
        const changed = Object.entries({
          name: [before.name, input.name],
          email: [before.email.toLowerCase(), input.email],
          roleId: [before.roleId, input.roleId],
          clientId: [before.clientId, where.clientId],
          buildingId: [before.buildingId, where.buildingId],
          homepage: [before.homepage, input.homepage],
          active: [before.active, input.active],
          elevatedReports: [before.elevatedReports, input.elevatedReports],
          scanWithCamera: [before.scanWithCamera, input.scanWithCamera],
        }).filter(([, [a, b]]) => a !== b);
        const details = Object.fromEntries(changed.map(([k, [a, b]]) => [k, { before: a, after: b }]));
        await deps.audit.record(
          ctx,
          {
            action: roleChanged ? 'user.role.change' : 'user.update',
            targetType: 'user',
            targetId: id,
            clientId: where.clientId ?? before.clientId,
            buildingId: where.buildingId,
            details,
          },
          tx,
        );
        const scopeChanged =
          roleChanged || before.clientId !== where.clientId || before.buildingId !== where.buildingId;
        return (before.active && !input.active) || scopeChanged;
      });
      // security guide: deactivation (and a change of role or tenant) ends the user's sessions
      if (endSessions) await deps.sessions.destroyAllForUser(id);
      return this.get(ctx, id);
    },

    async attendants(ctx: RequestCtx, buildingId?: number) {
      requirePermission(ctx.actor, 'attendants.list');
      if (buildingId !== undefined && !(await repo.findBuilding(ctx.actor, buildingId))) {
        throw notFound('Building not found');
      }
      return repo.attendants(ctx.actor, buildingId);
    },

    async formOptions(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'users.read');
      return repo.formOptions(ctx.actor);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
