import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/data/db';
import type { Database } from '../server/data/database';
import { demoLabel } from '../server/operations/demo-content';
import { migrate } from '../server/data/migrations';
import { contentLabel } from '../server/data/content';
import { seedDemo } from '../server/operations/seed';
import { contactPath, eventPath, newsPath } from '../src/domain/permalinks';
import { MAX_SEARCH_LIMIT } from '../src/domain/site-search';
import { BUDGETS, type Figure } from './figures';
import { LARGE, openLargeDatabase } from './large-database';
import { seedIfEmpty, startServer, type ServerProcess } from './server-process';

// Issue 17's load figures: the real server process (`npm run serve`) under 50 connections on
// every route, on the demo and the large database, PGlite and (with DATABASE_URL) PostgreSQL;
// every valid request must answer 2xx, and the process's memory is read before and after.

const SECONDS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 30);
const CONNECTIONS = Number(process.env['BENCH_LOAD_CONNECTIONS'] ?? 50);
// `demo,large` by default; `BENCH_LOAD_DATABASES=demo` skips the large one (its copy and its minutes).
const SIZES = (process.env['BENCH_LOAD_DATABASES'] ?? 'demo,large')
  .split(',')
  .map((size) => size.trim())
  .filter((size) => size !== '');
// Browsers ask for compressed answers: the answer cache and the static files then send their kept copies.
const HEADERS = { 'accept-encoding': 'br, gzip' };
// A request that takes longer than this counts as a time-out (an error), as a visitor would give up.
const REQUEST_TIMEOUT_S = 10;
// The schema of the demo content on PostgreSQL: the public schema holds the large database.
const PG_DEMO_SCHEMA = 'bench_load_demo';
// How often the server's memory is sampled during a run, for its peak.
const RSS_SAMPLE_MS = 1_000;
// Seconds of load on the static script before the first measure, not counted.
const WARM_UP_S = 3;
const DEFAULT_DIST = resolve(__dirname, '..', 'dist');

/** Which database a run serves. */
export type DatabaseSize = 'demo' | 'large';
/** Which database engine a run serves from. */
export type Engine = 'pglite' | 'postgres';

/** One line of the load table: the same kind of request, over one or more distinct addresses. */
export interface Target {
  readonly name: string;
  /** `repeated`: a few fixed addresses, which a route that caches answers from its cache once warm; `fresh`: a new address each request. */
  readonly cache: 'repeated' | 'fresh';
  /** The fixed addresses, rotated by every connection; for `fresh`, a sample used for the check before the run. */
  readonly paths: readonly string[];
  /** For `fresh`: the addresses of the requests. */
  readonly fresh?: FreshAddresses;
}

/** The result of one target under load. */
export interface TargetLoad {
  readonly target: Target;
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  /** Mean size of an answer body (decoded) before the run, over the target's addresses. */
  readonly kb: number;
  /** Requests sent in the run. */
  readonly total: number;
}

const DEMO_NEWS_SCOPES = ['actualites', 'communiques'] as const;

type Json = Readonly<Record<string, unknown>>;

