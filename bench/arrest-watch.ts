/**
 * The nightly arrest-watch run at district scale (issue 11 "Scale: the nightly run over 100,000
 * approved registrations against the 1M-record registry finishes in minutes … in batches that
 * survive a restart mid-run (resumes, alerts exactly once)"; ADR 0013).
 *
 * In the benchmark process, on the bench database: makes one watched registration type per desk
 * district and `count` approved registrations from the data set's visitors (the planted registry
 * probes among them, so there is something to find), then measures
 *   - the floor: the same people searched through the registry provider directly, 8 at a time
 *     (what any arrest watch must at least do);
 *   - the real run (`createArrestWatchService(deps, { repo }).run`): duration, registrations/s, alerts, the
 *     ratio to the floor, and the planted probes found;
 *   - a restart trial on a slice of 3 batches: the run is killed after its first committed batch,
 *     resumed by a new service, and its alerts compared with an uninterrupted run of the same slice.
 * Everything it wrote is removed at the end, so the data set stays as generated.
 */
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { arrestAlerts, arrestWatchRuns, registrations, registrationTypes } from '../apps/server/src/db/schema/index';
import {
  ARREST_WATCH_BATCH,
  createArrestWatchService,
} from '../apps/server/src/features/arrest-watch/arrest-watch.service';
import { createArrestWatchRepository } from '../apps/server/src/features/arrest-watch/arrest-watch.repository';
import { createRegistryFromConfig } from '../apps/server/src/integrations/registry/registry-provider';
import { createDeps } from '../apps/server/src/platform/bootstrap';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';
import type { AppDeps } from '../apps/server/src/platform/deps';
import type { Dataset, PlantedProbe } from './generate-data';

