import { z } from 'zod';
import { type ExportColumn, idOption, registerExport } from '../../platform/exports/export-definition';
import { notFound } from '../../platform/http/app-error';
import { createEmergencyRosterRepository } from './emergency-roster.repository';
import { createEmergencyStatesRepository } from './emergency-states.repository';

const ZParams = z.object({
  stateId: z
    .string()
    .optional()
    .transform((v) => idOption(v, 'stateId') ?? undefined),
});
type Params = z.output<typeof ZParams>;

type Row = Awaited<ReturnType<ReturnType<typeof createEmergencyRosterRepository>['entries']>>[number] & {
  buildingName: string;
};

const STATUS: Record<string, string> = { accounted: 'Accounted', missing: 'Missing', needs_help: 'Needs help' };
const VISIT_GROUP: Record<string, string> = {
  visitor: 'Visitors',
  volunteer: 'Volunteers',
  vendor: 'Vendors',
  responder: 'First responders',
  student: 'Students (signed in)',
};

const columns: ExportColumn<Row>[] = [
  { id: 'building', header: 'Building', value: (r) => r.buildingName },
  {
    id: 'group',
    header: 'Group',
    value: (r) => (r.personKind === 'visit' ? (VISIT_GROUP[r.group] ?? r.group) : r.group),
  },
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'kind', header: 'Person', value: (r) => (r.personKind === 'visit' ? 'Visit' : 'Student') },
  { id: 'badge', header: 'Badge / ID', value: (r) => r.badge },
  { id: 'visiting', header: 'Visiting', value: (r) => r.visiting },
  { id: 'status', header: 'Status', value: (r) => (r.status ? (STATUS[r.status] ?? r.status) : 'Not marked') },
  { id: 'markedBy', header: 'Marked by', value: (r) => r.markedBy ?? null },
  { id: 'markedAt', header: 'Marked at', value: (r) => r.markedAt ?? null },
];

/**
 * The accountability roster as CSV / XLSX (issue 27 §2, ADR 0042): GET
 * /api/exports/emergency-roster?stateId=…, the entries of the state in the actor's scope with
 * their marks. Another district's (or building's) state answers 404.
 */
registerExport({
  kind: 'emergency-roster',
  permission: 'emergencyRoster.read',
  paramsSchema: ZParams,
  columns,
  rows: async function* (ctx, params: Params, deps) {
    if (!params.stateId) throw notFound('Emergency state not found');
    const [state] = await createEmergencyStatesRepository(deps.db).loadStates(ctx.actor, [params.stateId]);
    if (!state) throw notFound('Emergency state not found');
    const names = new Map(state.buildings.map((b) => [b.id, b.name]));
    // one state's roster is a few thousand rows at most: read once, in the roster's order
    const rows = await createEmergencyRosterRepository(deps.db).entries(ctx.actor, state.id);
    for (const r of rows) yield { ...r, buildingName: names.get(r.buildingId) ?? '' };
  },
  fileName: (params: Params) => `emergency-roster-${params.stateId ?? ''}`,
});
