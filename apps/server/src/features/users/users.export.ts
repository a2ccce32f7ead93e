import { ROLE, ROLE_NAMES, type TRoleId, ZUserList } from '@sv/contracts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { buildings, clients, users } from '../../db/schema/index';
import { buildingFilter } from '../../platform/db/scope';
import { idOption, keysetBatches, registerExport } from '../../platform/exports/export-definition';
import { ROLES_OF_LIST } from './users.repository';

/**
 * Users export (spec 000 §2 "/User/UserExport/{showactive}/{clientId}/{listType}"): the rows of
 * the list on screen — active only, the client filter (admins) and the list type — in scope.
 */
const listOf = (v: string | undefined) => ZUserList.catch('all').parse(v?.toLowerCase() ?? 'all');

const paramsSchema = z
  .object({
    activeOnly: z
      .string()
      .max(20)
      .default('true')
      .transform((v) => ['true', '1', 'yes'].includes(v.toLowerCase())),
    clientId: z
      .string()
      .optional()
      .transform((v) => idOption(v, 'clientId')),
    /** 'list' (API) or 'listType' (the spec's window path); anything else means all users */
    list: z.string().max(40).optional(),
    listType: z.string().max(40).optional(),
  })
  .transform((p) => ({ activeOnly: p.activeOnly, clientId: p.clientId, list: listOf(p.list ?? p.listType) }));
type Params = z.output<typeof paramsSchema>;

const BATCH = 1000;

registerExport({
  kind: 'users',
  permission: 'users.read',
  paramsSchema,
  columns: [
    { id: 1, header: 'Name', value: (r: Row) => r.name },
    { id: 2, header: 'Email', value: (r: Row) => r.email },
    { id: 3, header: 'Role', value: (r: Row) => ROLE_NAMES[r.roleId as TRoleId] ?? '' },
    { id: 4, header: 'Client', value: (r: Row) => r.clientName },
    { id: 5, header: 'Building', value: (r: Row) => r.buildingName },
    { id: 6, header: 'Active', value: (r: Row) => r.active },
    { id: 7, header: 'Elevated Reports', value: (r: Row) => r.elevatedReports, hiddenByDefault: true },
    { id: 8, header: 'Scan With Camera', value: (r: Row) => r.scanWithCamera, hiddenByDefault: true },
  ],
  rows: (ctx, p: Params, deps) => {
    const roles = ROLES_OF_LIST[p.list];
    const clientId = ctx.actor.roleId === ROLE.Admin ? p.clientId : null;
    return keysetBatches(
      BATCH,
      (r: Row) => r.id,
      (after) =>
        deps.db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            roleId: users.roleId,
            clientName: clients.name,
            buildingName: buildings.name,
            active: users.active,
            elevatedReports: users.elevatedReports,
            scanWithCamera: users.scanWithCamera,
          })
          .from(users)
          .leftJoin(clients, eq(clients.id, users.clientId))
          .leftJoin(buildings, eq(buildings.id, users.buildingId))
          .where(
            and(
              buildingFilter(ctx.actor, { clientId: users.clientId, buildingId: users.buildingId }),
              p.activeOnly ? eq(users.active, true) : undefined,
              roles ? inArray(users.roleId, [...roles]) : undefined,
              clientId !== null ? eq(users.clientId, clientId) : undefined,
              after === null ? undefined : gt(users.id, after),
            ),
          )
          .orderBy(asc(users.id))
          .limit(BATCH),
    );
  },
  fileName: (p: Params) =>
    p.list === 'clientadmin' ? 'administrators' : p.list === 'attendant' ? 'attendants' : 'users',
});

interface Row {
  id: number;
  name: string;
  email: string;
  roleId: number;
  clientName: string | null;
  buildingName: string | null;
  active: boolean;
  elevatedReports: boolean;
  scanWithCamera: boolean;
}
