import { loadSharp } from '../lazy-modules';
import { CONSTANTS, can, type TPermission } from '@sv/contracts';
import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema/index';
import type { Db } from '../db/database';
import { clientFilter } from '../db/scope';
import { AppError, notFound } from '../http/app-error';
import type { RequestCtx } from '../http/request-context';

/**
 * Stored images (security guide "Photos and files"): uploads are checked by size and by content
 * (magic bytes: JPEG, PNG or WebP only), re-encoded with sharp to JPEG (metadata stripped,
 * at most 1024 px on the long side), stored in the `files` table under a random uuid and served
 * only by GET /api/files/:id within the owner's client scope (404 otherwise), with no-store.
 *
 * API for features (exclusion photos now, visitor photos later):
 *   const files = createFileStore(deps.db);
 *   const id = await files.saveImage(ctx, clientId, 'exclusion-photo', buffer); // caller checked clientId is in scope
 *   const file = await files.getFile(ctx, id); // { contentType, bytes } or 404
 * A new kind registers who may read it in FILE_KIND_READ_PERMISSION.
 */

/** Who may read a file of each kind (besides being in its client's scope). */
export const FILE_KIND_READ_PERMISSION: Record<string, TPermission> = {
  'exclusion-photo': 'exclusions.read',
  'visitor-photo': 'visitors.read',
  // registration photos (spec 001 §2 Upload Photo; issue 11 public form): whoever reads the registrations
  'registration-photo': 'registrations.read',
  /** the person who collected a student (issue 12: the pickup log's view-photo) */
  'pickup-photo': 'pickups.read',
  /** a registration's badge PDF made for the print-or-email approval (spec 001 §7 doPrintOrEmail) */
  'registration-badge': 'registrations.read',
  /** a visitor pass's QR code and calendar file, e-mailed to the visitor (issue 28 §2) */
  'visitor-pass': 'passes.manage',
};

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type by magic bytes, or null. The declared content type and file name are ignored. */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export const IMAGE_MAX_PX = 1024;
/**
 * Largest image decoded (a 48 MP phone photo passes). sharp checks it from the header, before
 * decoding, so a small file declaring a huge image costs nothing (issue 10 §3).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Validates and re-encodes an uploaded image; throws 413 / 415 AppErrors. */
export async function normalizeImage(buf: Buffer): Promise<Buffer> {
  if (buf.length > CONSTANTS.photoMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB.');
  if (buf.length === 0 || !sniffImageType(buf)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image.');
  }
  try {
    // sharp drops EXIF/ICC/XMP metadata unless asked to keep it; rotate() applies the EXIF orientation first.
    const sharp = await loadSharp();
    return await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_PX, height: IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read.');
  }
}

export function createFileStore(db: Db) {
  return {
    /** Re-encodes and stores an image of `clientId` (already checked against the actor); answers its id. */
    async saveImage(ctx: RequestCtx, clientId: number, kind: string, buffer: Buffer, tx: Db = db): Promise<string> {
      if (!FILE_KIND_READ_PERMISSION[kind]) throw new Error(`unknown file kind ${kind}`);
      const bytes = await normalizeImage(buffer);
      const [row] = await tx
        .insert(files)
        .values({ clientId, kind, contentType: 'image/jpeg', bytes, size: bytes.length, createdBy: ctx.actor.userId })
        .returning({ id: files.id });
      return row.id;
    },

    /** Stores a document the server made (a badge PDF to e-mail); answers its id. Never an upload. */
    async saveDocument(
      ctx: RequestCtx,
      clientId: number,
      kind: string,
      contentType: string,
      bytes: Uint8Array,
      tx: Db = db,
    ): Promise<string> {
      if (!FILE_KIND_READ_PERMISSION[kind]) throw new Error(`unknown file kind ${kind}`);
      const [row] = await tx
        .insert(files)
        .values({
          clientId,
          kind,
          contentType,
          bytes: Buffer.from(bytes),
          size: bytes.length,
          createdBy: ctx.actor.userId,
        })
        .returning({ id: files.id });
      return row.id;
    },

    /** Metadata of a file in the actor's client scope (no bytes), or null. */
    async findMeta(ctx: RequestCtx, id: string, tx: Db = db) {
      const rows = await tx
        .select({ id: files.id, clientId: files.clientId, kind: files.kind })
        .from(files)
        .where(and(eq(files.id, id), clientFilter(ctx.actor, files.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The file, when the actor may read its kind and it is in their client scope; otherwise 404. */
    async getFile(ctx: RequestCtx, id: string) {
      const rows = await db
        .select({ kind: files.kind, contentType: files.contentType, bytes: files.bytes, clientId: files.clientId })
        .from(files)
        .where(and(eq(files.id, id), clientFilter(ctx.actor, files.clientId)))
        .limit(1);
      const file = rows[0];
      const permission = file ? FILE_KIND_READ_PERMISSION[file.kind] : undefined;
      // Not allowed to read this kind answers 404 too: the id's existence is not revealed.
      if (!file || !permission || !can(ctx.actor, permission)) throw notFound();
      return { kind: file.kind, clientId: file.clientId, contentType: file.contentType, bytes: file.bytes };
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

/**
 * A stored file's bytes, only from the district it belongs to (a photo printed on a badge): the
 * one read of a file's bytes by id for repositories that print or attach them.
 */
export async function fileBytesOfDistrict(db: Db, fileId: string, clientId: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ bytes: files.bytes })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.clientId, clientId)))
    .limit(1);
  return row?.bytes ?? null;
}

/** Reads the single file part of a multipart request, enforcing the photo size limit (413). */
export async function readUploadedFile(request: {
  isMultipart(): boolean;
  file(opts?: {
    limits?: { fileSize?: number };
  }): Promise<
    { toBuffer(): Promise<Buffer>; file: { truncated: boolean }; fields: Record<string, unknown> } | undefined
  >;
}): Promise<{ buffer: Buffer; fields: Record<string, unknown> }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data.');
  const part = await request.file({ limits: { fileSize: CONSTANTS.photoMaxBytes } });
  if (!part) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.');
  const buffer = await part.toBuffer();
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB.');
  return { buffer, fields: part.fields };
}
