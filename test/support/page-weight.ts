import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { reachForIslands } from './browser';

/** A page of the site: a short name for tables and the path budgets are keyed by (`{slug}` where the data names it). */
export interface SitePageSpec {
  readonly name: string;
  readonly path: string;
}

/** The site's section pages, by path, with a short name for tables. */
export const SITE_PAGES = [
  { name: 'accueil', path: '/' },
  { name: 'agenda', path: '/agenda/' },
  { name: 'annuaire', path: '/annuaire/' },
  { name: 'actualités', path: '/actualites/' },
  { name: 'boutique', path: '/boutique/' },
  { name: 'panier', path: '/panier/' },
  { name: 'accessibilité', path: '/accessibilite/' },
  { name: 'recherche', path: '/recherche/' },
  { name: 'annuaire (en)', path: '/en/annuaire/' },
] as const satisfies readonly SitePageSpec[];

/** The permalink pages: the first of each kind the sitemap lists, since which ones exist depends on the database. */
export const PERMALINK_PAGES = [
  { name: 'contact', path: '/annuaire/{slug}/', pattern: /^\/annuaire\/[^/]+\/$/ },
  { name: 'événement', path: '/agenda/{id}-{slug}/', pattern: /^\/agenda\/[^/]+\/$/ },
  { name: 'actualité', path: '/actualites/{slug}/', pattern: /^\/actualites\/[^/]+\/$/ },
] as const;

/** Every page a benchmark or test visits, with the address it is loaded from on this server. */
export interface ResolvedPage extends SitePageSpec {
  readonly url: string;
}

// The list pages do not all link their items' pages (the agenda opens an event in place), while
// the sitemap lists every permalink the database has, on any database.
const sitemapPaths = async (baseUrl: string): Promise<AsyncGenerator<string>> => {
  const locs = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, '&')).pathname);
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return (async function* paths() {
    if (!index.includes('<sitemapindex')) {
      yield* locs(index);
      return;
    }
    for (const file of locs(index)) yield* locs(await (await fetch(`${baseUrl}${file}`)).text());
  })();
};

/** The section pages and the first permalink of each kind, as the server at `baseUrl` lists them. */
export const resolveSitePages = async (baseUrl: string): Promise<ResolvedPage[]> => {
  const found = new Map<string, string>();
  for await (const path of await sitemapPaths(baseUrl)) {
    const kind = PERMALINK_PAGES.find((page) => !found.has(page.name) && page.pattern.test(path));
    if (kind !== undefined) found.set(kind.name, path);
    if (found.size === PERMALINK_PAGES.length) break;
  }
  const permalinks = PERMALINK_PAGES.map(({ name, path }) => {
    const url = found.get(name);
    if (url === undefined) throw new Error(`The sitemap lists no ${name} page: is the database empty?`);
    return { name, path, url };
  });
  return [...SITE_PAGES.map((page) => ({ ...page, url: page.path })), ...permalinks];
};

/** Bytes of one kind of asset, as served: plain, gzip and brotli (the precompressed copies in dist/). */
export interface Bytes {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

/** What a page loads: its scripts and style sheets, file by file and summed. */
export interface PageWeight {
  readonly path: string;
  /** Every script the page ran or preloaded until the network stayed idle after hydration (entry, chunks, idle-loaded chunks); prefetches aside. */
  readonly scripts: readonly string[];
  /** The scripts only prefetched (`<link rel="prefetch">`, asked with `Sec-Purpose: prefetch`): fetched at the lowest priority, not run. */
  readonly prefetched: readonly string[];
  /** The page's entry script, the loader (Parcel names it after the checkout's folder: `main.…js` here, another name elsewhere). */
  readonly entry: string | null;
  /** The scripts already asked for when every widget container had `data-ready`. */
  readonly scriptsBeforeReady: readonly string[];
  readonly styles: readonly string[];
  readonly js: Bytes;
  readonly css: Bytes;
}

// How long the network must stay quiet after hydration before the page is taken as settled:
// chunks asked for on idle (DOMPurify on the agenda) start within this once the widget has run.
const QUIET_MS = 2_000;
const SETTLE_TIMEOUT_MS = 30_000;

const sum = (distDir: string, names: readonly string[]): Bytes => {
  const size = (name: string): number => statSync(join(distDir, name)).size;
  return names.reduce<Bytes>(
    (total, name) => ({
      raw: total.raw + size(name),
      gzip: total.gzip + size(`${name}.gz`),
      brotli: total.brotli + size(`${name}.br`),
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
};

/**
 * When a page's scripts are counted: `before-interaction`, as a visitor who only reads (the
 * page's load, the islands that wake by themselves, then 2 s of idle network); `awake`, after
 * a pointer down in every widget container woke each island, then 2 s of idle network.
 */
export type WeightMoment = 'before-interaction' | 'awake';

/**
 * Loads a page of the built site in Chromium and gives every script and style sheet it loads
 * until the moment named, then until the network has been idle for 2 s, so chunks loaded
 * later (idle-loaded ones) count as the visitor pays for them.
 */
export const measurePageWeight = async (browser: Browser, baseUrl: string, path: string, distDir: string, moment: WeightMoment = 'awake'): Promise<PageWeight> => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const origin = new URL(baseUrl).origin;
    // Requests seen by the browser rather than Resource Timing: its buffer is bounded, and an
    // image-heavy page could push a late chunk out of it.
    const requested: string[] = [];
    const prefetches: string[] = [];
    const inFlight = new Set<Request>();
    let lastActivity = Date.now();
    page.on('request', (request) => {
      inFlight.add(request);
      lastActivity = Date.now();
      const url = new URL(request.url());
      // A prefetch (`<link rel="prefetch">`, reported as `other`, with `Sec-Purpose: prefetch` when it reaches the network) is not run:
      // it is counted apart, and a script counts when the page asks for it to run.
      const prefetch = url.pathname.endsWith('.js') && request.resourceType() !== 'script';
      if (url.origin === origin) (prefetch ? prefetches : requested).push(url.pathname.slice(1));
    });
    const done = (request: Request): void => {
      inFlight.delete(request);
      lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await page.goto(`${baseUrl}${path}`);
    if (moment === 'awake') await reachForIslands(page);
    await page.waitForFunction(
      (awake) => {
        // Before any interaction only the islands that wake with the page (the cart's) are awaited.
        const containers = [...document.querySelectorAll<HTMLElement>('[data-widget]')].filter((container) => awake || container.dataset.wake === 'load');
        return document.readyState === 'complete' && containers.every((container) => container.hasAttribute('data-ready'));
      },
      moment === 'awake',
      { timeout: SETTLE_TIMEOUT_MS },
    );
    const beforeReady = [...requested];
    const entry = await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src')?.replace(/^\//, '') ?? null);
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${path}: the network never stayed idle for ${QUIET_MS} ms`);
      await page.waitForTimeout(100);
    }
    const only = (names: readonly string[], extension: string): string[] => [...new Set(names.filter((name) => name.endsWith(extension)))].sort();
    const scripts = only(requested, '.js');
    const styles = only(requested, '.css');
    return {
      path,
      scripts,
      prefetched: only(prefetches, '.js').filter((name) => !scripts.includes(name)),
      entry,
      scriptsBeforeReady: only(beforeReady, '.js'),
      styles,
      js: sum(distDir, scripts),
      css: sum(distDir, styles),
    };
  } finally {
    await context.close();
  }
};
