import { z } from 'zod';
import { pageQuery, pageResponse, ZId, zText } from './common';
import { PERMISSIONS, type TPermission } from './permissions';
import { ROLE } from './roles';

/**
 * API keys of a district (issue 28 §5, ADR 0051). A key authenticates `Authorization: Bearer sv_…`
 * against the same REST API and the same permission checks as a session. Its actor is a district
 * administrator of the key's district (or, for a key of one building, an attendant of that
 * building) limited to the key's permissions: never the platform administrator.
 */

/** The bearer token's prefix: `sv_` then 43 base64url characters (256 random bits). */
export const API_KEY_PREFIX = 'sv_';

/** Permissions a key can never hold: managing keys and webhooks, acting as someone, the kiosk, the menu. */
export const API_KEY_UNGRANTABLE: readonly TPermission[] = [
  'apiKeys.manage',
  'webhooks.manage',
  'impersonation.start',
  'users.manageAdministrators',
  'kiosk.use',
  'session.read',
  'help.read',
  'platformTools.use',
  'demoData.remove',
];

const roleHas = (roleId: number, p: TPermission) => (PERMISSIONS[p] as readonly number[]).includes(roleId);

/** What a key of the district may be given: a district administrator's permissions but the ungrantable ones. */
export const API_KEY_GRANTABLE: readonly TPermission[] = (Object.keys(PERMISSIONS) as TPermission[]).filter(
  (p) => roleHas(ROLE.ClientAdmin, p) && !API_KEY_UNGRANTABLE.includes(p),
);

/** The read permissions of the map: a read-only key holds these (and nothing that writes). */
export const API_KEY_READ_PERMISSIONS: readonly TPermission[] = API_KEY_GRANTABLE.filter(
  (p) => /\.(read|list|history)$/.test(p) || p === 'logs.filterByBuilding',
);

/**
 * The permissions a key's request holds: read-only → the read permissions; else the named ones;
 * both within what the key's role (district administrator, or attendant for a building key) has.
 */
export function apiKeyPermissions(key: {
  readOnly: boolean;
  permissions: readonly string[];
  buildingId: number | null;
}): TPermission[] {
  const roleId = key.buildingId === null ? ROLE.ClientAdmin : ROLE.Attendant;
  const wanted = key.readOnly ? API_KEY_READ_PERMISSIONS : API_KEY_GRANTABLE.filter((p) => key.permissions.includes(p));
  // 'session.read' is "a signed-in principal" (an import's own error file checks it before the
  // import's permission): every key is one, so it is never chosen, always held
  return ['session.read', ...wanted.filter((p) => roleHas(roleId, p))];
}

export const ZApiKeyPermission = z.enum(API_KEY_GRANTABLE as [TPermission, ...TPermission[]]);

export const ZApiKeyCreate = z
  .object({
    name: zText(100).min(1, 'Name the key (who or what uses it)'),
    /** null: the whole district */
    buildingId: ZId.nullable().default(null),
    readOnly: z.boolean().default(true),
    /** when not read-only: the permissions of the map it holds */
    permissions: z.array(ZApiKeyPermission).max(200).default([]),
  })
  .refine((k) => k.readOnly || k.permissions.length > 0, {
    message: 'Choose at least one permission, or make the key read-only',
    path: ['permissions'],
  });
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  readOnly: z.boolean(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The create's answer: the key itself, this once (it is stored only as a hash). */
export const ZApiKeyCreated = z.object({ key: ZApiKey, secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyListQuery = pageQuery(['createdAt', 'name', 'lastUsedAt'] as const, 'createdAt');
export const ZApiKeyList = pageResponse(ZApiKey);
export type TApiKeyList = z.infer<typeof ZApiKeyList>;
