import { localDateOf } from '@sv/domain';
import { EXCLUDED_PEOPLE, identityVariants } from '@sv/domain/identity-corpus';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildings, outboundMessages, preRegistrations } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';
import { multipartBody } from '../exclusions/exclusions.fixtures';
import { parseTimeCell } from './visitor-passes.import';
import { createHost } from './visitor-passes.fixtures';

/**
 * Group invitations from a file (issue 28 §2): one import pipeline, each row an invitation as the
 * form makes it (screened ahead, the pass queued), re-uploading sends nobody a second pass, undo.
 */
let t: TestApp;
let north: Session;
let south: Session;
let desk: Session;
let tz = 'America/Chicago';
const b1 = () => t.world.north.northHighId;

beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
  const [b] = await t.deps.db.select({ tz: buildings.timeZone }).from(buildings).where(eq(buildings.id, b1()));
  tz = b!.tz;
});

/** MM/DD/YYYY of the building's local day `days` from now. */
const usDate = (days: number) => {
  const [y, m, d] = localDateOf(new Date(t.deps.now().getTime() + days * 86_400_000), tz).split('-');
  return `${m}/${d}/${y}`;
};

async function upload(session: Session, csv: string, fields: Record<string, string>) {
  const m = multipartBody(Buffer.from(csv), { fileName: 'group.csv', contentType: 'text/csv', fields });
  return t.app.inject({
    method: 'POST',
    url: '/api/imports/visitor-passes',
    payload: m.body,
    headers: { ...m.headers, cookie: session.cookie, 'x-csrf-token': session.csrfToken },
  });
}

const HEADER = 'First Name,Last Name,Date of Birth,Email,Mobile,Visit Date,From,Until,Host,Reason,Instructions\r\n';

