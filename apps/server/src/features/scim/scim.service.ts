import { ROLE } from '@sv/contracts';
import { z } from 'zod';
import type { SsoGroupRule } from '../../db/schema/index';
import { sha256 } from '../../platform/auth/tokens';
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
const ZScimUser = z.looseObject({
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
const ZScimGroup = z.looseObject({
  displayName: text(200).optional(),
  externalId: text(200).nullable().optional(),
  members: z
    .array(z.looseObject({ value: text(20) }))
    .max(10_000)
    .optional(),
});
const ZPatch = z.looseObject({
  Operations: z
    .array(z.looseObject({ op: z.string().max(20), path: text(300).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(1000),
});

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const asBool = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() === 'true' : Boolean(v));
const idOf = (value: string) => {
  const n = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw new ScimError(404, 'Resource not found');
  return n;
};
function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
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

type District = NonNullable<Awaited<ReturnType<ScimRepository['districtOfToken']>>>;

/**
 * SCIM 2.0 per district (issue 30 §3, ADR 0052): the district's directory creates, updates and
 * deactivates its staff (district administrators and attendants), and its groups set role and
 * building through the administrator's group rules. What SCIM may change: name, e-mail, active,
 * externalId, and role/building only through a rule. It never touches a platform administrator,
 * a kiosk, a password, another district, or the district's break-glass administrator.
 * A deactivation ends the user's sessions at once, as a manual deactivation does.
 */
export function createScimService(deps: AppDeps, { repo }: { repo: ScimRepository }) {
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

  /** The user fields of a SCIM User resource. */
  function fieldsOf(body: z.infer<typeof ZScimUser>) {
    const email = (body.userName ?? body.emails?.find((e) => e.primary)?.value ?? body.emails?.[0]?.value)?.trim();
    if (email !== undefined && !EMAIL.test(email))
      throw new ScimError(400, 'userName must be an e-mail address', 'invalidValue');
    const parts = [body.name?.givenName, body.name?.familyName].filter(Boolean).join(' ').trim();
    const name = (body.displayName || body.name?.formatted || parts || '').trim().slice(0, 200) || undefined;
    return {
      email,
      name,
      active: body.active === undefined ? undefined : asBool(body.active),
      externalId: body.externalId,
    };
  }

  async function groupMembers(d: District, members: { value: string }[] | undefined) {
    const ids = (members ?? []).map((m) => idOf(m.value));
    return repo.usersIn(d.clientId, ids);
  }

  return {
    /** The district the bearer token opens: the path's district and the token must agree (else 401). */
    async authenticate(districtParam: string, authorization: string | undefined): Promise<District> {
      const token = /^Bearer\s+(\S{20,300})$/i.exec(authorization ?? '')?.[1];
      const clientId = /^\d{1,9}$/.test(districtParam) ? Number(districtParam) : null;
      const district = token && clientId ? await repo.districtOfToken(clientId, sha256(token)) : null;
      if (!district) throw new ScimError(401, 'Send the district’s SCIM bearer token.');
      return district;
    },

    async listUsers(d: District, q: { filter?: string; startIndex?: number; count?: number }) {
      const filter = parseScimFilter(q.filter, ['userName', 'externalId']);
      const startIndex = Math.max(1, q.startIndex ?? 1);
      const take = Math.min(Math.max(0, q.count ?? 100), 200);
      const { rows, total } = await repo.users(d.clientId, filter, startIndex - 1, take);
      return list(
        rows.map((u) => toUser(d, u)),
        total,
        startIndex,
      );
    },

    async getUser(d: District, id: string) {
      const user = await mustUser(d, id);
      return toUser(d, user, await repo.groupNamesOf(d.clientId, user.id));
    },

    async createUser(d: District, body: unknown) {
      const f = fieldsOf(parse(ZScimUser, body));
      if (!f.email) throw new ScimError(400, 'userName is required', 'invalidValue');
      if (await repo.emailTaken(f.email)) throw new ScimError(409, 'A user with this userName exists.', 'uniqueness');
      const roleId = d.defaultRoleId ?? ROLE.Attendant;
      const id = await repo.createUser(d.clientId, {
        email: f.email,
        name: f.name ?? f.email,
        active: f.active ?? true,
        roleId,
        buildingId: roleId === ROLE.ClientAdmin ? null : d.defaultBuildingId,
        externalId: f.externalId ?? null,
      });
      if (!id) throw new ScimError(409, 'A user with this userName exists.', 'uniqueness');
      await audit(d, 'scim.user.create', 'user', id, { email: f.email, roleId });
      return this.getUser(d, String(id));
    },

    async replaceUser(d: District, id: string, body: unknown) {
      const before = await mustUser(d, id);
      const f = fieldsOf(parse(ZScimUser, body));
      await applyUser(
        d,
        before,
        { email: f.email ?? before.email, name: f.name ?? before.name, active: f.active ?? true },
        f.externalId ?? null,
        'PUT',
      );
      return this.getUser(d, id);
    },

    /** PATCH (RFC 7644 §3.5.2): add/replace of active, userName, displayName, name.*, emails, externalId. */
    async patchUser(d: District, id: string, body: unknown) {
      const before = await mustUser(d, id);
      const { Operations } = parse(ZPatch, body);
      const set: Partial<{ email: string; name: string; active: boolean }> = {};
      let externalId: string | null | undefined;
      let given: string | undefined;
      let family: string | undefined;
      for (const op of Operations) {
        const kind = op.op.toLowerCase();
        if (kind !== 'replace' && kind !== 'add') throw new ScimError(400, `Unsupported op ${op.op}`, 'invalidSyntax');
        const entries: [string, unknown][] = op.path
          ? [[op.path, op.value]]
          : Object.entries((op.value ?? {}) as Record<string, unknown>);
        for (const [rawPath, value] of entries) {
          const path = rawPath.toLowerCase();
          if (path === 'active') set.active = asBool(value);
          else if (path === 'username' || path.startsWith('emails')) {
            const v = Array.isArray(value) ? (value[0] as { value?: unknown })?.value : value;
            if (typeof v !== 'string' || !EMAIL.test(v.trim()))
              throw new ScimError(400, 'userName must be an e-mail address', 'invalidValue');
            set.email = v.trim();
          } else if (path === 'displayname' || path === 'name.formatted') set.name = String(value).slice(0, 200);
          else if (path === 'name.givenname') given = String(value);
          else if (path === 'name.familyname') family = String(value);
          else if (path === 'name' && value && typeof value === 'object') {
            const n = value as Record<string, unknown>;
            given = typeof n.givenName === 'string' ? n.givenName : given;
            family = typeof n.familyName === 'string' ? n.familyName : family;
          } else if (path === 'externalid') externalId = value === null ? null : String(value).slice(0, 200);
          // other attributes (title, phone numbers, enterprise extension) are not kept: ignored
        }
      }
      if (!set.name && (given || family)) set.name = [given, family].filter(Boolean).join(' ').slice(0, 200);
      await applyUser(d, before, set, externalId, 'PATCH');
      return this.getUser(d, id);
    },

    /** DELETE deactivates (records of visits keep their staff member); the sessions end at once. */
    async deleteUser(d: District, id: string) {
      const before = await mustUser(d, id);
      await applyUser(d, before, { active: false }, undefined, 'DELETE');
    },

    async listGroups(d: District, q: { filter?: string; startIndex?: number; count?: number }) {
      const filter = parseScimFilter(q.filter, ['displayName']);
      const rows = await repo.groups(d.clientId, filter.displayName);
      const startIndex = Math.max(1, q.startIndex ?? 1);
      const take = Math.min(Math.max(0, q.count ?? 100), 200);
      return list(
        rows.slice(startIndex - 1, startIndex - 1 + take).map((g) => toGroup(d, g)),
        rows.length,
        startIndex,
      );
    },

    async getGroup(d: District, id: string) {
      const group = await repo.group(d.clientId, idOf(id));
      if (!group) throw new ScimError(404, 'Group not found');
      return toGroup(d, group);
    },

    async createGroup(d: District, body: unknown) {
      const g = parse(ZScimGroup, body);
      if (!g.displayName?.trim()) throw new ScimError(400, 'displayName is required', 'invalidValue');
      const members = await groupMembers(d, g.members);
      const group = await repo.createGroup(d.clientId, {
        displayName: g.displayName.trim(),
        externalId: g.externalId ?? null,
        members,
      });
      if (!group) throw new ScimError(409, 'A group with this displayName exists.', 'uniqueness');
      await audit(d, 'scim.group.create', 'scimGroup', group.id, {
        displayName: group.displayName,
        members: members.length,
      });
      await applyRules(d, members);
      return toGroup(d, group);
    },

    async replaceGroup(d: District, id: string, body: unknown) {
      const before = await repo.group(d.clientId, idOf(id));
      if (!before) throw new ScimError(404, 'Group not found');
      const g = parse(ZScimGroup, body);
      const members = await groupMembers(d, g.members);
      const saved = await repo.saveGroup(d.clientId, before.id, {
        displayName: g.displayName?.trim() || before.displayName,
        externalId: g.externalId ?? before.externalId,
        members,
      });
      await audit(d, 'scim.group.update', 'scimGroup', before.id, { members: members.length, via: 'PUT' });
      await applyRules(d, [...members, ...before.members]);
      return toGroup(d, saved!);
    },

    /** PATCH members (add / remove, `members[value eq "…"]`) and displayName (Entra ID, Google, Okta shapes). */
    async patchGroup(d: District, id: string, body: unknown) {
      const before = await repo.group(d.clientId, idOf(id));
      if (!before) throw new ScimError(404, 'Group not found');
      const { Operations } = parse(ZPatch, body);
      const members = new Set(before.members);
      let displayName = before.displayName;
      let externalId = before.externalId;
      for (const op of Operations) {
        const kind = op.op.toLowerCase();
        const path = op.path?.toLowerCase() ?? '';
        const values = (Array.isArray(op.value) ? op.value : op.value ? [op.value] : []) as { value?: unknown }[];
        if (path.startsWith('members')) {
          const byFilter = /^members\[value eq "(\d+)"\]$/i.exec(op.path ?? '')?.[1];
          const ids = byFilter ? [Number(byFilter)] : values.map((v) => idOf(String(v.value ?? '')));
          if (kind === 'add') for (const m of await repo.usersIn(d.clientId, ids)) members.add(m);
          else if (kind === 'remove') {
            if (!byFilter && !values.length) members.clear();
            for (const m of ids) members.delete(m);
          } else if (kind === 'replace') {
            members.clear();
            for (const m of await repo.usersIn(d.clientId, ids)) members.add(m);
          } else throw new ScimError(400, `Unsupported op ${op.op}`, 'invalidSyntax');
        } else if (path === 'displayname' || (!path && op.value && typeof op.value === 'object')) {
          const v = path ? op.value : (op.value as Record<string, unknown>).displayName;
          if (typeof v === 'string' && v.trim()) displayName = v.trim().slice(0, 200);
          const ext = path ? undefined : (op.value as Record<string, unknown>).externalId;
          if (typeof ext === 'string') externalId = ext.slice(0, 200);
        } else if (path === 'externalid') externalId = op.value === null ? null : String(op.value).slice(0, 200);
        else throw new ScimError(400, `Unsupported path ${op.path ?? ''}`, 'invalidPath');
      }
      const saved = await repo.saveGroup(d.clientId, before.id, { displayName, externalId, members: [...members] });
      const added = [...members].filter((m) => !before.members.includes(m));
      const removed = before.members.filter((m) => !members.has(m));
      await audit(d, 'scim.group.update', 'scimGroup', before.id, {
        displayName,
        added: added.length,
        removed: removed.length,
        via: 'PATCH',
      });
      await applyRules(d, displayName !== before.displayName ? [...members, ...removed] : [...added, ...removed]);
      return toGroup(d, saved!);
    },

    async deleteGroup(d: District, id: string) {
      const group = await repo.deleteGroup(d.clientId, idOf(id));
      if (!group) throw new ScimError(404, 'Group not found');
      await audit(d, 'scim.group.delete', 'scimGroup', group.id, { displayName: group.displayName });
      await applyRules(d, group.members);
    },
  };
}
export type ScimService = ReturnType<typeof createScimService>;
