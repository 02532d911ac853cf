import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../server/http/app';
import { launchBrowser } from '../test/support/browser';
import { percentile, type Figure } from './figures';
import { openLargeDatabase } from './large-database';

// The time from navigation start to the first painted card of each page's widget, and the
// page's JS heap once it has settled, on the large database, several fresh pages each.
// Baseline, same run and page: the moment the widget's own answer had fully arrived (its API
// call's `responseEnd`), or for the pages without an API call, its script's `responseEnd`.
// So the ratio reads as "how much later than its data the widget shows it".
const DIST = resolve('dist');
const RUNS = Number(process.env['BENCH_FIRST_RENDER_RUNS'] ?? 5);
// A list committed whole can take minutes on the large database: the limit says when to give up.
const TIMEOUT_MS = Number(process.env['BENCH_FIRST_RENDER_TIMEOUT_MS'] ?? 180_000);
// A comma-separated choice of page names (`annuaire,agenda`), to measure a few pages only.
const ONLY = process.env['BENCH_FIRST_RENDER_PAGES']?.split(',') ?? null;
const BENCHMARK = 'first render (large database)';
const HEAP_BENCHMARK = 'JS heap after settling (large database)';

interface PageUnderTest {
  readonly name: string;
  readonly path: string;
  /** The widget's cards; placeholders excluded. */
  readonly card: string;
  /** What the baseline resource's URL matches, and how the baseline is named. */
  readonly baseline: { readonly resource: string; readonly name: string };
  /** Local storage to set before the page starts (the cart reads its lines from it). */
  readonly storage?: Readonly<Record<string, string>>;
}

const CART_LINES = Array.from({ length: 8 }, (_, i) => ({ variant_id: String(i + 1), quantity: 1 + (i % 3), price: 12.5 + i, title: `Publication ${i + 1}` }));

const PAGES: readonly PageUnderTest[] = [
  {
    name: 'annuaire',
    path: '/annuaire/',
    card: '.contact-card:not(.contact-card--placeholder)',
    baseline: { resource: '/api/contacts/', name: 'GET /api/contacts/ answered (responseEnd)' },
  },
  {
    name: 'agenda',
    path: '/agenda/',
    card: '.agenda-event:not(.agenda-event--placeholder)',
    baseline: { resource: '/api/agenda/', name: 'GET /api/agenda/… answered (responseEnd)' },
  },
  {
    name: 'actualités',
    path: '/actualites/',
    card: '.news-card:not(.news-card--placeholder)',
    baseline: { resource: '/api/news/', name: 'GET /api/news/… answered (responseEnd)' },
  },
  {
    name: 'boutique',
    path: '/boutique/',
    card: '.shop-item',
    baseline: { resource: '/api/shop/items/', name: 'GET /api/shop/items/ answered (responseEnd)' },
  },
  {
    name: 'panier (8 lines)',
    path: '/panier/',
    card: '.cart-table tbody tr',
    baseline: { resource: '/cart-widget.', name: 'cart widget script loaded (responseEnd)' },
    storage: { cartItems: JSON.stringify(CART_LINES), shippingMethod: JSON.stringify('post') },
  },
  {
    name: 'accueil',
    path: '/',
    card: '.home-section',
    baseline: { resource: '/home-widget.', name: 'home widget script loaded (responseEnd)' },
  },
];

/**
 * Runs in the page before its own scripts: marks the first card as it enters the DOM, so that
 * Element Timing reports when it was painted; rAF + setTimeout stands in where that is missing.
 */
// Kept as text: tsx would wrap named functions in a helper the page lacks.
export const IN_PAGE_WATCH = (card: string): string => `(() => {
  const state = { inserted: -1, painted: -1, elementTiming: -1, lastMutation: 0 };
  window.__firstRender = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === 'first-card' && state.elementTiming < 0) state.elementTiming = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
  new MutationObserver(() => {
    state.lastMutation = performance.now();
    if (state.inserted >= 0) return;
    const found = document.querySelector(${JSON.stringify(card)});
    if (!found) return;
    state.inserted = performance.now();
    // Element Timing reports text through its parent element, so every element of the card is marked.
    for (const element of [found, ...found.querySelectorAll('*')]) element.setAttribute('elementtiming', 'first-card');
    requestAnimationFrame(() => setTimeout(() => { state.painted = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true });
})()`;

