import type { Browser, Page } from 'playwright-core';
import { contactPath, eventPath } from '../../src/domain/permalinks';
import { launchBrowser, wakeIslands } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { expectedContacts, expectedPlainAgenda } from '../support/demo-expectations';
import { recordedPage, settle } from '../support/page-watch';
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

const open = async (path: string): Promise<{ page: Page; errors: string[] }> => {
  const { page, errors } = await recordedPage(browser);
  await page.goto(`${site.url}${path}`);
  await settle(page);
  return { page, errors };
};

const pathname = (page: Page): string => new URL(page.url()).pathname;

describe("a contact's permalink", () => {
  it('is pushed when the "⋯" link opens the modal; Back closes it, Forward and a reload open it again', async () => {
    const contact = content.contacts.find((item) => item.id === expectedContacts({})[0]);
    if (contact === undefined) throw new Error('no contact');
    const permalink = contactPath(contact);
    const { page, errors } = await open('/annuaire/');
    const dialog = page.getByRole('dialog', { name: contact.title });

    await page.getByRole('link', { name: `Détails de ${contact.title}` }).click();
    await dialog.waitFor();
    expect(pathname(page)).toBe(permalink);

    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathname(page)).toBe('/annuaire/');

    await page.goForward();
    await dialog.waitFor();
    expect(pathname(page)).toBe(permalink);

    await page.reload();
    await settle(page);
    await expect(dialog.isVisible()).resolves.toBe(true);

    // The reloaded page's widget sleeps: Back to the list the page before it pushed asks the server for that address.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/annuaire/');
    await dialog.waitFor({ state: 'detached' });
    await settle(page);
    await expect(dialog.count()).resolves.toBe(0);

    await page.goForward();
    await page.waitForURL((url) => url.pathname === permalink);
    await dialog.waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("closing the modal goes back to the directory's address", async () => {
    const contact = content.contacts.find((item) => item.id === expectedContacts({})[1]);
    if (contact === undefined) throw new Error('no contact');
    const { page } = await open('/annuaire/');
    await page.getByRole('link', { name: `Détails de ${contact.title}` }).click();
    const dialog = page.getByRole('dialog', { name: contact.title });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathname(page)).toBe('/annuaire/');
    await page.context().close();
  });
});

describe("a contact's permalink reached by Forward", () => {
  it('opens by its name link, then by Forward; the cross gives the title back and focus to the name on its card', async () => {
    const contact = content.contacts.find((item) => item.id === expectedContacts({})[2]);
    if (contact === undefined) throw new Error('no contact');
    const { page, errors } = await open('/annuaire/');
    // Awake first, so the click opens the details in place rather than loading the contact's page.
    await wakeIslands(page);
    const list = await page.title();
    const dialog = page.getByRole('dialog', { name: contact.title });
    const name = page.getByRole('article').getByRole('link', { name: contact.title, exact: true });
    await name.click();
    await dialog.waitFor();
    await expect(page.title()).resolves.toBe(`${contact.title} – ${list}`);
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.title()).resolves.toBe(list);
    // Forward opens the details from the address (the same document): no link on the page opened them.
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
    await page.goForward();
    await dialog.waitFor();
    expect(pathname(page)).toBe(contactPath(contact));
    await expect(page.title()).resolves.toBe(`${contact.title} – ${list}`);
    await dialog.getByRole('link', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(name.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await expect(page.title()).resolves.toBe(list);
    await expect(page.locator('html[data-same-document]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("an event's permalink", () => {
  it('is pushed when its details open, and a reload opens the same details', async () => {
    const id = expectedPlainAgenda(1)[0];
    const event = content.events.find((item) => item.id === id);
    if (event === undefined) throw new Error('no event in agenda 1');
    const permalink = eventPath({ id: String(event.id), title: event.title });
    const { page, errors } = await open('/agenda/');
    const article = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 4, name: event.title, exact: true }) })
      .first();
    const details = article.locator('details');
    await article.locator('summary').click();
    await page.waitForURL((url) => url.pathname === permalink);
    await expect(details.evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(true);

    await page.reload();
    await settle(page);
    // Reloaded, the address is the event's page: the event comes first under its title as the h1, its details open.
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
    await expect(page.locator('.agenda-permalink details').evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(true);
    await expect(page.locator('main details[open]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("an event's permalink: title and language", () => {
  it.each([
    ['fr', 'de', 'DE – Deutsch', 'Agenda – Canton de Valmont', 'Agenda – Kanton Valmont'],
    ['de', 'fr', 'FR – Français', 'Agenda – Kanton Valmont', 'Agenda – Canton de Valmont'],
  ] as const)(
    'opened in place in %s, it names the title; reloaded and switched to %s, the page keeps the event',
    async (from, to, switchName, listTitle, otherTitle) => {
      const id = expectedPlainAgenda(1)[0];
      const event = content.events.find((item) => item.id === id);
      if (event === undefined) throw new Error('no event in agenda 1');
      const permalink = eventPath({ id: String(event.id), title: event.title });
      const prefix = (language: string): string => (language === 'fr' ? '' : `/${language}`);
      const { page, errors } = await open(`${prefix(from)}/agenda/`);
      await page.locator('.agenda__results').getByRole('link', { name: event.title, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === `${prefix(from)}${permalink}`);
      await page.waitForFunction((title) => document.title === title, `${event.title} – ${listTitle}`);

      await page.reload();
      await settle(page);
      await expect(page.title()).resolves.toBe(`${event.title} – ${listTitle}`);
      await page.getByRole('link', { name: switchName }).click();
      await page.waitForURL((url) => url.pathname === `${prefix(to)}${permalink}`);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
      await expect(page.title()).resolves.toBe(`${event.title} – ${otherTitle}`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('an unknown permalink and an unreadable address', () => {
  it.each([
    ['/annuaire/personne-inconnue/', 404, 'Page introuvable'],
    ['/actualites/rien-du-tout/', 404, 'Page introuvable'],
    ['/agenda/?mois=13', 400, 'Adresse invalide'],
  ] as const)('%s answers %i with its page, which finishes loading', async (path, status, heading) => {
    const { page, errors } = await recordedPage(browser);
    const response = await page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
    expect(response?.status()).toBe(status);
    // The page's own script must let it load: a tab that never reaches "load" is frozen for the visitor.
    await page.waitForLoadState('load', { timeout: 5_000 });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
    // The browser reports the error status itself; nothing else may fail.
    expect(errors.filter((error) => !error.includes(`status of ${status}`))).toEqual([]);
    await page.context().close();
  });
});
