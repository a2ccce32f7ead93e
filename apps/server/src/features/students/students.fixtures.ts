import { and, eq } from 'drizzle-orm';
import {
  dropoffEvents,
  files,
  guardians,
  pickupAuthorizations,
  screenings,
  studentReasons,
  students,
  visitors,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { withNameKeys } from '../../platform/db/identity-keys';
import type { Session, TestApp } from '../../test/test-app';

/** A 1×1 PNG: the smallest image the file store accepts. */
export const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b526b0000000c49444154089963f8ffff3f0005fe02fe58f26b0e0000000049454e44ae426082',
  'hex',
);

/** A multipart body with one image part (as the photo dialog sends it). */
export function photoMultipart(bytes: Buffer = PNG_1x1) {
  const boundary = 'STUDENTSBOUNDARY';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Ids of the demo roster (db/seed/demo-students.ts) by SIS sourcedId. */
export async function demoStudent(db: Db, clientId: number, sourcedId: string) {
  const [s] = await db
    .select({ id: students.id, buildingId: students.buildingId })
    .from(students)
    .where(and(eq(students.clientId, clientId), eq(students.sourcedId, sourcedId)));
  if (!s) throw new Error(`demo student ${sourcedId} missing`);
  return s;
}
export async function demoGuardian(db: Db, clientId: number, sourcedId: string) {
  const [g] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.clientId, clientId), eq(guardians.sourcedId, sourcedId)));
  if (!g) throw new Error(`demo guardian ${sourcedId} missing`);
  return g;
}
export async function demoReason(db: Db, clientId: number, kind: 'pickup' | 'dropoff') {
  const [r] = await db
    .select({ id: studentReasons.id, isExcused: studentReasons.isExcused })
    .from(studentReasons)
    .where(and(eq(studentReasons.clientId, clientId), eq(studentReasons.kind, kind)))
    .orderBy(studentReasons.sortOrder)
    .limit(1);
  return r;
}

/**
 * Everything a recorded pickup needs, made directly (not through the API): the guardian's visitor
 * record, a clear screening of it at the building just now, and a pickup photo file.
 */
export async function pickupInputs(
  db: Db,
  o: { clientId: number; buildingId: number; guardianId: number; now?: Date; findings?: unknown[] },
) {
  const [g] = await db.select().from(guardians).where(eq(guardians.id, o.guardianId));
  let visitorId = g.visitorId;
  if (!visitorId) {
    const [v] = await db
      .insert(visitors)
      .values(withNameKeys({ clientId: o.clientId, firstname: g.firstname, lastname: g.lastname }))
      .returning({ id: visitors.id });
    visitorId = v.id;
    await db.update(guardians).set({ visitorId }).where(eq(guardians.id, g.id));
  }
  const [sc] = await db
    .insert(screenings)
    .values({
      clientId: o.clientId,
      buildingId: o.buildingId,
      visitorId,
      screenedAt: o.now ?? new Date(),
      registryStatus: 'ok',
      findings: (o.findings ?? []) as never,
    })
    .returning({ id: screenings.id });
  const [file] = await db
    .insert(files)
    .values({
      clientId: o.clientId,
      kind: 'pickup-photo',
      contentType: 'image/jpeg',
      bytes: PNG_1x1,
      size: PNG_1x1.length,
    })
    .returning({ id: files.id });
  return { screeningId: sc.id, photoFileId: file.id, visitorId };
}

export async function addRule(db: Db, row: typeof pickupAuthorizations.$inferInsert) {
  const [r] = await db.insert(pickupAuthorizations).values(row).returning({ id: pickupAuthorizations.id });
  return r.id;
}

export async function addDropoff(
  db: Db,
  o: { clientId: number; buildingId: number; studentId: number; reasonId: number },
) {
  const [e] = await db
    .insert(dropoffEvents)
    .values({
      ...o,
      studentName: 'Avery Testwood',
      reason: 'Medical appointment',
      isExcused: true,
      droppedOffAt: new Date(),
    })
    .returning({ id: dropoffEvents.id });
  return e.id;
}

/** A POST as `s`, with the Idempotency-Key the release tests choose (none = the server's refusal path). */
export function postAs(t: TestApp, s: Session, url: string, body: unknown, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: {
      cookie: s.cookie,
      'x-csrf-token': s.csrfToken,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
  });
}

/** Uploads the 1×1 test photo as `s` to a pickup/drop-off photo endpoint; answers its file id. */
export async function uploadPhotoAs(t: TestApp, s: Session, url: string): Promise<string> {
  const m = photoMultipart();
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: m.body,
    headers: { ...m.headers, cookie: s.cookie, 'x-csrf-token': s.csrfToken },
  });
  if (res.statusCode !== 200) throw new Error(`photo upload to ${url}: ${res.statusCode} ${res.body}`);
  return res.json().photoFileId as string;
}
