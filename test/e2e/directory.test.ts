import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, watchedPage, openPage } from '../support/browser';
import { startSite, type RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const openDirectory = async (query = '', width = 1280): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await watched.page.setViewportSize({ width, height: 900 });
  await openPage(watched.page, `${site.url}/annuaire/${query}`);
  await watched.page.getByRole('article').first().waitFor();
  return watched;
};

const cardTitles = (page: Page): Promise<string[]> =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un nom' });
const categorySelect = (page: Page) => page.getByRole('combobox', { name: 'Catégorie' });

/** Waits until the grid shows the answer for the filters on screen. */
const settled = (page: Page) => page.locator('[aria-busy="false"]').waitFor();
// The first screen of cards comes at once, the rest in steps: wait until every one is in the page.
const allCards = (page: Page, count: number) => page.waitForFunction((n) => document.querySelectorAll('article').length >= n, count);

describe('the directory page', () => {
  it('lists every contact, with no console error and no axe violation', async () => {
    const { page, errors } = await openDirectory();
    await allCards(page, 150);
    await expect(page.getByRole('heading', { name: 'Filtres' }).isVisible()).resolves.toBe(true);
    await expect(searchBox(page).getAttribute('placeholder')).resolves.toBe('Recherche du nom');
    await expect(categorySelect(page).locator('option').first().textContent()).resolves.toBe('Sélectionner une catégorie');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('searches the name at each key release, accents aside, and keeps the text in the address', async () => {
    const { page, errors } = await openDirectory();
    await searchBox(page).pressSequentially('hel');
    await page.waitForURL(/\?q=hel$/);
    await settled(page);
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => fold(title).includes('hel'))).toBe(true);
    expect(titles.some((title) => title.includes('Hélène'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('combines the category with the text, clears the text back to the category, and moves back and forward', async () => {
    const { page } = await openDirectory();
    await categorySelect(page).selectOption('Grand Conseil');
    await page.waitForURL(/categorie=Grand\+Conseil/);
    await searchBox(page).pressSequentially('hel');
    await page.waitForURL(/categorie=Grand\+Conseil&q=hel$/);
    await settled(page);
    const both = await cardTitles(page);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((title) => fold(title).includes('hel'))).toBe(true);
    for (const card of await page.getByRole('article').all()) {
      await expect(card.getByRole('list', { name: 'Catégories' }).getByText('Grand Conseil', { exact: true }).count()).resolves.toBe(1);
    }

    await page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await expect(searchBox(page).inputValue()).resolves.toBe('');
    await expect(page.getByRole('button', { name: 'Effacer la recherche' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('search');
    await page.waitForURL(/\?categorie=Grand\+Conseil$/);
    await settled(page);
    expect((await cardTitles(page)).length).toBeGreaterThan(both.length);

    await page.goBack();
    await page.waitForURL(/q=hel$/);
    await expect(searchBox(page).inputValue()).resolves.toBe('hel');
    await settled(page);
    await expect(cardTitles(page)).resolves.toEqual(both);

    await page.reload();
    await page.getByRole('article').first().waitFor();
    await expect(searchBox(page).inputValue()).resolves.toBe('hel');
    await expect(categorySelect(page).inputValue()).resolves.toBe('Grand Conseil');
    await expect(cardTitles(page)).resolves.toEqual(both);
    await page.context().close();
  });

  it('says when nothing matches and clears the filters from there', async () => {
    const { page } = await watchedPage(browser);
    await openPage(page, `${site.url}/annuaire/?q=zzzz`);
    await page.getByText('Aucun contact ne correspond à votre recherche').waitFor();
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await page.getByRole('article').first().waitFor();
    await allCards(page, 150);
    await page.context().close();
  });

  it('shows a message and a retry button when the call fails, and recovers', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    // The first screen comes with the page; the next search is the one that fails.
    await openPage(page, `${site.url}/annuaire/`);
    await page.route('**/api/contacts/**', (route) => route.abort());
    await searchBox(page).press('a');
    await page.getByRole('alert').getByText("L'annuaire n'a pas pu être chargé.").waitFor();
    await page.unroute('**/api/contacts/**');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('article').first().waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('opens the details in a modal dialog that keeps focus, closes with Escape, and gives focus back', async () => {
    const { page, errors } = await openDirectory('?q=helene');
    const first = page.getByRole('article').first();
    const title = await first.getByRole('heading').textContent();
    // A link to the contact's own page, which a plain click opens in the modal instead.
    const more = first.getByRole('link', { name: `Plus d'informations sur ${title}` });
    await expect(more.getAttribute('href')).resolves.toMatch(/^\/annuaire\/[a-z0-9-]+\/$/);
    await more.click();
    const dialog = page.getByRole('dialog', { name: title! });
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(dialog.getByRole('heading', { name: 'Registre des intérêts' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('link', { name: 'Télécharger la vCard' }).getAttribute('download')).resolves.toMatch(/\.vcf$/);
    expect(await axeViolations(page)).toEqual([]);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(more.evaluate((link) => link === document.activeElement)).resolves.toBe(true);

    await more.click();
    await page.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await more.click();
    await page.mouse.click(5, 5);
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    [1600, 3],
    [1200, 2],
    [500, 1],
  ])('lays the cards out in columns at %i px wide: %i', async (width, columns) => {
    const { page } = await openDirectory('', width);
    const grid = page.locator('.directory-grid');
    await expect(grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)).resolves.toBe(columns);
    const lefts = await page.getByRole('article').evaluateAll((cards) => [...new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(columns);
    await page.context().close();
  });
});
