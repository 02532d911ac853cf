import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { resolveSitePages, type ResolvedPage } from '../support/page-weight';
import { startRenderedSite, type RenderedSite } from '../support/rendered-pages';

jest.setTimeout(120_000);

let site: RenderedSite;
let browser: Browser;
let pages: ResolvedPage[];

beforeAll(async () => {
  [site, browser] = await Promise.all([startRenderedSite(), launchBrowser()]);
  pages = await resolveSitePages(site.url);
});

afterAll(async () => {
  await closeOpened(browser, site);
});

/**
 * WCAG 1.4.10 (reflow): at 320 CSS pixels wide, and at 200 % zoom of a 1280 px window (640 CSS
 * pixels, two device pixels each), nothing makes the page scroll sideways. The widths of what
 * sticks out are named, so a failure says which element to fix.
 */
const overflowAt = async (url: string, width: number, scale: number): Promise<string[]> => {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: scale });
  try {
    const page = await context.newPage();
    await openPage(page, `${site.url}${url}`);
    return await page.evaluate((viewport) => {
      if (document.documentElement.scrollWidth <= viewport) return [];
      return [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
        .slice(0, 5)
        .map(
          (element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}: right edge at ${Math.round(element.getBoundingClientRect().right)} px`,
        );
    }, width);
  } finally {
    await context.close();
  }
};

describe('every page reflows (WCAG 1.4.10)', () => {
  it('at 320 CSS pixels wide, with no sideways scrolling', async () => {
    for (const page of pages) expect({ page: page.path, overflow: await overflowAt(page.url, 320, 1) }).toEqual({ page: page.path, overflow: [] });
  });

  it('at 200 % zoom of a 1280 px window, with no sideways scrolling', async () => {
    for (const page of pages) expect({ page: page.path, overflow: await overflowAt(page.url, 640, 2) }).toEqual({ page: page.path, overflow: [] });
  });
});
