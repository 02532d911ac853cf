import cluster, { type Worker } from 'node:cluster';
import { openDatabase } from './data/db';
import type { Database } from './data/database';
import { isDatabaseUnavailable } from './data/database-errors';
import { migrate } from './data/migrations';
import { contentLabel } from './data/content';
import { DRAIN_GRACE_MS, onLauncherGone } from './lifecycle';
import { loadSiteProfile } from './profile/load-site-profile';
import { answerClusterMetrics } from './service/cluster-metrics';
import { lifecycleLog } from './telemetry/log';
import { checkDatabaseHost, checkDistDir, checkListen, databaseRefusal, readSettings, SETTING_EXIT_STATUS, SettingError, type ServerSettings } from './settings';

// The entry of `npm run serve`: storage from the environment, then one port for everything;
// with `WORKERS=n` (PostgreSQL only) n processes share that port, each with its own pool.

// A primary that cannot start a single worker (a port in use, a database refusing) stops after this many tries.
const MAX_FAILED_STARTS = 3;
// Workers still running this long after the signal (their own drain grace, then closing their pool) are killed.
const SHUTDOWN_GRACE_MS = DRAIN_GRACE_MS + 2_000;
// PostgreSQL unreachable at start is tried again after 1 s, then twice as long each time up to 30 s,
// without end: a database that comes up after the site is an ordinary boot order, not a failure.
const START_RETRY_FIRST_MS = 1_000;
const START_RETRY_MAX_MS = 30_000;

// Every line the server prints is a JSON object (server/telemetry/log.ts). Until the settings are
// read, LOG_LEVEL as given or `info`: a refused setting is still said.
const log = lifecycleLog(process.env['LOG_LEVEL']?.trim());

const errorLabel = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && code !== '' ? code : error.message;
  }
  return String(error);
};

// Returns once the database answers; an error other than its absence (a wrong password, a missing database) stops the start.
const waitForDatabase = async (db: Database): Promise<void> => {
  if (db.kind !== 'postgres') return;
  let delay = START_RETRY_FIRST_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.query('select 1');
      if (attempt > 1) log.info(`PostgreSQL reachable (try ${attempt})`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw databaseRefusal(error) ?? error;
      log.warn(`PostgreSQL not reachable (${errorLabel(error)}), try ${attempt}: trying again in ${delay / 1000} s`);
      await new Promise((done) => setTimeout(done, delay));
      delay = Math.min(delay * 2, START_RETRY_MAX_MS);
    }
  }
};

const openReady = async (settings: ServerSettings): Promise<Database> => {
  const db = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl, pglite: settings.pglite });
  try {
    await waitForDatabase(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
};

// The database opening (PGlite's thread is started before this returns) while the code that serves is
// loaded: on the embedded database the two took one after the other about 1 s and 0.5 s of a start.
// Its failure is the caller's to take, once it awaits it.
const openWhileLoading = (settings: ServerSettings): Promise<Database> => {
  const opening = openReady(settings);
  opening.catch(() => undefined);
  return opening;
};

// Once for the whole server, before any worker serves: the schema, which costs a few reads once
// applied. The content is the seed's or the import's to write (server/operations/), each run
// before the server: it serves an empty database as empty lists until one of them has run.
const prepare = async (db: Database): Promise<void> => {
  const applied = await migrate(db);
  if (applied.length > 0) log.info(`schema migrated to version ${applied[applied.length - 1]}`);
  if ((await contentLabel(db)) === null) log.warn('empty database: run "npm run seed" for the demo content or "npm run import" for your own');
};

// The primary of `WORKERS=n`: migrates the database once, then keeps n workers alive until told to stop.
const primary = async (count: number, started: number, settings: ServerSettings): Promise<void> => {
  const db = await openReady(settings);
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
  log.info(`starting ${count} workers on postgres (primary ${process.pid}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (settings.metricsAddresses !== null) answerClusterMetrics();

  // The workers alive, kept here: `cluster.workers` still lists a dead one until its channel closes.
  const live = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  let failedStarts = 0;
  let closing = false;
  let status = 0;
  const fork = () => live.add(cluster.fork());
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of live) worker.process.kill(signal);
  };
  const closeAll = (exitStatus: number) => {
    closing = true;
    status = exitStatus;
    if (live.size === 0) process.exit(status);
    // Each worker stops taking requests, finishes its running ones and closes its pool.
    stopAll('SIGTERM');
    setTimeout(() => {
      stopAll('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };

  cluster.on('listening', (worker) => {
    listened.add(worker);
    failedStarts = 0;
  });
  cluster.on('exit', (worker, code, signal: string | null) => {
    live.delete(worker);
    if (closing) {
      if (live.size === 0) process.exit(status);
      return;
    }
    if (!listened.has(worker)) failedStarts += 1;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log.error(`workers could not start ${failedStarts} times in a row: stopping`);
      closeAll(1);
      return;
    }
    log.error(`worker ${worker.process.pid ?? '?'} died (${signal ?? `exit code ${code}`}): starting another`);
    fork();
  });

  const shutdown = (signal: string) => {
    if (closing) return;
    log.info(`${signal}: closing ${live.size} workers`);
    closeAll(0);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  onLauncherGone(() => shutdown('launcher gone'));

  for (let index = 0; index < count; index += 1) fork();
};

const main = async (): Promise<void> => {
  const started = Date.now();
  // Every setting before the database is opened: a bad one leaves it untouched.
  const settings = readSettings(process.env);
  if (cluster.isWorker) {
    const opening = openWhileLoading(settings);
    const { serve } = await import('./serve');
    await serve(await opening, started, true, settings, log);
    return;
  }
  checkDistDir(settings.distDir);
  // The institution's profile, read and checked whole: a refused one stops the start before the database
  // is made (each worker reads it again to serve it, in `serve`; one process serves this one). Its JSON Schema is served at /api/.
  const profile = loadSiteProfile(settings.siteProfile);
  // The address before the database: a port in use or a HOST not of this machine writes nothing.
  await checkListen(settings.host, settings.port);
  if (settings.databaseUrl !== undefined) await checkDatabaseHost(settings.databaseUrl);
  let count = settings.workers;
  if (count > 1 && settings.databaseUrl === undefined) {
    log.warn(
      `WORKERS=${count} needs DATABASE_URL: PGlite keeps its data folder in one process, so one process serves (set DATABASE_URL to a PostgreSQL server to run ${count} workers)`,
    );
    count = 1;
  }
  if (count > 1) return primary(count, started, settings);
  const opening = openWhileLoading(settings);
  const { serve } = await import('./serve');
  const db = await opening;
  await prepare(db);
  await serve(db, started, false, settings, log, profile);
};

main().catch((error: unknown) => {
  // A setting or an address refused for good: one line, which names the variable.
  if (error instanceof SettingError) {
    log.fatal(error.message);
    process.exit(SETTING_EXIT_STATUS);
  }
  log.fatal({ err: error }, 'the server could not start');
  process.exit(1);
});
