import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { BUDGETS, pageJsCeiling } from '../../bench/figures';
import { launchBrowser } from '../support/browser';
import { measurePageWeight, SITE_PAGES } from '../support/page-weight';
import { startSite, type RunningSite } from '../support/site';

// Sizes are stable from one run to the next, so they are tested here; timings stay in `npm run bench`.
const DIST = resolve(__dirname, '../../dist');
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  await site.close();
});

describe('the JavaScript a page loads before it is usable', () => {
  it.each(SITE_PAGES.map((page) => [page.name, page.path] as const))('keeps %s within its budget (bench/budgets.json)', async (_name, path) => {
    const weight = await measurePageWeight(browser, site.url, path, DIST);
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.js.gzip).toBeLessThanOrEqual(pageJsCeiling(path));
  });

  it('loads no sanitizer, vCard or calendar library before the page is usable', async () => {
    for (const { path } of SITE_PAGES) {
      const weight = await measurePageWeight(browser, site.url, path, DIST);
      expect(weight.scripts.filter((name) => /^(sanitized-html|contact-details-content|ics)\./.test(name))).toEqual([]);
    }
  }, 60_000);

  it('holds a ceiling above the goal only for pages that carry React, and never above the goal by more than a third', () => {
    for (const ceiling of BUDGETS.pageJsGzipCeilings) {
      expect(SITE_PAGES.map((page) => page.path)).toContain(ceiling.path);
      expect(ceiling.path).not.toBe('/');
      expect(ceiling.bytes).toBeLessThanOrEqual(BUDGETS.pageJsGzipBytes * (4 / 3));
    }
  });
});
