import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { rangeDays } from '../../src/domain/agenda-window';
import { addDays, zurichToday } from '../../src/domain/calendar-days';
import { eventPath, localizedPath } from '../../src/domain/permalinks';
import { axeViolations, watchedPage, openPage, wakeIslands } from '../support/browser';
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
  page.locator('.agenda-event__when time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
const eventTitles = (page: Page): Promise<string[]> => page.locator('.agenda__results .agenda-event h4').allTextContents();
const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// The month of a day, and the next one: the list opens on today, whose month may hold no event left.
const monthsFrom = (day: string, names: readonly string[]): string[] => {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return [`${names[month - 1]} ${year}`, month === 12 ? `${names[0]} ${year + 1}` : `${names[month]} ${year}`];
};
/** Whether dates (`YYYY-MM-DD` or with `THH:MM`) are in the agenda's order: by day, then time, events without a time last in their day. */
const inOrder = (dates: readonly string[]): boolean => {
  const keys = dates.map((date) => (date.length === 10 ? `${date}T~` : date));
  return keys.every((key, index) => index === 0 || keys[index - 1]! <= key);
};
/** The element that has focus: its tag and text. */
const focused = (page: Page): Promise<{ tag: string; text: string }> =>
  page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent ?? '' }));

describe('the agenda page', () => {
  it('opens on today in Zurich, groups the events by year then month, in French, with no console error and no axe violation', async () => {
    const today = zurichToday(Date.now());
    const { page, errors } = await openAgenda();
    const years = await page.locator('.agenda-year__title').allTextContents();
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((year) => /^\d{4}$/.test(year))).toBe(true);
    expect([...years].sort()).toEqual(years);
    const dates = await eventDates(page);
    // One page of upcoming events: from today on, in date order.
    expect(dates.length).toBe(50);
    expect(inOrder(dates)).toBe(true);
    expect(dates[0]!.slice(0, 10) >= today).toBe(true);
    expect(monthsFrom(today, FRENCH_MONTHS)).toContain(await page.locator('.agenda-month__title').first().textContent());
    await expect(page.locator('.agenda-event time').first().textContent()).resolves.toMatch(
      /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche), \d{1,2} \S+ \d{4}/,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the month headings and dates in English after the language switch', async () => {
    const today = zurichToday(Date.now());
    const { page } = await openAgenda();
    await page.getByRole('link', { name: 'EN – English' }).click();
    await page.waitForURL(/\/en\//);
    await wakeIslands(page);
    await page.getByRole('link', { name: 'Show more' }).waitFor();
    expect(monthsFrom(today, ENGLISH_MONTHS)).toContain(await page.locator('.agenda-month__title').first().textContent());
    await expect(page.locator('.agenda-event time').first().textContent()).resolves.toMatch(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+ \d{4}/,
    );
    await expect(page.getByRole('combobox', { name: 'Month' }).locator('option').nth(12).textContent()).resolves.toBe('December');
    await expect(page.getByRole('group', { name: 'Period' }).getByRole('button').allTextContents()).resolves.toEqual([
      'Today',
      'This weekend',
      'This week',
      'This month',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('adds the next events with "Afficher plus", moves focus to the first new one and says how many came', async () => {
    const { page, errors } = await openAgenda();
    const before = await eventTitles(page);
    const dates = await eventDates(page);
    await page.getByRole('link', { name: 'Afficher plus' }).click();
    await page.locator('.agenda__results .agenda-event').nth(before.length).waitFor();
    const after = await eventDates(page);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, dates.length)).toEqual(dates);
    expect(inOrder(after)).toBe(true);
    const first = await page.locator('.agenda__results .agenda-event h4').nth(before.length).textContent();
    await expect(focused(page)).resolves.toEqual({ tag: 'H4', text: first });
    // The total, then how many are shown when fewer are (a recurring event's days count as events).
    const status = (await page.getByRole('status').first().textContent()) ?? '';
    const said = new RegExp(`^(\\d+) événements, (${after.length} affichés, )?dont ${after.length - before.length} nouveaux$`).exec(status);
    expect(said).not.toBeNull();
    if (said?.[2] === undefined) expect(Number(said?.[1])).toBe(after.length);
    else expect(Number(said[1])).toBeGreaterThan(after.length);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('goes back to past events with "Événements passés", above the upcoming ones, further back at each press', async () => {
    const today = zurichToday(Date.now());
    const { page } = await openAgenda();
    const upcoming = await eventDates(page);
    await page.getByRole('link', { name: 'Événements passés' }).click();
    await page.locator('.agenda__results .agenda-event').nth(upcoming.length).waitFor();
    const once = await eventDates(page);
    const past = once.slice(0, once.length - upcoming.length);
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((date) => date.slice(0, 10) < today)).toBe(true);
    expect(once.slice(past.length)).toEqual(upcoming);
    expect(inOrder(once)).toBe(true);
    // Focus goes to the first new event, at the top of what was added.
    const first = await page.locator('.agenda__results .agenda-event h4').first().textContent();
    await expect(focused(page)).resolves.toEqual({ tag: 'H4', text: first });

    await page.getByRole('link', { name: 'Événements passés' }).click();
    await page.locator('.agenda__results .agenda-event').nth(once.length).waitFor();
    const twice = await eventDates(page);
    expect(twice[0]! < once[0]!).toBe(true);
    expect(twice.slice(twice.length - once.length)).toEqual(once);
    await page.context().close();
  });

  it('filters on a quick range kept in the address, and clears it when pressed again', async () => {
    const today = zurichToday(Date.now());
    const { page } = await openAgenda();
    const ranges = page.getByRole('group', { name: 'Période' });
    await ranges.getByRole('button', { name: 'Cette semaine' }).click();
    await page.waitForURL(/\?periode=semaine$/);
    await settled(page);
    await expect(ranges.getByRole('button', { name: 'Cette semaine' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const { from, to } = rangeDays('semaine', today);
    const week = await eventDates(page);
    if (await page.getByText('Aucun événement cette semaine.').isVisible()) {
      // An empty week is no dead end: the next events follow under their heading.
      await page.getByRole('heading', { name: 'Prochains événements' }).waitFor();
      expect(week.every((date) => date.slice(0, 10) > to)).toBe(true);
    } else {
      expect(week.length).toBeGreaterThan(0);
      expect(week.every((date) => date.slice(0, 10) >= from && date.slice(0, 10) <= to)).toBe(true);
    }
    expect(to <= addDays(today, 6)).toBe(true);

    await page.reload();
    await settled(page);
    await expect(page.getByRole('group', { name: 'Période' }).getByRole('button', { name: 'Cette semaine' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(eventDates(page)).resolves.toEqual(week);

    await page.getByRole('group', { name: 'Période' }).getByRole('button', { name: 'Cette semaine' }).click();
    await page.waitForURL(/\/agenda\/$/);
    await settled(page);
    await expect(page.getByRole('group', { name: 'Période' }).getByRole('button', { name: 'Cette semaine' }).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(eventDates(page)).resolves.toHaveLength(50);
    await page.context().close();
  });

  it('opens the permalink of a past event above the list, under its title as the h1, with its details open', async () => {
    const answer = (await (await fetch(`${site.url}/api/agenda/1/?period=past&page_size=1`)).json()) as { results: { id: number; title: string }[] };
    const event = answer.results[0]!;
    const watched = await watchedPage(browser);
    const response = await watched.page.goto(`${site.url}${eventPath({ id: String(event.id), title: event.title })}`);
    expect(response?.status()).toBe(200);
    await wakeIslands(watched.page);
    // The page is the event's: its h1 is the event's title, the event comes first with its details open.
    await expect(watched.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
    const section = watched.page.locator('.agenda-permalink');
    await expect(section.locator('details').getAttribute('open')).resolves.toBe('');
    // The list below still starts today.
    const dates = await eventDates(watched.page);
    expect(dates.slice(1).every((date) => date.slice(0, 10) >= zurichToday(Date.now()))).toBe(true);
    const missing = await watched.page.goto(`${site.url}/agenda/999999-inconnu/`);
    expect(missing?.status()).toBe(404);
    expect(watched.errors.filter((error) => !error.includes('404'))).toEqual([]);
    await watched.page.context().close();
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
    // Every list is one page of upcoming events at most: December is the next December.
    expect(all).toBe(50);
    expect(december.length).toBeLessThanOrEqual(50);
    expect(december.every((date) => date.slice(0, 10) >= zurichToday(Date.now()))).toBe(true);
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

  it("shows an event's description as plain text until its details are opened, then with its markup, sanitized", async () => {
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
    const text = readFileSync(await download.path(), 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Zurich');
    // A recurring event is one VEVENT (its RRULE holds its days), where the first of its days stood.
    const recurring = new Set(['Visite guidée du Parlement', 'Session mensuelle du Grand Conseil']);
    const seen = new Set<string>();
    const once = shown.filter((title) => !recurring.has(title) || (!seen.has(title) && Boolean(seen.add(title))));
    expect(calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('summary'))).toEqual(once);
    await page.context().close();
  });
});

/** What the agenda's new parts say in a language: the count, the filters' button, the site's name, a long date's start. */
const SPOKEN = [
  {
    language: 'fr',
    count: (total: number, shown: number) => `${total} événements, ${shown} affichés`,
    filters: (active: number) => (active === 0 ? 'Filtres' : `Filtres (${active} actifs)`),
    month: 'Mois',
    site: 'Canton de Valmont',
    date: /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche), \d{1,2} \S+ \d{4}/,
    other: { language: 'de', link: 'DE – Deutsch', site: 'Kanton Valmont' },
    details: 'Détails',
  },
  {
    language: 'de',
    count: (total: number, shown: number) => `${total} Veranstaltungen, ${shown} angezeigt`,
    filters: (active: number) => (active === 0 ? 'Filter' : `Filter (${active} aktiv)`),
    month: 'Monat',
    site: 'Kanton Valmont',
    date: /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \S+ \d{4}/,
    other: { language: 'fr', link: 'FR – Français', site: 'Canton de Valmont' },
    details: 'Details',
  },
] as const;

// A wide screen, a phone, and the narrowest reflow width; phones as tall as a common 375 px one.
const SCREENS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
  { width: 320, height: 640 },
] as const;

interface ListedEvent {
  readonly id: number;
  readonly title: string;
  readonly place: string | null;
  readonly description: string | null;
}

/** The first page the agenda shows, as the API answers it: its events and the total it reports. */
const firstPage = async (): Promise<{ count: number; results: ListedEvent[] }> =>
  (await (await fetch(`${site.url}/api/agenda/1/?page_size=50`)).json()) as { count: number; results: ListedEvent[] };

const pageAt = async (screen: { width: number; height: number }, javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> => {
  const context = await browser.newContext({ viewport: screen, javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
};

/** The page's address in the language (French at the root). */
const inLanguage = (path: string, language: string): string => localizedPath(path, language);

/** A visitor on a narrow screen opens the header's "Menu" to reach the navigation and the languages. */
const openMenuOnAPhone = async (page: Page): Promise<void> => {
  const menu = page.getByRole('banner').locator('details.site-menu');
  const summary = menu.locator('summary');
  if ((await summary.isVisible()) && !(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await summary.click();
};

describe.each(SPOKEN)('the agenda in $language', (spoken) => {
  const listTitle = `Agenda – ${spoken.site}`;

  describe.each(SCREENS)('at $width px', (screen) => {
    it("links each title to its event's page; followed, the details open in place, the title and the language links follow, closing gives them back", async () => {
      const { results } = await firstPage();
      const event = results.find((item) => item.description !== null)!;
      const permalink = inLanguage(eventPath({ id: String(event.id), title: event.title }), spoken.language);
      const { page, errors } = await pageAt(screen);
      await openPage(page, `${site.url}${inLanguage('/agenda/', spoken.language)}`);
      await settled(page);
      const results_ = page.getByRole('region', { name: spoken.language === 'fr' ? 'Événements' : 'Veranstaltungen' });
      // Demo titles repeat: the event is the first of its title, as the list follows the API's order.
      const link = results_.getByRole('heading', { level: 4, name: event.title, exact: true }).first().getByRole('link', { name: event.title, exact: true });
      await expect(link.getAttribute('href')).resolves.toBe(permalink);
      await link.click();
      await page.waitForURL((url) => url.pathname === permalink);
      const article = results_
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { level: 4, name: event.title, exact: true }) })
        .first();
      await expect(article.locator('details').evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(true);
      // Reading goes on in the details just opened.
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('SUMMARY');
      await page.waitForFunction((title) => document.title === title, `${event.title} – ${listTitle}`);
      // Where the header's switch leads (on a phone it sits in the closed "Menu": read, not clicked, so focus stays in the details).
      const otherLink = page.getByRole('banner').locator(`a[data-set-lang="${spoken.other.language}"]`);
      await expect(otherLink.getAttribute('href')).resolves.toBe(inLanguage(eventPath({ id: String(event.id), title: event.title }), spoken.other.language));
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === inLanguage('/agenda/', spoken.language));
      await page.waitForFunction((title) => document.title === title, listTitle);
      await expect(otherLink.getAttribute('href')).resolves.toBe(inLanguage('/agenda/', spoken.other.language));
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it("shows the event's page with the event as its h1, the event on the first screen, a dated description, and a language link that keeps it", async () => {
      const { results } = await firstPage();
      const event = results.find((item) => item.place !== null && item.description !== null)!;
      const path = eventPath({ id: String(event.id), title: event.title });
      const { page, errors } = await pageAt({ width: screen.width, height: screen.width === 1366 ? 900 : 667 });
      await openPage(page, `${site.url}${inLanguage(path, spoken.language)}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
      await expect(page.title()).resolves.toBe(`${event.title} – ${listTitle}`);
      // The event itself, its date first, starts on the first screen.
      const when = page.locator('main .agenda-permalink time').first();
      await expect(when.textContent()).resolves.toMatch(spoken.date);
      const box = await when.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(screen.width === 1366 ? 900 : 667);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toMatch(spoken.date);
      expect(description).toContain(event.place!);
      expect(description!.length).toBeLessThanOrEqual(160);
      expect(await axeViolations(page)).toEqual([]);

      await openMenuOnAPhone(page);
      await page.getByRole('link', { name: spoken.other.link }).click();
      await page.waitForURL((url) => url.pathname === inLanguage(path, spoken.other.language));
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
      await expect(page.title()).resolves.toBe(`${event.title} – Agenda – ${spoken.other.site}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('states the total the API reports and how many are shown, the same before and after the script', async () => {
      const { count } = await firstPage();
      const served = await (await fetch(`${site.url}${inLanguage('/agenda/', spoken.language)}`)).text();
      expect(served).toContain(`>${spoken.count(count, 50)}<`);
      const { page } = await pageAt(screen);
      await openPage(page, `${site.url}${inLanguage('/agenda/', spoken.language)}`);
      await settled(page);
      // The same words as served: the polite status changes nothing on load, so nothing is announced.
      await expect(page.locator('.agenda__count[role="status"]').textContent()).resolves.toBe(spoken.count(count, 50));
      await page.context().close();
    });

    it("folds the filters behind one button saying how many are set on a narrow screen, and keeps the first event on a phone's first screen", async () => {
      const { page, errors } = await pageAt(screen);
      await openPage(page, `${site.url}${inLanguage('/agenda/', spoken.language)}?categories=3&mois=12`);
      await settled(page);
      const toggle = page.locator('summary', { hasText: spoken.filters(2) });
      const month = page.getByRole('combobox', { name: spoken.month });
      if (screen.width >= 768) {
        // A wide screen shows the filters open, without the button.
        await expect(toggle.isVisible()).resolves.toBe(false);
        await expect(month.isVisible()).resolves.toBe(true);
      } else {
        await expect(toggle.textContent()).resolves.toBe(spoken.filters(2));
        await expect(month.isVisible()).resolves.toBe(false);
        await toggle.focus();
        await page.keyboard.press('Enter');
        await month.waitFor();
        await expect(month.inputValue()).resolves.toBe('12');
        expect(await axeViolations(page)).toEqual([]);
      }
      if (screen.width === 375) {
        await page.goto(`${site.url}${inLanguage('/agenda/', spoken.language)}`);
        await expect(page.locator('summary', { hasText: spoken.filters(0) }).textContent()).resolves.toBe(spoken.filters(0));
        const first = page.locator('.agenda__results article').first().getByRole('heading', { level: 4 });
        const box = await first.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(screen.height);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });

  it("leaves a modifier click on a title to the browser: the event's page in a new tab, the list as it was", async () => {
    const { results } = await firstPage();
    const event = results.find((item) => item.description !== null)!;
    const { page, errors } = await pageAt({ width: 1366, height: 900 });
    await openPage(page, `${site.url}${inLanguage('/agenda/', spoken.language)}`);
    await settled(page);
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByRole('link', { name: event.title, exact: true })
        .first()
        .click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(inLanguage(eventPath({ id: String(event.id), title: event.title }), spoken.language));
    await expect(opened.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
    expect(new URL(page.url()).pathname).toBe(inLanguage('/agenda/', spoken.language));
    await expect(page.locator('.agenda__results details[open]').count()).resolves.toBe(0);
    await expect(page.title()).resolves.toBe(listTitle);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("goes without script from a title to the event's page, and opens the filters' disclosure", async () => {
    const { results } = await firstPage();
    const event = results[0]!;
    const { page } = await pageAt({ width: 375, height: 812 }, false);
    await page.goto(`${site.url}${inLanguage('/agenda/', spoken.language)}?categories=3&mois=12`);
    const toggle = page.locator('summary', { hasText: spoken.filters(2) });
    await toggle.click();
    await page.getByRole('combobox', { name: spoken.month }).waitFor();
    await page.goto(`${site.url}${inLanguage('/agenda/', spoken.language)}`);
    await page.getByRole('link', { name: event.title, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === inLanguage(eventPath({ id: String(event.id), title: event.title }), spoken.language));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(event.title);
    await page.context().close();
  });
});
