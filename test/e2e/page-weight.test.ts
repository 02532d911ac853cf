import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { BUDGETS, pageJsBeforeActingBudget } from '../../bench/figures';
import { launchBrowser } from '../support/browser';
import { measurePageWeight, PERMALINK_PAGES, resolveSitePages, SITE_PAGES, type PageWeight, type ResolvedPage } from '../support/page-weight';
import { startSite, type RunningSite } from '../support/site';

// Sizes are stable from one run to the next, so they are tested here; timings stay in `npm run bench`.
// `TEST_DIST_DIR`: a private build, as the site it serves (test/support/site.ts).
const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');
const ALL_PATHS: readonly string[] = [...SITE_PAGES, ...PERMALINK_PAGES].map((page) => page.path);
let site: RunningSite;
let browser: Browser;
let pages: readonly ResolvedPage[] = [];
// Each page is loaded twice, by its budget path: as a reader sees it, and with every island woken.
const before = new Map<string, PageWeight>();
const weights = new Map<string, PageWeight>();

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  pages = await resolveSitePages(site.url);
  for (const { path, url } of pages) {
    before.set(path, await measurePageWeight(browser, site.url, url, DIST, 'before-interaction'));
    weights.set(path, await measurePageWeight(browser, site.url, url, DIST, 'awake'));
  }
}, 240_000);

afterAll(async () => {
  await browser.close();
  await site.close();
});

describe('the JavaScript a page runs or preloads before the visitor acts, until the network is idle', () => {
  it.each(ALL_PATHS.filter((path) => pageJsBeforeActingBudget(path) !== null).map((path) => [path] as const))(
    'keeps %s within 20 KB gzip, prefetches aside (bench/budgets.json)',
    (path) => {
      const weight = before.get(path)!;
      expect(weight.scripts.length).toBeGreaterThan(0);
      expect(weight.js.gzip).toBeLessThanOrEqual(BUDGETS.pageJsBeforeInteractionGzipBytes);
    },
  );

  it('loads no React, no machine and no message catalogue before the visitor acts, but on the cart page', () => {
    for (const [path, weight] of before) {
      if (path === '/panier/') continue;
      expect([path, weight.entry !== null, weight.scripts.filter((name) => name !== weight.entry)]).toEqual([path, true, []]);
    }
  });

  it('prefetches the code of each page’s widget while the browser is idle, without running it', () => {
    for (const [path, weight] of before) {
      if (path === '/panier/') continue;
      // The widget's own chunk is among the prefetched files and among none of those run.
      expect([path, weight.prefetched.some((name) => name.includes('-widget.')), weight.scripts.some((name) => name.includes('-widget.'))]).toEqual([
        path,
        true,
        false,
      ]);
    }
  });
});

describe('the JavaScript a page loads once every island woke, until the network is idle', () => {
  // The pages that missed the budget when it was set, with what they weighed then: they may only shrink.
  const overBudget: Readonly<Record<string, number>> = BUDGETS.pageJsAwakeOverBudget;

  it.each(ALL_PATHS.filter((path) => overBudget[path] === undefined).map((path) => [path] as const))('keeps %s within 140 KB gzip (bench/budgets.json)', (path) => {
    const weight = weights.get(path)!;
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.js.gzip).toBeLessThanOrEqual(BUDGETS.pageJsAwakeGzipBytes);
  });

  it.each(Object.entries(overBudget))(
    'keeps %s, still over 140 KB, from growing past the %i bytes (whole KiB) it weighed when the budget was set',
    (path, recorded) => {
      const weight = weights.get(path)!;
      expect(weight.js.gzip).toBeLessThanOrEqual(recorded);
      // Under the budget, the page leaves the list and is held to 140 KB like the others.
      expect(weight.js.gzip).toBeGreaterThan(BUDGETS.pageJsAwakeGzipBytes);
    },
  );

  it('loads no sanitizer, vCard or calendar library before a list page is hydrated', () => {
    // A permalink page shows one item's details at once (a contact's card, an article's rich text): those chunks are its content.
    for (const { path } of SITE_PAGES) {
      expect([path, weights.get(path)!.scriptsBeforeReady.filter((name) => /^(sanitized-html|contact-details-content|ics)\./.test(name))]).toEqual([path, []]);
    }
  });

  it('loads the calendar writer only on export, and the vCard chunk only where a contact’s details show', () => {
    for (const [path, weight] of weights) {
      const onDemand = path === '/annuaire/{slug}/' ? /^ics\./ : /^(contact-details-content|ics)\./;
      expect(weight.scripts.filter((name) => onDemand.test(name))).toEqual([]);
    }
  });
});