interface RunState {
  readonly inserted: number;
  readonly painted: number;
  readonly elementTiming: number;
  readonly lastMutation: number;
}

const readState = (page: Page): Promise<RunState> => page.evaluate<RunState>('window.__firstRender');

const baselineTime = (page: Page, resource: string): Promise<number> =>
  page.evaluate<number>(
    `Math.max(-1, ...performance.getEntriesByType('resource').filter((e) => e.name.includes(${JSON.stringify(resource)})).map((e) => e.responseEnd))`,
  );

/** Waits until the page's DOM has not changed for `quietMs` (the progressive lists have finished). */
const settle = async (page: Page, quietMs = 1_000, timeoutMs = TIMEOUT_MS): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { lastMutation } = await readState(page);
    const now = await page.evaluate<number>('performance.now()');
    if (now - lastMutation >= quietMs) return;
    await page.waitForTimeout(250);
  }
};

interface RunResult {
  readonly firstCard: number;
  readonly baseline: number;
  readonly heapMB: number;
}

const measureOnce = async (browser: Browser, base: string, target: PageUnderTest): Promise<RunResult> => {
  // A fresh context: no cache, no storage, nothing of the previous run.
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    if (target.storage) {
      await page.addInitScript(`for (const [key, value] of Object.entries(${JSON.stringify(target.storage)})) localStorage.setItem(key, value);`);
    }
    await page.addInitScript(IN_PAGE_WATCH(target.card));
    await page.goto(`${base}${target.path}`);
    await page.locator(target.card).first().waitFor({ timeout: TIMEOUT_MS });
    await page.waitForFunction('window.__firstRender.painted >= 0', undefined, { timeout: TIMEOUT_MS });
    // Element Timing entries are queued a little after the paint.
    await page.waitForTimeout(50);
    const state = await readState(page);
    const firstCard = state.elementTiming > 0 ? state.elementTiming : state.painted;
    const baseline = await baselineTime(page, target.baseline.resource);
    await settle(page);
    const cdp = await context.newCDPSession(page);
    // Garbage collected first, so the figure is what the page keeps rather than what it left.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    return { firstCard, baseline, heapMB: heap / 1_048_576 };
  } finally {
    await context.close();
  }
};

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** The first-render and heap figures of every widget page, medians of `BENCH_FIRST_RENDER_RUNS` fresh pages. */
export const firstRender = async (): Promise<Figure[]> => {
  const { db, mediaDir } = await openLargeDatabase();
  const app = buildApp({ db, distDir: DIST, mediaDir });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  try {
    const results = new Map<PageUnderTest, RunResult[]>();
    const chosen = PAGES.filter((target) => ONLY === null || ONLY.some((name) => target.name.startsWith(name)));
    for (const target of chosen) {
      // One run first, not counted: it warms the database, the server and the browser alike.
      await measureOnce(browser, base, target);
      const runs: RunResult[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser, base, target));
      results.set(target, runs);
    }
    const home = results.get(PAGES.at(-1)!);
    const homeHeap = home
      ? percentile(
          home.map((run) => run.heapMB),
          50,
        )
      : null;
    return chosen.flatMap((target): Figure[] => {
      const runs = results.get(target) ?? [];
      const heap = percentile(
        runs.map((run) => run.heapMB),
        50,
      );
      return [
        {
          benchmark: BENCHMARK,
          name: `${target.name}, first card painted, median of ${RUNS}`,
          unit: 'ms',
          value: round(
            percentile(
              runs.map((run) => run.firstCard),
              50,
            ),
            1,
          ),
          baseline: {
            name: target.baseline.name,
            value: round(
              percentile(
                runs.map((run) => run.baseline),
                50,
              ),
              1,
            ),
          },
        },
        {
          benchmark: HEAP_BENCHMARK,
          name: `${target.name}, after GC, median of ${RUNS}`,
          unit: 'MB',
          value: round(heap, 2),
          baseline: target.path === '/' || homeHeap === null ? null : { name: 'accueil (plain DOM home page)', value: round(homeHeap, 2) },
        },
      ];
    });
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
};
