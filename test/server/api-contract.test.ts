import { expect } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { AgendaCategoryList, AgendaEvent, AgendaEventList } from '../../src/domain/agenda';
import { Contact, ContactCategoryList, ContactList } from '../../src/domain/contact';
import { NewsCategoryList, NewsItemList, NewsPage } from '../../src/domain/news';
import { ShopItemList } from '../../src/domain/shop';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { PageOf, PAGE_SIZES } from '../../src/domain/paging';
import { AGENDA_CATEGORIES, CONTACT_CATEGORIES, demoYear, DEMO_DEFAULTS } from '../../server/operations/demo-content';
import { NEWS_PAGE_SIZE } from '../../server/http/routes/news-routes';
import { normalizeSearch } from '../../server/data/search';
import {
  decodeOrThrow,
  demo,
  DEMO_NOW,
  DEMO_TODAY,
  expectedAgenda,
  expectedContacts,
  expectedEvents,
  expectedNews,
  expectedPlainAgenda,
} from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { pathOf, walkPages } from '../support/page-walk';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(60_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  // A fixed day, so the agenda's upcoming and past events are those the expectations compute.
  app = buildApp({ db, now: () => DEMO_NOW });
  client = await injectClient(app);
});

afterAll(async () => {
  await app.close();
  await db.close();
});

const getJson = (url: string) => client.getJson(url);

const ids = (rows: readonly { id?: string | null }[]): number[] => rows.map((row) => Number(row.id));

describe('GET /api/agenda/{id}/', () => {
  it.each([1, 2])('answers the first page of the upcoming events of agenda %i, each once, as a plain array with a Link to any next', async (agendaId) => {
    const { status, body, headers } = await getJson(`/api/agenda/${agendaId}/`);
    expect(status).toBe(200);
    const events = decodeOrThrow(AgendaEventList, body);
    const expected = expectedPlainAgenda(agendaId, DEMO_TODAY);
    expect(ids(events)).toEqual(expected.slice(0, PAGE_SIZES.events));
    // Each event once, a recurring one once a date.
    expect(new Set(events.map((e) => `${e.id}@${e.bel_date}`)).size).toBe(events.length);
    expect(events.every((e) => e.bel_date >= DEMO_TODAY)).toBe(true);
    if (expected.length > PAGE_SIZES.events) {
      expect(headers['link']).toMatch(new RegExp(`^</api/agenda/${agendaId}/\\?period=upcoming&page_size=${PAGE_SIZES.events}&cursor=[^>]+>; rel="next"$`));
    } else {
      expect(headers['link']).toBeUndefined();
    }
  });

  it.each([1, 2])('pages agenda %i to its end: every upcoming event once, in date order', async (agendaId) => {
    const walk = await walkPages(client, `/api/agenda/${agendaId}/?page_size=17`);
    expect(walk.ids).toEqual(expectedPlainAgenda(agendaId, DEMO_TODAY));
    expect(walk.counts.every((count) => count === walk.ids.length)).toBe(true);
    expect(walk.sizes.every((size) => size <= 17)).toBe(true);
  });

  it('follows its Link header to the rest of the list', async () => {
    const first = await getJson('/api/agenda/1/');
    const link = /^<([^>]+)>/.exec(first.headers['link'] ?? '')?.[1] ?? '';
    const rest = await walkPages(client, pathOf(link));
    expect([...ids(decodeOrThrow(AgendaEventList, first.body)), ...rest.ids]).toEqual(expectedPlainAgenda(1, DEMO_TODAY));
  });

  it('answers the past, most recent first, with period=past', async () => {
    const walk = await walkPages(client, '/api/agenda/1/?period=past&page_size=100');
    expect(walk.ids).toEqual(expectedAgenda({ agendaId: 1, period: 'past' }, DEMO_TODAY));
    const { body } = await getJson('/api/agenda/1/?period=past&page_size=5');
    const dates = decodeOrThrow(PageOf(AgendaEvent), body).results.map((e) => e.bel_date);
    expect(dates.every((date) => date < DEMO_TODAY)).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('keeps the days from and to, both included', async () => {
    const year = demoYear(DEMO_DEFAULTS);
    const window = { from: `${year}-12-01`, to: `${year + 1}-01-31` };
    const walk = await walkPages(client, `/api/agenda/2/?from=${window.from}&to=${window.to}&page_size=10`);
    expect(walk.ids).toEqual(expectedAgenda({ agendaId: 2, ...window }, DEMO_TODAY));
    expect(walk.ids.length).toBeGreaterThan(0);
  });

  it('holds events on the 31st of December and the 1st of January', async () => {
    const year = demoYear(DEMO_DEFAULTS);
    const all = [...(await walkPages(client, '/api/agenda/1/?page_size=100')).ids, ...(await walkPages(client, '/api/agenda/2/?page_size=100')).ids];
    const days = all.map((id) => demo.events.find((e) => e.id === id)?.bel_date);
    expect(days).toContain(`${year}-12-31`);
    expect(days).toContain(`${year + 1}-01-01`);
  });

  it('sends times as HH:MM and categories as id and title', async () => {
    const [event] = decodeOrThrow(AgendaEventList, (await getJson('/api/agenda/1/')).body).filter((e) => e.start_time);
    expect(event?.start_time).toMatch(/^\d\d:\d\d$/);
    expect(event?.categories?.every((c) => AGENDA_CATEGORIES.includes(c.title as (typeof AGENDA_CATEGORIES)[number]))).toBe(true);
  });

  it('answers 404 with a JSON body for an unknown agenda', async () => {
    const { status, body } = await getJson('/api/agenda/999/');
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'agenda 999 does not exist' });
  });
});

