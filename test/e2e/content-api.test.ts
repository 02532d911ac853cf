import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SHARED_CACHE_SECONDS } from '../../server/cache/shared-cache';
import { zurichToday } from '../../src/domain/calendar-days';
import { openPage } from '../support/browser';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium';
import { startNginx, type RunningNginx } from '../support/nginx';
import { ensureServerBuilt, listeningPort, privateSchema, removeDataDir, ROOT, seededDataDir, startServer, type ChildRun } from '../support/server-child';
import { testBackend } from '../support/test-database';

// Issue 44, seen by a visitor: an event's title changed through the content API shows on the agenda
// page, in the site search and in the calendar feed, and the event is gone (cancelled in the feed)
// after a delete; at once from the server, and through the documented nginx (docs/operations.md,
// "Behind a reverse proxy or a CDN") within its edge cache's bound: SHARED_CACHE_SECONDS, plus the one
// request that refreshes an expired copy in the background (issue 31).
//
// The compiled server runs as `npm run serve` runs it, on a data folder of its own with the built
// site, behind nginx as that section sets it up (TRUST_PROXY=127.0.0.1); the token is made with
// `npm run token -- create`, which asks the running server over its socket on PGlite.

jest.setTimeout(120_000);

const DIST = process.env['TEST_DIST_DIR'] ?? resolve(ROOT, 'dist');
const TOKEN_MAIN = join(ROOT, 'build/server/token.cjs');
// The host the documented block serves: Chromium resolves it to nginx's port.
const SITE = 'canton.example';
const EDGE = `http://${SITE}`;
// Beyond SHARED_CACHE_SECONDS, the request after the expiry gets the old copy while it is refreshed, the next one the new (as test/server/edge-cache.test.ts).
const REFRESH_MS = 2_000;
const EDGE_BOUND_MS = SHARED_CACHE_SECONDS * 1_000 + REFRESH_MS;
// How long the test goes on looking past the bound, so that a late change is measured rather than only missed.
const EDGE_PATIENCE_MS = 3_000;

let dataDir: string | undefined;
let schema: Awaited<ReturnType<typeof privateSchema>> | null = null;
let server: ChildRun | undefined;
let nginx: RunningNginx | undefined;
let browser: Browser | undefined;
let direct: string;
let token: string;

/** What an HTTP request got back, its body decoded. */
interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** A GET to the server, or to nginx with `host` (`canton.example`) as a visitor's request names it. */
const get = (port: number, path: string, host?: string): Promise<Answer> =>
  new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip', ...(host === undefined ? {} : { host }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        done({ status: response.statusCode ?? 0, headers: response.headers, text });
      });
    });
    call.on('error', fail);
    call.end();
  });

const serverPort = (): number => Number(new URL(direct).port);