const getJson = async (base: string, path: string): Promise<unknown> => {
  const answer = await fetch(`${base}${path}`);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} while the bench looked for addresses`);
  return answer.json();
};

// A list route answers an array or a page `{ results }`.
const rowsOf = (body: unknown): Json[] => {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as Json)['results'])
      ? ((body as Json)['results'] as unknown[])
      : [];
  return list.filter((row): row is Json => typeof row === 'object' && row !== null);
};

const text = (row: Json, key: string): string => {
  const value = row[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

// Every piece of 3 to 6 letters of every word of `texts` (never a space, which the site search
// would trim below its minimum), once each, in a fixed order.
const piecesOf = (texts: readonly string[]): string[] => {
  const pieces = new Set<string>();
  for (const word of texts.flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u))) {
    for (let length = 3; length <= Math.min(6, word.length); length += 1) {
      for (let start = 0; start + length <= word.length; start += 1) pieces.add(word.slice(start, start + length));
    }
  }
  return [...pieces].sort();
};

/** Addresses that do not repeat: every (piece, size) pair once, in a scattered order, before any comes again. */
export interface FreshAddresses {
  next(): string;
  /** How many distinct addresses there are; beyond that many requests, the cache answers repeats. */
  readonly distinct: number;
}

const freshAddresses = (pieces: readonly string[], sizes: readonly number[], address: (piece: string, size: number) => string): FreshAddresses => {
  const distinct = pieces.length * sizes.length;
  // A step coprime with the count visits every pair once per round, far from the previous one.
  let step = Math.max(1, Math.floor(distinct * 0.618));
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  while (gcd(step, distinct) !== 1) step += 1;
  let index = 0;
  return {
    distinct,
    next: () => {
      const pair = (index * step) % distinct;
      index += 1;
      return address(pieces[pair % pieces.length] ?? 'mar', sizes[Math.floor(pair / pieces.length)] ?? 10);
    },
  };
};

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, offset) => from + offset);

/** The hashed script the home page loads first, as the static baseline (`/main.<hash>.js`). */
export const staticScriptPath = (distDir: string): string => {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const found = /src=["']?(\/[^"' >]+\.[0-9a-f]{8,}\.js)/.exec(html)?.[1];
  if (found === undefined) throw new Error(`no hashed script in ${join(distDir, 'index.html')}`);
  return found;
};

/** Every route of the site and the API with valid addresses read from the running server: the static script first. */
export const discoverTargets = async (base: string, distDir: string): Promise<Target[]> => {
  const contacts = rowsOf(await getJson(base, '/api/contacts/?page_size=100'));
  const events = rowsOf(await getJson(base, '/api/agenda/1/?page_size=48'));
  const articles = (
    await Promise.all(DEMO_NEWS_SCOPES.map(async (scope) => rowsOf(await getJson(base, `/api/news/${scope}/?page_size=8`)).map((row) => ({ scope, row }))))
  ).flat();
  // Spread over the lists, so that the cache holds several answers of each kind.
  const pick = <T>(items: readonly T[], count = 8): T[] => items.filter((_, index) => index % Math.max(1, Math.floor(items.length / count)) === 0).slice(0, count);
  const names = contacts.map((row) => text(row, 'title')).filter((name) => name !== '');
  const words = ['conseil', 'budget', 'commission', 'culture', 'santé', 'école'];
  const contactRows = pick(contacts);
  const eventRows = pick(events);
  const articleRows = pick(articles);
  if (contactRows.length === 0 || eventRows.length === 0 || articleRows.length === 0) throw new Error('the database has no contacts, events or news to load');
  // A name piece with every page size from 20 to 100, a site search with every limit: distinct
  // addresses, which the answer cache has never seen, in numbers beyond what a run sends.
  const contactsFresh = freshAddresses(piecesOf(names), range(20, 100), (piece, size) => `/api/contacts/?title=${encodeURIComponent(piece)}&page_size=${size}`);
  const titles = [...names, ...events.map((row) => text(row, 'title')), ...articles.map(({ row }) => text(row, 'title'))];
  const searchFresh = freshAddresses(piecesOf(titles), range(1, MAX_SEARCH_LIMIT), (piece, limit) => `/api/search/?q=${encodeURIComponent(piece)}&limit=${limit}`);
  const sample = (fresh: FreshAddresses): string[] => [fresh.next(), fresh.next(), fresh.next()];
  // A large site's /sitemap.xml is an index: its first file is a route of its own.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const sitemapFiles = sitemap.includes('<sitemapindex') ? ['/sitemap-1.xml'] : [];
  return [
    { name: 'static script (baseline)', cache: 'repeated', paths: [staticScriptPath(distDir)] },
    // The API.
    {
      name: 'API contacts: list, page, name, category',
      cache: 'repeated',
      paths: ['/api/contacts/', '/api/contacts/?page_size=24', '/api/contacts/?title=mar', '/api/contacts/?category=Grand%20Conseil'],
    },
    { name: 'API contacts: one contact', cache: 'repeated', paths: contactRows.map((row) => `/api/contacts/${text(row, 'slug')}/`) },
    { name: 'API contacts: name search', cache: 'fresh', paths: sample(contactsFresh), fresh: contactsFresh },
    { name: 'API agenda: month 1 to 12', cache: 'repeated', paths: Array.from({ length: 12 }, (_, month) => `/api/agenda/?month=${month + 1}`) },
    {
      name: 'API agenda: agendas 1 and 2, upcoming and past',
      cache: 'repeated',
      paths: ['/api/agenda/1/', '/api/agenda/2/', '/api/agenda/1/?period=past', '/api/agenda/2/?period=past'],
    },
    { name: 'API agenda: one event', cache: 'repeated', paths: eventRows.map((row) => `/api/agenda/1/events/${text(row, 'id')}/`) },
    {
      name: 'API news: all, by scope, by category',
      cache: 'repeated',
      paths: ['/api/news/', '/api/news/actualites/', '/api/news/communiques/', '/api/news/?categories=1'],
    },
    { name: 'API news: one article', cache: 'repeated', paths: articleRows.map(({ scope, row }) => `/api/news/${scope}/${text(row, 'slug')}/`) },
    {
      name: 'API categories and shop items',
      cache: 'repeated',
      paths: ['/api/categories/agenda/', '/api/categories/contacts/', '/api/categories/actualites/', '/api/categories/communiques/', '/api/shop/items/'],
    },
    { name: 'API site search: six words', cache: 'repeated', paths: words.map((word) => `/api/search/?q=${encodeURIComponent(word)}`) },
    { name: 'API site search', cache: 'fresh', paths: sample(searchFresh), fresh: searchFresh },
    // The pages, rendered by the server.
    { name: 'page /', cache: 'repeated', paths: ['/'] },
    { name: 'page /agenda/', cache: 'repeated', paths: ['/agenda/'] },
    { name: 'page /annuaire/', cache: 'repeated', paths: ['/annuaire/'] },
    { name: 'page /actualites/', cache: 'repeated', paths: ['/actualites/'] },
    { name: 'page /boutique/', cache: 'repeated', paths: ['/boutique/'] },
    { name: 'page /panier/', cache: 'repeated', paths: ['/panier/'] },
    { name: 'pages /de/annuaire/, /it/agenda/, /en/actualites/', cache: 'repeated', paths: ['/de/annuaire/', '/it/agenda/', '/en/actualites/'] },
    // Only the `actualites` scope has pages on this site; communiqués are read through the API.
    {
      name: 'page of an article',
      cache: 'repeated',
      paths: pick(articles.filter(({ scope }) => scope === 'actualites')).map(({ row }) =>
        newsPath({ id: text(row, 'id'), title: text(row, 'title'), slug: text(row, 'slug') }),
      ),
    },
    { name: 'page of a contact', cache: 'repeated', paths: contactRows.map((row) => contactPath({ title: text(row, 'title'), slug: text(row, 'slug') })) },
    { name: 'page of an event', cache: 'repeated', paths: eventRows.map((row) => eventPath({ id: text(row, 'id'), title: text(row, 'title') })) },
    { name: 'page /recherche/?q=…', cache: 'repeated', paths: words.map((word) => `/recherche/?q=${encodeURIComponent(word)}`) },
    // Feeds, exports, SEO files.
    { name: 'calendar feeds .ics', cache: 'repeated', paths: ['/flux/agenda/1.ics', '/flux/agenda/2.ics'] },
    { name: 'news feeds .atom', cache: 'repeated', paths: ['/flux/actualites/actualites.atom', '/flux/actualites/communiques.atom'] },
    { name: 'directory export .csv', cache: 'repeated', paths: ['/annuaire/export.csv'] },
    { name: 'directory export .vcf', cache: 'repeated', paths: ['/annuaire/export.vcf'] },
    {
      name: `sitemap.xml${sitemapFiles.length > 0 ? ', sitemap-1.xml' : ''} and robots.txt`,
      cache: 'repeated',
      paths: ['/sitemap.xml', ...sitemapFiles, '/robots.txt'],
    },
  ];
};

/** Each address once, before the run: its status (anything but 200 is a fault of the route or of the bench) and its size. */
const check = async (base: string, target: Target): Promise<number> => {
  let bytes = 0;
  for (const path of target.paths) {
    const answer = await fetch(`${base}${path}`, { headers: HEADERS });
    bytes += (await answer.arrayBuffer()).byteLength;
    if (answer.status !== 200) console.log(`  ✗ ${path} answered ${answer.status} before the run`);
  }
  return bytes / target.paths.length / 1024;
};

/** `requests` for autocannon: every connection rotates through the fixed addresses, or asks a fresh one each time. */
export const requestsOf = (targets: readonly Target[]): autocannon.Request[] =>
  targets.flatMap((target): autocannon.Request[] => {
    const fresh = target.fresh;
    if (fresh === undefined) return target.paths.map((path) => ({ method: 'GET', path }));
    return [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = fresh.next();
          return request;
        },
      },
    ];
  });

/** Loads `targets` together on `base` for `seconds`; errors, time-outs and non-2xx apart. */
export const loadTargets = async (base: string, targets: readonly Target[], connections: number, seconds: number): Promise<Omit<TargetLoad, 'target' | 'kb'>> => {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    headers: HEADERS,
    requests: requestsOf(targets),
  });
  // autocannon's `errors` counts the time-outs too: keep them apart.
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
};

/** Samples the server's memory every second while `work` runs; the peak in MB. */
export const withRssPeak = async <T>(server: ServerProcess, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> => {
  let peakMb = server.rssMb();
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, server.rssMb());
  }, RSS_SAMPLE_MS);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, server.rssMb()) };
  } finally {
    clearInterval(timer);
  }
};

/** A data folder and database URL for one run, and how to clean up after it. */
export interface Storage {
  readonly label: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  dispose(): Promise<void>;
}

const withSchema = (url: string, schema: string): string => `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

