import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createArrestWatchRepository } from '../features/arrest-watch/arrest-watch.repository';
import { loadRegistry, parseRegistryFiles, type RegistryFile } from '../features/registry/registry.import';
import { RegistryFormatError, SOURCE_PATTERN } from '../features/registry/registry-formats';
import { createRegistryRepository, type SourceImportCounts } from '../features/registry/registry.repository';
import { loadConfig } from '../platform/config';
import { type Db, openDatabase } from '../platform/db/database';

/**
 * npm run registry:import -- <dir-or-file> [--source XX] [--replace]
 *
 * Loads a jurisdiction's bulk registry files into the local registry (integrations guide
 * "Sex-offender registry"): a directory holding offenders.csv + names.csv [+ addresses.csv]
 * and/or *.json files, or a single .json file (NSOPW offender shape). One transaction per
 * source; --replace deletes that source's earlier records first. Uses DATABASE_URL / DATA_DIR.
 */

export interface RegistryImportArgs {
  target: string;
  source: string | null;
  replace: boolean;
}

export const USAGE = 'usage: npm run registry:import -- <dir-or-file> [--source XX] [--replace]';

export function parseArgs(argv: string[]): RegistryImportArgs {
  const args: RegistryImportArgs = { target: '', source: null, replace: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--replace') args.replace = true;
    else if (a === '--source') args.source = argv[++i] ?? '';
    else if (a.startsWith('--source=')) args.source = a.slice('--source='.length);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else if (args.target === '') args.target = a;
    else throw new Error(`one file or directory only\n${USAGE}`);
  }
  if (args.target === '') throw new Error(USAGE);
  if (args.source !== null && !SOURCE_PATTERN.test(args.source)) {
    throw new Error('--source must be letters, digits, "-" or "_" (at most 32)');
  }
  return args;
}

/** The files a target names: the file itself, or the CSV / JSON files of a directory. */
export function readTarget(target: string): RegistryFile[] {
  const stat = fs.statSync(target);
  const read = (file: string): RegistryFile => ({ name: path.basename(file), content: fs.readFileSync(file, 'utf8') });
  if (stat.isFile()) return [read(target)];
  const files = fs
    .readdirSync(target)
    .filter((f) => /\.(csv|json)$/i.test(f))
    .sort()
    .map((f) => read(path.join(target, f)));
  if (files.length === 0) throw new RegistryFormatError(`${target}: no .csv or .json files`);
  return files;
}

/** The command itself (tests call it with their database). */
export async function registryImportCommand(
  db: Db,
  argv: string[],
  log: (line: string) => void = console.log,
): Promise<SourceImportCounts[]> {
  const args = parseArgs(argv);
  const parsed = parseRegistryFiles(readTarget(args.target));
  for (const p of parsed.problems.slice(0, 100)) log(`  problem: ${p}`);
  if (parsed.problems.length > 100) log(`  … and ${parsed.problems.length - 100} more problems`);
  if (parsed.offenders.length === 0) throw new RegistryFormatError('no usable offender record');
  const started = Date.now();
  const counts = await loadRegistry(db, createRegistryRepository(db), parsed.offenders, {
    source: args.source,
    replace: args.replace,
    now: new Date(),
  });
  for (const c of counts) {
    log(
      `${c.source}: ${c.offenders} offenders, ${c.names} names, ${c.addresses} addresses imported` +
        `${c.skipped ? `, ${c.skipped} already present (skipped)` : ''}${args.replace ? `, ${c.replaced} replaced` : ''}`,
    );
  }
  // issue 11: arrest watch re-screens approved volunteers after every import; the running server's
  // scheduler picks the queued run up within minutes (ADR 0013)
  await createArrestWatchRepository(db).queueRun('registry-import', new Date());
  log('arrest watch queued');
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return counts;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config, { command: 'registry:import' });
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err)); // locked or damaged folder
    process.exit(1);
  }
  try {
    await database.migrate();
    await registryImportCommand(database.db, process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
