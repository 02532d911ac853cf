import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { BUDGETS, type Figure } from './figures';
import { prepareStorage, staticScriptPath } from './load';
import { seedIfEmpty, startServer, type ServerProcess } from './server-process';

// Issue 17, "one slow route cannot starve the rest": a static script's latency while 50
// connections ask the real server (PGlite, demo database) for full lists the answer cache has
// never seen. Before the database ran in a thread of its own, the script waited seconds.

const SECONDS = Number(process.env['BENCH_STARVATION_SECONDS'] ?? 20);
const CONNECTIONS = Number(process.env['BENCH_STARVATION_CONNECTIONS'] ?? 50);
// Issue 31, finding 2: a hostile probe's expensive patterns on the large database, each in turn.
const HOSTILE_SECONDS = Number(process.env['BENCH_STARVATION_HOSTILE_SECONDS'] ?? 15);
const HOSTILE_CLIENTS = Number(process.env['BENCH_STARVATION_HOSTILE_CLIENTS'] ?? 20);
// The visitor loading the script: a few connections at a steady pace, so that its latency, not
// its own throughput, is what is measured.
const PROBE_CONNECTIONS = 4;
const PROBE_RATE = 100;
const REQUEST_TIMEOUT_S = 10;
const HEADERS = { 'accept-encoding': 'br, gzip' };
const DEFAULT_DIST = resolve(__dirname, '..', 'dist');

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * Full lists that are new to the cache: every agenda from a different day (their 100 or fewer
 * events), and pages of the directory of every size, in an order that repeats only after many
 * thousands of requests, beyond what a run sends.
 */
const uncachedLists = (): (() => string) => {
  let index = 0;
  return () => {
    index += 1;
    const day = new Date(Date.UTC(2015, 0, 1) + (index % 3_650) * 86_400_000);
    const from = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    const size = 20 + (Math.floor(index / 3_650) % 81);
    switch (index % 3) {
      case 0:
        return `/api/agenda/1/?from=${from}&page_size=${size}`;
      case 1:
        return `/api/agenda/?from=${from}&page_size=${size}`;
      default:
        // Every contact, in pages of every size: one name letter, never twice the same pair.
        return `/api/contacts/?page_size=${size}&title=${String.fromCharCode(97 + (index % 26))}`;
    }
  };
};

/** The static script's figures of one run: its p99 under the load against its p99 alone, and its failures. */
const staticScriptFigures = (benchmark: string, underLoad: autocannon.Result, alone: autocannon.Result, maxP99: number): Figure[] => [
  {
    benchmark,
    name: 'static script p99 under the load',
    unit: 'ms',
    value: underLoad.latency.p99,
    baseline: { name: 'static script alone', value: alone.latency.p99 },
    budget: { on: 'value', max: maxP99 },
  },
  {
    benchmark,
    name: 'static script: errors, time-outs and non-2xx under the load',
    unit: '',
    value: underLoad.errors + underLoad.timeouts + underLoad.non2xx,
    baseline: null,
    budget: { on: 'value', max: 0 },
  },
];

// In a thread of its own, as a visitor on another machine: in the thread that reads the flood's
// answers (80 MB/s of exports), the probe's own answers waited for the bench, not for the server.
const probe = (base: string, path: string, seconds: number): Promise<autocannon.Result> =>
  autocannon({
    url: base,
    workers: 1,
    connections: PROBE_CONNECTIONS,
    overallRate: PROBE_RATE,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    headers: HEADERS,
    requests: [{ method: 'GET', path }],
  });

const flood = (base: string, seconds: number): Promise<autocannon.Result> => {
  const next = uncachedLists();
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    headers: HEADERS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = next();
          return request;
        },
      },
    ],
  });
};

