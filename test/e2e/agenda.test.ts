import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
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

const openAgenda = async (query = ''): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await openPage(watched.page, `${site.url}/agenda/${query}`);
  await watched.page.locator('.agenda__results[aria-busy="false"]').waitFor();
  return watched;
};

const settled = (page: Page) => page.locator('.agenda__results[aria-busy="false"]').waitFor();
const toggles = (page: Page) => page.getByRole('group', { name: 'Catégories' });
const monthSelect = (page: Page) => page.getByRole('combobox', { name: 'Mois' });
const titleBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un titre' });
const eventDates = (page: Page): Promise<string[]> =>
  page.locator('.agenda-event time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
const eventTitles = (page: Page): Promise<string[]> => page.locator('.agenda-event h4').allTextContents();

describe('the agenda page', () => {
  it('groups the events by year then month, in French, with no console error and no axe violation', async () => {
    const { page, errors } = await openAgenda();
    const years = await page.locator('.agenda-year__title').allTextContents();
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((year) => /^\d{4}$/.test(year))).toBe(true);
    expect([...years].sort()).toEqual(years);
    // The first events come at once and the rest in steps: December's heading is further down.
    await page.getByRole('heading', { level: 3, name: /^décembre \d{4}$/ }).first().waitFor();
    const dates = await eventDates(page);
    expect([...dates].sort()).toEqual(dates);
    await expect(page.locator('.agenda-event time').first().textContent()).resolves.toMatch(/^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \S+ \d{4}/);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the month headings and dates in English after the language switch', async () => {
    const { page } = await openAgenda();
    await page.getByRole('button', { name: 'EN – English' }).click();
    await page.getByRole('heading', { level: 3, name: /^December \d{4}$/ }).first().waitFor();
    await expect(page.locator('.agenda-event time').first().textContent()).resolves.toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(page.getByRole('combobox', { name: 'Month' }).locator('option').nth(12).textContent()).resolves.toBe('December');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('filters by category, by month and by both, keeping the filters in the address', async () => {
    const { page } = await openAgenda();
    const all = (await eventTitles(page)).length;
    await toggles(page).getByRole('button', { name: 'Culture' }).click();
    await page.waitForURL(/\?categories=\d+$/);
    await settled(page);
    await expect(toggles(page).getByRole('button', { name: 'Culture' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const culture = await page.locator('.agenda-event').all();
    expect(culture.length).toBeGreaterThan(0);
    for (const item of culture) await expect(item.getByRole('list', { name: 'Catégories' }).getByText('Culture', { exact: true }).count()).resolves.toBe(1);

    await monthSelect(page).selectOption('12');
    await page.waitForURL(/categories=\d+&mois=12$/);
    await settled(page);
    const both = await eventDates(page);
    expect(both.every((date) => date.slice(5, 7) === '12')).toBe(true);
    expect(both.length).toBeLessThanOrEqual(culture.length);

    await toggles(page).getByRole('button', { name: 'Toutes les catégories' }).click();
    await page.waitForURL(/\?mois=12$/);
    await settled(page);
    const december = await eventDates(page);
    expect(december.length).toBeGreaterThanOrEqual(both.length);
    expect(december.every((date) => date.slice(5, 7) === '12')).toBe(true);

    await page.goBack();
    await page.waitForURL(/categories=\d+&mois=12$/);
    await settled(page);
    await expect(eventDates(page)).resolves.toEqual(both);

    await page.reload();
    await settled(page);
    await expect(monthSelect(page).inputValue()).resolves.toBe('12');
    await expect(toggles(page).getByRole('button', { name: 'Culture' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(eventDates(page)).resolves.toEqual(both);
    expect(all).toBeGreaterThan(december.length);
    await page.context().close();
  });

  it('searches the title alone, accents aside, and resets from an empty answer', async () => {
    const { page } = await openAgenda('?mois=12');
    await titleBox(page).fill('seance');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/\?titre=seance$/);
    await settled(page);
    await expect(monthSelect(page).inputValue()).resolves.toBe('');
    const titles = await eventTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => fold(title).includes('seance'))).toBe(true);

    await titleBox(page).fill('zzzz introuvable');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByText('Aucun événement pour ces filtres').waitFor();
    await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await page.waitForURL(/\/agenda\/$/);
    await settled(page);
    await expect(eventTitles(page)).resolves.not.toHaveLength(0);
    await expect(titleBox(page).inputValue()).resolves.toBe('');
    await page.context().close();
  });

  it('shows an event\'s description as plain text until its details are opened, then with its markup, sanitized', async () => {
    const { page, errors } = await openAgenda();
    const sanitizer: string[] = [];
    page.on('request', (request) => {
      if (/sanitized-html\.[0-9a-f]+\.js$/.test(request.url())) sanitizer.push(request.url());
    });
    await page.waitForTimeout(500);
    expect(sanitizer).toEqual([]);
    await expect(page.locator('.agenda-event .rich-text strong').count()).resolves.toBe(0);
    const first = page.getByRole('article').first();
    await first.locator('summary').click();
    await first.locator('details[open] .rich-text strong').waitFor();
    // Only the opened details show markup; the others keep their plain text.
    await expect(page.locator('.agenda-event .rich-text strong').count()).resolves.toBe(1);
    await expect(first.locator('.rich-text script').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('exports exactly the events shown as a calendar file with a time zone', async () => {
    const { page } = await openAgenda('?mois=12');
    const shown = await eventTitles(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exporter ces événements' }).click()]);
    expect(download.suggestedFilename()).toBe('agenda.ics');
    const text = readFileSync((await download.path())!, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Zurich');
    expect(calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('summary'))).toEqual(shown);
    await page.context().close();
  });
});
