import type { Browser, Page } from 'playwright-core';
import { contactPath } from '../../src/domain/permalinks';
import { htmlToText, normalizeSearch } from '../../server/data/search';
import { axeViolations, openPage, watchedPage } from '../support/browser';
import { demo } from '../support/demo-expectations';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

// Real names of the demo content, so the test says what a visitor would type.
const HELENE = demo.contacts.find((contact) => contact.title.startsWith('Hélène '))!;
const VERNISSAGE = 'Vernissage de l’exposition « Zoé et les glaciers »';
const BANK_DEPUTIES = demo.contacts.filter((contact) => normalizeSearch(htmlToText(contact.registre_interets ?? '')).includes('banque cantonale'));

const open = async (path: string): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await watched.page.setViewportSize({ width: 1280, height: 900 });
  await openPage(watched.page, `${site.url}${path}`);
  return watched;
};

const pageBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Rechercher sur le site' });
const group = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name: new RegExp(`^${name} `) });
const settled = (page: Page) => page.locator('.search-page__results[aria-busy="false"]').waitFor();
// A search box until it is first used, then a combobox once its suggestions have loaded.
const headerBox = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('searchbox', { name: 'Rechercher sur le site' })
    .or(page.getByRole('banner').getByRole('combobox', { name: 'Rechercher sur le site' }));

