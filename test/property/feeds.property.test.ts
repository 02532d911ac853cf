import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { JSDOM } from 'jsdom';
import { AgendaEvent, AgendaEventList } from '../../src/domain/agenda';
import { agendaPagePath, type AgendaFilters } from '../../src/domain/agenda-filters';
import { addDays } from '../../src/domain/calendar-days';
import { seriesOf } from '../../src/domain/agenda-grouping';
import { agendaFeedPath, calendarAddresses, feedFiltersOf, newsFeedPath } from '../../src/domain/feed-addresses';
import { decodeFeedToken, encodeFeedToken, MAX_FEED_TOKEN_LENGTH, normalizeFeedTitle, type FeedFilters } from '../../src/domain/feed-token';
import { toIcsFeed } from '../../src/domain/ics';
import { NewsItem } from '../../src/domain/news';
import { eventPath, newsPath } from '../../src/domain/permalinks';
import { buildApp } from '../../server/http/app';
import { newsEntryId, toAtomFeed } from '../../server/http/routes/atom-feed';
import { writeContent } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { CALENDAR_FEED_PAST_DAYS } from '../../server/http/routes/feed-routes';
import { normalizeSearch } from '../../server/data/search';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { decodeOrThrow, demo, DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { pathOf } from '../support/page-walk';
import { openTestDatabase } from '../support/test-database';
import { runs } from '../support/fuzz-runs';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';

// The demo profile's authority, which an app built without a profile writes in its UIDs and ids.
const AUTHORITY = defaultSiteProfile().settings.identifiers.authority;

// Each run reads a feed and walks the agenda's pages through a database that answers one statement at a time.
jest.setTimeout(300_000);

// Ids as the agenda holds them: numbers, with the zeros and repeats a shared address may carry.
const categoryText = fc.oneof(
  fc.integer({ min: 1, max: 2147483647 }).map(String),
  fc.integer({ min: 1, max: 99 }).map((id) => `0${id}`),
  fc.integer({ min: 1, max: 12 }).map(String),
);
const anyTitle = fc.option(
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('Fête', 'FÊTE', 'fe\u0302te', '  ', '\u0301', 'l’été', 'x%_'),
  ),
  { nil: null },
);
const feedFilters: fc.Arbitrary<FeedFilters> = fc.record({ categories: fc.array(categoryText, { maxLength: 8 }), title: anyTitle });

/** What a filter set means to the server: its categories as a set of numbers and its title as searched. */
const meaning = (filters: FeedFilters): string =>
  JSON.stringify([[...new Set(filters.categories.map(Number))].sort((a, b) => a - b), filters.title === null ? null : normalizeSearch(filters.title)]);

