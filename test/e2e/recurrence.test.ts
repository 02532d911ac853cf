import type { Browser, Page } from 'playwright-core';
import { weekdayOfDate } from '../../src/domain/recurrence';
import { eventPath, localizedPath } from '../../src/domain/permalinks';
import { axeViolations, openPage, watchedPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

interface ListedEvent {
  readonly id: number;
  readonly title: string;
  readonly bel_date: string;
}

// The demo's weekly tour, as the agenda lists it: once a Saturday.
const tourDays = async (): Promise<{ id: number; title: string; days: string[] }> => {
  const answer = (await (await fetch(`${site.url}/api/agenda/?title=${encodeURIComponent('visite guidée du parlement')}&page_size=20`)).json()) as {
    results: ListedEvent[];
  };
  const [first] = answer.results;
  if (first === undefined) throw new Error('the demo has no guided tour');
  return { id: first.id, title: first.title, days: answer.results.filter((event) => event.id === first.id).map((event) => event.bel_date) };
};

const SPOKEN = [
  { language: 'fr', rule: /^chaque samedi jusqu'au .+ \d{4}, sauf /, next: 'Prochaines dates' },
  { language: 'de', rule: /^jeden Samstag bis .+ \d{4}, ausser am /, next: 'Nächste Termine' },
  { language: 'it', rule: /^ogni sabato fino al .+ \d{4}, tranne /, next: 'Prossime date' },
  { language: 'en', rule: /^every Saturday until .+ \d{4}, except /, next: 'Next dates' },
] as const;

const pageWith = (javaScriptEnabled: boolean): Promise<{ page: Page; errors: string[] }> => watchedPage(browser, { javaScriptEnabled });

describe('a recurring event', () => {
  it('is listed by the API on each Saturday from today', async () => {
    const { days } = await tourDays();
    expect(days.length).toBeGreaterThan(1);
    for (const day of days) expect(weekdayOfDate(day)).toBe('SA');
  });

  describe.each(SPOKEN)('on its page in $language', (spoken) => {
    it.each([true, false])('says its rule in words and lists its next dates, with its schedule in JSON-LD (script: %s)', async (script) => {
      const tour = await tourDays();
      const { page, errors } = await pageWith(script);
      const url = `${site.url}${localizedPath(eventPath({ id: String(tour.id), title: tour.title }), spoken.language)}`;
      if (script) await openPage(page, url);
      else await page.goto(url);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(tour.title);
      const rule = main.locator('.agenda-event__recurrence').first();
      await expect(rule.textContent()).resolves.toMatch(spoken.rule);
      // The page shows the next date, the first of its list of next dates.
      const next = main.getByRole('list', { name: spoken.next }).first();
      const dates = await next.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
      expect(dates).toHaveLength(5);
      expect(dates[0]).toBe(tour.days[0]);
      for (const day of dates) expect(weekdayOfDate(day)).toBe('SA');
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
      const schedule = jsonLd.find((node) => node['@type'] === 'Event')?.['eventSchedule'] as Record<string, unknown> | undefined;
      expect(schedule).toMatchObject({ '@type': 'Schedule', repeatFrequency: 'P1W', byDay: 'https://schema.org/Saturday', scheduleTimezone: 'Europe/Zurich' });
      if (script) expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });

  it('shows each occurrence in the agenda with its rule, and its details list the next dates', async () => {
    const tour = await tourDays();
    const { page, errors } = await pageWith(true);
    await openPage(page, `${site.url}/agenda/?titre=${encodeURIComponent('visite guidée du parlement')}`);
    const items = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tour.title }) });
    expect(await items.count()).toBeGreaterThan(1);
    await expect(items.first().locator('.agenda-event__recurrence').textContent()).resolves.toMatch(SPOKEN[0].rule);
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1).getByRole('list', { name: 'Prochaines dates' }).getByRole('listitem').count()).resolves.toBe(5);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