describe('the search page', () => {
  it('finds a contact by a name typed without accents, keeps the query in the address, with no console error and no axe violation', async () => {
    const { page, errors } = await open('/recherche/');
    await expect(page.getByRole('status').filter({ hasText: /./ }).count()).resolves.toBe(0);
    await pageBox(page).pressSequentially('helene');
    await page.waitForURL(/\/recherche\/\?q=helene$/);
    await settled(page);
    const contacts = group(page, 'Contacts');
    const link = contacts.getByRole('link', { name: HELENE.title }).first();
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/annuaire\/helene-[a-z-]+\/$/);
    await expect(page.getByRole('main').getByRole('status').textContent()).resolves.toMatch(/^\d+ résultats? pour « helene »$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('finds an event by a word of its title, linked to its permalink', async () => {
    const { page } = await open('/recherche/');
    await pageBox(page).pressSequentially('glaciers');
    await page.waitForURL(/\?q=glaciers$/);
    await settled(page);
    const events = group(page, 'Événements');
    const first = events.getByRole('link', { name: VERNISSAGE }).first();
    await expect(first.getAttribute('href')).resolves.toMatch(/^\/agenda\/\d+-vernissage-de-l-exposition-zoe-et-les-glaciers\/$/);
    await first.click();
    await page.waitForURL(/\/agenda\/\d+-vernissage/);
    await page.getByRole('heading', { name: VERNISSAGE }).first().waitFor();
    await page.context().close();
  });

  it('finds deputies by a company named in their interests register, saying where it is named', async () => {
    const { page } = await open('/recherche/?q=banque+cantonale');
    const contacts = group(page, 'Contacts');
    await expect(contacts.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(`Contacts ${BANK_DEPUTIES.length} résultats`);
    const items = contacts.getByRole('listitem');
    await expect(items.count()).resolves.toBe(Math.min(20, BANK_DEPUTIES.length));
    await expect(items.first().textContent()).resolves.toContain('Registre des intérêts : Membre du conseil d’administration de la Banque cantonale');
    const href = await items.first().getByRole('link').getAttribute('href');
    expect(BANK_DEPUTIES.map(contactPath)).toContain(href);
    await page.context().close();
  });

  it('works without script: the server renders the results of the address, and the header form leads there', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/annuaire/`);
    await page.getByRole('banner').getByRole('searchbox', { name: 'Rechercher sur le site' }).fill('Hélène');
    await page.getByRole('banner').getByRole('button', { name: 'Lancer la recherche' }).click();
    await page.waitForURL(/\/recherche\/\?q=H%C3%A9l%C3%A8ne$/);
    await expect(group(page, 'Contacts').getByRole('link', { name: HELENE.title }).first().isVisible()).resolves.toBe(true);
    // The page's own form is a GET form too.
    await pageBox(page).fill('glaciers');
    await page.getByRole('main').getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/\?q=glaciers$/);
    await expect(group(page, 'Événements').getByRole('link', { name: VERNISSAGE }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('answers a query the site cannot read with a 400 page, and one letter with a hint', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused = await page.goto(`${site.url}/recherche/?q=a%01b`);
    expect(refused?.status()).toBe(400);
    await page.goto(`${site.url}/recherche/?q=a`);
    await expect(page.getByText('Saisissez au moins deux caractères', { exact: false }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('speaks English under /en, with links to the English pages', async () => {
    const { page } = await open('/en/recherche/?q=helene');
    const contacts = group(page, 'Contacts');
    await expect(contacts.getByRole('link', { name: HELENE.title }).first().getAttribute('href')).resolves.toMatch(/^\/en\/annuaire\/helene-/);
    await expect(page.getByRole('main').getByRole('status').textContent()).resolves.toMatch(/results? for “helene”$/);
    await expect(page.getByRole('banner').getByRole('search').getAttribute('action')).resolves.toBe('/en/recherche/');
    await page.context().close();
  });
});

describe('the header search', () => {
  it('suggests contacts, events and news as one types, grouped by kind, and opens the highlighted one with Enter', async () => {
    const { page, errors } = await open('/annuaire/');
    await headerBox(page).pressSequentially('helene');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.getByRole('option').first().waitFor();
    await page.locator('#site-search-q[aria-expanded="true"]').waitFor();
    await expect(listbox.getByRole('group', { name: 'Contacts' }).isVisible()).resolves.toBe(true);
    // Typed letters may still be answering: the list, and what the status says of it, are the last query's once the box is not busy.
    await listbox.and(page.locator('[aria-busy="false"]')).waitFor();
    await expect(page.getByRole('banner').getByRole('status').textContent()).resolves.toMatch(/^\d+ résultats, \d+ suggestions? : flèches haut et bas/);
    expect(await axeViolations(page)).toEqual([]);
    await headerBox(page).press('ArrowDown');
    const first = listbox.getByRole('option').first();
    await listbox.locator('[role="option"][aria-selected="true"]').first().waitFor();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(headerBox(page).getAttribute('aria-activedescendant')).resolves.toBe(await first.getAttribute('id'));
    const title = (await first.locator('.search-result__title').textContent()) ?? '';
    expect(fold(title)).toContain('helene');
    await headerBox(page).press('Enter');
    await page.waitForURL(/\/annuaire\/helene-[a-z-]+\/$/);
    // The contact's page opens its details (a chunk of their own, a moment later).
    await page.getByRole('dialog', { name: title }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('closes the suggestions with Escape, opens them again with the down arrow, and goes to every result with Enter', async () => {
    // Not the home page: there the header's box gives way to the page's own.
    const { page } = await open('/accessibilite/');
    await headerBox(page).pressSequentially('glaciers');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.getByRole('option').first().waitFor();
    await listbox.and(page.locator('[aria-busy="false"]')).waitFor();
    await headerBox(page).press('Escape');
    await page.locator('#site-search-q[aria-expanded="false"]').waitFor();
    await expect(listbox.isVisible()).resolves.toBe(false);
    await headerBox(page).press('ArrowDown');
    await page.locator('#site-search-q[aria-expanded="true"]').waitFor();
    await headerBox(page).press('ArrowUp');
    await headerBox(page).press('ArrowDown');
    // Past the last option and back: nothing highlighted is chosen by Enter once Escape clears it.
    await headerBox(page).press('Escape');
    await headerBox(page).press('Enter');
    await page.waitForURL(/\/recherche\/\?q=glaciers$/);
    await expect(group(page, 'Événements').getByRole('link', { name: VERNISSAGE }).first().isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('loads its code only when the box is used', async () => {
    // The page as a reader gets it: no island woken, so the only script is the page's loader.
    const { page } = await watchedPage(browser);
    await page.goto(`${site.url}/agenda/`);
    await page.waitForLoadState('networkidle');
    // The scripts the page ran: a widget's code prefetched while the browser is idle (a `<link rel="prefetch">`) is fetched, not run.
    const scripts = (): Promise<string[]> =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).flatMap((entry) =>
          entry.name.endsWith('.js') && entry.initiatorType !== 'link' ? [new URL(entry.name).pathname] : [],
        ),
      );
    const entry = await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'));
    await expect(scripts()).resolves.toEqual([entry]);
    await headerBox(page).focus();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /suggestions-mount\.[0-9a-f]+\.js/.test(entry.name)));
    // The agenda was not reached for: its code stays away.
    await expect(scripts()).resolves.not.toContainEqual(expect.stringMatching(/agenda-widget/));
    await page.context().close();
  });
});

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
