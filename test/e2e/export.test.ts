import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { CSV_DELIMITER } from '../../src/domain/directory-export';
import { axeViolations, openPage, watchedPage } from '../support/browser';
import { parseCsv } from '../support/csv';
import { demo } from '../support/demo-expectations';
import { backendPages } from '../../server/render/page-sources';
import { refusingDatabase, startRenderedSite } from '../support/rendered-pages';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const exportGroup = (page: Page, name = 'Exporter la liste') => page.getByRole('group', { name });
const csvLink = (page: Page) => page.getByRole('link', { name: 'Exporter la liste en CSV' });
const vcfLink = (page: Page) => page.getByRole('link', { name: 'Exporter la liste en vCard (.vcf)' });
const settled = (page: Page) => page.locator('.directory__results[aria-busy="false"]').waitFor();

/** How many contacts the page says match (its results heading: "12 contacts", or "150 contacts, 48 affichés"). */
const shownCount = async (page: Page): Promise<number> =>
  Number(/^(\d+)/.exec((await page.getByRole('region', { name: 'Contacts' }).getByRole('heading', { level: 2 }).textContent()) ?? '')?.[1]);

/** Clicks a link and gives the file the browser downloads, with its suggested name. */
const download = async (page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> => {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
};

/** The directory filtered by a category and a typed name, as a visitor does it. */
const filtered = async (): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await openPage(watched.page, `${site.url}/annuaire/`);
  await watched.page.getByRole('combobox', { name: 'Catégorie' }).selectOption('Grand Conseil');
  await watched.page.waitForURL(/categorie=Grand\+Conseil/);
  await watched.page.getByRole('searchbox', { name: 'Rechercher un nom' }).pressSequentially('hel');
  await watched.page.waitForURL(/categorie=Grand\+Conseil&q=hel$/);
  await settled(watched.page);
  return watched;
};

describe('exporting the directory', () => {
  it('offers the list as filtered, as CSV and vCard links that follow the filters, with no axe violation', async () => {
    const { page, errors } = await filtered();
    await expect(exportGroup(page).isVisible()).resolves.toBe(true);
    await expect(csvLink(page).getAttribute('href')).resolves.toBe('/annuaire/export.csv?categorie=Grand+Conseil&q=hel');
    await expect(vcfLink(page).getAttribute('href')).resolves.toBe('/annuaire/export.vcf?categorie=Grand+Conseil&q=hel');
    await expect(csvLink(page).textContent()).resolves.toBe('CSV');
    expect(await axeViolations(page)).toEqual([]);
    // Clearing the text leaves the category in the link, as in the address.
    await page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await page.waitForURL(/categorie=Grand\+Conseil$/);
    await expect(csvLink(page).getAttribute('href')).resolves.toBe('/annuaire/export.csv?categorie=Grand+Conseil');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('downloads a CSV with a row for each contact the page counts, and their names', async () => {
    const { page } = await filtered();
    const count = await shownCount(page);
    expect(count).toBeGreaterThan(0);
    const titles = await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));
    const file = await download(page, () => csvLink(page).click());
    expect(file.name).toMatch(/^annuaire-grand-conseil-hel-\d{4}-\d{2}-\d{2}\.csv$/);
    // The byte order mark, which Excel needs to read UTF-8, is read by Node as U+FEFF.
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(file.text.slice(1), CSV_DELIMITER);
    expect(rows[0]?.[0]).toBe('name');
    expect(rows.length - 1).toBe(count);
    expect(rows.slice(1).map((row) => row[0])).toEqual(titles.slice(0, count));
    await page.context().close();
  });

  it('downloads one vCard file holding every contact the page counts', async () => {
    const { page } = await filtered();
    const count = await shownCount(page);
    const file = await download(page, () => vcfLink(page).click());
    expect(file.name).toMatch(/^annuaire-grand-conseil-hel-\d{4}-\d{2}-\d{2}\.vcf$/);
    expect(file.text.match(/^BEGIN:VCARD\r$/gm)?.length).toBe(count);
    await page.context().close();
  });

  it('exports the whole directory, beyond the cards shown, in the page language', async () => {
    const { page } = await watchedPage(browser);
    await openPage(page, `${site.url}/en/annuaire/`);
    const link = page.getByRole('link', { name: 'Export the list as CSV' });
    await expect(exportGroup(page, 'Export the list').isVisible()).resolves.toBe(true);
    await expect(link.getAttribute('href')).resolves.toBe('/en/annuaire/export.csv');
    const file = await download(page, () => link.click());
    const rows = parseCsv(file.text.slice(1), CSV_DELIMITER);
    expect(rows[0]?.[0]).toBe('name');
    expect(rows.length - 1).toBe(demo.contacts.length);
    await page.context().close();
  });

  it('works without script: the server writes the links of the address’s filters', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/annuaire/?categorie=Grand+Conseil&q=hel`);
    await expect(csvLink(page).getAttribute('href')).resolves.toBe('/annuaire/export.csv?categorie=Grand+Conseil&q=hel');
    const file = await download(page, () => csvLink(page).click());
    expect(parseCsv(file.text.slice(1), CSV_DELIMITER).length - 1).toBe(await shownCount(page));
    await context.close();
  });

  it('is offered on pages rendered from another API (SITE_API_BASE), and exports from that API', async () => {
    const other = await startRenderedSite(backendPages(site.url), refusingDatabase());
    try {
      const { page, errors } = await watchedPage(browser);
      await openPage(page, `${other.url}/annuaire/?categorie=Grand+Conseil`);
      await expect(page.locator('[data-widget="directory"]').getAttribute('data-export-base')).resolves.toBe('');
      await expect(csvLink(page).getAttribute('href')).resolves.toBe('/annuaire/export.csv?categorie=Grand+Conseil');
      const file = await download(page, () => csvLink(page).click());
      expect(parseCsv(file.text.slice(1), CSV_DELIMITER).length - 1).toBe(await shownCount(page));
      // The server's links and the browser's agree: hydration raised nothing.
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await other.close();
    }
  });

  it('is left off paper', async () => {
    const { page } = await filtered();
    await page.emulateMedia({ media: 'print' });
    await expect(exportGroup(page).isVisible()).resolves.toBe(false);
    await page.context().close();
  });
});
