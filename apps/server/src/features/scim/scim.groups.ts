import { type District, idOf, parse, parseScimFilter, type ScimCore, ScimError, ZPatch, ZScimGroup } from './scim.core';

/** SCIM Groups (RFC 7644 §3.3–§3.6): their members set role and building through the group rules. */
export function groupUseCases(core: ScimCore) {
  const { repo, toGroup, list, audit, applyRules } = core;

  async function groupMembers(d: District, members: { value: string }[] | undefined) {
    const ids = (members ?? []).map((m) => idOf(m.value));
    return repo.usersIn(d.clientId, ids);
  }

  return {
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