const measure = async (server: ServerProcess, distDir: string): Promise<Figure[]> => {
  const script = staticScriptPath(distDir);
  const benchmark = `starvation: static script under ${CONNECTIONS} connections of uncached lists, PGlite demo database, real server process, ${SECONDS} s`;
  const rssStart = server.rssMb();
  // Warm: the JIT and the static file's kept copy, not counted.
  await probe(server.base, script, 2);
  const alone = await probe(server.base, script, Math.max(2, Math.round(SECONDS / 4)));
  const [underLoad, lists] = await Promise.all([probe(server.base, script, SECONDS), flood(server.base, SECONDS)]);
  const rssEnd = server.rssMb();
  // A 503 of the full queue is the server protecting itself, not a fault: counted apart from errors.
  const busy = lists.statusCodeStats?.['503']?.count ?? 0;
  console.log(
    `  static alone p99 ${alone.latency.p99} ms; under load p99 ${underLoad.latency.p99} ms (${underLoad.requests.total} requests, ${underLoad.errors + underLoad.timeouts} errors, ${underLoad.non2xx} non-2xx);` +
      ` lists ${lists.requests.average.toFixed(0)} req/s, p99 ${lists.latency.p99} ms, ${busy} answered 503, ${lists.errors + lists.timeouts} errors; RSS ${rssStart.toFixed(0)} → ${rssEnd.toFixed(0)} MB`,
  );
  return [
    ...staticScriptFigures(benchmark, underLoad, alone, BUDGETS.staticP99UnderLoadMs),
    {
      benchmark,
      name: `uncached lists: p99 ${lists.latency.p99} ms, ${busy} answered 503 (queue full), ${lists.errors + lists.timeouts} errors; req/s`,
      unit: 'req/s',
      value: Math.round(lists.requests.average),
      baseline: { name: 'static script', value: Math.round(underLoad.requests.average) },
    },
    {
      benchmark,
      name: 'server RSS after the load (process and children)',
      unit: 'MB',
      value: Number(rssEnd.toFixed(1)),
      baseline: { name: 'after start', value: Number(rssStart.toFixed(1)) },
      budget: { on: 'value', max: BUDGETS.serverRssMb },
    },
  ];
};

/** One of the probe's expensive patterns: the address of each request. */
interface HostilePattern {
  readonly name: string;
  readonly next: () => string;
}

const randomToken = (): string => Math.random().toString(36).slice(2, 10);

// The agenda's categories in a random order, some twice, with an id that names none (issue 42).
const shuffledCategories = (): string => {
  const ids = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((id) => (Math.random() < 0.3 ? [id, id] : [id]));
  ids.push(100_000 + Math.floor(Math.random() * 900_000));
  for (let index = ids.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  }
  return ids.map((id) => `categories=${id}`).join('&');
};

const hostilePatterns = (sitemapFiles: number): HostilePattern[] => {
  let turn = 0;
  return [
    // Issue 42: variants a client can make without limit, each of which was a new key for the same heavy answer.
    { name: 'random tool-flag values on a far agenda page', next: () => `/agenda/?passes=20&page=20&journal=${randomToken()}` },
    { name: 'shuffled category lists with an unknown id', next: () => `/api/agenda/?${shuffledCategories()}` },
    { name: 'random unknown parameters on /annuaire/', next: () => `/annuaire/?utm=${randomToken()}` },
    { name: 'random fragment queries', next: () => `/fragments/directory/?x=${randomToken()}` },
    { name: `sitemap files (${sitemapFiles})`, next: () => `/sitemap-${1 + Math.floor(Math.random() * sitemapFiles)}.xml` },
    {
      name: 'alternating whole-directory exports',
      next: () => {
        turn += 1;
        return turn % 2 === 0 ? '/annuaire/export.vcf' : '/annuaire/export.csv';
      },
    },
  ];
};

const hammer = (base: string, pattern: HostilePattern, client: string, seconds: number): Promise<autocannon.Result> =>
  autocannon({
    url: base,
    connections: HOSTILE_CLIENTS,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    // One client behind the trusted proxy, as the probe was: its address is what fair use counts.
    headers: { ...HEADERS, 'x-forwarded-for': client },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = pattern.next();
          return request;
        },
      },
    ],
  });

// A page every visitor reads, kept once asked: what the hostile client must not slow down either.
const KEPT_PAGE = '/annuaire/';

