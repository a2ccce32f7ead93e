import { z } from 'zod';

/** Stored files (photos) are addressed by an unguessable id and served by GET /api/files/:id. */
export const ZFileIdParam = z.object({ id: z.string().uuid() });
/** spec 000 §7 "Exclusion photo upload returns a list whose first item has an id". */
export const ZUploadResponse = z.object({ results: z.array(z.object({ id: z.string().uuid() })) });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
/** Image types accepted on upload (checked by magic bytes); stored re-encoded as JPEG. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
