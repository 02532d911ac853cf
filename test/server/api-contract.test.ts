import type { FastifyInstance } from 'fastify';
import { AgendaCategoryList, AgendaEventList } from '../../src/domain/agenda';
import { ContactCategoryList, ContactList } from '../../src/domain/contact';
import { NewsCategoryList, NewsItemList, NewsPage } from '../../src/domain/news';
import { ShopItemList } from '../../src/domain/shop';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db';
import { AGENDA_CATEGORIES, CONTACT_CATEGORIES } from '../../server/demo-content';
import { NEWS_PAGE_SIZE } from '../../server/routes/news-routes';
import { normalizeSearch } from '../../server/search';
import { decodeOrThrow, demo, expectedContacts, expectedEvents, expectedNews, expectedPlainAgenda } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db });
  client = await injectClient(app);
});

afterAll(async () => {
  await app.close();
  await db.close();
});

const getJson = (url: string) => client.getJson(url);

const ids = (rows: readonly { id?: string | null }[]): number[] => rows.map((row) => Number(row.id));

describe('GET /api/agenda/{id}/', () => {
  it.each([1, 2])('answers the events of agenda %i in date order, repeating multi-category events', async (agendaId) => {
    const { status, body } = await getJson(`/api/agenda/${agendaId}/`);
    expect(status).toBe(200);
    const events = decodeOrThrow(AgendaEventList, body);
    expect(ids(events)).toEqual(expectedPlainAgenda(agendaId));
    // The duplicates are a documented property of this answer: the client removes them.
    expect(new Set(ids(events)).size).toBeLessThan(events.length);
  });

  it('holds events on the 31st of December and the 1st of January', async () => {
    const events = decodeOrThrow(AgendaEventList, (await getJson('/api/agenda/1/')).body);
    const all = [...events, ...decodeOrThrow(AgendaEventList, (await getJson('/api/agenda/2/')).body)];
    expect(all.some((e) => e.bel_date.endsWith('-12-31'))).toBe(true);
    expect(all.some((e) => e.bel_date.endsWith('-01-01'))).toBe(true);
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

  it.each(cases)('answers exactly the events that match $query', async ({ query, filter }) => {
    const { status, body } = await getJson(`/api/agenda/?${query}`);
    expect(status).toBe(200);
    const events = decodeOrThrow(AgendaEventList, body);
    expect(ids(events)).toEqual(expectedEvents(filter));
    for (const event of events) {
      if (filter.month !== undefined) expect(Number(event.bel_date.slice(5, 7))).toBe(filter.month);
      if (filter.title !== undefined) expect(normalizeSearch(event.title)).toContain(normalizeSearch(filter.title));
      if (filter.categories !== undefined) expect(event.categories?.some((c) => filter.categories?.includes(Number(c.id)))).toBe(true);
    }
  });

  it('finds something for most filters, so the comparisons above are not vacuous', () => {
    expect(expectedEvents({ month: 12 }).length).toBeGreaterThan(10);
    expect(expectedEvents({ title: 'fete' }).length).toBeGreaterThan(0);
    expect(expectedEvents({ categories: [5], month: 12 }).length).toBeGreaterThan(0);
  });
});

describe('GET /api/news/…', () => {
  it.each(['actualites', 'communiques'])('answers the news of the %s scope newest first', async (scope) => {
    const news = decodeOrThrow(NewsItemList, (await getJson(`/api/news/${scope}/`)).body);
    expect(ids(news)).toEqual(expectedNews({ scope }));
  });

  it('answers the categories of a scope', async () => {
    const categories = decodeOrThrow(NewsCategoryList, (await getJson('/api/categories/communiques/')).body);
    expect(categories.map((c) => c.title)).toEqual(demo.news_categories.filter((c) => c.scope === 'communiques').map((c) => c.title));
  });

  it('answers 404 for an unknown scope', async () => {
    expect((await getJson('/api/news/inconnu/')).status).toBe(404);
    expect((await getJson('/api/categories/inconnu/')).status).toBe(404);
  });

  it.each([[[1]], [[2, 5]], [[6]], [[1, 2, 3, 4, 5, 6]]])(
    'pages the news of categories %j so that next and previous walk the whole set once',
    async (categories) => {
      const expected = expectedNews({ categories });
      const seen: number[] = [];
      let url: string | null = `/api/news/?${categories.map((c) => `categories=${c}`).join('&')}`;
      let pages = 0;
      let last: ReturnType<typeof decodeOrThrow<typeof NewsPage>> | null = null;
      while (url !== null) {
        const { status, body } = await getJson(url);
        expect(status).toBe(200);
        const page = decodeOrThrow(NewsPage, body);
        expect(page.count).toBe(expected.length);
        expect(page.results.length).toBeLessThanOrEqual(NEWS_PAGE_SIZE);
        if (pages === 0) expect(page.previous).toBeNull();
        seen.push(...ids(page.results));
        pages += 1;
        last = page;
        url = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
      }
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / NEWS_PAGE_SIZE)));
      // Walking back from the last page meets every page again, in reverse.
      const back: number[] = [];
      let previous = last?.previous ?? null;
      while (previous) {
        const page = decodeOrThrow(NewsPage, (await getJson(new URL(previous).pathname + new URL(previous).search)).body);
        back.unshift(...ids(page.results));
        previous = page.previous ?? null;
      }
      expect([...back, ...ids(last?.results ?? [])]).toEqual(expected);
    },
  );

  it('answers 404 for a page past the end', async () => {
    const { status, body } = await getJson('/api/news/?categories=1&page=99');
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('GET /api/contacts/', () => {
  it('answers at least 150 contacts in name order', async () => {
    const contacts = decodeOrThrow(ContactList, (await getJson('/api/contacts/')).body);
    expect(contacts.length).toBeGreaterThanOrEqual(150);
    expect(ids(contacts)).toEqual(expectedContacts({}));
  });

  it('finds Hélène when searching helene, in any case', async () => {
    for (const text of ['helene', 'HELENE', 'Hélène', 'hÉlÈne']) {
      const contacts = decodeOrThrow(ContactList, (await getJson(`/api/contacts/?title=${encodeURIComponent(text)}`)).body);
      expect(contacts.length).toBeGreaterThan(0);
      expect(contacts.every((c) => normalizeSearch(c.title).includes('helene'))).toBe(true);
      expect(ids(contacts)).toEqual(expectedContacts({ title: text }));
    }
  });

  it.each(CONTACT_CATEGORIES.map((c) => [c]))('filters by the category %s', async (category) => {
    const contacts = decodeOrThrow(ContactList, (await getJson(`/api/contacts/?category=${encodeURIComponent(category)}`)).body);
    expect(contacts.every((c) => c.categories?.includes(category))).toBe(true);
    expect(ids(contacts)).toEqual(expectedContacts({ category }));
  });

  it('ANDs the name search and the category filter', async () => {
    const url = `/api/contacts/?title=e&category=${encodeURIComponent('Grand Conseil')}`;
    const contacts = decodeOrThrow(ContactList, (await getJson(url)).body);
    expect(ids(contacts)).toEqual(expectedContacts({ title: 'e', category: 'Grand Conseil' }));
    expect(contacts.length).toBeLessThan(expectedContacts({ category: 'Grand Conseil' }).length);
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
    ['/api/contacts/?title=%00', 'querystring/title must match pattern "^[^\\u0000]*$"'],
    ['/api/news/?page=0', 'querystring/page must be >= 1'],
    ['/api/news/?categories=1.5', 'querystring/categories/0 must be integer'],
    ['/api/agenda/abc/', 'params/id must be integer'],
    ['/api/shop/items/?sort=price', "querystring must NOT have additional properties: 'sort'"],
  ])('answers 400 naming the problem for %s', async (url, message) => {
    const { status, body, headers } = await getJson(url);
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['/api/nothing-here/', '/api/agenda/1/extra/', '/api/contacts/1/'])('answers 404 JSON for the unknown route %s', async (url) => {
    const { status, body } = await getJson(url);
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('headers of API answers', () => {
  it('sends an ETag, a short public cache and answers 304 to a matching If-None-Match', async () => {
    const first = await client.get('/api/categories/agenda/');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers['etag']).toBeDefined();
    const second = await client.get('/api/categories/agenda/', { 'if-none-match': String(first.headers['etag']) });
    expect(second.status).toBe(304);
  });

  it('sends the security headers and a CSP without inline script', async () => {
    const { headers } = await getJson('/api/contacts/?title=zoe');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline\';script');
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });
});
