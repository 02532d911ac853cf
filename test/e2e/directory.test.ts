import type { Browser, Page } from 'playwright-core';
import { PAGE_SIZES } from '../../src/domain/paging';
import { axeViolations, watchedPage, openPage, wakeIslands } from '../support/browser';
import { demo } from '../support/demo-expectations';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

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
const settled = (page: Page) => page.locator('.directory__results[aria-busy="false"]').waitFor();
const PAGE_SIZE = PAGE_SIZES.contacts;
const cardCount = (page: Page, count: number) => page.waitForFunction((n) => document.querySelectorAll('article').length === n, count);
const more = (page: Page) => page.getByRole('link', { name: 'Afficher plus' });
const focusedHeading = (page: Page): Promise<string | null> =>
  page.evaluate(() => (document.activeElement?.tagName === 'H3' ? document.activeElement.textContent : null));

describe('the directory page', () => {
  it('shows the first page of contacts and the count of all, with no console error and no axe violation', async () => {
    const { page, errors } = await openDirectory();
    await cardCount(page, PAGE_SIZE);
    await expect(page.getByRole('status').textContent()).resolves.toBe(`${demo.contacts.length} contacts`);
    await expect(more(page).isVisible()).resolves.toBe(true);
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
    await cardCount(page, PAGE_SIZE);
    await page.getByRole('status').getByText(`${demo.contacts.length} contacts`).waitFor();
    await page.context().close();
  });

  it('adds a page of cards at each "Afficher plus" from the keyboard, moves focus to the first new one, and says how many came', async () => {
    const { page, errors } = await openDirectory();
    await cardCount(page, PAGE_SIZE);
    const first = await cardTitles(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    let shown: number = PAGE_SIZE;
    while (shown < demo.contacts.length) {
      await more(page).focus();
      await page.keyboard.press('Enter');
      const next = Math.min(shown + PAGE_SIZE, demo.contacts.length);
      await cardCount(page, next);
      // The link acts in place once the script runs, and the address says how many pages the list shows (a reload keeps them).
      await page.waitForURL(new RegExp(`/annuaire/\\?page=${Math.ceil(next / PAGE_SIZE)}$`));
      const titles = await cardTitles(page);
      await expect(focusedHeading(page)).resolves.toBe(titles[shown]);
      await expect(page.locator('.directory [aria-live="polite"]').textContent()).resolves.toBe(`${next - shown} contacts ajoutés`);
      shown = next;
    }
    const titles = await cardTitles(page);
    // Every contact once (each has its own page), the first page where it was.
    expect(titles.slice(0, PAGE_SIZE)).toEqual(first);
    const links = await page.getByRole('link', { name: /^Plus d'informations sur / }).evaluateAll((all) => all.map((link) => link.getAttribute('href')));
    expect(new Set(links).size).toBe(demo.contacts.length);
    await expect(more(page).count()).resolves.toBe(0);
    await expect(page.getByRole('status').textContent()).resolves.toBe(`${demo.contacts.length} contacts`);
    await expect(page.locator('html[data-same-document]').count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cancels a running "Afficher plus" with a newer search, which alone is shown', async () => {
    const { page } = await openDirectory();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/contacts/' && url.searchParams.has('cursor'),
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    await more(page).click();
    await searchBox(page).pressSequentially('hel');
    await page.waitForURL(/\?q=hel$/);
    await settled(page);
    release();
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => fold(title).includes('hel'))).toBe(true);
    await page.context().close();
  });

  it('renders one page of a legacy API’s whole array of 10,000 contacts, and reveals the next without a request', async () => {
    const { page, errors } = await openDirectory();
    const contacts = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, title: `Contact ${String(i + 1).padStart(5, '0')}`, type_contact: 'Personne' }));
    const requests: string[] = [];
    // A backend that ignores paging answers every contact at once.
    await page.route(
      (url) => url.pathname === '/api/contacts/',
      async (route) => {
        requests.push(route.request().url());
        await route.fulfill({ json: contacts });
      },
    );
    await searchBox(page).press('c');
    await page.getByRole('status').getByText('10 000 contacts').or(page.getByRole('status').getByText('10 000 contacts')).waitFor();
    await cardCount(page, PAGE_SIZE);
    await more(page).click();
    await cardCount(page, PAGE_SIZE * 2);
    await expect(focusedHeading(page)).resolves.toBe(`Contact ${String(PAGE_SIZE + 1).padStart(5, '0')}`);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('page_size')).toBe(String(PAGE_SIZE));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the permalink of a contact beyond the first page in its modal, and closing it goes back to the directory', async () => {
    const watched = await watchedPage(browser);
    const { page, errors } = watched;
    const answer = (await (await page.request.get(`${site.url}/api/contacts/?page_size=100`)).json()) as { results: { title: string; slug: string }[] };
    const contact = answer.results[PAGE_SIZE + 12]!;
    const response = await page.goto(`${site.url}/annuaire/${contact.slug}/`);
    expect(response?.status()).toBe(200);
    await wakeIslands(page);
    const dialog = page.getByRole('dialog', { name: contact.title });
    await dialog.waitFor();
    // Not one of the cards: the contact was asked for by itself.
    await expect(cardTitles(page)).resolves.not.toContain(contact.title);
    await dialog.getByRole('link', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/annuaire/');
    await expect(cardTitles(page)).resolves.toHaveLength(PAGE_SIZE);
    expect(errors).toEqual([]);
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
    await page.getByRole('link', { name: 'Fermer' }).click();
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
