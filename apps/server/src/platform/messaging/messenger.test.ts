import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, outboundMessages } from '../../db/schema/index';
import type { EmailTransport, OutgoingEmail } from '../../integrations/email/email-transport';
import { createTestApp, type TestApp } from '../../test/test-app';

/** E-mail attachments (issue 11 print-or-email): stored files of the message's own district only. */
describe('messenger attachments', () => {
  const sent: OutgoingEmail[] = [];
  const email: EmailTransport = {
    async send(m) {
      sent.push(m);
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { email } });
  });

  const storeFile = async (clientId: number) => {
    const [f] = await t.deps.db
      .insert(files)
      .values({
        clientId,
        kind: 'registration-badge',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.7 test'),
        size: 13,
      })
      .returning({ id: files.id });
    return f.id;
  };

  it('attaches a file of the message’s district, read at delivery', async () => {
    const fileId = await storeFile(t.world.north.clientId);
    const { ids, sent: n } = await t.deps.messenger.send([
      {
        clientId: t.world.north.clientId,
        channel: 'email',
        recipient: 'volunteer@example.org',
        subject: 'Badge',
        body: 'attached',
        kind: 'test.attachment',
        attachments: [{ fileId, fileName: 'badge.pdf' }],
      },
    ]);
    expect(n).toBe(1);
    const mail = sent.find((m) => m.to === 'volunteer@example.org');
    expect(mail?.attachments).toEqual([
      { filename: 'badge.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 test') },
    ]);
    const [row] = await t.deps.db.select().from(outboundMessages).where(eq(outboundMessages.id, ids[0]));
    expect(row.status).toBe('sent');
  });

  it('never attaches another district’s file: the delivery fails and nothing is sent', async () => {
    const foreign = await storeFile(t.world.south.clientId);
    const before = sent.length;
    const {
      ids,
      sent: n,
      failed,
    } = await t.deps.messenger.send([
      {
        clientId: t.world.north.clientId,
        channel: 'email',
        recipient: 'other@example.org',
        subject: 'Badge',
        body: 'attached',
        kind: 'test.attachment',
        attachments: [{ fileId: foreign, fileName: 'badge.pdf' }],
      },
    ]);
    expect({ n, failed }).toEqual({ n: 0, failed: 1 });
    expect(sent.length).toBe(before);
    const [row] = await t.deps.db.select().from(outboundMessages).where(eq(outboundMessages.id, ids[0]));
    expect(row.status).toBe('queued'); // retried by the job, 'failed' after the last attempt
    expect(row.lastError).toBe('an attachment of this message is missing');
  });
});
