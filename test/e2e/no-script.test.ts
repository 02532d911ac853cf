import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { contactPath } from '../../src/domain/permalinks';
import { PAGE_SIZES } from '../../src/domain/paging';
import { axeViolations, launchBrowser } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { expectedContacts, expectedNews } from '../support/demo-expectations';
import { recordedPage } from '../support/page-watch';
import { siteContent, startRenderedSite, type RenderedSite, type SiteContent } from '../support/rendered-pages';

jest.setTimeout(90_000);

let site: RenderedSite;
let browser: Browser;
let content: SiteContent;

beforeAll(async () => {
  [site, browser] = await Promise.all([startRenderedSite(), launchBrowser()]);
  content = await siteContent(site.db);
});

afterAll(async () => {
  await closeOpened(browser, site);
});

/** A page in a browser whose script is off: what the server wrote is all there is. */
const openWithoutScript = async (path: string): Promise<{ page: Page; apiCalls: string[] }> => {
  const { page, apiCalls } = await recordedPage(browser, { javaScriptEnabled: false });
  const response = await page.goto(`${site.url}${path}`);
  expect(response?.status()).toBe(200);
  return { page, apiCalls };
};

/**
 * axe on the page as a browser without script built it. axe needs script to run, so the
 * no-script DOM is served again to a page whose own scripts are all refused, with the
 * `<noscript>` content as markup, which is what the visitor without script sees.
 */
const axeWithoutScript = async (page: Page): Promise<string[]> => {
  const html = (await page.content()).replace(/<\/?noscript>/g, '');
  const context = await browser.newContext();
  const copy = await context.newPage();
  await copy.route('**/*', (route) => {
    const request = route.request();
    if (request.resourceType() === 'script') return route.abort();
    if (request.url() === page.url()) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    return route.continue();
  });
  await copy.goto(page.url());
  const violations = await axeViolations(copy);
  await context.close();
  return violations;
};

