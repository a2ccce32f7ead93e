import { ROLE } from '@sv/contracts';
import { DEFAULT_EXCLUSION_DOB, exclusionTypeLabel } from '@sv/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { buildings, clients, exclusions } from '../../db/schema/index';
import { usDateCell } from '../../platform/exports/cell-format';
import { idOption, keysetBatches, registerExport } from '../../platform/exports/export-definition';
import { exclusionScope } from './exclusions.repository';

/**
 * Exclusions export (spec 000 §2 "/Exclusion/exclusionExport/{activeOnly}/{clientId}"): the
 * rows of the screen's filter, in scope (attendants: global + own building). Issue 25: the file
 * imports back unchanged — its headers are the import's, "Global" and a Type equal to the Reason
 * (an Other, as the list labels it) are read back by exclusions.import.ts.
 */
const paramsSchema = z.object({
  activeOnly: z
    .string()
    .max(20)
    .default('true')
    .transform((v) => ['true', '1', 'yes'].includes(v.toLowerCase())),
  clientId: z
    .string()
    .optional()
    .transform((v) => idOption(v, 'clientId')),
});
type Params = z.output<typeof paramsSchema>;

interface Row {
  id: number;
  firstname: string;
  lastname: string;
  dob: string;
  exclusionType: string;
  reason: string;
  buildingName: string | null;
  clientName: string;
  active: boolean;
  created: Date;
}

const BATCH = 1000;

registerExport({
  kind: 'exclusions',
  permission: 'exclusions.read',
  paramsSchema,
  columns: [
    { id: 1, header: 'Last Name', value: (r: Row) => r.lastname },
    { id: 2, header: 'First Name', value: (r: Row) => r.firstname },
    // issue 25: mm/dd/yyyy, and the 01/01/1970 stand-in for "not known" left blank (the import
    // stores a blank as 1970-01-01 again)
    { id: 3, header: 'Date of Birth', value: (r: Row) => usDateCell(r.dob, DEFAULT_EXCLUSION_DOB) },
    { id: 4, header: 'Type', value: (r: Row) => exclusionTypeLabel(r.exclusionType, r.reason) },
    { id: 5, header: 'Reason', value: (r: Row) => r.reason },
    { id: 6, header: 'Building', value: (r: Row) => r.buildingName ?? 'Global' },
    { id: 7, header: 'Client', value: (r: Row) => r.clientName },
    { id: 8, header: 'Active', value: (r: Row) => r.active },
    { id: 9, header: 'Created', value: (r: Row) => r.created, hiddenByDefault: true },
  ],
  rows: (ctx, p: Params, deps) => {
    const clientId = ctx.actor.roleId === ROLE.Admin ? p.clientId : null;
    return keysetBatches(
      BATCH,
      (r: Row) => r.id,
      (after) =>
        deps.db
          .select({
            id: exclusions.id,
            firstname: exclusions.firstname,
            lastname: exclusions.lastname,
            dob: exclusions.dob,
            exclusionType: exclusions.exclusionType,
            reason: exclusions.reason,
            buildingName: buildings.name,
            clientName: clients.name,
            active: exclusions.active,
            created: exclusions.created,
          })
          .from(exclusions)
          .innerJoin(clients, eq(clients.id, exclusions.clientId))
          .leftJoin(buildings, eq(buildings.id, exclusions.buildingId))
          .where(
            and(
              exclusionScope(ctx.actor),
              p.activeOnly ? eq(exclusions.active, true) : undefined,
              clientId !== null ? eq(exclusions.clientId, clientId) : undefined,
              after === null ? undefined : gt(exclusions.id, after),
            ),
          )
          .orderBy(asc(exclusions.id))
          .limit(BATCH),
    );
  },
  fileName: () => 'exclusions',
});
