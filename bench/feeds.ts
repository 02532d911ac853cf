import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/http/app';
import { percentile, BUDGETS, type Figure } from './figures';
import { openLargeDatabase } from './large-database';

// The feeds on the large database, against a static file of the same server, in one run.
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
// `npm run bench` builds dist/ first; a private build can be named instead.
const DIST = resolve(process.env['BENCH_DIST_DIR'] ?? 'dist');
// Sequential polls timed for the conditional GET: enough for a stable median.
const POLLS = 30;

const FEEDS = [
  { name: 'calendar of agenda 1', path: '/flux/agenda/1.ics' },
  { name: 'calendar of agenda 1, a category and a title', path: '/flux/agenda/1/2~seance.ics' },
  { name: 'Atom feed of a news scope', path: '/flux/actualites/actualites.atom' },
  { name: 'Atom feed of a news scope, two categories', path: '/flux/actualites/actualites/1.2.atom' },
];

interface Load {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
  readonly statuses: string;
}

const load = async (url: string, headers: Record<string, string> = {}): Promise<Load> => {
  // As calendars and readers ask: compressed, and (for the conditional figure) with the tag they kept.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'br, gzip', ...headers } });
  const statuses = Object.entries({ '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] })
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  // A 304 is the answer asked for here, not an error: only failures and 4xx/5xx count.
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result['4xx'] + result['5xx'], statuses };
};

/** Milliseconds of `POLLS` sequential requests, median and p99, with the statuses they got. */
const polls = async (url: string, headers: Record<string, string>): Promise<{ median: number; p99: number; statuses: Set<number> }> => {
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < POLLS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.add(response.status);
  }
  return { median: percentile(times, 50), p99: percentile(times, 99), statuses };
};

/**
 * The calendar and news feeds: the first answer (built from the database), a poll with the kept
 * ETag (a 304, the budget) and with Last-Modified, and requests per second of each feed and of
 * its conditional poll beside a static file of the same server.
 */
export const feeds = async (): Promise<Figure[]> => {
  const { db, mediaDir } = await openLargeDatabase();
  const app = buildApp({ db, distDir: DIST, mediaDir });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const benchmark = `Feeds on the large database (${db.kind}), ${CONNECTIONS} connections, ${DURATION} s a route`;
  const figures: Figure[] = [];
  try {
    // A built file of its own name: what the static route serves fastest (no page rendering).
    const file = readdirSync(DIST).find((name) => /^favicon\.[0-9a-f]{8,}\.svg$/.test(name));
    if (file === undefined) throw new Error(`${DIST} holds no built favicon: run npm run build first`);
    const fixed = await load(`${base}/${file}`);
    console.log(`  static /${file}: ${fixed.rps.toFixed(0)} req/s`);
    for (const feed of FEEDS) {
      const url = `${base}${feed.path}`;
      const started = performance.now();
      const first = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
      // fetch decodes the body: its length is the plain feed's, the header the compressed copy's.
      const bytes = (await first.arrayBuffer()).byteLength;
      const firstMs = performance.now() - started;
      const sent = Number(first.headers.get('content-length') ?? bytes);
      const size = `${(bytes / 1024).toFixed(1)} KB, ${(sent / 1024).toFixed(1)} KB ${first.headers.get('content-encoding') ?? 'plain'}`;
      const etag = first.headers.get('etag') ?? '';
      const lastModified = first.headers.get('last-modified');
      const byTag = await polls(url, { 'if-none-match': etag, 'accept-encoding': 'br, gzip' });
      const byDate = lastModified === null ? null : await polls(url, { 'if-modified-since': lastModified });
      const notModified = first.status === 200 && byTag.statuses.size === 1 && byTag.statuses.has(304);
      console.log(
        `  ${feed.name}: first ${first.status} in ${firstMs.toFixed(1)} ms (${size}); If-None-Match → ${[...byTag.statuses].join('/')} in ${byTag.median.toFixed(2)} ms (median)` +
          (byDate === null ? '' : `; If-Modified-Since → ${[...byDate.statuses].join('/')} in ${byDate.median.toFixed(2)} ms`),
      );
      const plain = await load(url);
      const conditional = await load(url, { 'if-none-match': etag });
      console.log(`  ${feed.name}: ${plain.rps.toFixed(0)} req/s (${plain.statuses}); with its ETag ${conditional.rps.toFixed(0)} req/s (${conditional.statuses})`);
      figures.push(
        {
          benchmark,
          name: `${feed.name}: If-None-Match answered 304 (1 = yes)`,
          unit: '',
          value: notModified ? 1 : 0,
          baseline: null,
          budget: { on: 'value', min: BUDGETS.feeds.conditional304 ? 1 : 0 },
        },
        { benchmark, name: `${feed.name}: first answer, from the database (${size})`, unit: 'ms', value: firstMs, baseline: null },
        { benchmark, name: `${feed.name}: 304 poll, median`, unit: 'ms', value: byTag.median, baseline: null },
        {
          benchmark,
          name: `${feed.name} (${plain.errors} errors), req/s`,
          unit: 'req/s',
          value: plain.rps,
          baseline: { name: 'static file', value: fixed.rps },
          budget: { on: 'ratio', min: BUDGETS.feeds.feedToStatic },
        },
        {
          benchmark,
          name: `${feed.name}, polled with its ETag (${conditional.errors} errors), req/s`,
          unit: 'req/s',
          value: conditional.rps,
          baseline: { name: 'static file', value: fixed.rps },
        },
        { benchmark, name: `${feed.name}, p99`, unit: 'ms', value: plain.p99, baseline: { name: 'static file', value: fixed.p99 } },
      );
    }
  } finally {
    await app.close();
    await db.close();
  }
  return figures;
};
