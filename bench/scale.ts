import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../server/http/app';
import { openDatabase, openPostgres } from '../server/data/db';
import type { Database } from '../server/data/database';
import { buildDemoContent, DEMO_DEFAULTS, demoLabel, type DemoOptions } from '../server/operations/demo-content';
import { ensureMedia } from '../server/operations/media';
import { migrate } from '../server/data/migrations';
import { contentLabel } from '../server/data/content';
import { seedDemo } from '../server/operations/seed';
import { launchBrowser } from '../test/support/browser';
import { BUDGETS, percentile, type Figure } from './figures';
import { IN_PAGE_WATCH } from './first-render';
import { LARGE, openLargeDatabase } from './large-database';
import { serveCommand } from './server-process';

// Issue 15's figures: the cost of a screen must not grow with the archive. Pages on a
// simulated phone (demo database against the large one, and a legacy API answering one huge
// array), the API under 50 connections, an uncached name search, and two workers against one.
const DIST = resolve('dist');
const RUNS = Number(process.env['BENCH_SCALE_RUNS'] ?? 5);
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const TIMEOUT_MS = 120_000;
const BUDGET = BUDGETS.scale;

// Lighthouse's mobile profile: a mid-range phone (4× slower CPU) on slow 4G (150 ms, 1.6 Mbit/s).
const MOBILE = { width: 412, height: 823, cpu: 4, latencyMs: 150, downBytesPerSecond: (1638.4 * 1024) / 8, upBytesPerSecond: (750 * 1024) / 8 };

interface ListPage {
  readonly name: string;
  readonly path: string;
  readonly card: string;
}

const LIST_PAGES: readonly ListPage[] = [
  { name: 'agenda', path: '/agenda/', card: '.agenda-event:not(.agenda-event--placeholder)' },
  { name: 'annuaire', path: '/annuaire/', card: '.contact-card:not(.contact-card--placeholder)' },
  { name: 'actualités', path: '/actualites/', card: '.news-card:not(.news-card--placeholder)' },
];

// The network is throttled unless `slowNetwork` is false: a legacy answer of 10 MB would take a
// minute over slow 4G whatever the client does, so that figure measures the client's own work.
const mobileContext = async (browser: Browser, slowNetwork: boolean): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport: { width: MOBILE.width, height: MOBILE.height }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (slowNetwork) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downBytesPerSecond,
      uploadThroughput: MOBILE.upBytesPerSecond,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
  return { context, page };
};

/** First card painted (ms after navigation start) and JS heap after a garbage collection (MB), one fresh phone. */
const measurePage = async (browser: Browser, url: string, card: string, slowNetwork: boolean): Promise<{ firstCard: number; heapMB: number }> => {
  const { context, page } = await mobileContext(browser, slowNetwork);
  try {
    await page.addInitScript(IN_PAGE_WATCH(card));
    await page.goto(url, { timeout: TIMEOUT_MS });
    await page.locator(card).first().waitFor({ timeout: TIMEOUT_MS });
    await page.waitForFunction('window.__firstRender.painted >= 0', undefined, { timeout: TIMEOUT_MS });
    await page.waitForTimeout(50);
    const state = await page.evaluate<{ painted: number; elementTiming: number }>('window.__firstRender');
    const firstCard = state.elementTiming > 0 ? state.elementTiming : state.painted;
    // Hydrated, then quiet: what the page keeps once the visitor can use it.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((c) => c.hasAttribute('data-ready')), undefined, {
      timeout: TIMEOUT_MS,
    });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return { firstCard, heapMB: (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1_048_576 };
  } finally {
    await context.close();
  }
};

const medians = async (browser: Browser, url: string, card: string, slowNetwork = true): Promise<{ firstCard: number; heapMB: number }> => {
  await measurePage(browser, url, card, slowNetwork); // warm-up, not counted
  const runs: { firstCard: number; heapMB: number }[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await measurePage(browser, url, card, slowNetwork));
  return {
    firstCard: Number(
      percentile(
        runs.map((r) => r.firstCard),
        50,
      ).toFixed(0),
    ),
    heapMB: Number(
      percentile(
        runs.map((r) => r.heapMB),
        50,
      ).toFixed(2),
    ),
  };
};

