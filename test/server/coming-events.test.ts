import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { addDays, dayNumber, zurichInstant } from '../../src/domain/calendar-days';
import { eventPath } from '../../src/domain/permalinks';
import { SiteSearchAnswer } from '../../src/domain/site-search';
import { buildApp } from '../../server/http/app';
import type { Content, ContentEvent } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { importContent } from '../../server/operations/seed';
import { decodeOrThrow, demo, DEMO_TODAY } from '../support/demo-expectations';
import { writeFakeDist } from '../support/fake-dist';
import { openTestDatabase } from '../support/test-database';

// A session of 10:00 today, seen at 09:59, at 10:00 and at 17:19 (the audit's moment): on the home
// page, in the search and as a series' next date. The agenda itself stays by day.

jest.setTimeout(120_000);

const TODAY = DEMO_TODAY;
const at = (hour: number, minute: number, second = 0): number => zurichInstant(dayNumber(TODAY) ?? 0, hour, minute, second);

const event = (id: number, offset: number, title: string, times: Partial<ContentEvent> = {}): ContentEvent => ({
  id,
  agenda_id: 1,
  bel_date: addDays(TODAY, offset),
  title,
  categories: [],
  ...times,
});

const SESSION = event(95_001, 0, 'Séance du matin', { start_time: '10:00' });
const COMMITTEE = event(95_002, 0, 'Commission du matin', { start_time: '10:00', end_time: '12:00' });
const TOUR = event(95_003, -14, 'Visite hebdomadaire', { start_time: '10:00', recurrence: { frequency: 'weekly' } });
const EVENTS: ContentEvent[] = [
  SESSION,
  COMMITTEE,
  TOUR,
  event(95_004, 1, 'Conférence publique', { start_time: '18:00' }),
  event(95_005, 2, 'Concert', { start_time: '20:00' }),
  event(95_006, 3, 'Exposition', {}),
  event(95_007, 5, 'Atelier du matin', { start_time: '09:00' }),
  event(95_008, -3, 'Café du matin', { start_time: '08:00' }),
];

let clock = at(9, 59);
let db: Database;
let app: FastifyInstance;
let removeDist = (): void => undefined;

beforeAll(async () => {
  db = await openTestDatabase();
  const content = JSON.parse(JSON.stringify(demo)) as Content;
  await importContent(db, { ...content, events: EVENTS }, 'coming-events.json');
  const dist = writeFakeDist();
  removeDist = dist.remove;
  // The search page's and an event's page's stand-ins, beside the home's and the agenda's.
  mkdirSync(join(dist.dir, 'recherche'));
  writeFileSync(join(dist.dir, 'recherche', 'index.html'), '<!doctype html><title>Page</title><main><div data-widget="site-search"></div></main>');
  app = buildApp({ db, distDir: dist.dir, now: () => clock });
});

afterAll(async () => {
  await app.close();
  await db.close();
  removeDist();
});

const page = async (url: string) => {
  const answer = await app.inject({ url });
  expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
  return answer;
};