const measureHostile = async (server: ServerProcess, distDir: string): Promise<Figure[]> => {
  const script = staticScriptPath(distDir);
  await probe(server.base, KEPT_PAGE, 2);
  const keptAlone = await probe(server.base, KEPT_PAGE, 5);
  const index = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const sitemapFiles = Math.max(1, index.match(/<sitemap>/g)?.length ?? 1);
  const rssStart = server.rssMb();
  await probe(server.base, script, 2);
  const alone = await probe(server.base, script, 5);
  const figures: Figure[] = [];
  let phase = 0;
  for (const pattern of hostilePatterns(sitemapFiles)) {
    phase += 1;
    const benchmark = `starvation, hostile patterns: static script while ${HOSTILE_CLIENTS} connections of one client ask for ${pattern.name}, PGlite large database, real server process, ${HOSTILE_SECONDS} s`;
    const [underLoad, kept, flood] = await Promise.all([
      probe(server.base, script, HOSTILE_SECONDS),
      probe(server.base, KEPT_PAGE, HOSTILE_SECONDS),
      hammer(server.base, pattern, `198.51.100.${phase}`, HOSTILE_SECONDS),
    ]);
    const codes = flood.statusCodeStats;
    const count = (status: `${number}`): number => codes?.[status]?.count ?? 0;
    const answered = count('200') + count('304');
    const limited = count('429');
    const other = flood.requests.total - answered - limited;
    console.log(
      `  ${pattern.name}: static p99 ${underLoad.latency.p99} ms (alone ${alone.latency.p99} ms); kept page p99 ${kept.latency.p99} ms (alone ${keptAlone.latency.p99} ms); ${flood.requests.total} requests, ${answered} answered, ${limited} limited (429),` +
        ` ${other} other, ${flood.errors + flood.timeouts} errors; p99 ${flood.latency.p99} ms; RSS ${server.rssMb().toFixed(0)} MB`,
    );
    figures.push(
      ...staticScriptFigures(benchmark, underLoad, alone, BUDGETS.starvation.staticP99Ms),
      {
        benchmark,
        name: `kept page (${KEPT_PAGE}) p99 under the load`,
        unit: 'ms',
        value: kept.latency.p99,
        baseline: { name: 'kept page alone', value: keptAlone.latency.p99 },
        budget: { on: 'value', max: BUDGETS.starvation.keptPageP99Ms },
      },
      {
        benchmark,
        name: `hostile requests answered (200 or 304); ${limited} limited (429), ${other} other, ${flood.errors + flood.timeouts} errors, of ${flood.requests.total}`,
        unit: '',
        value: answered,
        baseline: null,
      },
    );
  }
  const rssEnd = server.rssMb();
  figures.push({
    benchmark: `starvation, hostile patterns: server memory, PGlite large database`,
    name: 'server RSS after the hostile patterns (process and children)',
    unit: 'MB',
    value: Number(rssEnd.toFixed(1)),
    baseline: { name: 'after start', value: Number(rssStart.toFixed(1)) },
    budget: { on: 'value', max: BUDGETS.starvation.largeDatabaseRssMb },
  });
  return figures;
};

// The server as an operator runs it behind a proxy on the same machine, with the default fair use.
const hostileFigures = async (distDir: string): Promise<Figure[]> => {
  const storage = await prepareStorage('large', 'pglite');
  try {
    const server = await startServer({ dataDir: storage.dataDir, distDir, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      return await measureHostile(server, distDir);
    } finally {
      await server.stop();
    }
  } finally {
    await storage.dispose();
  }
};

// Issue 17's figure: uncached full lists on the demo database.
const listsFigures = async (distDir: string): Promise<Figure[]> => {
  const storage = await prepareStorage('demo', 'pglite');
  try {
    // The seed first, as `npm start` runs it: the measured server starts on the seeded folder.
    seedIfEmpty({ dataDir: storage.dataDir });
    // This figure is the database queue's: one client's fair use would answer nearly all of its lists 429.
    const server = await startServer({ dataDir: storage.dataDir, distDir, env: { FAIR_USE_MAX: '999999999' } });
    try {
      return await measure(server, distDir);
    } finally {
      await server.stop();
    }
  } finally {
    await storage.dispose();
  }
};

/**
 * `npm run bench starvation`: a static script's p99 while uncached full lists load the demo
 * database, then while one client hammers each of the hostile probe's expensive patterns on the large one.
 */
export const starvationFigures = async (): Promise<Figure[]> => {
  const distDir = resolve(process.env['BENCH_DIST_DIR'] ?? DEFAULT_DIST);
  // `BENCH_STARVATION_PARTS=hostile` runs only the second part, `lists` only the first.
  const parts = (process.env['BENCH_STARVATION_PARTS'] ?? 'lists,hostile').split(',').map((part) => part.trim());
  const figures: Figure[] = [];
  if (parts.includes('lists')) figures.push(...(await listsFigures(distDir)));
  if (parts.includes('hostile')) figures.push(...(await hostileFigures(distDir)));
  return figures;
};
