import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved } from '../../platform/db/versions';
import type { RequestCtx } from '../../platform/http/request-context';
import { type ExclusionsCore, toExclusion } from './exclusions.core';

/** An exclusion's photo: uploaded before the first save, replaced, removed. */
export function photoUseCases(core: ExclusionsCore) {
  const { deps, repo, fileStore, resolveClient, getRow } = core;
  return {
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
  };
}
