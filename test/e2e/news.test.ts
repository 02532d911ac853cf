import type { Browser, Page } from 'playwright-core';
import { axeViolations, watchedPage, openPage, wakeIslands } from '../support/browser';
import { PAGE_SIZES } from '../../src/domain/paging';
import { slugify } from '../../src/domain/permalinks';
import { demo, expectedNews } from '../support/demo-expectations';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const PAGE_SIZE = PAGE_SIZES.news;
const categoryTitle = (id: number): string => demo.news_categories.find((category) => category.id === id)!.title;
const plainCount = expectedNews({ scope: 'actualites' }).length;

const openNews = async (query = ''): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await openPage(watched.page, `${site.url}/actualites/${query}`);
  await watched.page.locator('.news__results[aria-busy="false"]').waitFor();
  await watched.page.locator('.news-filters [aria-pressed]').first().waitFor();
  return watched;
};

const filters = (page: Page) => page.getByRole('group', { name: 'Filtrer par catégorie' });
const toggle = (page: Page, id: number) => filters(page).getByRole('button', { name: categoryTitle(id) });
const status = (page: Page) => page.getByRole('status');
const newsIds = (page: Page): Promise<number[]> =>
  page.getByRole('article').evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-news-id'))));

/** Waits until the list shows the first page of the news of `categories` (the plain news when none). */
const showsFirstPageOf = async (page: Page, categories: number[]): Promise<number[]> => {
  const expected = categories.length === 0 ? expectedNews({ scope: 'actualites' }) : expectedNews({ categories });
  const shown = Math.min(PAGE_SIZE, expected.length);
  await page.locator('.news__results[aria-busy="false"]').waitFor();
  await page.waitForFunction(
    (text) => document.querySelector('[role="status"].news__count')?.textContent === text,
    shown < expected.length ? `${expected.length} actualités, ${shown} affichées` : `${shown} actualités`,
  );
  await expect(newsIds(page)).resolves.toEqual(expected.slice(0, shown));
  return expected;
};

