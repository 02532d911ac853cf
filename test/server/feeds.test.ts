import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { addDays } from '../../src/domain/calendar-days';
import { MAX_FEED_TOKEN_LENGTH } from '../../src/domain/feed-token';
import { eventPath, slugify } from '../../src/domain/permalinks';
import { buildApp } from '../../server/http/app';
import { writeContent, type Content, type ContentEvent } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { migrate, MIGRATIONS } from '../../server/data/migrations';
import { CALENDAR_FEED_MAX_EVENTS, CALENDAR_FEED_PAST_DAYS, NEWS_FEED_MAX_ITEMS } from '../../server/http/routes/feed-routes';
import { demo, DEMO_NOW, DEMO_TODAY, expectedAgenda, expectedNews } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openEmptyTestDatabase, openTestDatabase } from '../support/test-database';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';

// The demo profile's, which an app built without a profile serves.
const { settings: PROFILE } = defaultSiteProfile();
const AUTHORITY = PROFILE.identifiers.authority;

jest.setTimeout(120_000);

const ORIGIN = 'http://localhost:80';

interface ParsedEvent {
  readonly uid: string;
  readonly sequence: number;
  readonly status: string;
  readonly summary: string;
  readonly url: string;
  readonly description: string;
  readonly start: string;
  readonly modified: number;
}

