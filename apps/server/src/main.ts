import net from 'node:net';
import { ConfigError, loadConfig } from './platform/config';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './platform/db/data-lock';
// The rest of the app is imported after the port check and the folder lock, so a second start
// fails in well under a second, before it loads (or touches) anything else.

/** Fails at once when the port is taken, before the database folder is touched (issue 16). */
function checkPortFree(port: number, host: string) {
  if (port === 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new StartupError(
              `Port ${port} is already in use (is SafeVisitor already running?). Set PORT to another port.`,
            )
          : err,
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

class StartupError extends Error {}

/** Tells `npm start`'s wrapper that this process got a stop signal (so it does not send another). */
const tellWrapper = (type: string) => {
  try {
    process.send?.({ type });
  } catch {
    // the wrapper is gone
  }
};

/**
 * Reads the environment, locks the data folder, migrates, seeds on first start, and serves API +
 * web on one port. Stops cleanly on SIGTERM, SIGINT or SIGHUP (issue 16): stop accepting, finish
 * in-flight requests (bounded), stop jobs, snapshots and event streams, checkpoint and close the
 * database, exit.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // A stop signal during startup: finish opening (or fail), then stop.
  let stopRequested: NodeJS.Signals | null = null;
  let shutdown: ((signal: NodeJS.Signals) => void) | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    tellWrapper('stopping');
    if (shutdown) shutdown(signal);
    else stopRequested ??= signal;
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, onSignal);
  // the wrapper (npm start) died without a signal reaching us: stop rather than live on orphaned
  process.on('disconnect', () => onSignal('SIGTERM'));

  await checkPortFree(config.PORT, config.HOST);
  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = lockDataDir(config.DATA_DIR, 'server (npm start)');
  const { buildApp } = await import('./app');
  const { createServices } = await import('./composition');
  const { createDeps } = await import('./platform/bootstrap');
  const { startSnapshots } = await import('./platform/db/backup');
  const { openDatabase } = await import('./platform/db/database');
  const { startJobs } = await import('./platform/jobs/jobs');
  const { startHeartbeat } = await import('./platform/instances');
  const { scheduledJobs } = await import('./scheduled-jobs');
  const { seedDemoIfEmpty, DEMO_LOGINS, DEMO_PASSWORD } = await import('../db/seed/demo');
  const database = await openDatabase(config, { command: 'server (npm start)', lock });
  for (const note of database.recovered ?? []) console.log(`Embedded database: ${note}.`);
  let stage = 'migrate';
  try {
    await database.migrate();
    stage = 'start';
    const deps = createDeps(config, database);
    const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(deps.db) : false;
    // one set of services for the routes and the jobs (issue 24 §1, ADR 0030)
    const services = createServices(deps);
    const app = await buildApp(deps, { services });
    // issue 23 §4 (ADR 0028): on PostgreSQL other instances learn within seconds that this one died
    const heartbeat =
      database.kind === 'postgres'
        ? await startHeartbeat(database, { onError: (err) => app.log.warn({ err }, 'instance heartbeat failed') })
        : null;
    const jobs = config.JOBS_ENABLED ? await startJobs(deps, services, app.log, scheduledJobs) : null;
    const snapshots =
      database.kind === 'pglite'
        ? startSnapshots(database, {
            dir: config.BACKUP_DIR,
            everyHours: config.BACKUP_INTERVAL_HOURS,
            keep: config.BACKUP_KEEP,
            log: (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)),
          })
        : null;

    let stopping: Promise<void> | null = null;
    shutdown = (signal) => {
      if (stopping) {
        app.log.info({ signal }, 'already stopping');
        return;
      }
      stopping = (async () => {
        app.log.info({ signal }, 'stopping');
        let code = 0;
        await jobs?.stop();
        await snapshots?.stop();
        // stop accepting, end event streams (preClose), wait for in-flight requests: bounded
        let timer: NodeJS.Timeout | undefined;
        const closed = await Promise.race([
          app.close().then(() => true),
          new Promise<false>((r) => {
            timer = setTimeout(() => r(false), config.SHUTDOWN_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        if (!closed) {
          app.log.warn(`requests still running after ${config.SHUTDOWN_TIMEOUT_MS} ms; closing the database anyway`);
          code = 1;
        }
        // after the last request: the keys and leases this instance still holds are released at once
        // (with requests still running, it only goes silent: their keys are released once its
        // connections are closed)
        await heartbeat
          ?.stop({ markStopped: closed })
          .catch((err) => app.log.warn({ err }, 'marking the instance stopped failed'));
        try {
          await database.close(); // CHECKPOINT + close: the next start has nothing to recover
        } catch (err) {
          app.log.error({ err }, 'closing the database failed');
          code = 1;
        }
        app.log.info('stopped');
        process.exit(code);
      })();
    };

    await app.listen({ port: config.PORT, host: config.HOST });
    const url = `http://localhost:${config.PORT}`;
    console.log(
      `\nSafeVisitor is running at ${url}  (database: ${database.kind === 'pglite' ? `embedded, ${config.DATA_DIR}` : 'PostgreSQL'})`,
    );
    if (config.SEED_DEMO) {
      console.log(`${seeded ? 'Demo data seeded.' : 'Demo data present.'} Demo logins (password ${DEMO_PASSWORD}):`);
      for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(28)} ${l.description}`);
    }
    tellWrapper('ready');
    if (stopRequested) shutdown(stopRequested);
  } catch (err) {
    // never leave the folder open (and locked) behind a failed start
    await database.close().catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.PORT} is already in use. Set PORT to another port.`);
    }
    if (stage === 'migrate') console.error('Applying the database migrations failed:');
    throw err;
  }
}

main().catch((err) => {
  if (err instanceof StartupError || err instanceof DataDirLockedError || err?.name === 'DataDirDamagedError') {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