/** The demo content in its own database beside the large one (a schema on PostgreSQL, a folder on PGlite). */
const openDemoDatabase = async (): Promise<Database> => {
  const url = process.env['DATABASE_URL'];
  let db: Database;
  if (url !== undefined && url !== '') {
    const admin = await openPostgres(url);
    await admin.query('create schema if not exists bench_demo');
    await admin.close();
    db = await openPostgres(url, 'bench_demo');
  } else {
    db = await openDatabase({ dataDir: resolve(process.env['BENCH_DATA_DIR'] ?? '.data-bench', 'demo') });
  }
  await migrate(db);
  if ((await contentLabel(db)) !== demoLabel(DEMO_DEFAULTS)) await seedDemo(db, DEMO_DEFAULTS);
  return db;
};

const serve = async (db: Database, mediaDir: string): Promise<{ app: FastifyInstance; base: string }> => {
  const app = buildApp({ db, distDir: DIST, mediaDir });
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
};

/** First card and heap of the list pages on the demo and the large database, on a simulated phone. */
const pagesByDatabaseSize = async (browser: Browser, large: Database, mediaDir: string): Promise<Figure[]> => {
  const demo = await openDemoDatabase();
  const small = await serve(demo, mediaDir);
  const big = await serve(large, mediaDir);
  const figures: Figure[] = [];
  try {
    for (const target of LIST_PAGES) {
      const onDemo = await medians(browser, `${small.base}${target.path}`, target.card);
      const onLarge = await medians(browser, `${big.base}${target.path}`, target.card);
      const benchmark = `pages on a simulated phone, large database (${large.kind}) against the demo one, median of ${RUNS}`;
      figures.push(
        {
          benchmark,
          name: `${target.name}: first card painted, large database`,
          unit: 'ms',
          value: onLarge.firstCard,
          baseline: null,
          budget: { on: 'value', max: BUDGET.firstCardMs },
        },
        {
          benchmark,
          name: `${target.name}: first card painted, large / demo`,
          unit: 'ms',
          value: onLarge.firstCard,
          baseline: { name: 'same page, demo database', value: onDemo.firstCard },
          budget: { on: 'ratio', max: BUDGET.firstCardLargeToDemo },
        },
        {
          benchmark,
          name: `${target.name}: JS heap after load and GC, large / demo`,
          unit: 'MB',
          value: onLarge.heapMB,
          baseline: { name: 'same page, demo database', value: onDemo.heapMB },
          budget: { on: 'ratio', max: BUDGET.heapLargeToDemo },
        },
      );
      console.log(`  ${target.name}: demo ${onDemo.firstCard} ms / ${onDemo.heapMB} MB, large ${onLarge.firstCard} ms / ${onLarge.heapMB} MB`);
    }
  } finally {
    await small.app.close();
    await big.app.close();
    await demo.close();
  }
  return figures;
};

// A legacy backend: whole arrays whatever the query, the agenda with an event once per category.
const legacyApi = async (options: DemoOptions): Promise<{ app: FastifyInstance; base: string }> => {
  const content = buildDemoContent(options);
  const categories = new Map(content.agenda_categories.map((c) => [c.id, { id: c.id, title: c.title }]));
  const events = content.events
    .filter((e) => e.agenda_id === 1)
    .flatMap((e) => {
      const wire = { ...e, agenda_id: undefined, categories: e.categories.map((id) => categories.get(id)) };
      return e.categories.length > 1 ? [wire, wire] : [wire];
    });
  const contacts = content.contacts.map((c) => ({ ...c, commissions: c.commissions ?? [] }));
  const app = Fastify();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  const bodies = new Map<string, string>([
    ['/api/agenda/1/', JSON.stringify(events)],
    ['/api/agenda/', JSON.stringify(events)],
    ['/api/categories/agenda/', JSON.stringify([...categories.values()])],
    ['/api/contacts/', JSON.stringify(contacts)],
    ['/api/categories/contacts/', JSON.stringify(content.contact_categories)],
  ]);
  for (const [path, body] of bodies) {
    app.get(path, async (_request, reply) => reply.type('application/json').send(body));
  }
  console.log(
    `  legacy API: ${events.length} agenda rows (${(bodies.get('/api/agenda/1/')!.length / 1e6).toFixed(1)} MB), ${contacts.length} contacts (${(bodies.get('/api/contacts/')!.length / 1e6).toFixed(1)} MB)`,
  );
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
};

// A content system's page: the built page as Parcel wrote it (a bare container, no server
// rendering), its widget pointed at the legacy API with `data-api-base`.
const contentSystemSite = async (apiBase: string): Promise<{ app: FastifyInstance; base: string }> => {
  const app = Fastify();
  for (const page of ['agenda', 'annuaire']) {
    const html = readFileSync(join(DIST, page, 'index.html'), 'utf8').replace(/<div data-widget=(\w+)/g, `<div data-api-base="${apiBase}" data-widget=$1`);
    app.get(`/${page}/`, async (_request, reply) => reply.type('text/html').send(html));
  }
  await app.register(fastifyStatic, { root: DIST, preCompressed: true, index: false });
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
};