/** The titles of the home's "Prochains événements", in their order. */
const homeTitles = async (): Promise<string[]> => {
  const { body } = await page('/');
  return [...body.matchAll(/class="home-item__title"[^>]*><a href="\/agenda\/[^"]*">([^<]*)<\/a>/g)].map((match) => match[1] ?? '');
};

/** The moment the home page in cache was rendered for, as its data block says. */
const renderedFor = async (url: string): Promise<number | undefined> => {
  const { body } = await page(url);
  const block = /<script type="application\/json" data-widget-answers="">(.*?)<\/script>/s.exec(body)?.[1] ?? '{}';
  return (JSON.parse(block) as { now?: number }).now;
};

/** The events the search finds for `text`: title, date and whether it is coming, in the order listed. */
const searched = async (text: string) => {
  const { body } = await page(`/api/search/?q=${encodeURIComponent(text)}&kind=events&limit=20`);
  const answer = decodeOrThrow(SiteSearchAnswer, JSON.parse(body));
  const group = answer.groups.find((found) => found.kind === 'events');
  return group?.kind === 'events' ? group.results.map(({ title, date, upcoming }) => ({ title, date, upcoming })) : [];
};

/** The first of the next dates an event's own page lists ("Prochaines dates"). */
const firstNextDate = async (id: number, title: string): Promise<string | undefined> => {
  const { body } = await page(eventPath({ id: String(id), title }));
  const list = body.slice(body.indexOf('agenda-event__next'));
  return /<time datetime="(\d{4}-\d\d-\d\d)"/i.exec(list)?.[1];
};

describe('a session of 10:00, before, at and long after 10:00', () => {
  it('is on the home page until it starts, one with an end time until it ends, and three events are still named', async () => {
    clock = at(9, 59);
    expect(await homeTitles()).toEqual(['Séance du matin', 'Commission du matin', 'Visite hebdomadaire']);
    clock = at(10, 0);
    // The tour of today has started: it is named at its next date, after the others of the week.
    expect(await homeTitles()).toEqual(['Commission du matin', 'Conférence publique', 'Concert']);
    clock = at(17, 19);
    expect(await homeTitles()).toEqual(['Conférence publique', 'Concert', 'Exposition']);
  });

  it('is coming in the search before, and past from its start (or its end) on, ordered with the past', async () => {
    const today = TODAY;
    clock = at(9, 59);
    expect(await searched('matin')).toEqual([
      { title: 'Séance du matin', date: today, upcoming: true },
      { title: 'Commission du matin', date: today, upcoming: true },
      { title: 'Atelier du matin', date: addDays(today, 5), upcoming: true },
      { title: 'Café du matin', date: addDays(today, -3), upcoming: false },
    ]);
    clock = at(10, 0);
    expect(await searched('matin')).toEqual([
      { title: 'Commission du matin', date: today, upcoming: true },
      { title: 'Atelier du matin', date: addDays(today, 5), upcoming: true },
      { title: 'Séance du matin', date: today, upcoming: false },
      { title: 'Café du matin', date: addDays(today, -3), upcoming: false },
    ]);
    clock = at(17, 19);
    expect(await searched('matin')).toEqual([
      { title: 'Atelier du matin', date: addDays(today, 5), upcoming: true },
      { title: 'Séance du matin', date: today, upcoming: false },
      { title: 'Commission du matin', date: today, upcoming: false },
      { title: 'Café du matin', date: addDays(today, -3), upcoming: false },
    ]);
  });

  it("is a series' next date until it starts; the next one is from then on, in its page and in the search", async () => {
    clock = at(9, 59);
    expect(await firstNextDate(TOUR.id, TOUR.title)).toBe(TODAY);
    expect(await searched('hebdomadaire')).toEqual([{ title: TOUR.title, date: TODAY, upcoming: true }]);
    clock = at(10, 0);
    expect(await firstNextDate(TOUR.id, TOUR.title)).toBe(addDays(TODAY, 7));
    expect(await searched('hebdomadaire')).toEqual([{ title: TOUR.title, date: addDays(TODAY, 7), upcoming: true }]);
    clock = at(17, 19);
    expect(await firstNextDate(TOUR.id, TOUR.title)).toBe(addDays(TODAY, 7));
  });

  it('leaves the agenda by day: today’s events stay listed under today', async () => {
    clock = at(17, 19);
    const { body } = await page(`/api/agenda/1/?page_size=5`);
    const ids = (JSON.parse(body) as { results: { id: string }[] }).results.map((row) => Number(row.id));
    expect(ids.slice(0, 3)).toEqual([SESSION.id, COMMITTEE.id, TOUR.id]);
  });
});

describe('the kept home page', () => {
  it('is served as kept until the first of its events is over, and rendered anew from that moment', async () => {
    clock = at(8, 0);
    const first = await renderedFor('/de/');
    clock = at(9, 59, 59);
    // Kept: not rendered again for nothing.
    expect(await renderedFor('/de/')).toBe(first);
    const kept = await page('/de/');
    // No cache keeps it past 10:00: one second is left.
    expect(kept.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    clock = at(10, 0);
    expect(await renderedFor('/de/')).toBe(at(10, 0));
    clock = at(11, 0);
    // Kept again until the committee ends at 12:00.
    expect(await renderedFor('/de/')).toBe(at(10, 0));
    expect((await page('/de/')).headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
  });

  it('keeps a search answer until the first event it calls coming is over, and says so to other caches', async () => {
    clock = at(9, 59, 55);
    // The session starts at 10:00: five seconds left.
    expect((await page('/api/search/?q=seance&kind=events')).headers['cache-control']).toBe('public, max-age=5, s-maxage=5');
    // The committee ends at 12:00: the usual lifetimes.
    expect((await page('/api/search/?q=commission&kind=events')).headers['cache-control']).toBe('public, max-age=60, s-maxage=10');
    clock = at(10, 0);
    // Its kept answer is not served past the moment: the session is past now.
    expect(await searched('seance')).toEqual([{ title: 'Séance du matin', date: TODAY, upcoming: false }]);
  });
});
