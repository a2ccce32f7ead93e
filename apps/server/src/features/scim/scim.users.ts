import { ROLE } from '@sv/contracts';
import type { z } from 'zod';
import {
  asBool,
  type District,
  EMAIL,
  parse,
  parseScimFilter,
  type ScimCore,
  ScimError,
  ZPatch,
  ZScimUser,
} from './scim.core';

/** SCIM Users (RFC 7644 §3.3–§3.6): list, read, create, replace, patch, and DELETE as deactivation. */
export function userUseCases(core: ScimCore) {
  const { repo, toUser, list, audit, mustUser, applyUser } = core;

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

  return {
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
  };
}