/** A request of the content API to the server, with the token. */
const content = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
  const response = await fetch(`${direct}/api/content/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), item: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) };
};

/** One event of a calendar feed as a calendar reads it. */
interface FeedEntry {
  readonly summary: string;
  readonly sequence: number;
  readonly status: string;
}

/** The event whose UID starts with `uidPrefix` in the calendar `text`, or null. */
const feedEntry = (text: string, uidPrefix: string): FeedEntry | null => {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = calendar.getAllSubcomponents('vevent').find((component) => String(component.getFirstPropertyValue('uid')).startsWith(uidPrefix));
  if (event === undefined) return null;
  return {
    summary: String(event.getFirstPropertyValue('summary')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
  };
};

/** A new browser context (nothing cached), closed after `use`. */
const inNewContext = async <T>(use: (page: Page) => Promise<T>): Promise<T> => {
  const context = await browser!.newContext();
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
};

/** What the agenda page at `base` shows of `titles`, once its list has loaded: whether a heading names each. */
const agendaShows = (base: string, titles: readonly string[]): Promise<boolean[]> =>
  inNewContext(async (page) => {
    await openPage(page, `${base}/agenda/`);
    await page.locator('.agenda__results[aria-busy="false"]').waitFor();
    // The list has loaded once its first event is there (the events come from the API after the page).
    await page.locator('.agenda__results .agenda-event').first().waitFor();
    const list = page.getByRole('main');
    return Promise.all(titles.map(async (title) => (await list.getByRole('heading', { name: title, exact: true }).count()) > 0));
  });

const searchSettled = async (page: Page, word: string): Promise<void> => {
  await page.locator('.search-page__results[aria-busy="false"]').waitFor();
  await page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: `« ${word} »` })
    .waitFor();
};

/** The address of the search result named `title` when the search page at `base` finds it for `word` (opened with the query in its address), else null. */
const searchFinds = (base: string, word: string, title: string): Promise<string | null> =>
  inNewContext(async (page) => {
    await openPage(page, `${base}/recherche/?q=${encodeURIComponent(word)}`);
    await searchSettled(page, word);
    const link = page.getByRole('main').getByRole('link', { name: title, exact: true });
    return (await link.count()) > 0 ? link.first().getAttribute('href') : null;
  });

/** What the looks of one check through nginx saw, in ms after the write: when the change first showed, and when each look that missed it was asked. */
interface Watched {
  readonly shown: number | null;
  readonly missed: readonly number[];
  /** How long each look took, in ms. */
  readonly took: readonly number[];
}

/**
 * Looks at each of `checks`, each on its own, again and again until it holds. A look's time is when it was asked: each of its
 * requests went after it. The edge's bound is SHARED_CACHE_SECONDS plus the one request that refreshes an expired copy: that
 * request still gets the old copy, however late it comes, and every later one the new. So the bound holds when the change showed,
 * and at most one look asked after the bound missed it (a look's requests are for different addresses, each refreshed by that same
 * look); before the bound the edge may show either. A look takes a browser a few seconds on a loaded machine: the looks go on past
 * the bound until the change shows, or two looks after the bound and its patience have missed it.
 */
const watchEdge = async (since: number, checks: Readonly<Record<string, () => Promise<boolean>>>): Promise<Record<string, Watched>> =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(checks).map(async ([name, check]): Promise<[string, Watched]> => {
        const missed: number[] = [];
        const took: number[] = [];
        for (;;) {
          const asked = Date.now() - since;
          const held = await check();
          took.push(Date.now() - since - asked);
          if (held) return [name, { shown: asked, missed, took }];
          missed.push(asked);
          if (missed.filter((at) => at > EDGE_BOUND_MS + EDGE_PATIENCE_MS).length >= 2) return [name, { shown: null, missed, took }];
          await new Promise((wait) => setTimeout(wait, 100));
        }
      }),
    ),
  );

/** The checks that broke the bound: never shown, or missed by more than the one look after it that refreshes the copy. */
const late = (watched: Record<string, Watched>): string[] =>
  Object.entries(watched).flatMap(([name, { shown, missed }]) => {
    const after = missed.filter((at) => at > EDGE_BOUND_MS);
    return shown === null || after.length > 1 ? [`${name}: shown ${shown ?? 'never'}, missed by the looks asked at ${after.join(', ')} ms`] : [];
  });

/** Waits for `watching` and `work` both, so that a failure of one never leaves the other running on a closed browser; resolves with what `watching` saw. */
const alongside = async <T>(watching: Promise<T>, work: () => Promise<void>): Promise<T> => {
  const [watched, worked] = await Promise.allSettled([watching, work()]);
  if (worked.status === 'rejected') throw worked.reason;
  if (watched.status === 'rejected') throw watched.reason;
  return watched.value;
};

/** When each check showed, for the log: the edge's timings on this machine. */
const summary = (watched: Record<string, Watched>): string =>
  Object.entries(watched)
    .map(([name, { shown, missed, took }]) => `${name} at ${shown ?? 'never'} ms (${took.length} looks, the last miss asked at ${missed.at(-1) ?? '-'} ms)`)
    .join(', ');

beforeAll(async () => {
  ensureServerBuilt();
  // A build made before the token command existed is otherwise fresh: ensureServerBuilt does not know this output.
  if (!existsSync(TOKEN_MAIN)) execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before the browser tests (npm test does it).');
  dataDir = await seededDataDir();
  if (testBackend() === 'postgres') schema = await privateSchema('content_e2e');
  const storage = { DATA_DIR: dataDir, ...(schema === null ? {} : { DATABASE_URL: schema.url }) };
  server = startServer(dataDir, { ...storage, DIST_DIR: DIST, TRUST_PROXY: '127.0.0.1' });
  direct = `http://127.0.0.1:${await listeningPort(server)}`;
  const made = await promisify(execFile)(process.execPath, [TOKEN_MAIN, 'create', 'e2e-editor'], {
    cwd: ROOT,
    env: { ...process.env, ...storage, LOG_LEVEL: 'warn' },
  });
  token = made.stdout.trim();
  expect(token).toMatch(/^ist_[A-Za-z0-9_-]{43}$/);
  nginx = await startNginx({ upstreamPort: serverPort() });
  // canton.example is nginx, as a visitor's DNS would have it; no HTTPS attempt first, nginx listens without TLS here.
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${SITE} 127.0.0.1:${nginx.port}`, '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable'],
    headless: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await schema?.drop();
  if (dataDir !== undefined) removeDataDir(dataDir);
});

// What the first test changes and the second deletes.
interface Changed {
  readonly id: number;
  readonly uidPrefix: string;
  readonly feedPath: string;
  readonly title: string;
  readonly word: string;
  readonly neighbour: string;
  readonly etagBefore: string;
  readonly etag: string;
  readonly sequence: number;
}

let changed: Changed | undefined;

describe('an event changed and deleted through the content API', () => {
  it('shows its new title on the agenda page, in the search and in the calendar feed: at once, and through nginx within the edge bound', async () => {
    // The agenda the agenda page shows, and an upcoming event of its first screen (not a series, whose dates move).
    const agendaId = /data-agenda-id="?(\d+)/.exec((await get(serverPort(), '/agenda/')).text)?.[1];
    expect(agendaId).toBeDefined();
    const upcoming = JSON.parse((await get(serverPort(), `/api/agenda/${agendaId}/?page_size=20`)).text) as {
      results: { id: number; title: string; bel_date: string; recurrence: unknown }[];
    };
    // One that starts after today: it stays upcoming while the test runs.
    const today = zurichToday(Date.now());
    const event = upcoming.results.find((result) => result.recurrence === null && result.bel_date > today);
    const neighbour = upcoming.results.find((result) => result.id !== event?.id && result.title !== event?.title);
    if (event === undefined || neighbour === undefined) throw new Error(`no single upcoming event on the agenda page: ${JSON.stringify(upcoming.results)}`);
    const uidPrefix = `event-${agendaId}-${event.id}@`;
    const feedPath = `/flux/agenda/${agendaId}.ics`;
    const before = feedEntry((await get(serverPort(), feedPath)).text, uidPrefix);
    expect(before).toMatchObject({ summary: event.title, status: 'CONFIRMED' });

    // A word no content holds, so that the search finds this event alone, and the new title.
    const word = `zephyrin${Date.now().toString(36)}`;
    const title = `Atelier ${word} au Château`;

    // A visitor through nginx before the change: the edge keeps the agenda page and its list, the search for the word (nothing) and the feed.
    await expect(Promise.all([agendaShows(EDGE, [event.title]), searchFinds(EDGE, word, title)])).resolves.toEqual([[true], null]);
    const edgeFeed = await get(nginx!.port, feedPath, SITE);
    expect(feedEntry(edgeFeed.text, uidPrefix)).toEqual(before);

    // The change: read with its ETag, written whole under it.
    const read = await content('GET', `events/${event.id}`);
    expect(read).toMatchObject({ status: 200, etag: expect.stringMatching(/^"[A-Za-z0-9_-]+"$/) as unknown, item: { id: event.id, title: event.title } });
    const put = await content('PUT', `events/${event.id}`, { 'if-match': read.etag! }, { ...read.item, title });
    const written = Date.now();
    expect(put).toMatchObject({ status: 200, item: { ...read.item, title } });
    expect(put.etag).not.toBe(read.etag);
    // Right after it the edge still serves its copy: the bound below is the cache's, not a miss.
    const stale = await get(nginx!.port, feedPath, SITE);
    expect([stale.headers['x-cache-status'], feedEntry(stale.text, uidPrefix)?.summary]).toEqual(['HIT', event.title]);

    // From the server, at once: the agenda page, the search box (typed as a visitor types) and the feed; meanwhile, the same through nginx.
    const path = `/agenda/${event.id}-atelier-${word}-au-chateau/`;
    const edge = watchEdge(written, {
      agenda: async () => (await agendaShows(EDGE, [title]))[0] === true,
      search: async () => (await searchFinds(EDGE, word, title)) === path,
      feed: async () => feedEntry((await get(nginx!.port, feedPath, SITE)).text, uidPrefix)?.summary === title,
    });
    let after: FeedEntry | null = null;
    const seen = await alongside(edge, async () => {
      const [shown, href] = await Promise.all([
        agendaShows(direct, [title, neighbour.title]),
        inNewContext(async (page) => {
          await openPage(page, `${direct}/recherche/`);
          await page.getByRole('main').getByRole('searchbox', { name: 'Rechercher sur le site' }).pressSequentially(word);
          await page.waitForURL(new RegExp(`\\?q=${word}$`));
          await searchSettled(page, word);
          const events = page.getByRole('main').getByRole('region', { name: /^Événements / });
          return events.getByRole('link', { name: title, exact: true }).getAttribute('href');
        }),
      ]);
      expect({ shown, href }).toEqual({ shown: [true, true], href: path });
      after = feedEntry((await get(serverPort(), feedPath)).text, uidPrefix);
      expect(after).toEqual({ summary: title, sequence: expect.any(Number) as unknown, status: 'CONFIRMED' });
      expect(after!.sequence).toBeGreaterThan(before!.sequence);
    });

    // Through nginx, within the edge bound; the feed there is then the server's.
    expect(late(seen)).toEqual([]);
    expect(feedEntry((await get(nginx!.port, feedPath, SITE)).text, uidPrefix)).toEqual(after);
    console.log(`through nginx, the change showed: ${summary(seen)}; bound ${EDGE_BOUND_MS} ms`);
    changed = { id: event.id, uidPrefix, feedPath, title, word, neighbour: neighbour.title, etagBefore: read.etag!, etag: put.etag!, sequence: after!.sequence };
  });

  it('is gone from the agenda page and the search, and cancelled in the calendar feed, after a delete: at once, and through nginx within the edge bound', async () => {
    if (changed === undefined) throw new Error('the change of the first test did not happen');
    const { id, uidPrefix, feedPath, title, word, neighbour, etagBefore, etag, sequence } = changed;
    // A delete under the ETag from before the change is refused: it would delete what its sender never saw.
    expect((await content('DELETE', `events/${id}`, { 'if-match': etagBefore })).status).toBe(412);
    const deleted = await content('DELETE', `events/${id}`, { 'if-match': etag });
    const done = Date.now();
    expect(deleted).toEqual({ status: 204, etag: null, item: null });
    expect((await content('GET', `events/${id}`)).status).toBe(404);

    // From the server, at once: off the agenda page (whose other events still show) and the search, cancelled in the feed; meanwhile, the same through nginx.
    const edge = watchEdge(done, {
      agenda: async () => {
        const [shown, other] = await agendaShows(EDGE, [title, neighbour]);
        return shown === false && other === true;
      },
      search: async () => (await searchFinds(EDGE, word, title)) === null,
      feed: async () => feedEntry((await get(nginx!.port, feedPath, SITE)).text, uidPrefix)?.status === 'CANCELLED',
    });
    const seen = await alongside(edge, async () => {
      await expect(Promise.all([agendaShows(direct, [title, neighbour]), searchFinds(direct, word, title)])).resolves.toEqual([[false, true], null]);
      const cancelled = feedEntry((await get(serverPort(), feedPath)).text, uidPrefix);
      expect(cancelled).toEqual({ summary: title, sequence: expect.any(Number) as unknown, status: 'CANCELLED' });
      expect(cancelled!.sequence).toBeGreaterThan(sequence);
    });

    expect(late(seen)).toEqual([]);
    console.log(`through nginx, the delete showed: ${summary(seen)}; bound ${EDGE_BOUND_MS} ms`);
  });
});