// The large PGlite database, copied out of `.data-bench/` so that the server's lock and writes never touch the shared one.
const largePglite = async (dataDir: string): Promise<void> => {
  const source = resolve(process.env['BENCH_DATA_DIR'] ?? '.data-bench');
  if (existsSync(join(source, 'pglite'))) {
    console.log(`  copying the large database from ${source}…`);
    cpSync(join(source, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    if (existsSync(join(source, 'media'))) cpSync(join(source, 'media'), join(dataDir, 'media'), { recursive: true });
  }
  const db: Database = await openDatabase({ dataDir });
  try {
    await migrate(db);
    if ((await contentLabel(db)) !== demoLabel(LARGE)) {
      console.log(`  seeding ${LARGE.contacts} contacts, ${LARGE.events} events, ${LARGE.news} news (minutes; keep ${source} for the next run)…`);
      await seedDemo(db, LARGE);
    }
  } finally {
    await db.close();
  }
};

/** The storage of one run: a temporary data folder (the demo content seeded by `startSeeded`), or PostgreSQL. */
export const prepareStorage = async (size: DatabaseSize, engine: Engine, databaseUrl?: string): Promise<Storage> => {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-load-${size}-`));
  const dispose = async () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') {
    if (size === 'large') {
      await largePglite(dataDir).catch(async (error: unknown) => {
        await dispose();
        throw error;
      });
    }
    return { label: `${size} database (PGlite)`, dataDir, dispose };
  }
  if (databaseUrl === undefined) throw new Error('PostgreSQL needs DATABASE_URL');
  if (size === 'large') {
    // The public schema, which `npm run bench` seeds for the other figures.
    const { db } = await openLargeDatabase();
    await db.close();
    return { label: 'large database (PostgreSQL)', dataDir, databaseUrl, dispose };
  }
  // The demo content in its own schema, emptied so that the seed fills it as at a first `npm start`.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${PG_DEMO_SCHEMA} cascade`);
    await client.query(`create schema ${PG_DEMO_SCHEMA}`);
  } finally {
    await client.end();
  }
  return { label: 'demo database (PostgreSQL)', dataDir, databaseUrl: withSchema(databaseUrl, PG_DEMO_SCHEMA), dispose };
};