describe('GET /api/agenda/{id}/events/{eventId}/', () => {
  it('answers one event of the agenda with the fields of the list', async () => {
    const [first] = decodeOrThrow(AgendaEventList, (await getJson('/api/agenda/2/')).body);
    const { status, body } = await getJson(`/api/agenda/2/events/${first?.id ?? ''}/`);
    expect(status).toBe(200);
    expect(decodeOrThrow(AgendaEvent, body)).toEqual(first);
  });

  it('answers a past event too, since a permalink outlives its day', async () => {
    const [past] = expectedAgenda({ agendaId: 1, period: 'past' }, DEMO_TODAY);
    expect((await getJson(`/api/agenda/1/events/${past ?? 0}/`)).status).toBe(200);
  });

  it.each([
    ['an event of another agenda', () => `/api/agenda/1/events/${demo.events.find((e) => e.agenda_id === 2)?.id ?? 0}/`, /^event \d+ does not exist in agenda 1$/],
    ['an unknown event', () => '/api/agenda/1/events/999999/', /^event 999999 does not exist in agenda 1$/],
    ['an unknown agenda', () => '/api/agenda/999/events/1/', /^agenda 999 does not exist$/],
  ])('answers 404 for %s', async (_name, url, message) => {
    const { status, body } = await getJson(url());
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(message) });
  });
});

describe('GET /api/categories/agenda/', () => {
  it('answers the eight agenda categories', async () => {
    const categories = decodeOrThrow(AgendaCategoryList, (await getJson('/api/categories/agenda/')).body);
    expect(categories.map((c) => c.title)).toEqual([...AGENDA_CATEGORIES]);
  });
});

