import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { BUDGETS, pageJsCeiling } from '../../bench/figures';
import { launchBrowser } from '../support/browser';
import { measurePageWeight, SITE_PAGES, type PageWeight } from '../support/page-weight';
import { startSite, type RunningSite } from '../support/site';

// Sizes are stable from one run to the next, so they are tested here; timings stay in `npm run bench`.
const DIST = resolve(__dirname, '../../dist');
let site: RunningSite;
let browser: Browser;
// Each page is loaded once; every test reads the same measurement.
const weights = new Map<string, PageWeight>();

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  for (const { path } of SITE_PAGES) weights.set(path, await measurePageWeight(browser, site.url, path, DIST));
}, 60_000);

afterAll(async () => {
  await browser.close();
  await site.close();
});

describe('the JavaScript a page loads before it is usable', () => {
  it.each(SITE_PAGES.map((page) => [page.name, page.path] as const))('keeps %s within its budget (bench/budgets.json)', (_name, path) => {
    const weight = weights.get(path)!;
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.js.gzip).toBeLessThanOrEqual(pageJsCeiling(path));
  });

  it('loads no sanitizer, vCard or calendar library before the page is usable', () => {
    for (const weight of weights.values()) {
      expect(weight.scripts.filter((name) => /^(sanitized-html|contact-details-content|ics)\./.test(name))).toEqual([]);
    }
  });

  it('holds a ceiling above the goal only for pages that carry React, and never above the goal by more than a third', () => {
    for (const ceiling of BUDGETS.pageJsGzipCeilings) {
      expect(SITE_PAGES.map((page) => page.path)).toContain(ceiling.path);
      expect(ceiling.path).not.toBe('/');
      expect(ceiling.bytes).toBeLessThanOrEqual(BUDGETS.pageJsGzipBytes * (4 / 3));
    }
  });
});