/** The VEVENTs of a feed as ical.js reads them. */
const parseFeed = (text: string): { calendar: ICAL.Component; events: ParsedEvent[] } => {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((component) => ({
    uid: String(component.getFirstPropertyValue('uid')),
    sequence: Number(component.getFirstPropertyValue('sequence')),
    status: String(component.getFirstPropertyValue('status')),
    summary: String(component.getFirstPropertyValue('summary')),
    url: String(component.getFirstPropertyValue('url')),
    description: String(component.getFirstPropertyValue('description')),
    start: (component.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
    modified: (component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime(),
  }));
  return { calendar, events };
};

const eventIdOf = (uid: string): number => Number(/^event-\d+-(\d+)@/.exec(uid)?.[1]);

describe('the calendar and news feeds on the demo content', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;

  beforeAll(async () => {
    db = await openTestDatabase();
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers an agenda as text/calendar with its zone, name, polling interval, ETag and Last-Modified', async () => {
    const answer = await client.get('/flux/agenda/1.ics');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(new Date(answer.headers['last-modified'] ?? '').getTime()).not.toBeNaN();
    expect(answer.headers['cache-control']).toBe('public, max-age=300, s-maxage=10');
    const { calendar, events } = parseFeed(answer.text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`Agenda du Grand Conseil – ${PROFILE.institution.name.full.fr}`);
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Zurich');
    expect(answer.text).toMatch(/DTSTART;TZID=Europe\/Zurich:\d{8}T\d{6}\r\n/);
    expect(answer.text).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\n/);
    // Lines end in CRLF and none is longer than 75 octets (RFC 5545 §3.1).
    expect(answer.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.status === 'CONFIRMED' && event.sequence === 0)).toBe(true);
  });

  it('holds the events from 30 days before today on, as the agenda lists them, in the agenda’s order', async () => {
    const { events } = parseFeed((await client.get('/flux/agenda/1.ics')).text);
    const from = addDays(DEMO_TODAY, -CALENDAR_FEED_PAST_DAYS);
    // A recurring event is one entry at its first date, however many days the agenda lists it on: the demo's began before the feed's first day.
    const recurring = new Set(demo.events.filter((event) => event.recurrence).map((event) => event.id));
    const series = demo.events
      .filter((event) => event.agenda_id === 1 && event.recurrence)
      .sort((a, b) => (a.bel_date === b.bel_date ? a.id - b.id : a.bel_date < b.bel_date ? -1 : 1))
      .map((event) => event.id);
    const past = expectedAgenda({ agendaId: 1, period: 'past', from }, DEMO_TODAY)
      .reverse()
      .filter((id) => !recurring.has(id));
    const upcoming = expectedAgenda({ agendaId: 1 }, DEMO_TODAY).filter((id) => !recurring.has(id));
    expect(series).toHaveLength(2);
    expect(events.map((event) => eventIdOf(event.uid))).toEqual([...series, ...past, ...upcoming].slice(0, CALENDAR_FEED_MAX_EVENTS));
    expect(past.length).toBeGreaterThan(0);
    const earliest = events[series.length]!.start.slice(0, 10);
    expect(earliest >= from).toBe(true);
  });

  it('gives every event its permalink as URL and in its DESCRIPTION, and a UID that names the agenda and the event', async () => {
    const { events } = parseFeed((await client.get('/flux/agenda/2.ics')).text);
    for (const parsed of events) {
      const id = eventIdOf(parsed.uid);
      const source = demo.events.find((event) => event.id === id)!;
      expect(parsed.uid).toBe(`event-2-${id}@${AUTHORITY}`);
      expect(parsed.summary).toBe(source.title);
      expect(parsed.url).toBe(`${ORIGIN}${eventPath({ id: String(id), title: source.title })}`);
      expect(parsed.description).toContain(parsed.url);
    }
  });

  it('answers 304 to If-None-Match and to If-Modified-Since, and the feed again to an older date', async () => {
    const first = await client.get('/flux/agenda/1/3.ics');
    expect(first.status).toBe(200);
    const etag = first.headers['etag']!;
    const lastModified = first.headers['last-modified']!;
    const byTag = await client.get('/flux/agenda/1/3.ics', { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe('');
    expect(byTag.headers['etag']).toBe(etag);
    const byDate = await client.get('/flux/agenda/1/3.ics', { 'if-modified-since': lastModified });
    expect(byDate.status).toBe(304);
    expect(byDate.headers['last-modified']).toBe(lastModified);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    await expect(client.get('/flux/agenda/1/3.ics', { 'if-modified-since': older })).resolves.toMatchObject({ status: 200 });
    // Not an HTTP-date, or one later than the server's clock: ignored (issue 42: `3000` was a 304).
    for (const since of ['3000', 'Wed, 01 Jan 3000 00:00:00 GMT', `${lastModified.slice(0, -4)} UTC`]) {
      await expect(client.get('/flux/agenda/1/3.ics', { 'if-modified-since': since })).resolves.toMatchObject({ status: 200 });
    }
    // A tag that does not match wins over a date that would (RFC 9110 §13.2.2).
    await expect(client.get('/flux/agenda/1/3.ics', { 'if-none-match': '"other"', 'if-modified-since': lastModified })).resolves.toMatchObject({ status: 200 });
  });

  it('sends the same bytes under the same ETag, compressed when asked', async () => {
    const plain = await client.getBytes('/flux/agenda/1.ics');
    const again = await client.getBytes('/flux/agenda/1.ics');
    expect(again.body.equals(plain.body)).toBe(true);
    const gzip = await client.getBytes('/flux/agenda/1.ics', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['etag']).toBe(plain.headers['etag']);
  });

  it('refuses an unknown agenda with 404 and a token it cannot read with 400', async () => {
    await expect(client.get('/flux/agenda/99.ics')).resolves.toMatchObject({ status: 404 });
    await expect(client.get('/flux/agenda/99/3.ics')).resolves.toMatchObject({ status: 404 });
    await expect(client.get('/flux/agenda/un.ics')).resolves.toMatchObject({ status: 404 });
    for (const token of ['7.3', '3.3', '03', 'x!y', '~_61_', '3~A', `${'1.'.repeat(MAX_FEED_TOKEN_LENGTH / 2)}9`]) {
      const answer = await client.get(`/flux/agenda/1/${token}.ics`);
      expect([token, answer.status]).toEqual([token, 400]);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('follows the categories and the title of a token, across agendas as the agenda’s filter call does', async () => {
    const { events } = parseFeed((await client.get('/flux/agenda/1/2.5~seance.ics')).text);
    const from = addDays(DEMO_TODAY, -CALENDAR_FEED_PAST_DAYS);
    const query = { categories: [2, 5], title: 'séance' };
    const expected = [...expectedAgenda({ ...query, period: 'past', from }, DEMO_TODAY).reverse(), ...expectedAgenda(query, DEMO_TODAY)];
    expect(events.map((event) => eventIdOf(event.uid))).toEqual(expected);
  });

  it('answers a news scope as Atom with ids, updated, self and alternate links, and each item’s page, lead and image', async () => {
    const answer = await client.get('/flux/actualites/actualites.atom');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const etag = answer.headers['etag']!;
    await expect(client.get('/flux/actualites/actualites.atom', { 'if-none-match': etag })).resolves.toMatchObject({ status: 304 });
    expect(answer.text).toContain(`<link rel="self" href="${ORIGIN}/flux/actualites/actualites.atom"/>`);
    expect(answer.text).toContain(`<link rel="alternate" href="${ORIGIN}/actualites/"/>`);
    const entries = answer.text.split('<entry>').slice(1);
    const ids = expectedNews({ scope: 'actualites' }).slice(0, NEWS_FEED_MAX_ITEMS);
    expect(entries).toHaveLength(ids.length);
    entries.forEach((entry, index) => {
      const item = demo.news.find((news) => news.id === ids[index])!;
      expect(entry).toContain(`<id>tag:${AUTHORITY},2026:news/${item.id}</id>`);
      expect(entry).toMatch(new RegExp(`<link href="${ORIGIN}/actualites/${slugify(item.title)}(-\\d+)?/"/>`));
      expect(entry).toContain(`<link rel="enclosure" href="${new URL(item.image!, ORIGIN).href}" type="image/jpg"/>`);
      expect(entry).toMatch(/<updated>\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z<\/updated>/);
      expect(entry).toContain('<summary type="html">');
    });
  });

  it('narrows a news feed to the categories of its token, and refuses a title or an unknown scope', async () => {
    const answer = await client.get('/flux/actualites/actualites/1.3.atom');
    expect(answer.status).toBe(200);
    const ids = [...answer.text.matchAll(new RegExp(`<id>tag:${AUTHORITY.replace(/\./g, '\\.')},2026:news/(\\d+)</id>`, 'g'))].map((match) => Number(match[1]));
    const expected = expectedNews({ categories: [1, 3] }).filter((id) => demo.news.find((news) => news.id === id)?.scope === 'actualites');
    expect(ids).toEqual(expected.slice(0, NEWS_FEED_MAX_ITEMS));
    expect(answer.text).toContain(`<link rel="alternate" href="${ORIGIN}/actualites/?categorie=1&amp;categorie=3"/>`);
    await expect(client.get('/flux/actualites/actualites/1~concert.atom')).resolves.toMatchObject({ status: 400 });
    await expect(client.get('/flux/actualites/actualites/3.1.atom')).resolves.toMatchObject({ status: 400 });
    await expect(client.get('/flux/actualites/inconnu.atom')).resolves.toMatchObject({ status: 404 });
  });
});

// A small content whose events the tests change from one import to the next.
const contentOf = (events: readonly ContentEvent[]): Content => ({
  agendas: [
    { id: 1, title: 'Agenda de test' },
    { id: 2, title: 'Autre agenda' },
  ],
  agenda_categories: [
    { id: 1, title: 'Séances' },
    { id: 2, title: 'Culture' },
  ],
  events: [...events],
  contact_categories: [],
  contacts: [],
  news_scopes: [{ id: 1, slug: 'actualites', title: 'Actualités' }],
  news_categories: [],
  news: [],
  shop_items: [],
});

const event = (id: number, day: number, title: string, categories: number[] = [1], agendaId = 1): ContentEvent => ({
  id,
  agenda_id: agendaId,
  bel_date: addDays(DEMO_TODAY, day),
  title,
  categories,
  start_time: '18:30',
});

describe('the calendar feed across imports', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;
  let clock = DEMO_NOW;

  const importAt = async (at: number, events: readonly ContentEvent[]): Promise<void> => {
    clock = at;
    await db.transaction((tx) => writeContent(tx, contentOf(events), `test:${at}`, new Date(at)));
  };

  const feed = async (path = '/flux/agenda/1.ics') => {
    const answer = await client.get(path);
    expect(answer.status).toBe(200);
    return new Map(parseFeed(answer.text).events.map((parsed) => [eventIdOf(parsed.uid), parsed]));
  };

  beforeAll(async () => {
    // No demo content: the feed state starts with these tests' imports.
    db = await openEmptyTestDatabase();
    await migrate(db);
    // The content version is read afresh at each request, so each import shows at once.
    app = buildApp({ db, now: () => clock, versionTtlMs: 0 });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('keeps SEQUENCE and LAST-MODIFIED of an unchanged event, increments a changed one, and keeps a removed one as CANCELLED', async () => {
    const first = DEMO_NOW - 3 * 86_400_000;
    await importAt(first, [event(1, 2, 'Séance plénière'), event(2, 3, 'Concert'), event(3, 4, 'Vernissage', [2])]);
    const before = await feed();
    expect([...before.keys()]).toEqual([1, 2, 3]);
    expect([...before.values()].map((parsed) => [parsed.sequence, parsed.modified])).toEqual([
      [0, first],
      [0, first],
      [0, first],
    ]);
    const etag = (await client.get('/flux/agenda/1.ics')).headers['etag'];

    const second = DEMO_NOW - 86_400_000;
    await importAt(second, [event(1, 2, 'Séance plénière'), event(2, 3, 'Concert de gala'), event(4, 5, 'Conférence')]);
    const after = await feed();
    expect([...after.keys()]).toEqual([1, 2, 3, 4]);
    expect(after.get(1)).toMatchObject({ sequence: 0, modified: first, status: 'CONFIRMED' });
    expect(after.get(2)).toMatchObject({ sequence: 1, modified: second, status: 'CONFIRMED', summary: 'Concert de gala' });
    expect(after.get(3)).toMatchObject({ sequence: 1, modified: second, status: 'CANCELLED', summary: 'Vernissage' });
    expect(after.get(4)).toMatchObject({ sequence: 0, modified: second, status: 'CONFIRMED' });
    expect(after.get(3)?.uid).toBe(before.get(3)?.uid);
    expect((await client.get('/flux/agenda/1.ics')).headers['etag']).not.toBe(etag);

    // The cancellation is found by the filters its event had: category 2, not category 1.
    await expect(feed('/flux/agenda/1/2.ics')).resolves.toEqual(new Map([[3, after.get(3)]]));
    expect([...(await feed('/flux/agenda/1/1.ics')).keys()]).toEqual([1, 2, 4]);

    // Back in the next import: confirmed again, under a new SEQUENCE.
    const third = DEMO_NOW;
    await importAt(third, [event(1, 2, 'Séance plénière'), event(2, 3, 'Concert de gala'), event(3, 4, 'Vernissage', [2]), event(4, 5, 'Conférence')]);
    expect((await feed()).get(3)).toMatchObject({ sequence: 2, modified: third, status: 'CONFIRMED' });
  });

  it('forgets a cancellation after 30 days, and an unchanged import keeps the feed’s ETag', async () => {
    const start = DEMO_NOW + 86_400_000;
    await importAt(start, [event(5, 40, 'Assemblée'), event(6, 41, 'Fête')]);
    await importAt(start + 1000, [event(5, 40, 'Assemblée')]);
    expect((await feed()).get(6)).toMatchObject({ status: 'CANCELLED' });
    const tagged = (await client.get('/flux/agenda/1.ics')).headers['etag'];
    // The same content again: nothing changed for the calendars.
    await importAt(start + 2000, [event(5, 40, 'Assemblée')]);
    expect((await client.get('/flux/agenda/1.ics')).headers['etag']).toBe(tagged);
    // 31 days on, the cancellation is no longer shown, and the next import forgets it.
    clock = start + 31 * 86_400_000;
    expect((await feed()).has(6)).toBe(false);
    await importAt(clock, [event(5, 40, 'Assemblée')]);
    await expect(db.query('select event_id from event_feed_state where event_id = 6')).resolves.toEqual([]);
  });

  it('holds at most 500 events, the earliest, from 30 days back on', async () => {
    clock = DEMO_NOW;
    // In the other agenda: the cancellations of the tests above are the first agenda's.
    const many = Array.from({ length: 620 }, (_, index) => event(100 + index, index - 60, `Événement ${index}`, [1], 2));
    await importAt(DEMO_NOW, many);
    const events = await feed('/flux/agenda/2.ics');
    expect(events.size).toBe(CALENDAR_FEED_MAX_EVENTS);
    // Days -60 to -31 are before the margin; day -30 is the first in.
    expect([...events.keys()]).toEqual(many.slice(30, 30 + CALENDAR_FEED_MAX_EVENTS).map((e) => e.id));
  });
});

describe('migration 4', () => {
  it('starts the events already in the tables at SEQUENCE 0, so their feed is whole from the first poll', async () => {
    const db = await openEmptyTestDatabase();
    try {
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 3),
      );
      await db.query("insert into agendas (id, title) values (1, 'Agenda')");
      await db.query("insert into agenda_categories (id, title) values (4, 'Culture')");
      await db.query(
        "insert into events (id, agenda_id, bel_date, start_time, title, search_title) values (7, 1, $1, '18:30', 'Concert', 'concert'), (8, 1, $1, null, 'Foire', 'foire')",
        [DEMO_TODAY],
      );
      await db.query('insert into event_categories (event_id, category_id) values (7, 4)');
      await migrate(db);
      const rows = await db.query<{ event_id: number; sequence: number; cancelled_at: Date | null; data: { categories: unknown; start_time: string | null } }>(
        'select event_id, sequence, cancelled_at, data from event_feed_state order by event_id',
      );
      expect(rows.map((row) => [row.event_id, row.sequence, row.cancelled_at, row.data.categories, row.data.start_time])).toEqual([
        [7, 0, null, [{ id: 4, title: 'Culture' }], '18:30:00'],
        [8, 0, null, [], null],
      ]);
    } finally {
      await db.close();
    }
  });
});
