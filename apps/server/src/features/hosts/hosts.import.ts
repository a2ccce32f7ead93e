import { HOST_CHANNELS, ZMobile } from '@sv/contracts';
import { z } from 'zod';
import { cell, registerImport, requireClientOption } from '../../platform/imports/import-definition';
import { createHostsRepository } from './hosts.repository';

/**
 * Hosts import (issue 28 §1, ADR 0053), through the one import pipeline: district-wide hosts with
 * their e-mail, mobile and channel. Natural key: name + e-mail, so re-uploading adds nothing.
 * Undoable (ADR 0049): the batch's hosts are removed (a visit that named one keeps its text).
 */
const row = z
  .object({
    name: cell.personName(200),
    email: cell.optionalEmail(),
    mobile: z.string().pipe(ZMobile),
    channel: z
      .string()
      .transform((s) => (s === '' ? 'email' : s.toLowerCase()))
      .pipe(z.enum(HOST_CHANNELS, { message: `must be one of ${HOST_CHANNELS.join(', ')}` })),
  })
  .superRefine((h, ctx) => {
    if (h.channel === 'email' && !h.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'is required to notify by e-mail' });
    if (h.channel === 'sms' && !h.mobile)
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'is required to notify by text' });
  });
type Row = z.infer<typeof row>;
const keyOf = (r: Row) => `${r.name.toLowerCase()}|${(r.email ?? '').toLowerCase()}`;

registerImport({
  kind: 'hosts',
  permission: 'hosts.manage',
  columns: [
    { key: 'name', header: 'Name', required: true, example: 'Dana Chen' },
    { key: 'email', header: 'Email', example: 'dana.chen@example.org' },
    { key: 'mobile', header: 'Mobile', example: '5555550142', help: '10 digits' },
    { key: 'channel', header: 'Notify By', example: 'email', help: HOST_CHANNELS.join(', ') },
  ],
  rowSchema: row,
  naturalKey: keyOf,
  async existingKeys(ctx, keys, tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    const existing = await createHostsRepository(tx).existingKeys(clientId, tx);
    return new Set(keys.filter((k) => existing.has(k)));
  },
  async insertRows(ctx, rows, tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    return createHostsRepository(tx).insertMany(
      tx,
      rows.map((r) => ({
        clientId,
        buildingId: null,
        name: r.name,
        email: r.email ?? '',
        mobile: r.mobile,
        channel: r.channel,
        source: 'import',
        active: true,
      })),
    );
  },
  async undo(ctx, _clientId, ids, tx) {
    const removed = await createHostsRepository(tx).deleteImported(ctx.actor, ids, tx);
    return { removed, kept: ids.length - removed };
  },
});
