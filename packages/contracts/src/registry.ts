import { z } from 'zod';

/**
 * The local offender registry (integrations guide "Sex-offender registry"): bulk imports and
 * status, for administrators ('registry.manage').
 *
 * POST /api/registry/imports is multipart/form-data: either one `.json` file (offenders in the
 * NSOPW shape, an array or `{ offenders: [...] }`) or the CSV trio as up to three files named
 * offenders.csv, names.csv and addresses.csv (addresses optional); optional fields `source`
 * (letters, digits, '-' or '_'; default: each record's jurisdiction, else 'local') and `replace`
 * ('true' deletes that source's previous records first).
 */

export const REGISTRY_UPLOAD_LIMITS = { maxFiles: 3, maxBytesPerFile: 20 * 1024 * 1024 } as const;

export const ZRegistrySourceCounts = z.object({
  source: z.string(),
  offenders: z.number().int(),
  names: z.number().int(),
  addresses: z.number().int(),
  /** records whose id was already present for the source (left unchanged) */
  skipped: z.number().int(),
  /** previous records of the source deleted by `replace` */
  replaced: z.number().int(),
});
export type TRegistrySourceCounts = z.infer<typeof ZRegistrySourceCounts>;

export const ZRegistryImportResponse = z.object({
  sources: z.array(ZRegistrySourceCounts),
  /** number of rows or records that could not be used */
  problemCount: z.number().int(),
  /** the first problems, readable ("names.csv line 12: no offender with id 77") */
  problems: z.array(z.string()),
});
export type TRegistryImportResponse = z.infer<typeof ZRegistryImportResponse>;

export const ZRegistryStatusResponse = z.object({
  /** the provider screening uses now (REGISTRY_PROVIDER) */
  provider: z.enum(['local', 'nsopw']),
  totalOffenders: z.number().int(),
  sources: z.array(
    z.object({
      source: z.string(),
      offenders: z.number().int(),
      lastImportedAt: z.string(),
    }),
  ),
});
export type TRegistryStatusResponse = z.infer<typeof ZRegistryStatusResponse>;