export interface ArrestWatchBench {
  registrations: number;
  floor: { seconds: number; perSecond: number };
  run: { seconds: number; perSecond: number; alerts: number; searchFailures: number; ratioToFloor: number };
  plantedFound: { exact: number; of: number };
  restart: { sliceRegistrations: number; alertsUninterrupted: number; alertsWithRestart: number; exactlyOnce: boolean };
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

export async function arrestWatchBench(opts: {
  databaseUrl: string;
  ds: Dataset;
  planted: PlantedProbe[];
  count: number;
}): Promise<ArrestWatchBench> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    SEED_DEMO: 'false',
    APP_SECRET: process.env.APP_SECRET ?? 'bench-only-secret-0123456789abcdef0123456789',
  });
  const database = await openDatabase(config);
  await database.migrate();
  // no transport: the contacts' messages stay in the outbox (removed below)
  const deps: AppDeps = createDeps(config, database, { email: null, sms: null });
  const db = deps.db;
  const meta = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  const typeIds: number[] = [];
  try {
    // nothing of an earlier, interrupted bench left open
    await db.update(arrestWatchRuns).set({ finishedAt: new Date() }).where(sql`${arrestWatchRuns.finishedAt} is null`);
    const clients = [...new Set(opts.ds.deskBuildings.map((b) => b.clientId))];
    for (const clientId of clients) {
      const [type] = await db
        .insert(registrationTypes)
        .values({
          clientId,
          name: 'Bench arrest watch',
          code: `bench-aw-${randomBytes(4).toString('hex')}`,
          inArrestWatch: true,
          awContacts: [
            {
              name: 'Bench contact',
              email: 'bench@example.invalid',
              mobile: '',
              notificationLevels: [2, 3, 5, 6],
              badgeLevels: [3, 6],
            },
          ],
        })
        .returning({ id: registrationTypes.id });
      typeIds.push(type.id);
    }
    const typeOf = new Map(clients.map((c, i) => [c, typeIds[i]]));
    const exact = opts.planted.filter((p) => p.category === 'exact');
    const probeIds = exact.map((p) => p.visitorId);
    const people = await meta.query<{
      client_id: number;
      firstname: string;
      middlename: string;
      lastname: string;
      dob: string;
      city: string;
      state: string;
      zipcode: string;
    }>(
      `(select client_id, firstname, middlename, lastname, dob::text, city, state, zipcode from visitors where id = any($1))
       union all
       (select client_id, firstname, middlename, lastname, dob::text, city, state, zipcode from visitors
         where client_id = any($2) and dob is not null and not (id = any($1)) order by id limit $3)`,
      [probeIds, clients, Math.max(0, opts.count - probeIds.length)],
    );
    console.log(`  arrest watch: inserting ${people.rows.length.toLocaleString()} approved registrations…`);
    for (let i = 0; i < people.rows.length; i += 2000) {
      await db.insert(registrations).values(
        people.rows.slice(i, i + 2000).map((p) => ({
          clientId: p.client_id,
          registrationTypeId: typeOf.get(p.client_id)!,
          firstname: p.firstname,
          middlename: p.middlename,
          lastname: p.lastname,
          dob: p.dob,
          city: p.city,
          state: p.state,
          zipcode: p.zipcode,
          approved: true,
          badgeCode: `BENCH${randomBytes(8).toString('hex').toUpperCase()}`,
        })),
      );
    }
    await meta.query('analyze registrations');

    // the floor: the same searches through the provider, 8 in flight, nothing else
    const registry = createRegistryFromConfig(config, db);
    let t0 = performance.now();
    await mapLimit(people.rows, 8, (p) =>
      registry.search({ firstName: p.firstname, lastName: p.lastname, dob: p.dob }),
    );
    const floorSeconds = (performance.now() - t0) / 1000;
    console.log(`  arrest watch floor: ${people.rows.length} searches in ${floorSeconds.toFixed(1)} s`);

    // the real run
    t0 = performance.now();
    const summary = await createArrestWatchService(deps, { repo: createArrestWatchRepository(deps.db) }).run('manual');
    const runSeconds = (performance.now() - t0) / 1000;
    const ours = await db
      .select({
        id: registrations.id,
        firstname: registrations.firstname,
        lastname: registrations.lastname,
        dob: registrations.dob,
      })
      .from(registrations)
      .where(inArray(registrations.registrationTypeId, typeIds));
    const alerted = new Set(
      (
        await db
          .select({ registrationId: arrestAlerts.registrationId })
          .from(arrestAlerts)
          // a subquery, not 100k ids as bind parameters (PostgreSQL takes at most 65,535)
          .where(
            inArray(
              arrestAlerts.registrationId,
              db
                .select({ id: registrations.id })
                .from(registrations)
                .where(inArray(registrations.registrationTypeId, typeIds)),
            ),
          )
      ).map((a) => a.registrationId),
    );
    const key = (p: { firstname: string; lastname: string; dob: string | null }) =>
      `${p.firstname.toLowerCase()}|${p.lastname.toLowerCase()}|${p.dob}`;
    const alertedPeople = new Set(ours.filter((r) => alerted.has(r.id)).map(key));
    const found = exact.filter((p) => alertedPeople.has(key(p.visitor))).length;
    console.log(
      `  arrest watch run: ${summary.processed} registrations in ${runSeconds.toFixed(1)} s, ${summary.alerts} alerts, planted found ${found}/${exact.length}`,
    );

    // restart trial on three batches: uninterrupted alerts vs. killed after the first batch + resumed
    const slice = ours.slice(0, ARREST_WATCH_BATCH * 3).map((r) => r.id);
    const resetSlice = async () => {
      await db.delete(arrestAlerts).where(inArray(arrestAlerts.registrationId, slice));
      await db
        .update(registrations)
        .set({ suspendedAt: null, suspendedReason: null })
        .where(inArray(registrations.id, slice));
      // only the slice is watched in the trial: the others are set aside
      await db
        .update(registrations)
        .set({ approved: sql`case when ${inArray(registrations.id, slice)} then true else null end` })
        .where(inArray(registrations.registrationTypeId, typeIds));
    };
    await resetSlice();
    await createArrestWatchService(deps, { repo: createArrestWatchRepository(deps.db) }).run('manual');
    const uninterrupted = await db.select().from(arrestAlerts).where(inArray(arrestAlerts.registrationId, slice));
    await resetSlice();
    let delivers = 0;
    const killed: AppDeps = {
      ...deps,
      messenger: {
        ...deps.messenger,
        deliver: async (ids) => {
          if (++delivers === 1) throw new Error('killed');
          return deps.messenger.deliver(ids);
        },
      },
    };
    await createArrestWatchService(killed, { repo: createArrestWatchRepository(killed.db) })
      .run('manual')
      .catch(() => undefined);
    await createArrestWatchService(
      { ...deps, now: () => new Date(Date.now() + 10 * 60_000) },
      { repo: createArrestWatchRepository(deps.db) },
    ).run('manual');
    const withRestart = await db.select().from(arrestAlerts).where(inArray(arrestAlerts.registrationId, slice));
    const sig = (rows: typeof uninterrupted) =>
      rows
        .map((a) => `${a.registrationId}|${a.matchRef}`)
        .sort()
        .join(',');
    const exactlyOnce = withRestart.length === uninterrupted.length && sig(withRestart) === sig(uninterrupted);

    return {
      registrations: summary.processed,
      floor: { seconds: round(floorSeconds, 1), perSecond: round(people.rows.length / floorSeconds, 0) },
      run: {
        seconds: round(runSeconds, 1),
        perSecond: round(summary.processed / runSeconds, 0),
        alerts: summary.alerts,
        searchFailures: summary.searchFailures,
        ratioToFloor: round(floorSeconds / runSeconds, 3),
      },
      plantedFound: { exact: found, of: exact.length },
      restart: {
        sliceRegistrations: slice.length,
        alertsUninterrupted: uninterrupted.length,
        alertsWithRestart: withRestart.length,
        exactlyOnce,
      },
    };
  } finally {
    if (typeIds.length > 0) {
      const ids = db
        .select({ id: registrations.id })
        .from(registrations)
        .where(inArray(registrations.registrationTypeId, typeIds));
      await db.delete(arrestAlerts).where(inArray(arrestAlerts.registrationId, ids));
      await db.delete(registrations).where(inArray(registrations.registrationTypeId, typeIds));
      await db.delete(registrationTypes).where(inArray(registrationTypes.id, typeIds));
      await meta.query(
        `delete from outbound_messages where kind = 'arrest-watch.alert' and recipient = 'bench@example.invalid'`,
      );
    }
    await meta.end();
    await database.close();
  }
}