describe('the feed token', () => {
  it('compares titles as the server searches them', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => expect(normalizeFeedTitle(text)).toBe(normalizeSearch(text))));
  });

  it('reads back the filters it was made of: the same categories and the same search', () => {
    fc.assert(
      fc.property(feedFilters, (filters) => {
        const encoded = encodeFeedToken(filters);
        fc.pre(encoded.ok && encoded.token !== '');
        expect(encoded.token.length).toBeLessThanOrEqual(MAX_FEED_TOKEN_LENGTH);
        expect(encoded.token).toMatch(/^[0-9a-z._~-]+$/);
        const decoded = decodeFeedToken(encoded.token);
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(meaning(decoded.filters)).toBe(meaning(filters));
      }),
      { numRuns: runs(400) },
    );
  });

  it('gives one token to filter sets that mean the same, and different tokens to those that do not', () => {
    fc.assert(
      fc.property(feedFilters, feedFilters, fc.boolean(), (a, b, shuffle) => {
        // The same meaning written otherwise: categories reversed and repeated, the title decomposed.
        const same: FeedFilters = {
          categories: shuffle ? [...a.categories].reverse().concat(a.categories.slice(0, 1)) : a.categories,
          title: a.title === null ? null : a.title.normalize('NFD'),
        };
        const [ta, tsame, tb] = [encodeFeedToken(a), encodeFeedToken(same), encodeFeedToken(b)];
        if (ta.ok && tsame.ok) expect(tsame.token).toBe(ta.token);
        if (ta.ok && tb.ok) expect(ta.token === tb.token).toBe(meaning(a) === meaning(b));
      }),
      { numRuns: runs(400) },
    );
  });

  it('accepts a text only when it is the canonical token of what it names', () => {
    const tokenish = fc.stringMatching(/^[0-9.]{0,12}(~[a-z0-9_-]{0,16})?$/);
    fc.assert(
      fc.property(fc.oneof(tokenish, fc.string({ maxLength: 30 })), (text) => {
        const decoded = decodeFeedToken(text);
        if (!decoded.ok) return;
        const again = encodeFeedToken(decoded.filters);
        expect(again).toEqual({ ok: true, token: text });
      }),
      { numRuns: runs(1000) },
    );
  });

  it('refuses a token longer than its bound, and has none for filters the API refuses', () => {
    expect(decodeFeedToken('1.'.repeat(81).slice(0, MAX_FEED_TOKEN_LENGTH + 1))).toEqual({ ok: false, problem: 'too-long' });
    expect(encodeFeedToken({ categories: ['0'], title: null })).toEqual({ ok: false, problem: 'not-a-category' });
    expect(encodeFeedToken({ categories: ['abc'], title: null })).toEqual({ ok: false, problem: 'not-a-category' });
    expect(encodeFeedToken({ categories: ['2147483648'], title: null })).toEqual({ ok: false, problem: 'not-a-category' });
    expect(encodeFeedToken({ categories: [], title: 'a'.repeat(201) })).toEqual({ ok: false, problem: 'title-too-long' });
    expect(encodeFeedToken({ categories: [], title: 'a\u0000' })).toEqual({ ok: false, problem: 'title-not-searchable' });
    expect(encodeFeedToken({ categories: [], title: 'Fête de la musique' })).toEqual({ ok: true, token: '~fete-de-la-musique' });
    expect(encodeFeedToken({ categories: ['7', '3', '03'], title: 'l’été' })).toEqual({ ok: true, token: '3.7~l_2019_ete' });
  });

  it('makes short feed addresses, webcal: beside https:', () => {
    expect(agendaFeedPath('1', { categories: [], title: null })).toBe('/flux/agenda/1.ics');
    expect(agendaFeedPath('1', { categories: ['3'], title: 'Séance' })).toBe('/flux/agenda/1/3~seance.ics');
    expect(agendaFeedPath('abc', { categories: [], title: null })).toBeNull();
    expect(newsFeedPath('actualites', ['2', '1'])).toBe('/flux/actualites/actualites/1.2.atom');
    expect(calendarAddresses('https://www.example.ch/', '/flux/agenda/1.ics')).toEqual({
      https: 'https://www.example.ch/flux/agenda/1.ics',
      webcal: 'webcal://www.example.ch/flux/agenda/1.ics',
    });
  });
});

describe('the calendar feed’s text', () => {
  const feedEvent = fc.record({
    event: decodedArbitrary(AgendaEvent),
    sequence: fc.nat({ max: 1000 }),
    modified: fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2040, 0, 1)), noInvalidDate: true }),
    cancelled: fc.boolean(),
  });

  it('folds every line within 75 octets and parses back, with ical.js, to the same events, sequences, statuses and pages', () => {
    fc.assert(
      fc.property(fc.uniqueArray(feedEvent, { maxLength: 8, selector: (item) => item.event.id }), fc.string({ maxLength: 90 }), (items, name) => {
        const events = items.map((item) => ({
          ...item,
          uid: `event-1-${item.event.id}@${AUTHORITY}`,
          url: `https://www.example.ch${eventPath(item.event)}`,
        }));
        const text = toIcsFeed({ name, authority: AUTHORITY, refresh: 'PT1H', events });
        expect(text.endsWith('\r\n')).toBe(true);
        expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
        const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
        // ical.js leaves an X- property's text escaped, as it does every property it does not know.
        expect(String(calendar.getFirstPropertyValue('x-wr-calname')).replace(/\\([\\;,])/g, '$1')).toBe(name);
        const parsed = calendar.getAllSubcomponents('vevent');
        expect(
          parsed.map((component) => [
            component.getFirstPropertyValue('uid'),
            component.getFirstPropertyValue('summary'),
            component.getFirstPropertyValue('sequence'),
            component.getFirstPropertyValue('status'),
            component.getFirstPropertyValue('url'),
            (component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime(),
          ]),
        ).toEqual(
          events.map((item) => [
            item.uid,
            item.event.title,
            item.sequence,
            item.cancelled ? 'CANCELLED' : 'CONFIRMED',
            item.url,
            Math.floor(item.modified.getTime() / 1000) * 1000,
          ]),
        );
        parsed.forEach((component, index) => expect(String(component.getFirstPropertyValue('description'))).toContain(events[index]!.url));
      }),
      { numRuns: runs(150) },
    );
  });
});

