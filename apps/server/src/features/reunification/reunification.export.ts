import { z } from 'zod';
import { type ExportColumn, idOption, registerExport } from '../../platform/exports/export-definition';
import { notFound } from '../../platform/http/app-error';
import { type ReportRow as Row, STATUS, stepsOf, VERIFICATION } from './reunification.report';
import { createReunificationRepository } from './reunification.repository';

const columns: ExportColumn<Row>[] = [
  { id: 'student', header: 'Student', value: (r) => r.studentName },
  { id: 'identifier', header: 'Student ID', value: (r) => r.identifier },
  { id: 'adult', header: 'Adult', value: (r) => r.adultName },
  { id: 'source', header: 'Request', value: (r) => (r.source === 'public' ? 'Pre-request (link)' : 'At a station') },
  { id: 'status', header: 'Status', value: (r) => STATUS[r.status] ?? r.status },
  { id: 'refusal', header: 'Refusal', value: (r) => r.refusal ?? '' },
  {
    id: 'verification',
    header: 'Verification',
    value: (r) => (r.verification ? (VERIFICATION[r.verification] ?? r.verification) : ''),
  },
  { id: 'station', header: 'Station', value: (r) => r.station },
  { id: 'requestedAt', header: 'Requested at', value: (r) => r.requestedAt },
  { id: 'verifiedAt', header: 'Verified at', value: (r) => r.verifiedAt ?? null },
  { id: 'sentAt', header: 'Runner sent at', value: (r) => r.sentAt ?? null },
  { id: 'arrivedAt', header: 'Arrived at', value: (r) => r.arrivedAt ?? null },
  { id: 'releasedAt', header: 'Released at', value: (r) => r.releasedAt ?? null },
  { id: 'releasedBy', header: 'Released by', value: (r) => r.releasedBy ?? '' },
  { id: 'minutes', header: 'Minutes, request to release', value: (r) => stepsOf(r).total },
];

const ZParams = z.object({
  eventId: z
    .string()
    .optional()
    .transform((v) => idOption(v, 'eventId') ?? undefined),
});
type Params = z.output<typeof ZParams>;

/**
 * The after-action report's CSV (issue 27 §3) through the one export path: GET
 * /api/exports/reunification?eventId=…&format=csv, every child of the event with its verification
 * and step times, in the actor's scope (another building's or district's event: 404).
 */
registerExport({
  kind: 'reunification',
  permission: 'reunification.report',
  paramsSchema: ZParams,
  columns,
  rows: async function* (ctx, params: Params, deps) {
    if (!params.eventId) throw notFound('Reunification not found');
    const repo = createReunificationRepository(deps.db);
    if (!(await repo.event(ctx.actor, params.eventId))) throw notFound('Reunification not found');
    for (const r of await repo.reportRows(ctx.actor, params.eventId)) yield r;
  },
  fileName: (params: Params) => `reunification-${params.eventId ?? ''}`,
});
