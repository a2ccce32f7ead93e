import { IMPORT_LIMITS } from '@sv/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import { importErrorFiles } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ErrorFileStore, ErrorFileToSave } from '../../platform/imports/import-pipeline';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Error files of imports: written in the import's transaction, read within the uploader's client scope. */
export function createImportsRepository(db: Db, now: () => Date) {
  const store: ErrorFileStore = {
    async save(ctx: RequestCtx, file: ErrorFileToSave, tx: Db) {
      const at = now();
      await tx.delete(importErrorFiles).where(lt(importErrorFiles.expiresAt, at)); // housekeeping
      const [row] = await tx
        .insert(importErrorFiles)
        .values({
          clientId: ctx.actor.clientId,
          createdBy: ctx.actor.userId,
          kind: file.kind,
          fileName: file.fileName,
          contentType: file.contentType,
          content: file.content,
          createdAt: at,
          expiresAt: new Date(at.getTime() + IMPORT_LIMITS.errorFileDays * 86_400_000),
        })
        .returning({ id: importErrorFiles.id });
      return row.id;
    },
  };
  return {
    store,
    /** The error file when it exists, has not expired and is in the actor's client scope (admins: any). */
    async findErrorFile(ctx: RequestCtx, id: string) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select()
        .from(importErrorFiles)
        .where(
          and(
            eq(importErrorFiles.id, id.toLowerCase()),
            gt(importErrorFiles.expiresAt, now()),
            clientFilter(ctx.actor, importErrorFiles.clientId),
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