describe('GET /api/agenda/?…', () => {
  const cases: { query: string; filter: { categories?: number[]; month?: number; title?: string } }[] = [
    { query: 'categories=3', filter: { categories: [3] } },
    { query: 'categories=1&categories=5', filter: { categories: [1, 5] } },
    { query: 'month=12', filter: { month: 12 } },
    { query: 'month=1', filter: { month: 1 } },
    { query: 'title=SEANCE', filter: { title: 'SEANCE' } },
    { query: 'title=fete', filter: { title: 'fete' } },
    { query: 'categories=5&month=12', filter: { categories: [5], month: 12 } },
    { query: 'categories=8&title=h%C3%A9l%C3%A8ne', filter: { categories: [8], title: 'hélène' } },
    { query: 'month=3&title=commission', filter: { month: 3, title: 'commission' } },
    { query: 'categories=2&categories=4&month=6&title=e', filter: { categories: [2, 4], month: 6, title: 'e' } },
    { query: 'categories=42', filter: { categories: [42] } },
  ];

  it.each(cases)('answers exactly the upcoming events that match $query, page after page', async ({ query, filter }) => {
    const { status, body } = await getJson(`/api/agenda/?${query}`);
    expect(status).toBe(200);
    const firstPage = decodeOrThrow(AgendaEventList, body);
    expect(ids(firstPage)).toEqual(expectedEvents(filter, DEMO_TODAY).slice(0, PAGE_SIZES.events));
    const walk = await walkPages(client, `/api/agenda/?${query}&page_size=100`);
    expect(walk.ids).toEqual(expectedEvents(filter, DEMO_TODAY));
    const events = walk.ids
      .map((id, index) => ({ e: demo.events.find((item) => item.id === id), day: walk.days[index] }))
      .map(({ e, day }) => ({
        bel_date: day ?? '',
        title: e?.title ?? '',
        categories: (e?.categories ?? []).map((c) => ({ id: String(c) })),
      }));
    const { categories } = filter;
    for (const event of events) {
      if (filter.month !== undefined) expect(Number(event.bel_date.slice(5, 7))).toBe(filter.month);
      if (filter.title !== undefined) expect(normalizeSearch(event.title)).toContain(normalizeSearch(filter.title));
      if (categories !== undefined) expect(event.categories.some((c) => categories.includes(Number(c.id)))).toBe(true);
    }
  });

  it('finds something for most filters, so the comparisons above are not vacuous', () => {
    expect(expectedEvents({ month: 12 }, DEMO_TODAY).length).toBeGreaterThan(10);
    expect(expectedEvents({ title: 'fete' }, DEMO_TODAY).length).toBeGreaterThan(0);
    expect(expectedEvents({ categories: [5], month: 12 }, DEMO_TODAY).length).toBeGreaterThan(0);
  });

  it('starts month=m with the next such month when upcoming', async () => {
    const year = demoYear(DEMO_DEFAULTS);
    const june = decodeOrThrow(AgendaEventList, (await getJson('/api/agenda/?month=6')).body);
    expect(june.length).toBeGreaterThan(0);
    expect(june.every((e) => e.bel_date.startsWith(`${year + 1}-06-`))).toBe(true);
    const december = decodeOrThrow(AgendaEventList, (await getJson('/api/agenda/?month=12')).body);
    expect(december[0]?.bel_date.startsWith(`${year}-12-`)).toBe(true);
  });

  it('answers each event once, whatever its categories', async () => {
    const walk = await walkPages(
      client,
      '/api/agenda/?categories=1&categories=2&categories=3&categories=4&categories=5&categories=6&categories=7&categories=8&page_size=100',
    );
    // Once an event, a recurring one once a date.
    const rows = walk.ids.map((id, index) => `${id}@${walk.days[index] ?? ''}`);
    expect(new Set(rows).size).toBe(rows.length);
    expect(walk.ids).toEqual(expectedEvents({ categories: [1, 2, 3, 4, 5, 6, 7, 8] }, DEMO_TODAY));
    expect(demo.events.some((e) => e.categories.length > 1 && walk.ids.includes(e.id))).toBe(true);
  });

  it('answers the past of a filter most recent first', async () => {
    const walk = await walkPages(client, '/api/agenda/?categories=2&period=past&page_size=30');
    expect(walk.ids).toEqual(expectedEvents({ categories: [2], period: 'past' }, DEMO_TODAY));
  });
});

