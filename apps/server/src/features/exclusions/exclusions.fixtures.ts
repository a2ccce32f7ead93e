import sharp from 'sharp';
import { exclusions, files } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { withNameKeys } from '../../platform/db/identity-keys';
import { nameTag } from '../../test/names';

/** Test fixtures for exclusion and photo tests (API tests and the authorization matrix). */

let n = 0;

/** Inserts an exclusion directly (bypassing the API) and answers its id. */
export async function insertExclusion(db: Db, over: Partial<typeof exclusions.$inferInsert> & { clientId: number }) {
  n += 1;
  const [row] = await db
    .insert(exclusions)
    .values(
      withNameKeys({
        firstname: `Fixture${nameTag(n)}`,
        lastname: 'Testperson',
        dob: '1981-02-03',
        exclusionType: 'Trespassed',
        isGlobal: over.buildingId == null,
        ...over,
      }),
    )
    .returning({ id: exclusions.id });
  return row.id;
}

/** A small real PNG image (solid colour). */
export const pngImage = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipartBody(
  file: Buffer,
  opts: { fileName?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----svtest${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(opts.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.fileName ?? 'photo.png'}"\r\nContent-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Stores a photo file row directly for `clientId`. */
export async function insertPhoto(db: Db, clientId: number) {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } })
    .jpeg()
    .toBuffer();
  const [row] = await db
    .insert(files)
    .values({ clientId, kind: 'exclusion-photo', contentType: 'image/jpeg', bytes, size: bytes.length })
    .returning({ id: files.id });
  return row.id;
}
