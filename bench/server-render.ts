import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/http/app';
import type { Database } from '../server/data/database';
import { resolveSitePages, type ResolvedPage } from '../test/support/page-weight';
import { ensureTestMedia, openTestDatabase } from '../test/support/test-database';
import { BUDGETS, percentile, type Figure } from './figures';
import { openLargeDatabase } from './large-database';

// Server rendering of every page, on the demo database and on the large one: the time to answer
// a page that must be rendered (uncached) and one the page cache holds (cached), each beside a
// built file the same server sends from disk; then requests per second of each cached page,
// autocannon with the api benchmark's settings, beside that built file.
const DIST = resolve(__dirname, '../dist');
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
// Samples of each timing, and the time one page may take to give them: a page that renders in
// a second on the large database gives fewer samples rather than holding the run for minutes.
const SAMPLES = Math.max(5, Number(process.env['BENCH_RENDER_SAMPLES'] ?? 100));
const SECONDS_A_PAGE = Number(process.env['BENCH_RENDER_SECONDS'] ?? 15);
const MIN_SAMPLES = 5;
// As a browser asks: the answer is the brotli copy, whose making is part of a render.
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip, deflate' };

/** The main script as Parcel named it: a built file the server sends precompressed from disk. */
const mainScript = (): string => {
  const file = readdirSync(DIST).find((name) => /^main\.[0-9a-f]{8,}\.js$/.test(name));
  if (file === undefined) throw new Error('dist/ has no main script: run `npm run build` first.');
  return `/${file}`;
};

interface Timing {
  readonly p50: number;
  readonly p99: number;
  readonly samples: number;
}

/** Answers to the same request one after another, through Fastify's own injection (no socket), timed. */
const timeRequests = async (app: FastifyInstance, url: string): Promise<Timing> => {
  // A first answer out of the timing: it reads the page's template and compiles its code paths.
  const first = await app.inject({ method: 'GET', url, headers: BROWSER_HEADERS });
  if (first.statusCode !== 200) throw new Error(`GET ${url} answered ${first.statusCode}`);
  const times: number[] = [];
  const until = performance.now() + SECONDS_A_PAGE * 1000;
  while (times.length < SAMPLES && (times.length < MIN_SAMPLES || performance.now() < until)) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: BROWSER_HEADERS });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length };
};

interface Throughput {
  readonly rps: number;
  readonly p99: number;
  readonly bytes: number;
  readonly errors: number;
}

const throughput = async (base: string, path: string): Promise<Throughput> => {
  // As sent (brotli), not as fetch decodes it.
  const response = await fetch(`${base}${path}`, { headers: BROWSER_HEADERS });
  const decoded = (await response.arrayBuffer()).byteLength;
  const size = Number(response.headers.get('content-length') ?? decoded);
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION, headers: BROWSER_HEADERS });
  // PGlite answers one statement at a time: wait out the backlog before the next target.
  await fetch(`${base}${path}`);
  return { rps: result.requests.average, p99: result.latency.p99, bytes: size, errors: result.errors + result.timeouts + result.non2xx };
};

/** Every figure of one database. */
const measureDatabase = async (label: string, db: Database, mediaDir: string): Promise<Figure[]> => {
  let generation = 0;
  // A content version of its own for each request: the page cache never hits, every request
  // renders (its queries, its React render, its compression), and the version's own query stays in.
  const uncached = buildApp({ db, distDir: DIST, mediaDir, pages: (own) => ({ ...own, version: async () => `${await own.version()}#${(generation += 1)}` }) });
  const cached = buildApp({ db, distDir: DIST, mediaDir });
  const base = await cached.listen({ port: 0, host: '127.0.0.1' });
  await uncached.ready();
  let uncachedOpen = true;
  const staticPath = mainScript();
  const staticName = `built file ${staticPath.slice(1)}`;
  try {
    const sitePages: readonly ResolvedPage[] = await resolveSitePages(base);
    const timingBenchmark = `server rendering time, ${label} (${db.kind}), one request at a time`;
    const staticTiming = await timeRequests(cached, staticPath);
    const figures: Figure[] = [];
    for (const page of sitePages) {
      const fresh = await timeRequests(uncached, page.url);
      const kept = await timeRequests(cached, page.url);
      const title = `${page.name} ${page.url}`;
      figures.push(
        {
          benchmark: timingBenchmark,
          name: `${title}, uncached, p50 (${fresh.samples} renders)`,
          unit: 'ms',
          value: fresh.p50,
          baseline: { name: `${staticName}, p50`, value: staticTiming.p50 },
        },
        {
          benchmark: timingBenchmark,
          name: `${title}, uncached, p99`,
          unit: 'ms',
          value: fresh.p99,
          baseline: { name: `${staticName}, p99`, value: staticTiming.p99 },
        },
        {
          benchmark: timingBenchmark,
          name: `${title}, cached, p50 (${kept.samples} requests)`,
          unit: 'ms',
          value: kept.p50,
          baseline: { name: `${staticName}, p50`, value: staticTiming.p50 },
        },
        {
          benchmark: timingBenchmark,
          name: `${title}, cached, p99`,
          unit: 'ms',
          value: kept.p99,
          baseline: { name: `${staticName}, p99`, value: staticTiming.p99 },
        },
      );
      console.log(`  ${label} ${page.url}: uncached p50 ${fresh.p50.toFixed(1)} ms, cached p50 ${kept.p50.toFixed(2)} ms`);
    }
    // Its cache holds up to 500 renders, megabytes each on the large database: the garbage
    // collector would tax the throughput figures below, static file included, for nothing a visitor meets.
    await uncached.close();
    uncachedOpen = false;

    const rateBenchmark = `server-rendered pages, cached, ${label} (${db.kind}), ${CONNECTIONS} connections, ${DURATION} s a route, br`;
    const fixed = await throughput(base, staticPath);
    const robots = await throughput(base, '/robots.txt');
    const baseline = { name: staticName, value: fixed.rps };
    figures.push({ benchmark: rateBenchmark, name: `robots.txt (${robots.errors} errors), req/s`, unit: 'req/s', value: robots.rps, baseline });
    for (const page of sitePages) {
      const rate = await throughput(base, page.url);
      figures.push(
        {
          benchmark: rateBenchmark,
          name: `${page.name} ${page.url} (${(rate.bytes / 1024).toFixed(1)} KB br, ${rate.errors} errors), req/s`,
          unit: 'req/s',
          value: rate.rps,
          baseline,
          budget: { on: 'ratio', min: BUDGETS.cachedPageToStaticThroughput },
        },
        { benchmark: rateBenchmark, name: `${page.name}, p99`, unit: 'ms', value: rate.p99, baseline: { name: staticName, value: fixed.p99 } },
      );
      console.log(`  ${label} ${page.url}: ${rate.rps.toFixed(0)} req/s (static ${fixed.rps.toFixed(0)})`);
    }
    return figures;
  } finally {
    await cached.close();
    if (uncachedOpen) await uncached.close();
  }
};

/** Render times and cached throughput of every page, on the demo database and then the large one. */
export const serverRender = async (): Promise<Figure[]> => {
  const figures: Figure[] = [];
  const demo = await openTestDatabase();
  try {
    figures.push(...(await measureDatabase('demo database', demo, await ensureTestMedia())));
  } finally {
    await demo.close();
  }
  const { db, mediaDir } = await openLargeDatabase();
  try {
    figures.push(...(await measureDatabase('large database', db, mediaDir)));
  } finally {
    await db.close();
  }
  return figures;
};