describe('GET /api/news/…', () => {
  it.each(['actualites', 'communiques'])('answers the first page of the news of the %s scope newest first, and pages to the end', async (scope) => {
    const { body, headers } = await getJson(`/api/news/${scope}/`);
    const expected = expectedNews({ scope });
    expect(ids(decodeOrThrow(NewsItemList, body))).toEqual(expected.slice(0, NEWS_PAGE_SIZE));
    expect(headers['link']).toMatch(/; rel="next"$/);
    expect((await walkPages(client, `/api/news/${scope}/?page_size=9`)).ids).toEqual(expected);
  });

  it('answers the categories of a scope', async () => {
    const categories = decodeOrThrow(NewsCategoryList, (await getJson('/api/categories/communiques/')).body);
    expect(categories.map((c) => c.title)).toEqual(demo.news_categories.filter((c) => c.scope === 'communiques').map((c) => c.title));
  });

  it('answers 404 for an unknown scope', async () => {
    expect((await getJson('/api/news/inconnu/')).status).toBe(404);
    expect((await getJson('/api/categories/inconnu/')).status).toBe(404);
  });

  it.each([[[1]], [[2, 5]], [[6]], [[1, 2, 3, 4, 5, 6]]])('pages the news of categories %j so that next walks the whole set once', async (categories) => {
    const expected = expectedNews({ categories });
    const url = `/api/news/?${categories.map((c) => `categories=${c}`).join('&')}`;
    const first = decodeOrThrow(NewsPage, (await getJson(url)).body);
    expect(first.previous).toBeNull();
    expect(first.next ?? '').toMatch(/[?&]cursor=/);
    const walk = await walkPages(client, url);
    expect(walk.ids).toEqual(expected);
    expect(walk.counts.every((count) => count === expected.length)).toBe(true);
    expect(walk.sizes.every((size) => size <= NEWS_PAGE_SIZE)).toBe(true);
    expect(walk.sizes).toHaveLength(Math.max(1, Math.ceil(expected.length / NEWS_PAGE_SIZE)));
  });

  it("still reads an old client's page number, then goes on with cursors", async () => {
    const expected = expectedNews({ categories: [1, 2] });
    const page = decodeOrThrow(NewsPage, (await getJson('/api/news/?categories=1&categories=2&page_size=5&page=3')).body);
    expect(ids(page.results)).toEqual(expected.slice(10, 15));
    expect(pathOf(page.previous ?? '')).toBe('/api/news/?categories=1&categories=2&page_size=5&page=2');
    const rest = await walkPages(client, pathOf(page.next ?? ''));
    expect(rest.ids).toEqual(expected.slice(15));
  });

  it('answers 404 for a page past the end', async () => {
    const { status, body } = await getJson('/api/news/?categories=1&page=20');
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'page 20 does not exist: there are 2 pages' });
  });
});

