import { IMPORT_LIMITS } from '@sv/contracts';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { importBatches, importErrorFiles, users } from '../../db/schema/index';
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
    async saveBatch(ctx: RequestCtx, batch: { kind: string; clientId: number | null; ids: number[] }, tx: Db) {
      const [row] = await tx
        .insert(importBatches)
        .values({
          clientId: batch.clientId,
          kind: batch.kind,
          createdBy: ctx.actor.userId,
          createdAt: now(),
          createdIds: batch.ids,
        })
        .returning({ id: importBatches.id });
      return row!.id;
    },
  };
  const batchColumns = {
    id: importBatches.id,
    clientId: importBatches.clientId,
    kind: importBatches.kind,
    createdAt: importBatches.createdAt,
    createdByName: users.name,
    createdIds: importBatches.createdIds,
    undoneAt: importBatches.undoneAt,
    undoCounts: importBatches.undoCounts,
  };
  return {
    store,
    /** the actor's district's batches of one kind since `since`, newest first */
    async batches(ctx: RequestCtx, kind: string, since: Date) {
      return db
        .select(batchColumns)
        .from(importBatches)
        .leftJoin(users, eq(users.id, importBatches.createdBy))
        .where(
          and(
            eq(importBatches.kind, kind),
            gt(importBatches.createdAt, since),
            clientFilter(ctx.actor, importBatches.clientId),
          ),
        )
        .orderBy(desc(importBatches.createdAt))
        .limit(50);
    },
    async batch(ctx: RequestCtx, id: number, tx: Db = db) {
      const [row] = await tx
        .select(batchColumns)
        .from(importBatches)
        .leftJoin(users, eq(users.id, importBatches.createdBy))
        .where(and(eq(importBatches.id, id), clientFilter(ctx.actor, importBatches.clientId)))
        .for('update', { of: importBatches });
      return row ?? null;
    },
    async markUndone(id: number, by: number, at: Date, counts: { removed: number; kept: number }, tx: Db) {
      await tx
        .update(importBatches)
        .set({ undoneAt: at, undoneBy: by, undoCounts: counts })
        .where(eq(importBatches.id, id));
    },
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
