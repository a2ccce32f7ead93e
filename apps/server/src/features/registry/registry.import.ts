import type { Db } from '../../platform/db/database';
import {
  groupBySource,
  type ImportOffender,
  type ParsedRegistry,
  parseCsvTrio,
  parseNsopwJson,
  RegistryFormatError,
} from './registry-formats';
import type { RegistryRepository, SourceImportCounts } from './registry.repository';
import { registryDataChanged } from '../preregistrations';

/**
 * The one registry import, shared by the CLI (`npm run registry:import`), the admin upload
 * (POST /api/registry/imports) and the demo seed: parse the files, group the records by source,
 * load each source in its own transaction.
 */

export interface RegistryFile {
  /** file name; decides the format: *.json, or *.csv named offenders / names / addresses */
  name: string;
  content: string;
}

/** Which CSV of the trio a file name is ('address' before 'name': "addresses.csv" has no "name"). */
export function csvRole(fileName: string): 'offenders' | 'names' | 'addresses' | null {
  const base = fileName.toLowerCase().replace(/^.*[\\/]/, '');
  if (!base.endsWith('.csv')) return null;
  if (base.includes('address')) return 'addresses';
  if (base.includes('name') || base.includes('alias')) return 'names';
  if (base.includes('offender')) return 'offenders';
  return null;
}

export function parseRegistryFiles(files: RegistryFile[]): ParsedRegistry {
  const result: ParsedRegistry = { offenders: [], problems: [] };
  const csv: Partial<Record<'offenders' | 'names' | 'addresses', string>> = {};
  for (const file of files) {
    if (file.name.toLowerCase().endsWith('.json')) {
      const parsed = parseNsopwJson(file.content);
      result.offenders.push(...parsed.offenders);
      result.problems.push(...parsed.problems);
      continue;
    }
    const role = csvRole(file.name);
    if (!role)
      throw new RegistryFormatError(`${file.name}: expected offenders.csv, names.csv, addresses.csv or a .json file`);
    if (csv[role] !== undefined) throw new RegistryFormatError(`two ${role}.csv files`);
    csv[role] = file.content;
  }
  if (Object.keys(csv).length > 0) {
    if (csv.offenders === undefined || csv.names === undefined) {
      throw new RegistryFormatError('A CSV import needs offenders.csv and names.csv (addresses.csv is optional)');
    }
    const parsed = parseCsvTrio({ offenders: csv.offenders, names: csv.names, addresses: csv.addresses });
    result.offenders.push(...parsed.offenders);
    result.problems.push(...parsed.problems);
  }
  if (files.length === 0) throw new RegistryFormatError('No file to import');
  return result;
}

/** Loads parsed records: one transaction per source; `replace` first deletes that source's records. */
export async function loadRegistry(
  db: Db,
  repo: RegistryRepository,
  offenders: ImportOffender[],
  opts: { source?: string | null; replace: boolean; now: Date },
): Promise<SourceImportCounts[]> {
  const out: SourceImportCounts[] = [];
  for (const [source, list] of groupBySource(offenders, opts.source)) {
    out.push(await db.transaction((tx) => repo.importSource(tx as unknown as Db, source, list, opts)));
  }
  if (out.length > 0) {
    await repo.analyze();
    // issue 22: the open pre-registration cards are searched in the registry again (the cards sweep)
    await registryDataChanged(db, opts.now);
  }
  return out;
}