describe('GET /api/contacts/', () => {
  it('answers the first 48 of 150 contacts in name order, and pages to the end', async () => {
    const { body, headers } = await getJson('/api/contacts/');
    const contacts = decodeOrThrow(ContactList, body);
    expect(ids(contacts)).toEqual(expectedContacts({}).slice(0, PAGE_SIZES.contacts));
    expect(headers['link']).toMatch(/^<\/api\/contacts\/\?page_size=48&cursor=[^>]+>; rel="next"$/);
    const walk = await walkPages(client, '/api/contacts/?page_size=48');
    expect(walk.ids).toEqual(expectedContacts({}));
    expect(walk.ids.length).toBeGreaterThanOrEqual(150);
  });

  it('finds Hélène when searching helene, in any case', async () => {
    for (const text of ['helene', 'HELENE', 'Hélène', 'hÉlÈne']) {
      const contacts = decodeOrThrow(ContactList, (await getJson(`/api/contacts/?title=${encodeURIComponent(text)}`)).body);
      expect(contacts.length).toBeGreaterThan(0);
      expect(contacts.every((c) => normalizeSearch(c.title).includes('helene'))).toBe(true);
      expect(ids(contacts)).toEqual(expectedContacts({ title: text }));
    }
  });

  it('ranks the names that start with the text, then those with a word that does, then the rest', async () => {
    const walk = await walkPages(client, '/api/contacts/?title=ra&page_size=7');
    expect(walk.ids).toEqual(expectedContacts({ title: 'ra' }));
    const names = walk.ids.map((id) => normalizeSearch(demo.contacts.find((c) => c.id === id)?.title ?? ''));
    const ranks = names.map((name) => (name.startsWith('ra') ? 0 : name.includes(' ra') ? 1 : 2));
    expect([...ranks].sort()).toEqual(ranks);
    expect(new Set(ranks).size).toBeGreaterThan(1);
  });

  it.each(CONTACT_CATEGORIES.map((c) => [c]))('filters by the category %s', async (category) => {
    const walk = await walkPages(client, `/api/contacts/?category=${encodeURIComponent(category)}&page_size=20`);
    expect(walk.ids).toEqual(expectedContacts({ category }));
    const contacts = walk.ids.map((id) => demo.contacts.find((c) => c.id === id));
    expect(contacts.every((c) => c?.categories.includes(category))).toBe(true);
  });

  it('ANDs the name search and the category filter', async () => {
    const url = `/api/contacts/?title=e&category=${encodeURIComponent('Grand Conseil')}&page_size=100`;
    const walk = await walkPages(client, url);
    expect(walk.ids).toEqual(expectedContacts({ title: 'e', category: 'Grand Conseil' }));
    expect(walk.ids.length).toBeLessThan(expectedContacts({ category: 'Grand Conseil' }).length);
  });

  it('answers one contact by its slug, as the list gives it', async () => {
    const [, second] = decodeOrThrow(ContactList, (await getJson('/api/contacts/')).body);
    const { status, body } = await getJson(`/api/contacts/${second?.slug ?? ''}/`);
    expect(status).toBe(200);
    expect(decodeOrThrow(Contact, body)).toEqual(second);
  });

  it('answers 404 for an unknown contact', async () => {
    const { status, body } = await getJson('/api/contacts/personne-inconnue/');
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'contact "personne-inconnue" does not exist' });
  });

  it('gives each contact four image sizes served by this server', async () => {
    const [contact] = decodeOrThrow(ContactList, (await getJson('/api/contacts/')).body);
    expect(contact?.img).toMatch(/^\/media\/.+-240\.jpg$/);
    expect(contact?.img_2x).toMatch(/^\/media\/.+-480\.jpg$/);
    expect(contact?.img_wp).toMatch(/^\/media\/.+-240\.webp$/);
    expect(contact?.img_wp_2x).toMatch(/^\/media\/.+-480\.webp$/);
  });

  it('answers the twelve contact categories', async () => {
    const categories = decodeOrThrow(ContactCategoryList, (await getJson('/api/categories/contacts/')).body);
    expect(categories.map((c) => c.title)).toEqual([...CONTACT_CATEGORIES]);
  });
});

describe('GET /api/shop/items/', () => {
  it('answers the eight publications with prices of two decimals', async () => {
    const items = decodeOrThrow(ShopItemList, (await getJson('/api/shop/items/')).body);
    expect(items).toHaveLength(8);
    expect(items.map((i) => i.price)).toEqual(demo.shop_items.map((i) => i.price));
    expect(items.map((i) => i.price)).toEqual(expect.arrayContaining([12.5, 0.9]));
  });
});

