import { RESPONDER_MESSAGE, VISITOR_TYPES } from '@sv/contracts';
import { and, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { preRegistrations } from '../../db/schema/index';
import { buildingFilter } from '../../platform/db/scope';
import { cell, registerImport, requireBuildingOption } from '../../platform/imports/import-definition';
import { notifyFrontDesk } from '../../platform/realtime/realtime';
import { screenCardsById } from '../exclusions';
import { createPreRegistrationsRepository } from './preregistrations.repository';

/**
 * Pre-registered visitors import, per building (spec 002 §2 "A pre-registration import (modal,
 * per building, with a downloadable sample file)"). Natural key: visit date + name + date of
 * birth, so re-uploading the same file adds nothing.
 */
const ARRIVAL_TYPES = VISITOR_TYPES.filter((t) => t !== 'responder');

const row = z.object({
  // issue 22: the one person-name rule (cleaned; a bad name goes to the error file)
  firstname: cell.personName(80),
  lastname: cell.personName(80),
  dob: cell.optionalDate(),
  visitDate: cell.optionalDate().refine((v) => v !== null, 'is required'),
  visiting: cell.optionalText(200),
  reason: cell.optionalText(200),
  visitorType: z
    .string()
    .transform((s) => (s === '' ? 'visitor' : s.toLowerCase()))
    .pipe(z.enum(VISITOR_TYPES, { message: `must be one of ${ARRIVAL_TYPES.join(', ')}` }))
    // issue 27 §1 (ADR 0042): a first responder is recorded at the desk, never pre-registered
    .refine((t) => t !== 'responder', { message: RESPONDER_MESSAGE }),
  email: cell.optionalEmail(),
  phone: cell.optionalText(30),
  notifyEmail: cell.optionalEmail(),
  notifySms: cell.optionalText(30),
});
type Row = z.infer<typeof row>;

const keyOf = (r: Row) => [r.visitDate, r.firstname.toLowerCase(), r.lastname.toLowerCase(), r.dob ?? ''].join('|');

registerImport({
  kind: 'preregistrations',
  permission: 'visitors.manage',
  columns: [
    { key: 'firstname', header: 'First Name', required: true, example: 'Jamie' },
    { key: 'lastname', header: 'Last Name', required: true, example: 'Rivera' },
    { key: 'dob', header: 'Date of Birth', example: '04/12/1985', help: 'MM/DD/YYYY' },
    { key: 'visitDate', header: 'Visit Date', required: true, example: '12/01/2026', help: 'MM/DD/YYYY' },
    { key: 'visiting', header: 'Visiting', example: 'Mrs. Chen, Room 12' },
    { key: 'reason', header: 'Reason', example: 'Career day speaker' },
    { key: 'visitorType', header: 'Visitor Type', example: 'visitor', help: ARRIVAL_TYPES.join(', ') },
    { key: 'email', header: 'Email', example: 'jamie.rivera@example.org' },
    { key: 'phone', header: 'Phone', example: '5555550123' },
    {
      key: 'notifyEmail',
      header: 'Notify Email',
      example: 'office@example.org',
      help: 'who to tell when the visitor arrives',
    },
    { key: 'notifySms', header: 'Notify SMS', example: '' },
  ],
  rowSchema: row,
  naturalKey: keyOf,
  async existingKeys(ctx, keys, tx, options) {
    const { buildingId } = (await requireBuildingOption(ctx, options, tx, { required: true }))!;
    return createPreRegistrationsRepository(tx).existingImportKeys(buildingId, keys, tx);
  },
  async insertRows(ctx, rows, tx, options) {
    const { buildingId, clientId } = (await requireBuildingOption(ctx, options, tx, { required: true }))!;
    const ids = await createPreRegistrationsRepository(tx).insertMany(
      tx,
      rows.map((r) => ({
        clientId,
        buildingId,
        firstname: r.firstname,
        lastname: r.lastname,
        dob: r.dob,
        visitDate: r.visitDate!,
        visiting: r.visiting ?? '',
        reason: r.reason ?? '',
        visitorType: r.visitorType,
        email: r.email ?? '',
        phone: r.phone ?? '',
        notifyEmail: r.notifyEmail ?? '',
        notifySms: r.notifySms ?? '',
        importKey: keyOf(r),
      })),
    );
    // screened against the exclusion list before anyone arrives (issue 22), in the import's transaction
    await screenCardsById(tx, ids);
    // open dashboards show the new cards at once (delivered when the import commits)
    if (rows.length > 0) await notifyFrontDesk(tx, { type: 'preregistration.changed', clientId, buildingId });
    return ids;
  },
  /**
   * Undo (issue 26 §4, ADR 0049): the batch's cards still waiting are deleted; a card someone was
   * already checked in or turned away on stays (it is the visit's record) and is counted as kept.
   */
  async undo(ctx, _clientId, ids, tx) {
    const removed = await tx
      .delete(preRegistrations)
      .where(
        and(
          inArray(preRegistrations.id, ids),
          inArray(preRegistrations.status, ['scheduled', 'pending']),
          buildingFilter(ctx.actor, preRegistrations),
        ),
      )
      .returning({ clientId: preRegistrations.clientId, buildingId: preRegistrations.buildingId });
    for (const b of new Set(removed.map((r) => r.buildingId))) {
      const clientId = removed.find((r) => r.buildingId === b)!.clientId;
      await notifyFrontDesk(tx, { type: 'preregistration.changed', clientId, buildingId: b });
    }
    return { removed: removed.length, kept: ids.length - removed.length };
  },
  async afterCommit(deps, ctx, options, imported) {
    if (imported === 0) return;
    const { buildingId } = (await requireBuildingOption(ctx, options, deps.db, { required: true }))!;
    deps.realtime.reads.invalidate(buildingId);
  },
});