// What a cache could do for a line: repeated addresses, on a route that caches, are answered from it once warm.
const cacheNote = (row: TargetLoad): string => {
  const { fresh, paths } = row.target;
  if (fresh === undefined) return `${paths.length} address${paths.length > 1 ? 'es' : ''} repeated`;
  const repeated = Math.max(0, row.total - fresh.distinct);
  return repeated === 0
    ? `uncached: ${row.total} requests, each a new address`
    : `${((repeated / row.total) * 100).toFixed(0)} % repeats of ${fresh.distinct} distinct addresses`;
};

// Far above what one run asks for (some 300,000 uncached searches in 30 s).
const LOAD_FAIR_USE_MAX = 100_000_000;

/**
 * The server on `storage`, ready to load, started as `npm start` starts it: the seed first, in its
 * own process (`--if-empty`: the demo content into an empty database, the images when missing),
 * then the server, which never seeds.
 */
export const startSeeded = async (storage: Storage, size: DatabaseSize, distDir: string): Promise<{ server: ServerProcess }> => {
  const options = { dataDir: storage.dataDir, distDir, ...(storage.databaseUrl === undefined ? {} : { databaseUrl: storage.databaseUrl }) };
  const seeding = Date.now();
  seedIfEmpty(options);
  console.log(`  ${storage.label} (${size}): seed --if-empty ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  // Every connection of the load comes from 127.0.0.1 but stands for a crowd of visitors: the
  // per-client limit on uncached work (FAIR_USE_MAX) would answer most new searches 429 and
  // measure the limiter, not the server. `npm run bench starvation` measures the limiter.
  return { server: await startServer({ ...options, env: { FAIR_USE_MAX: String(LOAD_FAIR_USE_MAX) } }) };
};

/** The figures of one database: every target alone for `SECONDS`, beside the static script, and the server's memory. */
const loadOn = async (storage: Storage, size: DatabaseSize, engine: Engine, distDir: string): Promise<Figure[]> => {
  const { server } = await startSeeded(storage, size, distDir);
  const rows: TargetLoad[] = [];
  const rssStart = server.rssMb();
  let peak = 0;
  let rssEnd = 0;
  try {
    const targets = await discoverTargets(server.base, distDir);
    // The first seconds of a fresh process measure its JIT, not the route: warm up on the baseline, not counted.
    if (targets[0] !== undefined) await loadTargets(server.base, [targets[0]], CONNECTIONS, WARM_UP_S);
    console.log(`  ${storage.label}: server ${server.pid} on ${server.base}, ${rssStart.toFixed(0)} MB after start`);
    const measured = await withRssPeak(server, async () => {
      for (const target of targets) {
        const kb = await check(server.base, target);
        const result = await loadTargets(server.base, [target], CONNECTIONS, SECONDS);
        rows.push({ target, kb, ...result });
        console.log(
          `  ${target.name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.errors} errors, ${result.timeouts} time-outs, ${result.non2xx} non-2xx, ${server.rssMb().toFixed(0)} MB`,
        );
        // Let the requests still queued finish before the next target is measured.
        await fetch(`${server.base}${target.paths[0] ?? '/'}`, { headers: HEADERS }).then((answer) => answer.arrayBuffer());
      }
    });
    peak = measured.peakMb;
    rssEnd = server.rssMb();
  } finally {
    const code = await server.stop();
    if (code !== 0) console.log(`  the server exited with ${code}:\n${server.output()}`);
  }
  const [baseline, ...routes] = rows;
  if (baseline === undefined) return [];
  const benchmark = `load: ${storage.label}, real server process, ${CONNECTIONS} connections, ${SECONDS} s a route`;
  const failures = rows.reduce((sum, row) => sum + row.errors + row.timeouts + row.non2xx, 0);
  // The issue's memory budget is for PGlite on the demo database; elsewhere the figure is reported only.
  const rssBudget = engine === 'pglite' && size === 'demo' ? { budget: { on: 'value' as const, max: BUDGETS.serverRssMb } } : {};
  const mb = (value: number) => Number(value.toFixed(1));
  return [
    {
      benchmark,
      name: 'server RSS after start (process and children)',
      unit: 'MB',
      value: mb(rssStart),
      baseline: null,
      ...rssBudget,
    },
    ...routes.map((row): Figure => ({
      benchmark,
      name: `${row.target.name} [${cacheNote(row)}, ${row.kb.toFixed(1)} KB]: p99 ${row.p99} ms (static ${baseline.p99} ms), ${row.errors} errors, ${row.timeouts} time-outs, ${row.non2xx} non-2xx; req/s`,
      unit: 'req/s',
      value: Math.round(row.rps),
      baseline: { name: 'static script', value: Math.round(baseline.rps) },
    })),
    {
      benchmark,
      name: `errors, time-outs (> ${REQUEST_TIMEOUT_S} s) and non-2xx, all ${rows.length} routes`,
      unit: '',
      value: failures,
      baseline: null,
      budget: { on: 'value', max: BUDGETS.loadErrors },
    },
    { benchmark, name: 'server RSS, peak during the load', unit: 'MB', value: mb(peak), baseline: null },
    { benchmark, name: 'server RSS after the load', unit: 'MB', value: mb(rssEnd), baseline: { name: 'after start', value: mb(rssStart) }, ...rssBudget },
  ];
};

const loadOne = async (size: DatabaseSize, engine: Engine, distDir: string): Promise<Figure[]> => {
  const storage = await prepareStorage(size, engine, process.env['DATABASE_URL']);
  try {
    return await loadOn(storage, size, engine, distDir);
  } finally {
    await storage.dispose();
  }
};

/** `npm run bench load`: every route under load on each database (`BENCH_LOAD_DATABASES`), PGlite and, with `DATABASE_URL`, PostgreSQL. */
export const loadFigures = async (): Promise<Figure[]> => {
  const distDir = resolve(process.env['BENCH_DIST_DIR'] ?? DEFAULT_DIST);
  const onPostgres = Boolean(process.env['DATABASE_URL']);
  // `BENCH_LOAD_ENGINES=postgres` measures PostgreSQL alone; by default PGlite, then PostgreSQL when DATABASE_URL is set.
  const named = (process.env['BENCH_LOAD_ENGINES'] ?? (onPostgres ? 'pglite,postgres' : 'pglite')).split(',').map((engine) => engine.trim());
  const isEngine = (engine: string): engine is Engine => engine === 'pglite' || engine === 'postgres';
  const engines = named.filter(isEngine);
  if (engines.length !== named.length) throw new Error(`BENCH_LOAD_ENGINES: "${named.join(',')}" names other than pglite and postgres`);
  if (engines.includes('postgres') && !onPostgres) throw new Error('BENCH_LOAD_ENGINES names postgres: set DATABASE_URL (sh scripts/start-postgres.sh prints one)');
  const figures: Figure[] = [];
  for (const engine of engines) {
    for (const size of SIZES) {
      if (size !== 'demo' && size !== 'large') throw new Error(`BENCH_LOAD_DATABASES: "${size}" is neither demo nor large`);
      figures.push(...(await loadOne(size, engine, distDir)));
    }
  }
  if (!engines.includes('postgres')) {
    figures.push({
      benchmark: 'load: PostgreSQL',
      name: 'not measured: set DATABASE_URL (sh scripts/start-postgres.sh prints one) to load PostgreSQL too',
      unit: '',
      value: 0,
      baseline: null,
    });
  }
  return figures;
};
