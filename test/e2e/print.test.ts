import type { Browser, Page } from 'playwright-core';
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

const printed = async (path: string): Promise<Page> => {
  const page = await browser.newPage();
  await openPage(page, `${site.url}${path}`);
  await page.emulateMedia({ media: 'print' });
  return page;
};

const visible = (page: Page, selector: string): Promise<number> =>
  page
    .locator(selector)
    .evaluateAll(
      (elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null || getComputedStyle(element).position === 'fixed').length,
    );

describe('the print style sheet', () => {
  it('prints the directory as a compact list: names and contact lines, no navigation, filters, buttons or pictures', async () => {
    const page = await printed('/annuaire/');
    await expect(visible(page, '.contact-card')).resolves.toBeGreaterThan(0);
    await expect(visible(page, '.contact-card__title')).resolves.toBeGreaterThan(0);
    for (const hidden of ['.site-nav', 'form', 'button', 'img', '.contact-card__more', '.site-footer']) await expect(visible(page, hidden)).resolves.toBe(0);
    // No card is cut across two pages.
    await expect(
      page
        .locator('.contact-card')
        .first()
        .evaluate((card) => getComputedStyle(card).breakInside),
    ).resolves.toBe('avoid');
    await expect(page.locator('.directory-grid').evaluate((grid) => getComputedStyle(grid).display)).resolves.toBe('block');
    await page.close();
  });

  it('prints the agenda as a dated list without its filters and buttons', async () => {
    const page = await printed('/agenda/');
    await expect(visible(page, '.agenda-event')).resolves.toBeGreaterThan(0);
    await expect(visible(page, '.agenda-month__title')).resolves.toBeGreaterThan(0);
    for (const hidden of ['.filter-bar', 'button', '.agenda-event__calendar', '.site-nav']) await expect(visible(page, hidden)).resolves.toBe(0);
    await expect(
      page
        .locator('.agenda-event')
        .first()
        .evaluate((event) => getComputedStyle(event).breakInside),
    ).resolves.toBe('avoid');
    await page.close();
  });

  it("prints the home page's next events and latest news as a plain list, without the search form or the navigation", async () => {
    const page = await printed('/');
    await expect(visible(page, '.home-item')).resolves.toBe(6);
    for (const hidden of ['.site-nav', 'form', '.site-footer']) await expect(visible(page, hidden)).resolves.toBe(0);
    await expect(
      page
        .locator('.home-item')
        .first()
        .evaluate((item) => getComputedStyle(item).breakInside),
    ).resolves.toBe('avoid');
    await page.close();
  });

  it('prints the accessibility statement whole', async () => {
    const page = await printed('/accessibilite/');
    // The software's own parts, then the institution's, from its site profile.
    await expect(visible(page, '.statement__section')).resolves.toBe(4);
    await expect(visible(page, '.statement__institution h2')).resolves.toBe(4);
    for (const hidden of ['.site-nav', '.site-footer']) await expect(visible(page, hidden)).resolves.toBe(0);
    await page.close();
  });

  it('prints a news article as its text, its links followed by their address', async () => {
    const article = pages.find((page) => page.name === 'actualité');
    if (article === undefined) throw new Error('no news item page in the sitemap');
    const page = await printed(article.url);
    await expect(visible(page, '.news-article__content')).resolves.toBe(1);
    for (const hidden of ['.site-nav', '.news-article__back', '.site-footer']) await expect(visible(page, hidden)).resolves.toBe(0);
    await expect(visible(page, '.news-article__body')).resolves.toBe(1);
    // The demo's texts hold no outside link: one is added, as an institution's article would have.
    await page.locator('.news-article__body').evaluate((body) => {
      const link = document.createElement('a');
      link.href = 'https://www.canton.example/lois/';
      link.textContent = 'la loi';
      body.append(link);
    });
    const external = page.locator('.news-article__body a[href^="http"]');
    await expect(external.evaluate((link) => getComputedStyle(link, '::after').content)).resolves.toBe('" (https://www.canton.example/lois/)"');
    await page.close();
  });
});
