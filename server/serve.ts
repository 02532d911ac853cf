import cluster from 'node:cluster';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { SiteProfile } from '../src/domain/site-profile';
import { backupOperations, serveOperations } from './backup/backup-socket';
import { tokenOperations } from './content-api/api-tokens';
import { contentOperations } from './content-api/content-operations';
import type { Database } from './data/database';
import { drainable } from './drain';
import { buildApp } from './http/app';
import { DRAIN_GRACE_MS, onLauncherGone } from './lifecycle';
import { loadSiteProfile } from './profile/load-site-profile';
import { backendPages } from './render/page-sources';
import { clusterMetricsReader } from './service/cluster-metrics';
import { listenRefusal, type ServerSettings } from './settings';
import { requestLog } from './telemetry/log';

// What serves requests: the app, its routes, pages and operations. main.ts loads it while the
// database opens (PGlite's thread starts first), so that the two overlap rather than follow.

/** Serves the site and the API on the settings' port from `db` until SIGTERM or SIGINT; `profile`: the one `main` read and checked, when this process is the only one (a worker reads its own). */
export const serve = async (db: Database, started: number, worker: boolean, settings: ServerSettings, log: Logger, profile?: SiteProfile): Promise<void> => {
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