const main = (page: Page) => page.getByRole('main');
const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${decodeURIComponent(url.search)}`;
};
const titleOf = (id: number): string => content.contacts.find((contact) => contact.id === id)?.title ?? '';

describe('every page without script', () => {
  it('shows the home page sections', async () => {
    const { page } = await openWithoutScript('/');
    await expect(main(page).getByRole('heading', { level: 2, name: 'Rubriques' }).isVisible()).resolves.toBe(true);
    await expect(main(page).getByRole('link', { name: 'Annuaire' }).getAttribute('href')).resolves.toBe('/annuaire/');
    await page.context().close();
  });

  it('shows the directory cards, and axe finds no violation', async () => {
    const { page, apiCalls } = await openWithoutScript('/annuaire/');
    const first = titleOf(expectedContacts({})[0] ?? -1);
    await expect(main(page).getByRole('heading', { level: 3, name: first }).isVisible()).resolves.toBe(true);
    await expect(
      main(page)
        .getByRole('heading', { level: 2, name: `${content.contacts.length} contacts, ${PAGE_SIZES.contacts} affichés` })
        .isVisible(),
    ).resolves.toBe(true);
    expect(await axeWithoutScript(page)).toEqual([]);
    expect(apiCalls).toEqual([]);
    await page.context().close();
  });

  it('shows the agenda events (axe finds no violation) and the news articles', async () => {
    const agenda = await openWithoutScript('/agenda/');
    await expect(main(agenda.page).getByRole('heading', { level: 4 }).count()).resolves.toBeGreaterThan(0);
    await expect(
      main(agenda.page)
        .getByRole('heading', { level: 2, name: /^\d{4}$/ })
        .count(),
    ).resolves.toBeGreaterThan(0);
    await expect(main(agenda.page).getByRole('button', { name: 'Appliquer' }).isVisible()).resolves.toBe(true);
    expect(await axeWithoutScript(agenda.page)).toEqual([]);
    await agenda.page.context().close();
    const news = await openWithoutScript('/actualites/');
    await expect(main(news.page).getByRole('article').count()).resolves.toBeGreaterThan(0);
    await news.page.context().close();
  });

  it.each(['/boutique/', '/panier/'])('%s says the cart needs JavaScript', async (path) => {
    const { page } = await openWithoutScript(path);
    await expect(
      main(page)
        .getByText(/Le panier fonctionne avec JavaScript/)
        .isVisible(),
    ).resolves.toBe(true);
    await page.context().close();
  });
});

describe('the filter forms without script', () => {
  it('filters the directory by category and name with "Rechercher"', async () => {
    const { page } = await openWithoutScript('/annuaire/');
    await main(page).getByRole('combobox', { name: 'Catégorie' }).selectOption('Grand Conseil');
    await main(page).getByRole('searchbox', { name: 'Rechercher un nom' }).fill('hel');
    await Promise.all([page.waitForURL(/q=hel/), main(page).getByRole('button', { name: 'Rechercher' }).click()]);
    expect(pathOf(page)).toBe('/annuaire/?categorie=Grand+Conseil&q=hel');
    const names = await main(page).getByRole('heading', { level: 3 }).allTextContents();
    expect(names).toEqual(expectedContacts({ title: 'hel', category: 'Grand Conseil' }).map(titleOf));
    await page.context().close();
  });

  it('toggles an agenda category, then applies a month with "Appliquer"', async () => {
    const { page } = await openWithoutScript('/agenda/');
    const toggles = main(page).getByRole('group', { name: 'Catégories' });
    await Promise.all([page.waitForURL(/categories=3/), toggles.getByRole('button', { name: 'Conférence' }).click()]);
    expect(pathOf(page)).toBe('/agenda/?categories=3');
    await expect(toggles.getByRole('button', { name: 'Conférence' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await main(page).getByRole('combobox', { name: 'Mois' }).selectOption('12');
    await Promise.all([page.waitForURL(/mois=12/), main(page).getByRole('button', { name: 'Appliquer' }).click()]);
    expect(new URL(page.url()).searchParams.getAll('categories')).toEqual(['3']);
    const months = await main(page).getByRole('heading', { level: 3 }).allTextContents();
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((month) => /^décembre \d{4}$/.test(month))).toBe(true);
    await page.context().close();
  });

  it('toggles a news category, and "Tout afficher" lets it go', async () => {
    const { page } = await openWithoutScript('/actualites/');
    await Promise.all([page.waitForURL(/categorie=1/), main(page).getByRole('button', { name: 'Politique', exact: true }).click()]);
    expect(pathOf(page)).toBe('/actualites/?categorie=1');
    await expect(main(page).getByRole('button', { name: 'Politique', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    const ids = await main(page)
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-news-id'))));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(expectedNews({ categories: [1] }).slice(0, ids.length));
    await Promise.all([page.waitForURL((url) => url.search === ''), main(page).getByRole('button', { name: 'Tout afficher' }).click()]);
    await expect(main(page).getByRole('button', { name: 'Politique', exact: true }).getAttribute('aria-pressed')).resolves.toBe('false');
    await page.context().close();
  });
});

describe('permalinks without script', () => {
  it('follows a card\'s "⋯" link to the contact\'s page, with the dialog named by the contact', async () => {
    const { page } = await openWithoutScript('/annuaire/');
    const first = content.contacts.find((contact) => contact.id === expectedContacts({})[0]);
    if (first === undefined) throw new Error('no contact');
    const link = main(page).getByRole('link', { name: `Détails de ${first.title}` });
    // The link may open a new tab; either way the contact's page is what it leads to.
    const opened =
      (await link.getAttribute('target')) === '_blank'
        ? (await Promise.all([page.context().waitForEvent('page'), link.click()]))[0]
        : (await Promise.all([page.waitForURL(/\/annuaire\/[a-z0-9-]+\/$/), link.click()]), page);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(contactPath(first));
    await expect(opened.getByRole('dialog', { name: first.title }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("opens an event's details with <details>", async () => {
    const { page } = await openWithoutScript('/agenda/');
    const event = main(page).getByRole('article').first();
    const title = (await event.getByRole('heading', { level: 4 }).textContent()) ?? '';
    const details = event.locator('details');
    await expect(details.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(false);
    await event.getByText('Détails', { exact: false }).first().click();
    await expect(details.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(true);
    expect(title).not.toBe('');
    await page.context().close();
  });
});

describe('the list controls without script', () => {
  it('follows "Afficher plus" on /annuaire/ to contact 49, which the page scrolls to', async () => {
    const { page } = await openWithoutScript('/annuaire/');
    const forty9 = titleOf(expectedContacts({})[48] ?? -1);
    expect(forty9).not.toBe('');
    await expect(main(page).getByRole('heading', { level: 3, name: forty9, exact: true }).count()).resolves.toBe(0);
    await Promise.all([page.waitForURL(/\?page=2#annuaire-suite$/), main(page).getByRole('link', { name: 'Afficher plus' }).click()]);
    expect(pathOf(page)).toBe('/annuaire/?page=2');
    const card = page.locator('#annuaire-suite');
    await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(forty9);
    await expect(card.isVisible()).resolves.toBe(true);
    await expect(main(page).locator('article.contact-card').count()).resolves.toBe(96);
    await page.context().close();
  });

  it('follows "Afficher plus" on /actualites/ to news item 25', async () => {
    const { page } = await openWithoutScript('/actualites/');
    const twentyFifth = expectedNews({ scope: 'actualites' })[24];
    await expect(page.locator(`article[data-news-id="${twentyFifth}"]`).count()).resolves.toBe(0);
    await Promise.all([page.waitForURL(/\?page=2#actualites-suite$/), main(page).getByRole('link', { name: 'Afficher plus' }).click()]);
    await expect(page.locator('#actualites-suite').getAttribute('data-news-id')).resolves.toBe(String(twentyFifth));
    await page.context().close();
  });

  it('follows "Événements passés" on /agenda/ to the past events', async () => {
    const { page } = await openWithoutScript('/agenda/');
    await Promise.all([page.waitForURL(/\?passes=1#agenda-suite$/), main(page).getByRole('link', { name: 'Événements passés' }).click()]);
    // The first event's first date: a series shows its next dates beside it.
    const when = (await page.locator('#agenda-suite time').first().getAttribute('datetime')) ?? '';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
    expect(when.slice(0, 10) < today).toBe(true);
    await page.context().close();
  });

  it("leaves a contact's dialog by its cross, back to the directory", async () => {
    const first = content.contacts.find((contact) => contact.id === expectedContacts({})[0]);
    if (first === undefined) throw new Error('no contact');
    const { page } = await openWithoutScript(contactPath(first));
    const dialog = page.getByRole('dialog', { name: first.title });
    await Promise.all([page.waitForURL(/\/annuaire\/$/), dialog.getByRole('link', { name: 'Fermer' }).click()]);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(main(page).getByRole('link', { name: 'Afficher plus' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it.each([
    ['an event', /^Ajouter à mon calendrier/],
    ['the list', /^Exporter ces événements/],
  ])('downloads a real calendar file for %s', async (_what, name) => {
    const { page } = await openWithoutScript('/agenda/');
    const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('link', { name }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).not.toContain('<html');
    await page.context().close();
  });
});
