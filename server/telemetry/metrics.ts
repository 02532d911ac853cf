import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The figures `/metrics` gives (server/service/metrics-routes.ts), in prom-client's registry of
 * the process: the layers below the HTTP one (the caches, the database) count here without
 * knowing who reads them. Each family is made once per process, however many apps a process builds.
 */

// Seconds: a cached answer takes well under a millisecond, a new page some tens, a slow database seconds.
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Requests answered, by route pattern (`/api/events/:id`, never the address asked) and status code. */
export const httpRequests = new Counter({
  name: 'site_http_requests_total',
  help: 'Requests answered, by route pattern and status code (unmatched: no route).',
  labelNames: ['route', 'status'] as const,
});

/** How long requests took, by route pattern, from the request's arrival to its answer's last byte given to the system. */
export const httpDurations = new Histogram({
  name: 'site_http_request_duration_seconds',
  help: 'Time from a request to its answer, by route pattern.',
  labelNames: ['route'] as const,
  buckets: DURATION_BUCKETS,
});

/** Which of the server's caches a figure is of: the API's answers, the pages, the feeds, the files. */
export type CacheName = 'answers' | 'pages' | 'error-pages' | 'feeds' | 'sitemaps' | 'exports' | 'calendars' | 'catalogue';

const cacheHits = new Counter({ name: 'site_cache_hits_total', help: 'Answers served from a cache, by cache (answers: the API).', labelNames: ['cache'] as const });
const cacheMisses = new Counter({ name: 'site_cache_misses_total', help: 'Answers a cache did not hold, by cache.', labelNames: ['cache'] as const });
const cacheEvictions = new Counter({
  name: 'site_cache_evictions_total',
  help: 'Entries dropped from a cache to stay within its limits, by cache.',
  labelNames: ['cache'] as const,
});
const cacheBytes = new Gauge({
  name: 'site_cache_bytes',
  help: 'Bytes held by a cache (bodies and their compressed copies), by cache.',
  labelNames: ['cache'] as const,
});

/** What one cache counts: its label bound once, so a hit costs an addition, not a label lookup. */
export interface CacheCounters {
  readonly hit: () => void;
  readonly miss: () => void;
  readonly evicted: () => void;
  /** The cache's bytes changed by `delta` (negative when it dropped some). */
  readonly bytes: (delta: number) => void;
}

/** The counters of the cache called `name`; every cache of that name in the process adds to the same figures. */
export const cacheCounters = (name: CacheName): CacheCounters => {
  const hits = cacheHits.labels(name);
  const misses = cacheMisses.labels(name);
  const evictions = cacheEvictions.labels(name);
  const bytes = cacheBytes.labels(name);
  return {
    hit: () => hits.inc(),
    miss: () => misses.inc(),
    evicted: () => evictions.inc(),
    bytes: (delta) => bytes.inc(delta),
  };
};

/** Requests refused by fair use (429). */
export const fairUseRefusals = new Counter({ name: 'site_fair_use_refusals_total', help: 'Requests refused with 429 by fair use.' });

// How long database statements took, by outcome.
const databaseQueryDurations = new Histogram({
  name: 'site_database_query_duration_seconds',
  help: 'Time a database statement took, by outcome (ok or error).',
  labelNames: ['outcome'] as const,
  buckets: DURATION_BUCKETS,
});

/** Runs one database statement, its time counted in `site_database_query_duration_seconds` with its outcome. */
export const timedStatement = async <T>(run: () => Promise<T>): Promise<T> => {
  const stop = databaseQueryDurations.startTimer();
  try {
    const result = await run();
    stop({ outcome: 'ok' });
    return result;
  } catch (error) {
    stop({ outcome: 'error' });
    throw error;
  }
};

/** A PostgreSQL pool as the pool gauge reads it (pg's `Pool` has these three counts). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

const pools = new Set<PoolCounts>();

/** Counts `pool` in the pool gauge until the returned function is called (when it closes). */
export const watchPool = (pool: PoolCounts): (() => void) => {
  pools.add(pool);
  return () => {
    pools.delete(pool);
  };
};

// The connections of the process's PostgreSQL pools (open, idle, callers waiting for one), read when collected: registered by being made.
new Gauge({
  name: 'site_database_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one.',
  labelNames: ['state'] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** New content versions seen (an import or a seed committed). */
export const contentChanges = new Counter({ name: 'site_content_changes_total', help: 'New content versions seen by this process (imports, seeds).' });

let processWatched = false;

/** Starts prom-client's process figures (memory, event-loop delay, garbage collection, handles) once per process. */
export const watchProcess = (): void => {
  if (processWatched) return;
  processWatched = true;
  collectDefaultMetrics();
};

/** The process's registry: what `/metrics` prints, and what a cluster's primary gathers from each worker. */
export const metricsRegistry = register;