describe('bad input', () => {
  it.each([
    ['/api/agenda/?month=13', 'querystring/month must be <= 12'],
    ['/api/agenda/?month=0', 'querystring/month must be >= 1'],
    ['/api/agenda/?month=abc', 'querystring/month must be integer'],
    ['/api/agenda/?month=1&month=2', 'querystring/month must be integer'],
    [`/api/agenda/?title=${'x'.repeat(201)}`, 'querystring/title must NOT have more than 200 characters'],
    [`/api/contacts/?title=${'x'.repeat(10000)}`, 'querystring/title must NOT have more than 200 characters'],
    ['/api/agenda/?categories=abc', 'querystring/categories/0 must be integer'],
    ['/api/agenda/?categories=1&categories=x', 'querystring/categories/1 must be integer'],
    ['/api/agenda/?categories=99999999999', 'querystring/categories/0 must be <= 2147483647'],
    ['/api/agenda/?colour=blue', "querystring must NOT have additional properties: 'colour'"],
    ['/api/contacts/?name=helene', "querystring must NOT have additional properties: 'name'"],
    ['/api/contacts/?title=%00', 'querystring/title must match pattern "^[^\\u0000-\\u001f\\u007f]*$"'],
    ['/api/news/?page=0', 'querystring/page must be >= 1'],
    ['/api/news/?categories=1.5', 'querystring/categories/0 must be integer'],
    ['/api/agenda/abc/', 'params/id must be integer'],
    ['/api/shop/items/?sort=price', "querystring must NOT have additional properties: 'sort'"],
    ['/api/contacts/?page_size=0', 'querystring/page_size must be >= 1'],
    ['/api/agenda/1/?page_size=101', 'querystring/page_size must be <= 100'],
    ['/api/news/actualites/?page_size=x', 'querystring/page_size must be integer'],
    ['/api/agenda/1/?period=later', 'querystring/period must be equal to one of the allowed values'],
    ['/api/agenda/?from=2026-1-1', 'querystring/from must match pattern "^\\d{4}-\\d{2}-\\d{2}$"'],
    ['/api/agenda/?from=2026-02-30', 'from must be a real day from 0001-01-01 (YYYY-MM-DD), got 2026-02-30'],
    ['/api/agenda/1/?to=2026-13-01', 'to must be a real day from 0001-01-01 (YYYY-MM-DD), got 2026-13-01'],
    // PostgreSQL has no year 0: the database would refuse these days (a 500 before), the import refuses them too.
    ['/api/agenda/?from=0000-01-01', 'from must be a real day from 0001-01-01 (YYYY-MM-DD), got 0000-01-01'],
    ['/api/agenda/?to=0000-12-31', 'to must be a real day from 0001-01-01 (YYYY-MM-DD), got 0000-12-31'],
    ['/api/agenda/1/?from=0000-02-29&to=2026-01-01', 'from must be a real day from 0001-01-01 (YYYY-MM-DD), got 0000-02-29'],
    ['/api/agenda/1/?period=past&to=0000-06-15', 'to must be a real day from 0001-01-01 (YYYY-MM-DD), got 0000-06-15'],
    ['/api/agenda/1/?from=2026-12-02&to=2026-12-01', 'from (2026-12-02) must not be after to (2026-12-01)'],
    ['/api/news/?page=42&page_size=100', 'page 42 starts past item 1000, the deepest a page number reaches: follow the next links (cursors) instead'],
    ['/api/news/?page=2&cursor=abc.def', 'give either page or cursor, not both: a cursor already says where the page starts'],
    ['/api/agenda/1/events/abc/', 'params/eventId must be integer'],
    ['/api/contacts/Hel%C3%A8ne/', 'params/slug must match pattern "^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$"'],
  ])('answers 400 naming the problem for %s', async (url, message) => {
    const { status, body, headers } = await getJson(url);
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['/api/nothing-here/', '/api/agenda/1/extra/', '/api/contacts/1/', '/api/agenda/1/events/'])(
    'answers 404 JSON for the unknown route or item %s',
    async (url) => {
      const { status, body } = await getJson(url);
      expect(status).toBe(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    },
  );
});

describe('headers of API answers', () => {
  it('sends an ETag, a short public cache and answers 304 to a matching If-None-Match', async () => {
    const first = await client.get('/api/categories/agenda/');
    expect(first.headers['cache-control']).toBe('public, max-age=60, s-maxage=10');
    expect(first.headers['etag']).toBeDefined();
    const second = await client.get('/api/categories/agenda/', { 'if-none-match': String(first.headers['etag']) });
    expect(second.status).toBe(304);
  });

  it('sends the security headers and a CSP without inline script', async () => {
    const { headers } = await getJson('/api/contacts/?title=zoe');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });
});