/** First card on a simulated phone when a legacy API answers 20,000 events or 10,000 contacts in one array. */
const pagesOnLegacyApi = async (browser: Browser): Promise<Figure[]> => {
  // 20,000 events on agenda 1 come from about 33,000 in all (six in ten are on agenda 1).
  const api = await legacyApi({ ...DEMO_DEFAULTS, contacts: 10_000, events: 33_400, news: 0 });
  const site = await contentSystemSite(api.base);
  const figures: Figure[] = [];
  try {
    for (const target of LIST_PAGES.slice(0, 2)) {
      const result = await medians(browser, `${site.base}${target.path}`, target.card, false);
      figures.push({
        benchmark: `legacy API answering one whole array, content system's page, phone CPU (4×) on an unthrottled network, median of ${RUNS}`,
        name: `${target.name}: first card painted (${target.name === 'agenda' ? '20,000 events' : '10,000 contacts'}; heap ${result.heapMB} MB)`,
        unit: 'ms',
        value: result.firstCard,
        baseline: null,
        budget: { on: 'value', max: BUDGET.legacyFirstCardMs },
      });
    }
  } finally {
    await site.app.close();
    await api.app.close();
  }
  return figures;
};

interface Load {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
}

const load = async (url: string, connections = CONNECTIONS, paths?: () => string): Promise<Load> => {
  // As every browser asks: the answer cache then sends its kept brotli copy.
  const options: autocannon.Options = { url, connections, duration: DURATION, headers: { 'accept-encoding': 'br, gzip' } };
  if (paths !== undefined) {
    options.requests = [
      {
        setupRequest: (request) => {
          request.path = paths();
          return request;
        },
      },
    ];
  }
  const result = await autocannon(options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
};

const LIST_ROUTES = [
  { name: 'contacts, first page', path: '/api/contacts/' },
  { name: 'contacts, a category', path: '/api/contacts/?category=Grand%20Conseil' },
  { name: 'contacts, a name search', path: '/api/contacts/?title=mar' },
  { name: 'agenda 1, upcoming', path: '/api/agenda/1/?page_size=50' },
  { name: 'agenda, month 3', path: '/api/agenda/?month=3&page_size=50' },
  { name: 'agenda, a title search', path: '/api/agenda/?title=concert&page_size=50' },
  { name: 'agenda 1, past', path: '/api/agenda/1/?period=past&page_size=50' },
  { name: 'news of a scope', path: '/api/news/actualites/?page_size=24' },
  { name: 'news, a category', path: '/api/news/?categories=1&page_size=24' },
];

// Random pieces of real names: nearly every request is a new search, so none is answered from the cache.
const searchTerms = (names: readonly string[]): (() => string) => {
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return () => {
    const name = names[Math.floor(next() * names.length)] ?? 'marie';
    const length = 3 + Math.floor(next() * 4);
    const start = Math.floor(next() * Math.max(1, name.length - length));
    return `/api/contacts/?title=${encodeURIComponent(name.slice(start, start + length))}&page_size=48`;
  };
};

/** Requests per second, p99 and errors of every list route against a static JSON route; an uncached name search; its plan. */
const apiUnderLoad = async (db: Database, mediaDir: string): Promise<Figure[]> => {
  const app = buildApp({ db, mediaDir });
  app.get('/bench/static', async () => ({ ok: true, items: [1, 2, 3], message: 'réponse fixe' }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const figures: Figure[] = [];
  const benchmark = `API on the large database (${db.kind}), ${CONNECTIONS} connections, ${DURATION} s a route`;
  try {
    const fixed = await load(`${base}/bench/static`);
    for (const route of LIST_ROUTES) {
      const bytes = (await (await fetch(`${base}${route.path}`)).arrayBuffer()).byteLength;
      const result = await load(`${base}${route.path}`);
      figures.push(
        {
          benchmark,
          name: `${route.name} (${(bytes / 1024).toFixed(1)} KB), req/s`,
          unit: 'req/s',
          value: result.rps,
          baseline: { name: 'static JSON route', value: fixed.rps },
          budget: { on: 'ratio', min: BUDGET.listRouteToStatic },
        },
        { benchmark, name: `${route.name}, p99`, unit: 'ms', value: result.p99, baseline: null, budget: { on: 'value', max: BUDGET.listRouteP99Ms } },
        { benchmark, name: `${route.name}, errors`, unit: '', value: result.errors, baseline: null, budget: { on: 'value', max: 0 } },
      );
      console.log(`  ${route.name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.errors} errors`);
    }
    const names = (await db.query<{ search_title: string }>('select search_title from contacts')).map((row) => row.search_title);
    const uncached = await load(base, 10, searchTerms(names));
    // A common piece ('mar') is read faster along the name order, a rare one through the trigram index: the planner chooses.
    const planOf = async (text: string): Promise<string> =>
      (
        await db.query<Record<string, string>>(
          `explain select id from contacts c where c.search_title like '%${text}%' order by c.search_title collate "C", c.id limit 49`,
        )
      )
        .map((row) => Object.values(row)[0])
        .join(' / ');
    const common = await planOf('mar');
    const rare = await planOf('zwq');
    console.log(`  plan of a search for 'mar': ${common}\n  plan of a search for 'zwq': ${rare}`);
    const usesIndex = rare.includes('contacts_search_trgm');
    figures.push({
      benchmark: `uncached name search, ${names.length} contacts (${db.kind}), 10 connections, a new text each request`,
      name: `p99 (${uncached.rps.toFixed(0)} req/s, ${uncached.errors} errors; a rare text's plan ${usesIndex ? 'uses' : 'does NOT use'} the trigram index)`,
      unit: 'ms',
      value: uncached.p99,
      baseline: null,
      budget: { on: 'value', max: BUDGET.uncachedSearchP99Ms },
    });
  } finally {
    await app.close();
  }
  return figures;
};

const startServer = (workers: number, port: number): Promise<ChildProcess> =>
  new Promise((resolvePromise, reject) => {
    const { command, args } = serveCommand();
    const child = spawn(command, args, {
      env: { ...process.env, WORKERS: String(workers), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let ready = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      ready += (chunk.toString().match(/listening on/g) ?? []).length;
      if (ready >= 1) resolvePromise(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

const stopServer = (child: ChildProcess): Promise<void> =>
  new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });

/** The same routes served by one worker and by two, on the same PostgreSQL. */
const workersCompared = async (db: Database): Promise<Figure[]> => {
  if (db.kind !== 'postgres') {
    console.log('  two workers need PostgreSQL (DATABASE_URL): skipped on PGlite, whose data folder one process owns');
    return [];
  }
  const names = (await db.query<{ search_title: string }>('select search_title from contacts')).map((row) => row.search_title);
  const measure = async (workers: number): Promise<{ cached: Load; search: Load }> => {
    const port = 18_000 + workers;
    const child = await startServer(workers, port);
    try {
      // Every worker warms its own cache before the run.
      await load(`http://127.0.0.1:${port}/api/agenda/1/?page_size=50`, 4);
      return {
        cached: await load(`http://127.0.0.1:${port}/api/agenda/1/?page_size=50`),
        search: await load(`http://127.0.0.1:${port}`, CONNECTIONS, searchTerms(names)),
      };
    } finally {
      await stopServer(child);
    }
  };
  const one = await measure(1);
  const two = await measure(2);
  const benchmark = `two workers against one, same PostgreSQL, ${CONNECTIONS} connections`;
  return [
    { benchmark, name: 'cached agenda page, req/s, 2 workers', unit: 'req/s', value: two.cached.rps, baseline: { name: '1 worker', value: one.cached.rps } },
    { benchmark, name: 'uncached name searches, req/s, 2 workers', unit: 'req/s', value: two.search.rps, baseline: { name: '1 worker', value: one.search.rps } },
  ];
};

/** Every figure of issue 15's budgets: pages by database size, a legacy API, the API under load, workers. */
export const scale = async (): Promise<Figure[]> => {
  const { db, mediaDir } = await openLargeDatabase();
  console.log(`  large database: ${LARGE.contacts} contacts, ${LARGE.events} events, ${LARGE.news} news`);
  await ensureMedia(mediaDir);
  const figures: Figure[] = [];
  const browser = await launchBrowser();
  try {
    figures.push(...(await pagesByDatabaseSize(browser, db, mediaDir)));
    figures.push(...(await pagesOnLegacyApi(browser)));
  } finally {
    await browser.close();
  }
  figures.push(...(await apiUnderLoad(db, mediaDir)));
  figures.push(...(await workersCompared(db)));
  await db.close();
  return figures;
};