describe('group invitations from a file (issue 28 §2)', () => {
  it('reads the times a secretary writes', () => {
    expect(['9:00 AM', '9 am', '09:00', '13:30', '1:30 p.m.', '12:00 AM', '13:30:00'].map(parseTimeCell)).toEqual([
      '09:00',
      '09:00',
      '09:00',
      '13:30',
      '13:30',
      '00:00',
      '13:30',
    ]);
    expect(['25:00', '13:00 PM', 'noon', '9', '9:75'].map(parseTimeCell)).toEqual([null, null, null, null, null]);
  });

  it('invites each row: the host named by e-mail or name is set, other text is the person visiting; bad rows go to the error file', async () => {
    const host = await createHost(t.deps.db, t.world.north.clientId, {
      name: 'Priya Fieldtrip',
      email: 'priya.fieldtrip@example.test',
    });
    const tomorrow = usDate(1);
    const csv =
      HEADER +
      `Amara,Chaperone,03/04/1980,amara.chaperone@example.test,,${tomorrow},8:30 AM,2:30 PM,priya.fieldtrip@example.test,Field trip,Main door\r\n` +
      `Bo,Chaperone,,,(555) 555-0177,${tomorrow},8:30 AM,2:30 PM,Priya Fieldtrip,Field trip,\r\n` +
      `Cyd,Chaperone,,cyd.chaperone@example.test,,${tomorrow},9:00,11:00,Coach Rivera,Field trip,\r\n` +
      // no way to send the pass
      `Dee,Nocontact,,,,${tomorrow},9:00,11:00,,,\r\n` +
      // already over
      `Eli,Late,,eli.late@example.test,,${usDate(-1)},9:00,11:00,,,\r\n` +
      // the end before the start
      `Fay,Backwards,,fay@example.test,,${tomorrow},11:00,9:00,,,\r\n`;
    const res = await upload(north, csv, { buildingId: String(b1()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ imported: 3, rejected: 3 });
    const cards = await t.deps.db
      .select()
      .from(preRegistrations)
      .where(and(eq(preRegistrations.buildingId, b1()), eq(preRegistrations.lastname, 'Chaperone')))
      .orderBy(preRegistrations.firstname);
    expect(cards.map((c) => [c.firstname, c.hostId, c.visiting, c.status])).toEqual([
      ['Amara', host, 'Priya Fieldtrip', 'scheduled'],
      ['Bo', host, 'Priya Fieldtrip', 'scheduled'],
      ['Cyd', null, 'Coach Rivera', 'scheduled'],
    ]);
    // the window is the building's wall clock; every card screened before arrival
    expect(cards.every((c) => c.windowStart && c.windowEnd && c.windowEnd > c.windowStart)).toBe(true);
    expect(cards.every((c) => c.flagged !== null)).toBe(true);
    // each pass queued by its channel (e-mail with the QR code and the calendar file; SMS)
    const msgs = await t.deps.db
      .select({
        recipient: outboundMessages.recipient,
        channel: outboundMessages.channel,
        attachments: outboundMessages.attachments,
      })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.kind, 'visitor_pass'),
          inArray(outboundMessages.recipient, [
            'amara.chaperone@example.test',
            '5555550177',
            'cyd.chaperone@example.test',
          ]),
        ),
      );
    expect(msgs.map((m) => m.recipient).sort()).toEqual([
      '5555550177',
      'amara.chaperone@example.test',
      'cyd.chaperone@example.test',
    ]);
    expect(msgs.find((m) => m.channel === 'email')!.attachments).toHaveLength(2);

    // uploading the same file again sends nobody a second pass
    const again = await upload(north, csv, { buildingId: String(b1()) });
    expect(again.json().results).toMatchObject({ imported: 0, duplicates: 3 });
    const after = await t.deps.db
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.kind, 'visitor_pass'), like(outboundMessages.recipient, '%chaperone%')));
    expect(after).toHaveLength(2);

    // undo: the batch's unused invitations are gone (their passes read "not valid")
    const undo = await t.as(north).post(`/api/imports/batches/${res.json().batchId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ removed: 3, kept: 0 });
    expect(
      await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.lastname, 'Chaperone')),
    ).toHaveLength(0);
  });

  it('flags an excluded person written with a look-alike letter before anyone arrives', async () => {
    const ex = await t.as(north).post('/api/exclusions', {
      firstname: 'Oskar',
      lastname: 'Grouptrip',
      dob: '1975-06-01',
      exclusionType: 'RestrictedAccess',
    });
    expect(ex.statusCode, ex.body).toBe(200);
    // a Cyrillic "О" for the Latin "O", and a zero-width space in the last name
    const res = await upload(
      desk,
      `${HEADER}\u041Eskar,Group\u200Btrip,06/01/1975,oskar@example.test,,${usDate(1)},9:00,10:00,,,\r\n`,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ imported: 1 });
    const [card] = await t.deps.db
      .select()
      .from(preRegistrations)
      .where(and(eq(preRegistrations.buildingId, b1()), like(preRegistrations.email, 'oskar@%')));
    expect(card).toMatchObject({ flagged: true });
  });

  it('every variant of the adversarial identity corpus is invited flagged, before anyone arrives (issue 22)', async () => {
    const person = EXCLUDED_PEOPLE[1]!;
    const ex = await t.as(north).post('/api/exclusions', {
      firstname: person.firstName,
      lastname: person.lastName,
      dob: person.dob,
      exclusionType: 'RestrictedAccess',
    });
    expect(ex.statusCode, ex.body).toBe(200);
    const variants = identityVariants(person);
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    const csv =
      HEADER +
      variants
        .map(
          (v, i) =>
            `${quote(v.firstName)},${quote(v.lastName)},${us(v.dob)},corpus.${i}@example.test,,${usDate(1)},9:00,10:00,,,\r\n`,
        )
        .join('');
    const res = await upload(north, csv, { buildingId: String(b1()) });
    expect(res.statusCode, res.body).toBe(200);
    // the names are cleaned, not refused: every variant is invited, so every one must be flagged
    const { imported } = res.json().results;
    expect(imported).toBe(variants.length);
    const cards = await t.deps.db
      .select({ email: preRegistrations.email, flagged: preRegistrations.flagged })
      .from(preRegistrations)
      .where(like(preRegistrations.email, 'corpus.%@example.test'));
    expect(cards).toHaveLength(imported);
    const unflagged = cards
      .filter((c) => c.flagged !== true)
      .map((c) => variants[Number(/\d+/.exec(c.email)![0])]!.label);
    expect(unflagged).toEqual([]);
  });

  it("never invites to another district's building", async () => {
    const res = await upload(south, `${HEADER}Gus,Elsewhere,,gus@example.test,,${usDate(1)},9:00,10:00,,,\r\n`, {
      buildingId: String(b1()),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(
      await t.deps.db.select().from(preRegistrations).where(eq(preRegistrations.lastname, 'Elsewhere')),
    ).toHaveLength(0);
  });
});
