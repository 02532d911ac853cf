import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import { buildApp } from './http/app';
import { backendPages } from './render/page-sources';
import { openDatabase } from './data/db';
import type { Database } from './data/database';
import { isDatabaseUnavailable } from './data/database-errors';
import { DRAIN_GRACE_MS, drainable } from './drain';
import { migrate } from './data/migrations';
import { contentLabel } from './data/content';
import { loadSiteProfile } from './profile/load-site-profile';
import type { SiteProfile } from '../src/domain/site-profile';
import { answerClusterMetrics, clusterMetricsReader } from './service/cluster-metrics';
import { lifecycleLog, requestLog } from './telemetry/log';
import { backupOperations, serveOperations } from './backup/backup-socket';
import { tokenOperations } from './content-api/api-tokens';
import { contentOperations } from './content-api/content-operations';
import {
  checkDatabaseHost,
  checkDistDir,
  checkListen,
  databaseRefusal,
  listenRefusal,
  readSettings,
  SETTING_EXIT_STATUS,
  SettingError,
  type ServerSettings,
} from './settings';

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

// Under `npm run serve` the server runs in npm's `sh -c`, and npm passes SIGTERM to that shell
// only, which dies of it without passing it on: a server then given to another parent (init or a
// subreaper) stops as if signalled. Only under npm: one started with `&` or nohup outlives its shell on purpose.
const PARENT_CHECK_MS = 1_000;

// Every line the server prints is a JSON object (server/telemetry/log.ts). Until the settings are
// read, LOG_LEVEL as given or `info`: a refused setting is still said.
const log = lifecycleLog(process.env['LOG_LEVEL']?.trim());

const onLauncherGone = (stop: () => void): void => {
  if (process.env['npm_lifecycle_event'] === undefined) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, PARENT_CHECK_MS);
  watch.unref();
};

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

// Once for the whole server, before any worker serves: the schema, which costs a few reads once
// applied. The content is the seed's or the import's to write (server/operations/), each run
// before the server: it serves an empty database as empty lists until one of them has run.
const prepare = async (db: Database): Promise<void> => {
  const applied = await migrate(db);
  if (applied.length > 0) log.info(`schema migrated to version ${applied[applied.length - 1]}`);
  if ((await contentLabel(db)) === null) log.warn('empty database: run "npm run seed" for the demo content or "npm run import" for your own');
};

// One process serving the site and the API on the port, until SIGTERM or SIGINT.
// `profile`: the one `main` read and checked, when this process is the only one; a worker reads its own.
const serve = async (db: Database, started: number, worker: boolean, settings: ServerSettings, profile?: SiteProfile): Promise<void> => {
  const role = worker ? `, worker ${process.pid}` : '';
  const { port, host, siteApi } = settings;
  // Set by the first signal: /readyz says not ready from then on, so a load balancer stops sending visitors.
  let closing = false;
  const app = buildApp({
    db,
    ...(settings.distDir !== null ? { distDir: settings.distDir } : {}),
    mediaDir: join(settings.dataDir, 'media'),
    loggerInstance: requestLog(log, settings.logLevel),
    // LOG_ADDRESSES: the visitor's address in request lines, shortened unless the operator says otherwise.
    logAddresses: settings.logAddresses,
    trustProxy: settings.trustProxy,
    // Pages on these origins may read the API and the feeds (CORS); none by default.
    corsOrigins: settings.corsOrigins,
    contentWriteOrigins: settings.contentWriteOrigins,
    // The site's public address: absolute links never come from a request's Host header.
    publicOrigin: settings.publicOrigin,
    // The hosts a proxy may name in links when PUBLIC_ORIGIN is not set (a site served under several names).
    publicHosts: settings.publicHosts,
    // How much uncached work (new searches, pages, exports, sitemap files) one client may ask for.
    fairUseLimits: settings.fairUse,
    // ORDER_EMAIL: where the cart's "Commander" writes to, over the profile's office.
    orderEmail: settings.orderEmail,
    // PUBLISHER_*: who the open-data catalogue names, field by field over the profile's publisher.
    publisher: settings.publisher,
    draining: () => closing,
    // SITE_PROFILE: the institution the site is of (name, emblem, colours, contacts, texts, languages, sections).
    profile: profile ?? loadSiteProfile(settings.siteProfile),
    // SITE_API_BASE: the pages are rendered from an institution's own API that speaks SPEC §7, not from this database.
    ...(siteApi !== undefined ? { pages: backendPages(siteApi) } : {}),
    // METRICS_ADDRESSES: who may read /metrics; under WORKERS a worker gives every process's figures, gathered by the primary.
    metrics: settings.metricsAddresses === null ? null : { addresses: settings.metricsAddresses, ...(worker ? { read: clusterMetricsReader() } : {}) },
  });
  const drain = drainable(app);
  // PGlite's data folder is this process's alone: `npm run backup` and `npm run token` ask it over a socket in DATA_DIR.
  const operations =
    db.kind === 'pglite'
      ? await serveOperations(settings.dataDir, (message) => log.warn(message), { ...backupOperations(db), ...tokenOperations(db), ...contentOperations(db) })
      : null;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing${worker ? ` worker ${process.pid}` : ''}`);
    // Stop taking requests and answer the accepted ones before the database goes away.
    drain
      .drain()
      .then(async ({ answered, refused, inTime }) => {
        log.info({ answered, refused }, `drained${worker ? ` worker ${process.pid}` : ''}: ${answered} requests answered, ${refused} refused with 503`);
        if (!inTime) {
          // The database may still be in use: the process ends without closing it.
          log.error(`requests still running ${DRAIN_GRACE_MS / 1000} s after ${signal}: stopping anyway`);
          process.exit(1);
        }
        await operations?.close();
        await db.close();
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'drain failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  onLauncherGone(() => shutdown('launcher gone'));
  // The primary gone (killed, crashed): cluster would end this worker at once, cutting the requests
  // it holds. It drains them and exits instead, and the service manager, seeing the primary die,
  // starts the whole again. Said before cluster's own check, which reads this flag.
  const self = cluster.worker;
  if (worker && self !== undefined) {
    self.once('disconnect', () => {
      self.exitedAfterDisconnect = true;
      shutdown('primary gone');
    });
  }

  // Taken between the start's check and now: the same one line as the check's.
  const address = await app.listen({ port, host }).catch((error: unknown) => {
    throw listenRefusal(error, host, port) ?? error;
  });
  log.info(`listening on ${address} (${db.kind}${role}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
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
    await serve(await openReady(settings), started, true, settings);
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
  const db = await openReady(settings);
  await prepare(db);
  await serve(db, started, false, settings, profile);
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
