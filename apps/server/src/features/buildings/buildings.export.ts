import type { TBuildingRow } from '@sv/contracts';
import { z } from 'zod';
import { type ExportColumn, idOption, keysetBatches, registerExport } from '../../platform/exports/export-definition';
import { BUILDING_FILE_FIELDS } from './buildings.import';
import { createBuildingsRepository } from './buildings.repository';

const BATCH = 500;

/** activeOnly ('true' / 'false', as the window path /Building/BuildingExport/{showactiveonly}/{clientId} sends it) and clientId. */
const ZParams = z.object({
  activeOnly: z
    .string()
    .optional()
    .transform((v) => ['true', '1', 'yes'].includes((v ?? '').toLowerCase())),
  clientId: z
    .string()
    .optional()
    .transform((v) => idOption(v, 'clientId') ?? undefined),
});
type Params = z.output<typeof ZParams>;

/** Id and District first, then the import file's columns (same headers, so the file can be imported again). */
const columns: ExportColumn<TBuildingRow>[] = [
  { id: 'id', header: 'Id', value: (b) => b.id },
  { id: 'client', header: 'District', value: (b) => b.clientName },
  ...BUILDING_FILE_FIELDS.map(
    (f): ExportColumn<TBuildingRow> => ({
      id: f.key,
      header: f.header,
      value: (b) => b[f.key],
      hiddenByDefault: f.kind === 'flag' && f.key !== 'active',
    }),
  ),
];

/**
 * Buildings export (spec 000 §2, §7 GET /Building/BuildingExport/{showactiveonly}/{clientId}):
 * the buildings in the actor's scope, honouring the active-only toggle and the admin's client
 * filter. The route checks a clientId param against the actor (404 outside the scope).
 */
registerExport({
  kind: 'buildings',
  permission: 'buildings.manage',
  paramsSchema: ZParams,
  columns,
  rows: (ctx, params: Params, deps) => {
    const repo = createBuildingsRepository(deps.db);
    return keysetBatches(
      BATCH,
      (b: TBuildingRow) => b.id,
      (after) => repo.exportBatch(ctx.actor, params, after, BATCH),
    );
  },
  fileName: (params: Params) =>
    `buildings${params.clientId ? `-${params.clientId}` : ''}${params.activeOnly ? '-active' : ''}`,
});