describe('the news page', () => {
  it('lists the news of its scope with their date, lead, image and categories; no console error, no axe violation', async () => {
    const { page, errors } = await openNews();
    await showsFirstPageOf(page, []);
    // One page of the scope's news, and the count of all of them.
    await expect(status(page).textContent()).resolves.toBe(`${plainCount} actualités, ${PAGE_SIZE} affichées`);
    const toggles = filters(page).locator('[aria-pressed]');
    await expect(toggles.evaluateAll((buttons) => buttons.map((b) => [b.textContent.replace('✓', ''), b.getAttribute('aria-pressed')]))).resolves.toEqual(
      [1, 2, 3, 4].map((id) => [categoryTitle(id), 'false']),
    );
    await expect(page.getByRole('button', { name: 'Tout afficher' }).getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(page.getByRole('link', { name: 'Afficher plus' }).count()).resolves.toBe(1);

    const first = page.getByRole('article').first();
    const firstId = Number(await first.getAttribute('data-news-id'));
    const item = demo.news.find((news) => news.id === firstId)!;
    // The API names each item by a slug (its title's, with -2, -3… on a collision): the title leads to its page here.
    await expect(first.getByRole('heading', { level: 3 }).getByRole('link', { name: item.title }).getAttribute('href')).resolves.toMatch(
      new RegExp(`^/actualites/${slugify(item.title)}(-\\d+)?/$`),
    );
    await expect(first.locator('time').getAttribute('datetime')).resolves.toBe(item.date);
    await expect(first.locator('time').textContent()).resolves.toMatch(
      /^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
    );
    await expect(first.getByRole('img').getAttribute('alt')).resolves.toBe(item.image_alt);
    // The first cards' images are the largest paint: eager and first in line; the others wait until near.
    await expect(first.getByRole('img').getAttribute('loading')).resolves.toBe('eager');
    await expect(first.getByRole('img').getAttribute('fetchpriority')).resolves.toBe('high');
    await expect(page.getByRole('article').nth(5).getByRole('img').getAttribute('loading')).resolves.toBe('lazy');
    await expect(first.getByRole('list', { name: 'Catégories' }).getByRole('listitem').allTextContents()).resolves.toEqual(item.categories.map(categoryTitle));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('filters, combines, removes and resets categories, keeping them in the address', async () => {
    const { page, errors } = await openNews();
    await toggle(page, 1).click();
    await page.waitForURL(/\?categorie=1$/);
    await expect(toggle(page, 1).getAttribute('aria-pressed')).resolves.toBe('true');
    const politique = await showsFirstPageOf(page, [1]);
    expect(politique.length).toBeGreaterThan(PAGE_SIZE);
    for (const card of await page.getByRole('article').all()) {
      await expect(card.getByRole('list', { name: 'Catégories' }).getByText(categoryTitle(1), { exact: true }).count()).resolves.toBe(1);
    }
    expect(await axeViolations(page)).toEqual([]);

    await toggle(page, 2).click();
    await page.waitForURL(/\?categorie=1&categorie=2$/);
    await showsFirstPageOf(page, [1, 2]);
    await expect(
      page.getByRole('button', { name: /^Retirer le filtre / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    ).resolves.toEqual([`Retirer le filtre ${categoryTitle(1)}`, `Retirer le filtre ${categoryTitle(2)}`]);

    await page.getByRole('button', { name: `Retirer le filtre ${categoryTitle(1)}` }).click();
    await page.waitForURL(/\?categorie=2$/);
    await showsFirstPageOf(page, [2]);
    await expect(toggle(page, 1).getAttribute('aria-pressed')).resolves.toBe('false');
    // The remove button went away with its filter: focus is on the category's toggle.
    await expect(toggle(page, 1).evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // A pressed toggle removes its filter too.
    await toggle(page, 3).click();
    await page.waitForURL(/\?categorie=2&categorie=3$/);
    await showsFirstPageOf(page, [2, 3]);
    await toggle(page, 3).click();
    await page.waitForURL(/\?categorie=2$/);
    await showsFirstPageOf(page, [2]);

    await page.getByRole('button', { name: 'Tout afficher' }).click();
    await page.waitForURL((url) => url.search === '');
    await showsFirstPageOf(page, []);
    await expect(page.getByRole('button', { name: 'Tout afficher' }).getAttribute('aria-disabled')).resolves.toBe('true');

    // Back and Forward move between the selections; a reload keeps the one in the address.
    await page.goBack();
    await page.waitForURL(/\?categorie=2$/);
    await showsFirstPageOf(page, [2]);
    await page.goBack();
    await page.waitForURL(/\?categorie=2&categorie=3$/);
    await showsFirstPageOf(page, [2, 3]);
    await page.reload();
    await showsFirstPageOf(page, [2, 3]);
    await expect(toggle(page, 3).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['the plain list', '', [] as number[]],
    ['a category', '?categorie=1', [1]],
  ])('pages %s with "Afficher plus" from the keyboard, never listing an item twice, and moves focus to the first new item', async (_name, query, categories) => {
    const { page, errors } = await openNews(query);
    const expected = await showsFirstPageOf(page, categories);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    const more = page.getByRole('link', { name: 'Afficher plus' });
    let shown: number = PAGE_SIZE;
    while (shown < expected.length) {
      await more.focus();
      await page.keyboard.press('Enter');
      const next = Math.min(shown + PAGE_SIZE, expected.length);
      await page.waitForFunction((count) => document.querySelectorAll('article').length === count, next);
      const focused = page.getByRole('article').nth(shown).getByRole('link');
      await expect(focused.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
      await expect(page.locator('.news [aria-live="polite"]').textContent()).resolves.toBe(
        next - shown === 1 ? '1 actualité ajoutée' : `${next - shown} actualités ajoutées`,
      );
      shown = next;
    }
    await expect(newsIds(page)).resolves.toEqual(expected);
    await expect(more.count()).resolves.toBe(0);
    await expect(status(page).textContent()).resolves.toBe(`${expected.length} actualités`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('windows a legacy API’s whole array 24 at a time, without asking again', async () => {
    const { page, errors } = await openNews();
    // A backend that ignores paging answers every item at once (and repeats some).
    const items = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, title: `Ancienne actualité ${i + 1}`, date: '2026-01-15' }));
    const requests: string[] = [];
    await page.route(
      (url) => url.pathname === '/api/news/',
      async (route) => {
        requests.push(route.request().url());
        await route.fulfill({ json: [...items, items[0], items[1]] });
      },
    );
    await toggle(page, 2).click();
    await page.waitForFunction((text) => document.querySelector('[role="status"].news__count')?.textContent === text, `60 actualités, ${PAGE_SIZE} affichées`);
    await expect(page.getByRole('article').count()).resolves.toBe(PAGE_SIZE);
    await page.getByRole('link', { name: 'Afficher plus' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('article').length === count, PAGE_SIZE * 2);
    await expect(page.getByRole('article').nth(PAGE_SIZE).getByRole('heading', { level: 3 }).textContent()).resolves.toBe(`Ancienne actualité ${PAGE_SIZE + 1}`);
    await page.getByRole('link', { name: 'Afficher plus' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 60);
    await expect(page.getByRole('link', { name: 'Afficher plus' }).count()).resolves.toBe(0);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('page_size')).toBe(String(PAGE_SIZE));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says when the news cannot be loaded, and recovers with the retry button', async () => {
    const { page } = await watchedPage(browser);
    // The first screen comes with the page; the next selection is the one that fails.
    await openPage(page, `${site.url}/actualites/`);
    await page.route('**/api/news/**', (route) => route.abort());
    await page.getByRole('button', { name: categoryTitle(1), exact: true }).click();
    await page.getByRole('alert').getByText("Les actualités n'ont pas pu être chargées.").waitFor();
    await page.unroute('**/api/news/**');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await showsFirstPageOf(page, [1]);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('writes dates and controls in English after the language switch', async () => {
    const { page, errors } = await openNews('?categorie=1');
    await page.getByRole('link', { name: 'EN – English' }).click();
    await page.waitForURL(/\/en\//);
    await wakeIslands(page);
    await page.getByRole('link', { name: 'Show more' }).waitFor();
    await expect(page.getByRole('article').first().locator('time').textContent()).resolves.toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByRole('button', { name: `Remove the filter ${categoryTitle(1)}` }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