/** One VEVENT as ical.js reads it, in the terms of an agenda event. */
interface ParsedVevent {
  readonly uid: string;
  readonly sequence: number;
  readonly status: string;
  readonly summary: string;
  readonly location: string | null;
  readonly start: string;
  readonly end: string | null;
  readonly categories: string[];
  readonly url: string;
}

const parseVevents = (text: string): ParsedVevent[] => {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(component.getFirstPropertyValue('status')),
      summary: event.summary,
      location: component.hasProperty('location') ? event.location : null,
      start: event.startDate.toString(),
      end: component.hasProperty('dtend') ? event.endDate.toString() : null,
      categories: (component.getFirstProperty('categories')?.getValues() ?? []).map(String),
      url: String(component.getFirstPropertyValue('url')),
    };
  });
};

const xmlParser = new new JSDOM('').window.DOMParser();

const pad = (n: number): string => String(n).padStart(2, '0');

/** What a calendar must read of an agenda event: the same instant or days, title, place, categories and page. */
const expectedVevent = (event: AgendaEvent, origin: string): Omit<ParsedVevent, 'uid' | 'sequence'> => {
  const day = event.bel_date.slice(0, 10);
  const endDay = (event.end_date ?? event.bel_date).slice(0, 10);
  const next = new Date(`${endDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    status: 'CONFIRMED',
    summary: event.title,
    // With a place, its name, street and postcode with locality (the demo's have all three).
    location: event.lieu ? `${event.lieu.name}, ${event.lieu.street_address}, ${event.lieu.postcode} ${event.lieu.locality}` : event.place ? event.place : null,
    start: event.start_time ? `${day}T${event.start_time.slice(0, 5)}:00` : day,
    end: event.start_time
      ? event.end_time
        ? `${endDay}T${event.end_time.slice(0, 5)}:00`
        : null
      : `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`,
    categories: (event.categories ?? []).map((category) => category.title),
    url: `${origin}${eventPath(event)}`,
  };
};

// Pieces of real titles, so that searches find something, and a few that find nothing or everything.
const demoTitles = [...new Set(demo.events.map((event) => event.title))];
const searchText = fc.oneof(
  fc.tuple(fc.constantFrom(...demoTitles), fc.nat(), fc.integer({ min: 1, max: 6 })).map(([source, start, length]) => {
    const from = start % Math.max(1, source.length);
    return source.slice(from, from + length);
  }),
  fc.constantFrom('e', 'É', 'SEANCE', 'fête', '’', 'x%', 'a_b', ' ', '\u0301'),
);

/** A state of the agenda's filters: categories, a month and a quick range (which feeds leave aside), a title. */
const agendaFilters: fc.Arbitrary<AgendaFilters> = fc.record({
  categories: fc.uniqueArray(fc.integer({ min: 1, max: 9 }).map(String), { maxLength: 3 }),
  month: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  title: fc.option(searchText, { nil: null }),
});

describe('the calendar feed against the agenda', () => {
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

  /** Every event the agenda shows for its categories and title, walking its pages as the widget does: the past ones back to the feed's margin, then the upcoming ones. */
  const agendaShows = async (agendaId: string, filters: AgendaFilters): Promise<AgendaEvent[]> => {
    const walk = async (first: string): Promise<AgendaEvent[]> => {
      const events: AgendaEvent[] = [];
      let path: string | null = first;
      while (path !== null) {
        const answer = await client.getJson(path);
        expect(answer.status).toBe(200);
        const page = decodeOrThrow(AgendaEventList, (answer.body as { results: unknown }).results);
        events.push(...page);
        const next = (answer.body as { next?: string | null }).next;
        path = next ? pathOf(next) : null;
      }
      return events;
    };
    const margin = addDays(DEMO_TODAY, -CALENDAR_FEED_PAST_DAYS);
    const page = { today: DEMO_TODAY, pageSize: 50 };
    const past = (await walk(agendaPagePath(agendaId, filters, { ...page, period: 'past' }))).filter((event) => event.bel_date.slice(0, 10) >= margin);
    const upcoming = await walk(agendaPagePath(agendaId, filters, { ...page, period: 'upcoming' }));
    // A recurring event is one entry of the feed at its first date (its rule says the rest), where the agenda lists each occurrence.
    const series = new Map<string, AgendaEvent>();
    for (const event of [...past, ...upcoming]) if (event.recurrence && !series.has(event.id)) series.set(event.id, seriesOf(event));
    const key = (event: AgendaEvent): string => `${event.bel_date.slice(0, 10)}T${event.start_time ?? '24:00'}`;
    return [...series.values(), ...past.reverse(), ...upcoming]
      .filter((event) => !event.recurrence || series.get(event.id) === event)
      .map((event, index) => ({ event, index }))
      .sort((a, b) => (key(a.event) === key(b.event) ? a.index - b.index : key(a.event) < key(b.event) ? -1 : 1))
      .map(({ event }) => event);
  };

  it('parses back, with ical.js, to exactly the events the agenda shows for its categories and title', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('1', '2'), agendaFilters, async (agendaId, filters) => {
        // The month is not the feed's: the agenda is asked with the categories and title only.
        const followed: AgendaFilters = { ...filters, month: null };
        const path = agendaFeedPath(agendaId, feedFiltersOf(filters));
        expect(path).not.toBeNull();
        const answer = await client.get(path!);
        expect(answer.status).toBe(200);
        const vevents = parseVevents(answer.text);
        const shown = await agendaShows(agendaId, followed);
        expect(vevents.map(({ uid: _uid, sequence: _sequence, ...rest }) => rest)).toEqual(shown.map((event) => expectedVevent(event, 'http://localhost:80')));
        expect(vevents.map((vevent) => vevent.uid)).toEqual(
          shown.map((event) => `event-${demo.events.find((item) => item.id === Number(event.id))!.agenda_id}-${event.id}@${AUTHORITY}`),
        );
      }),
      { numRuns: runs(30) },
    );
  });
});

describe('the UIDs of a calendar feed', () => {
  it('stay the same across two generations: another import of the content, another host', async () => {
    const db = await openTestDatabase();
    let app = buildApp({ db, now: () => DEMO_NOW });
    try {
      const samples = fc.sample(fc.tuple(fc.constantFrom('1', '2'), agendaFilters), { numRuns: 12, seed: 20260101 });
      const paths = samples.map(([agendaId, filters]) => agendaFeedPath(agendaId, feedFiltersOf(filters))!);
      const uids = async (client: TestClient, host: string): Promise<Map<string, { uid: string; sequence: number }>[]> =>
        Promise.all(
          paths.map(async (path) => {
            const answer = await client.get(path, { host });
            expect(answer.status).toBe(200);
            return new Map(parseVevents(answer.text).map((vevent) => [/-(\d+)@/.exec(vevent.uid)![1]!, { uid: vevent.uid, sequence: vevent.sequence }]));
          }),
        );
      const first = await uids(await injectClient(app), 'www.example.ch');
      // A second generation: the content imported again, its events in another order and some titles changed.
      const changed = new Set(demo.events.filter((event) => event.id % 7 === 0).map((event) => event.id));
      const again = {
        ...demo,
        events: [...demo.events].reverse().map((event) => (changed.has(event.id) ? { ...event, title: `${event.title} (modifié)` } : event)),
      };
      await db.transaction((tx) => writeContent(tx, again, 'test:again', new Date(DEMO_NOW)));
      await app.close();
      app = buildApp({ db, now: () => DEMO_NOW });
      const second = await uids(await injectClient(app), 'autre.example.org:8080');
      first.forEach((before, index) => {
        const after = second[index]!;
        for (const [id, { uid, sequence }] of before) {
          const now = after.get(id);
          // A changed title may move an event out of a title's search; where both hold it, it is one event.
          if (now === undefined) continue;
          expect(now.uid).toBe(uid);
          expect(now.sequence).toBe(changed.has(Number(id)) ? sequence + 1 : sequence);
        }
      });
    } finally {
      await app.close();
      await db.close();
    }
  });
});

// RFC 3339 date-time, as Atom's updated and published must be (RFC 4287 §3.3).
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;
const ATOM = 'http://www.w3.org/2005/Atom';

const unescapeHtml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const xmlSafe = (text: string): string => text.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '');

describe('the Atom feed', () => {
  const origin = 'https://www.example.ch';
  const items = fc.uniqueArray(decodedArbitrary(NewsItem), { maxLength: 12, selector: (item) => item.id });

  it('keeps Atom’s rules for any news: one id, title and updated each, self and alternate links, an entry per item with its page', () => {
    fc.assert(
      fc.property(items, fc.string({ maxLength: 30 }), (news, title) => {
        const text = toAtomFeed({
          id: `tag:${AUTHORITY},2026:flux/actualites/actualites`,
          authority: AUTHORITY,
          title,
          siteName: 'Canton de Valmont',
          origin,
          self: `${origin}/flux/actualites/actualites.atom`,
          alternate: `${origin}/actualites/?categorie=1&categorie=2`,
          items: news,
        });
        // Parsed as XML: a malformed document is a parsererror document. One parser for every case:
        // a jsdom window a case kept more than 10,000 cases (\`npm run fuzz\`) could hold.
        const document = xmlParser.parseFromString(text, 'application/xml');
        expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
        const feed = document.documentElement;
        expect([feed.localName, feed.namespaceURI]).toEqual(['feed', ATOM]);
        const own = (parent: Element, name: string): Element[] => [...parent.children].filter((child) => child.localName === name && child.namespaceURI === ATOM);
        const one = (parent: Element, name: string): string => {
          const found = own(parent, name);
          expect(found).toHaveLength(1);
          return found[0]!.textContent;
        };
        expect(one(feed, 'id')).toMatch(IRI);
        expect(one(feed, 'title')).toBe(xmlSafe(title));
        const updated = one(feed, 'updated');
        expect(updated).toMatch(RFC3339);
        const links = own(feed, 'link');
        expect(links.filter((link) => link.getAttribute('rel') === 'self').map((link) => link.getAttribute('href'))).toEqual([
          `${origin}/flux/actualites/actualites.atom`,
        ]);
        expect(links.filter((link) => link.getAttribute('rel') === 'alternate').map((link) => link.getAttribute('href'))).toEqual([
          `${origin}/actualites/?categorie=1&categorie=2`,
        ]);
        expect(own(feed, 'author')).toHaveLength(1);
        const entries = own(feed, 'entry');
        expect(entries).toHaveLength(news.length);
        entries.forEach((entry, index) => {
          const item = news[index]!;
          expect(one(entry, 'id')).toBe(newsEntryId(item, AUTHORITY));
          expect(one(entry, 'id')).toMatch(IRI);
          expect(unescapeHtml(one(entry, 'title'))).toBe(xmlSafe(item.title ?? ''));
          const entryUpdated = one(entry, 'updated');
          expect(entryUpdated).toMatch(RFC3339);
          expect(Date.parse(entryUpdated)).toBeLessThanOrEqual(Date.parse(updated));
          const pages = own(entry, 'link').filter((link) => (link.getAttribute('rel') ?? 'alternate') === 'alternate');
          expect(pages.map((link) => link.getAttribute('href'))).toEqual([`${origin}${newsPath(item)}`]);
          for (const enclosure of own(entry, 'link').filter((link) => link.getAttribute('rel') === 'enclosure')) {
            expect(new URL(enclosure.getAttribute('href') ?? '').protocol).toMatch(/^https?:$/);
            expect(enclosure.getAttribute('type')).toMatch(/^image\/[a-z0-9.+-]+$/);
          }
          expect(own(entry, 'summary').map((summary) => unescapeHtml(summary.textContent))).toEqual(
            item.lead && xmlSafe(item.lead) !== '' ? [xmlSafe(item.lead)] : [],
          );
          expect(own(entry, 'author')).toHaveLength(1);
        });
        // Entry ids are unique in the feed, as the items are.
        expect(new Set(entries.map((entry) => own(entry, 'id')[0]?.textContent)).size).toBe(entries.length);
      }),
      { numRuns: runs(150) },
    );
  });

  it('writes the same bytes for the same news, whenever it is written', () => {
    fc.assert(
      fc.property(items, (news) => {
        const feed = {
          id: 'tag:x,2026:a',
          authority: 'x',
          title: 'Actualités',
          siteName: 'Canton',
          origin,
          self: `${origin}/a.atom`,
          alternate: `${origin}/`,
          items: news,
        };
        expect(toAtomFeed(feed)).toBe(toAtomFeed(feed));
      }),
      { numRuns: runs(30) },
    );
  });
});
