import type { Browser, Page } from 'playwright-core';
import { throwError } from 'rxjs';
import { zurichToday } from '../../src/domain/calendar-days';
import type { HttpFailure } from '../../src/services/http';
import { eventPath } from '../../src/domain/permalinks';
import { axeViolations, openPage, wakeIslands, watchedPage } from '../support/browser';
import { demo, expectedNews, expectedPlainAgenda } from '../support/demo-expectations';
import { startRenderedSite, type RenderedSite } from '../support/rendered-pages';
import { openForSuite } from '../support/browser-suite';
import { closeOpened } from '../support/close-opened';
import type { RunningSite } from '../support/site';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(90_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** A page of the site, its console errors, and every API call it makes. */
const open = async (path: string): Promise<{ page: Page; errors: string[]; apiCalls: string[] }> => {
  const { page, errors } = await watchedPage(browser);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
  });
  await openPage(page, `${site.url}${path}`);
  return { page, errors, apiCalls };
};

const events = (page: Page) => page.getByRole('region', { name: 'Prochains événements' });
const news = (page: Page) => page.getByRole('region', { name: 'Dernières actualités' });

describe('the home page', () => {
  it('shows the next events in date order from today, each once, and the latest news, without calling the API; axe finds no violation', async () => {
    const today = zurichToday(Date.now());
    const { page, errors, apiCalls } = await open('/');
    // The weekly tour is named once, at its next date.
    const expected = [...new Set(expectedPlainAgenda(1, today))].slice(0, 3).map((id) => demo.events.find((event) => event.id === id)!);
    await expect(events(page).getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(expected.map((event) => event.title));
    const days = await events(page)
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!.slice(0, 10)));
    expect(days).toHaveLength(3);
    expect(days.every((day) => day >= today)).toBe(true);
    expect(days).toEqual([...days].sort());
    const latest = expectedNews({ scope: 'actualites' })
      .slice(0, 3)
      .map((id) => demo.news.find((item) => item.id === id)!.title);
    await expect(news(page).getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(latest);
    // The server wrote both lists: the page keeps them, and asks the API nothing.
    expect(apiCalls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("leads to an event's page, to the agenda and to a news item's page", async () => {
    const { page, errors } = await open('/');
    const first = demo.events.find((event) => event.id === expectedPlainAgenda(1)[0])!;
    // A weekly event may be listed on more than one of its days: its first link.
    await events(page).getByRole('link', { name: first.title }).first().click();
    await page.waitForURL(`${site.url}${eventPath({ id: String(first.id), title: first.title })}`);
    await expect(page.title()).resolves.toMatch(new RegExp(`^${first.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – `));
    await page.goBack();
    await events(page).getByRole('link', { name: "Tout l'agenda" }).click();
    await page.waitForURL(`${site.url}/agenda/`);
    await page.goBack();
    const title = demo.news.find((item) => item.id === expectedNews({ scope: 'actualites' })[0])!.title;
    await news(page).getByRole('link', { name: title }).click();
    await page.waitForURL(/\/actualites\/[a-z0-9-]+\/$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('goes to the English home page by the language switch, served whole by the server', async () => {
    const { page, errors, apiCalls } = await open('/');
    await page.getByRole('link', { name: 'EN – English' }).click();
    await page.waitForURL(`${site.url}/en/`);
    const english = page.getByRole('region', { name: 'Upcoming events' });
    await english.waitFor();
    await expect(english.locator('time').first().textContent()).resolves.toMatch(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? \d{1,2} [A-Z][a-z]+ \d{4}/,
    );
    await expect(english.getByRole('link', { name: 'All events' }).getAttribute('href')).resolves.toBe('/en/agenda/');
    await expect(page.getByRole('main').getByRole('search').getAttribute('action')).resolves.toBe('/en/recherche/');
    expect(page.url()).toBe(`${site.url}/en/`);
    expect(apiCalls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers the site search as a labelled form reached from the keyboard', async () => {
    const { page } = await open('/');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Que cherchez-vous ?' });
    await box.focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent)).resolves.toBe('Rechercher');
    await page.context().close();
  });
});

describe('the accessibility statement', () => {
  it('is reached from the footer, states its conformance and follows the language switch; axe finds no violation', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibilité' }).click();
    await page.waitForURL(`${site.url}/accessibilite/`);
    await wakeIslands(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Accessibilité');
    await expect(page.getByRole('heading', { level: 2, name: 'État de conformité' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Accessibilité' }).getAttribute('aria-current')).resolves.toBe('page');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'EN – English' }).click();
    await page.getByRole('heading', { level: 2, name: 'Compliance status' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Accessibility');
    expect(page.url()).toBe(`${site.url}/en/accessibilite/`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the home page served with a failed list', () => {
  let failing: RenderedSite;

  beforeAll(async () => {
    // The server's agenda call fails while it renders the page; the API the browser calls answers.
    const db = await openTestDatabase();
    failing = await startRenderedSite(
      (own) => ({
        ...own,
        answers: (path, headers) =>
          path.startsWith('/api/agenda/') ? throwError((): HttpFailure => ({ _tag: 'HttpError', url: path, status: 503 })) : own.answers(path, headers),
      }),
      db,
    );
  });

  afterAll(async () => {
    await closeOpened(failing);
  });

  it('takes its script to offer the retry, which lists the next events', async () => {
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${failing.url}/`);
    await expect(events(page).getByRole('alert').textContent()).resolves.toContain("Les prochains événements n'ont pas pu être chargés.");
    // The news the server did list stays as it was.
    await expect(news(page).getByRole('listitem').count()).resolves.toBe(3);
    await events(page).getByRole('button', { name: 'Réessayer' }).click();
    await events(page).getByRole('listitem').nth(2).waitFor();
    await expect(events(page).getByRole('listitem').count()).resolves.toBe(3);
    await expect(events(page).getByRole('alert').count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // The page itself was answered 503 (a list could not be read: no cache keeps it), which the console notes once.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 503 (Service Unavailable)']);
    await page.context().close();
  });
});
