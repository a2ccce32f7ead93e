import { ROLE } from '@sv/contracts';
import { z } from 'zod';
import type { SsoGroupRule } from '../../db/schema/index';
import type { AppDeps } from '../../platform/deps';
import type { ScimGroupRow, ScimRepository, ScimUserRow } from './scim.repository';

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A SCIM error (RFC 7644 §3.12): answered as `{ schemas: [Error], status, scimType?, detail }`. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: string,
  ) {
    super(detail);
  }
}

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !/[\u0000]/.test(s), 'invalid text');
export const ZScimUser = z.looseObject({
  userName: text(254).optional(),
  externalId: text(200).nullable().optional(),
  displayName: text(200).optional(),
  name: z
    .looseObject({ givenName: text(100).optional(), familyName: text(100).optional(), formatted: text(200).optional() })
    .optional(),
  emails: z
    .array(z.looseObject({ value: text(254), primary: z.boolean().optional() }))
    .max(10)
    .optional(),
  active: z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])]).optional(),
});
export const ZScimGroup = z.looseObject({
  displayName: text(200).optional(),
  externalId: text(200).nullable().optional(),
  members: z
    .array(z.looseObject({ value: text(20) }))
    .max(10_000)
    .optional(),
});
export const ZPatch = z.looseObject({
  Operations: z
    .array(z.looseObject({ op: z.string().max(20), path: text(300).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(1000),
});

export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const asBool = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() === 'true' : Boolean(v));
export const idOf = (value: string) => {
  const n = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw new ScimError(404, 'Resource not found');
  return n;
};
export function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw new ScimError(400, r.error.issues[0]?.message ?? 'Invalid request', 'invalidValue');
  return r.data;
}

/** `userName eq "…"`, `externalId eq "…"`, `displayName eq "…"`: the filters identity providers send (RFC 7644 §3.4.2.2). */
export function parseScimFilter(filter: string | undefined, allowed: string[]): Record<string, string> {
  if (!filter) return {};
  const m = /^\s*(\w+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attr = m ? allowed.find((a) => a.toLowerCase() === m[1]!.toLowerCase()) : undefined;
  if (!m || !attr)
    throw new ScimError(400, `Supported filters: ${allowed.map((a) => `${a} eq "…"`).join(', ')}`, 'invalidFilter');
  return { [attr]: m[2]!.replace(/\\(.)/g, '$1') };
}

/** The rule of the first of the user's groups that has one (the administrator's order of rules breaks ties). */
export function ruleFor(rules: SsoGroupRule[], groupNames: string[]): SsoGroupRule | null {
  const names = new Set(groupNames.map((g) => g.toLowerCase()));
  return rules.find((r) => names.has(r.group.toLowerCase())) ?? null;
}

export type District = NonNullable<Awaited<ReturnType<ScimRepository['districtOfToken']>>>;

/**
 * What every SCIM use case shares (issue 24 §1: one closure per use case on a shared core, like
 * kiosk.core.ts): the repository, the SCIM resource shapes, the audit row, and the writes of a
 * user's changes and of the group rules.
 */
export function createScimCore(deps: AppDeps, { repo }: { repo: ScimRepository }) {
  const base = () => deps.config.PUBLIC_URL.replace(/\/$/, '');

  const toUser = (d: District, u: ScimUserRow, groups: string[] = []) => ({
    schemas: [SCIM_USER],
    id: String(u.id),
    externalId: u.externalId ?? undefined,
    userName: u.email,
    displayName: u.name,
    name: { formatted: u.name },
    emails: [{ value: u.email, type: 'work', primary: true }],
    active: u.active,
    groups: groups.map((g) => ({ display: g })),
    meta: {
      resourceType: 'User',
      created: u.createdAt.toISOString(),
      lastModified: u.updatedAt.toISOString(),
      location: `${base()}/scim/v2/${d.clientId}/Users/${u.id}`,
    },
  });
  const toGroup = (d: District, g: ScimGroupRow) => ({
    schemas: [SCIM_GROUP],
    id: String(g.id),
    externalId: g.externalId ?? undefined,
    displayName: g.displayName,
    members: g.members.map((m) => ({ value: String(m), $ref: `${base()}/scim/v2/${d.clientId}/Users/${m}` })),
    meta: {
      resourceType: 'Group',
      created: g.createdAt.toISOString(),
      location: `${base()}/scim/v2/${d.clientId}/Groups/${g.id}`,
    },
  });
  const list = (resources: unknown[], total: number, startIndex: number) => ({
    schemas: [SCIM_LIST],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  });

  const audit = (d: District, action: string, targetType: string, targetId: number, details: Record<string, unknown>) =>
    deps.audit.record({ actor: null }, { action, clientId: d.clientId, targetType, targetId, details });

  async function mustUser(d: District, id: string) {
    const user = await repo.user(d.clientId, idOf(id));
    if (!user) throw new ScimError(404, 'User not found');
    return user;
  }

  /** Writes a user's changes; a deactivation, or a change of role or building, ends their sessions. */
  async function applyUser(
    d: District,
    before: ScimUserRow,
    set: Partial<{ email: string; name: string; active: boolean; roleId: number; buildingId: number | null }>,
    externalId: string | null | undefined,
    reason: string,
  ) {
    if (before.id === d.breakGlassUserId) {
      throw new ScimError(403, 'The district’s break-glass administrator is managed in SafeVisitor only.');
    }
    const changed = Object.fromEntries(
      Object.entries(set).filter(([k, v]) => (before as Record<string, unknown>)[k] !== v),
    ) as typeof set;
    if (
      changed.email &&
      changed.email.toLowerCase() !== before.email.toLowerCase() &&
      (await repo.emailTaken(changed.email))
    ) {
      throw new ScimError(409, 'Another user has this userName.', 'uniqueness');
    }
    if (!Object.keys(changed).length && (externalId === undefined || externalId === before.externalId)) return;
    await repo.updateUser(d.clientId, before.id, changed, externalId, deps.now());
    const details = Object.fromEntries(
      Object.entries(changed).map(([k, v]) => [k, { before: (before as Record<string, unknown>)[k], after: v }]),
    );
    await audit(d, changed.active === false ? 'scim.user.deactivate' : 'scim.user.update', 'user', before.id, {
      ...details,
      via: reason,
    });
    const ended =
      (before.active && changed.active === false) || changed.roleId !== undefined || changed.buildingId !== undefined;
    // security guide: deactivation (and a change of role or building) ends the user's sessions
    if (ended) await deps.sessions.destroyAllForUser(before.id);
  }

  /** Role and building from the group rules, for users whose groups changed. */
  async function applyRules(d: District, userIds: number[]) {
    for (const id of new Set(userIds)) {
      const user = await repo.user(d.clientId, id);
      if (!user || user.id === d.breakGlassUserId) continue;
      const rule = ruleFor(d.groupRules, await repo.groupNamesOf(d.clientId, id));
      if (!rule) continue;
      const buildingId = rule.roleId === ROLE.ClientAdmin ? null : rule.buildingId;
      await applyUser(d, user, { roleId: rule.roleId, buildingId }, undefined, `group rule ${rule.group}`);
    }
  }

  return { deps, repo, toUser, toGroup, list, audit, mustUser, applyUser, applyRules };
}
export type ScimCore = ReturnType<typeof createScimCore>;
