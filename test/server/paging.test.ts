import { expect } from '@jest/globals';
import { filingWord } from '../../src/domain/directory-letter';
import type { FastifyInstance } from 'fastify';
import { AgendaEventList } from '../../src/domain/agenda';
import { ContactList } from '../../src/domain/contact';
import { NewsItemList } from '../../src/domain/news';
import { MAX_CURSOR_LENGTH, PAGE_SIZES } from '../../src/domain/paging';
import { addDays } from '../../src/domain/calendar-days';
import { occurrencesFrom } from '../../src/domain/recurrence';
import { RECURRENCE_HORIZON_DAYS } from '../../server/http/routes/agenda-occurrences';
import { buildApp } from '../../server/http/app';
import type { Content } from '../../server/data/content';
import type { Database, Queryable } from '../../server/data/database';
import { buildDemoContent } from '../../server/operations/demo-content';
import { encodeCursor, filterHash, nextLinkHeader, STALE_CURSOR_MESSAGE, verifyCursor } from '../../server/http/paging';
import { importContent, seedDemo } from '../../server/operations/seed';
import { decodeOrThrow, demo, DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { pathOf, walkPages } from '../support/page-walk';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(180_000);

const SECRET = 'a test secret of the right length, not the database one';

const decodePayload = (cursor: string): { v: string; k: string[]; f: string } =>
  JSON.parse(Buffer.from(cursor.split('.')[0] ?? '', 'base64url').toString('utf8')) as { v: string; k: string[]; f: string };

const cursorOf = (link: string | null | undefined): string => new URL(link ?? '', 'http://localhost').searchParams.get('cursor') ?? '';

describe('cursors', () => {
  const filters = filterHash({ path: '/api/contacts/', filters: [['category', 'Communes']] });
  const cursor = encodeCursor(SECRET, { v: 'version', k: ['helene favre', '12'], f: filters });

  it('read back the key and the version they were made with', () => {
    expect(verifyCursor(SECRET, cursor, { filters, keyLength: 2 })).toEqual({ ok: true, key: ['helene favre', '12'], version: 'version' });
  });

  it('are base64url JSON, a dot and a signature, well under the length the server accepts', () => {
    expect(cursor).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(decodePayload(cursor)).toEqual({ v: 'version', k: ['helene favre', '12'], f: filters });
    expect(cursor.length).toBeLessThan(MAX_CURSOR_LENGTH);
  });

  it.each([
    [
      'a changed key under the old signature',
      () => `${Buffer.from(JSON.stringify({ ...decodePayload(cursor), k: ['a', '1'] })).toString('base64url')}.${cursor.split('.')[1] ?? ''}`,
    ],
    ['a cursor signed with another secret', () => encodeCursor('another secret', decodePayload(cursor))],
    ['a cut signature', () => cursor.slice(0, -2)],
  ])('refuse %s as forged', (_name, forged) => {
    expect(verifyCursor(SECRET, forged(), { filters, keyLength: 2 })).toEqual({ ok: false, message: 'cursor was not made by this server (bad signature)' });
  });

  it.each([
    ['no dot', 'abc'],
    ['three parts', 'a.b.c'],
    ['characters outside base64url', 'a+b/c=.def'],
    ['a payload that is not JSON', `${Buffer.from('not json').toString('base64url')}.abc`],
    ['JSON of another shape', `${Buffer.from('{"v":1,"k":"x"}').toString('base64url')}.abc`],
  ])('refuse a cursor with %s as malformed', (_name, value) => {
    const check = verifyCursor(SECRET, value, { filters, keyLength: 2 });
    expect(check).toEqual({ ok: false, message: expect.stringMatching(/^cursor is malformed/) });
  });

  it('refuse a cursor longer than MAX_CURSOR_LENGTH before reading it', () => {
    expect(verifyCursor(SECRET, 'a'.repeat(MAX_CURSOR_LENGTH + 1), { filters, keyLength: 2 })).toEqual({
      ok: false,
      message: `cursor is longer than ${MAX_CURSOR_LENGTH} characters`,
    });
  });

  it('refuse a cursor made for other filters, another route or another day', () => {
    const other = [
      filterHash({ path: '/api/contacts/', filters: [['category', 'Médias']] }),
      filterHash({ path: '/api/news/actualites/', filters: [['category', 'Communes']] }),
      filterHash({ path: '/api/contacts/', filters: [['category', 'Communes']], context: 'today=2026-11-24' }),
    ];
    for (const hash of other) {
      expect(verifyCursor(SECRET, cursor, { filters: hash, keyLength: 2 })).toEqual({
        ok: false,
        message: expect.stringMatching(/^cursor belongs to other filters/),
      });
    }
  });

  it('name the page to follow in a Link header', () => {
    expect(nextLinkHeader('https://canton.example/api/contacts/?page_size=48&cursor=x.y')).toBe(
      '<https://canton.example/api/contacts/?page_size=48&cursor=x.y>; rel="next"',
    );
  });
});

describe('cursors sent to the API', () => {
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

  const nextOf = async (url: string): Promise<string> => {
    const { status, body } = await client.getJson(url);
    expect(status).toBe(200);
    const next = (body as { next?: string | null }).next;
    expect(next).toEqual(expect.any(String));
    return next ?? '';
  };

  const refusal = async (url: string): Promise<string> => {
    const { status, body, headers } = await client.getJson(url);
    expect(status).toBe(400);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    return (body as { message: string }).message;
  };

  it('answer 400 to a cursor whose key was changed', async () => {
    const cursor = cursorOf(await nextOf('/api/contacts/?page_size=5'));
    const payload = decodePayload(cursor);
    const forged = `${Buffer.from(JSON.stringify({ ...payload, k: ['a', '1'] })).toString('base64url')}.${cursor.split('.')[1] ?? ''}`;
    expect(await refusal(`/api/contacts/?page_size=5&cursor=${forged}`)).toBe('cursor was not made by this server (bad signature)');
  });

  it("answer 400 to a cursor made with another secret than the database's", async () => {
    const payload = decodePayload(cursorOf(await nextOf('/api/contacts/?page_size=5')));
    expect(await refusal(`/api/contacts/?page_size=5&cursor=${encodeCursor('guessed', payload)}`)).toBe('cursor was not made by this server (bad signature)');
  });

  it.each(['abc', 'a.b.c', '%2B%2B%2B.abc', `${Buffer.from('[1,2]').toString('base64url')}.abc`])('answer 400 to the malformed cursor %s', async (cursor) => {
    expect(await refusal(`/api/agenda/1/?cursor=${cursor}`)).toMatch(/^cursor is malformed/);
  });

  it('answer 400 to a cursor over 512 characters', async () => {
    expect(await refusal(`/api/news/actualites/?cursor=${'a'.repeat(MAX_CURSOR_LENGTH + 1)}`)).toBe(`cursor is longer than ${MAX_CURSOR_LENGTH} characters`);
  });

  it.each([
    ['another category', '/api/contacts/?category=Communes&page_size=3', (cursor: string) => `/api/contacts/?category=M%C3%A9dias&page_size=3&cursor=${cursor}`],
    ['no title where there was one', '/api/contacts/?title=e&page_size=3', (cursor: string) => `/api/contacts/?page_size=3&cursor=${cursor}`],
    ['another agenda', '/api/agenda/1/?page_size=3', (cursor: string) => `/api/agenda/2/?page_size=3&cursor=${cursor}`],
    ['the past instead of the upcoming', '/api/agenda/1/?page_size=3', (cursor: string) => `/api/agenda/1/?period=past&page_size=3&cursor=${cursor}`],
    ['other days', '/api/agenda/?from=2000-01-01&page_size=3', (cursor: string) => `/api/agenda/?from=2000-01-02&page_size=3&cursor=${cursor}`],
    ['another list', '/api/news/actualites/?page_size=3', (cursor: string) => `/api/news/?page_size=3&cursor=${cursor}`],
    ['other news categories', '/api/news/?categories=1&page_size=3', (cursor: string) => `/api/news/?categories=2&page_size=3&cursor=${cursor}`],
  ])('answer 400 to a cursor sent with %s', async (_name, first, second) => {
    const cursor = cursorOf(await nextOf(first));
    expect(await refusal(second(cursor))).toMatch(/^cursor belongs to other filters/);
  });

  it('accept the same filters in another order, since they are the same filters', async () => {
    const cursor = cursorOf(await nextOf('/api/agenda/?categories=3&categories=1&page_size=3'));
    expect((await client.getJson(`/api/agenda/?categories=1&categories=3&categories=3&page_size=3&cursor=${cursor}`)).status).toBe(200);
  });

  it("answer 400 to yesterday's agenda cursor, whose window has moved", async () => {
    const tomorrow = buildApp({ db, now: () => DEMO_NOW + 86_400_000 });
    try {
      const cursor = cursorOf(await nextOf('/api/agenda/1/?page_size=3'));
      const answer = await (await injectClient(tomorrow)).getJson(`/api/agenda/1/?page_size=3&cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message: expect.stringMatching(/^cursor belongs to other filters/) });
    } finally {
      await tomorrow.close();
    }
  });
});

describe('an import between two pages', () => {
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

  const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;

  it.each([
    ['/api/contacts/?page_size=10'],
    ['/api/contacts/?title=e&page_size=10'],
    ['/api/agenda/1/?page_size=10'],
    ['/api/agenda/?month=12&period=past&page_size=2'],
    ['/api/news/actualites/?page_size=10'],
    ['/api/news/?categories=1&page_size=10'],
  ])('makes the cursor of %s a 400, never a page of the new content after a page of the old', async (first) => {
    const { body } = await client.getJson(first);
    const next = pathOf((body as { next: string }).next);
    // The same content, imported again: a new version all the same, since nothing tells them apart.
    await importContent(db, copy(), 'again.json');
    const { status, body: refusal } = await client.getJson(next);
    expect(status).toBe(400);
    expect(refusal).toEqual({ statusCode: 400, error: 'Bad Request', message: STALE_CURSOR_MESSAGE });
    expect(STALE_CURSOR_MESSAGE).toContain('ask for the first page again');
    // Starting again works, and walks the new content whole.
    const again = await walkPages(client, first);
    expect(again.ids.length).toBeGreaterThan(10);
    expect(again.counts.every((count) => count === again.ids.length)).toBe(true);
  });

  it('makes a Link header of a plain answer stale too', async () => {
    const { headers } = await client.get('/api/agenda/1/');
    const link = /^<([^>]+)>/.exec(headers['link'] ?? '')?.[1] ?? '';
    await importContent(db, copy(), 'again.json');
    expect((await client.getJson(pathOf(link))).status).toBe(400);
  });
});

describe('a name too long to travel in a cursor', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;

  beforeAll(async () => {
    db = await openTestDatabase();
    const content = JSON.parse(JSON.stringify(demo)) as Content;
    // Names of 400 characters, which sort among the others: their key cannot fit in 512 characters.
    content.contacts = content.contacts
      .slice(0, 30)
      .map((contact, index) =>
        index % 3 === 0
          ? { ...contact, title: `${contact.title} ${'de la Très Longue Dénomination Officielle '.repeat(10)}`.slice(0, 400), slug: `longue-${index}` }
          : contact,
      );
    await importContent(db, content, 'long-names.json');
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('still pages every contact once, in order, with cursors within the limit', async () => {
    // Cursors after a long name carry its id alone; the server reads its key back.
    let byId = 0;
    const all = await walkPages(client, '/api/contacts/?page_size=30');
    expect(all.ids).toHaveLength(30);
    for (const size of [1, 2, 4]) {
      let url: string | null = `/api/contacts/?page_size=${size}`;
      const seen: number[] = [];
      while (url !== null) {
        const { status, body } = await client.getJson(url);
        expect(status).toBe(200);
        const page = body as { next: string | null; results: { id: number | string }[] };
        seen.push(...page.results.map((row) => Number(row.id)));
        if (page.next !== null) {
          const cursor = cursorOf(page.next);
          expect(cursor.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
          byId += decodePayload(cursor).k.length === 1 ? 1 : 0;
        }
        url = page.next === null ? null : pathOf(page.next);
      }
      expect(seen).toEqual(all.ids);
    }
    expect(byId).toBeGreaterThan(0);
  });
});

// Records every statement a database is sent, transactions included, to EXPLAIN what the routes really ask.
const recording = (db: Database, statements: { sql: string; params: readonly unknown[] }[]): Database => {
  const record = (target: Queryable): Queryable => ({
    query: <T>(sql: string, params: readonly unknown[] = []) => {
      statements.push({ sql, params });
      return target.query<T>(sql, params);
    },
  });
  return { ...db, ...record(db), transaction: (work) => db.transaction((tx) => work(record(tx))) };
};

describe('a large table', () => {
  // Twelve times the demo's directory and ten times its agenda: what a canton's archive may hold after a few years.
  const LARGE = { contacts: 2000, events: 3000, news: 1500, seed: 20260101 };
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;
  let content: Content;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db, LARGE);
    content = buildDemoContent(LARGE);
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each([
    ['/api/contacts/', PAGE_SIZES.contacts, ContactList],
    ['/api/contacts/?title=e', PAGE_SIZES.contacts, ContactList],
    ['/api/contacts/?category=Grand+Conseil', PAGE_SIZES.contacts, ContactList],
    ['/api/agenda/1/', PAGE_SIZES.events, AgendaEventList],
    ['/api/agenda/2/?period=past', PAGE_SIZES.events, AgendaEventList],
    ['/api/agenda/', PAGE_SIZES.events, AgendaEventList],
    ['/api/agenda/?categories=1&categories=2', PAGE_SIZES.events, AgendaEventList],
    ['/api/agenda/?title=seance', PAGE_SIZES.events, AgendaEventList],
    ['/api/news/actualites/', PAGE_SIZES.news, NewsItemList],
  ] as const)('answers %s with one page of at most its page size, and a Link to the rest', async (url, size, codec) => {
    const { status, body, headers } = await client.getJson(url);
    expect(status).toBe(200);
    const items = decodeOrThrow<readonly unknown[]>(codec, body);
    expect(items).toHaveLength(size);
    expect(headers['link']).toMatch(/; rel="next"$/);
  });

  it.each([
    ['/api/contacts/?page_size=100', 100],
    ['/api/agenda/?page_size=100', 100],
    ['/api/news/?categories=1&categories=2&categories=3&categories=4&categories=5&categories=6', PAGE_SIZES.news],
    ['/api/news/?categories=1&page_size=100&page=3', 100],
  ])('answers %s with one page of at most its page size and the count of the whole', async (url, size) => {
    const { status, body } = await client.getJson(url);
    expect(status).toBe(200);
    const page = body as { count: number; results: unknown[] };
    expect(page.results.length).toBeLessThanOrEqual(size);
    expect(page.count).toBeGreaterThan(size);
  });

  it('walks the whole directory by pages, each contact once, in filing order (filing word, then name)', async () => {
    const walk = await walkPages(client, '/api/contacts/?page_size=100');
    expect(walk.ids).toHaveLength(LARGE.contacts);
    expect(new Set(walk.ids).size).toBe(LARGE.contacts);
    const keys = walk.ids.map((id) => {
      const contact = content.contacts.find((c) => c.id === id);
      const name = contact?.title.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '') ?? '';
      return [Buffer.from(filingWord(contact?.title ?? '', contact?.type_contact)), Buffer.from(name)] as const;
    });
    const inOrder = (before: readonly [Buffer, Buffer], after: readonly [Buffer, Buffer]): boolean =>
      (Buffer.compare(before[0], after[0]) || Buffer.compare(before[1], after[1])) <= 0;
    expect(keys.every((key, i) => i === 0 || inOrder(keys[i - 1] ?? key, key))).toBe(true);
  });

  it('reads the first page of an agenda and a name search through the indexes of migrations 3 and 11', async () => {
    const explain = async (path: string): Promise<string> => {
      const statements: { sql: string; params: readonly unknown[] }[] = [];
      // Through the app's own route, as a client and the page renderer ask it.
      const app = buildApp({ db: recording(db, statements), now: () => DEMO_NOW });
      try {
        expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
      // The page's statement is the one with a limit.
      const page = statements.find((statement) => / limit \$\d+ offset \$\d+$/.test(statement.sql.trim()));
      if (page === undefined) throw new Error(`no page statement for ${path}`);
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain ${page.sql}`, page.params);
      return plan.map((row) => row['QUERY PLAN']).join('\n');
    };
    // The events of one date through their own index (migration 11) or the key index of all events (migration 3).
    expect(await explain('/api/agenda/1/')).toMatch(/\bevents_(single_)?agenda_key\b/);
    expect(await explain('/api/agenda/')).toMatch(/\bevents_(single_)?key\b/);
    expect(await explain('/api/contacts/')).toMatch(/contacts_filing_key/);
    // A search the trigram index pays for: a rare name, a title no event has. The demo's few names make most
    // fragments common (a tenth of the table), which a scan of the name index reads faster, as the planner says.
    expect(await explain(`/api/contacts/?title=${encodeURIComponent('Évéquoz')}`)).toMatch(/contacts_search_trgm/);
    expect(await explain(`/api/agenda/?title=${encodeURIComponent('tremblement de terre')}`)).toMatch(/events_search_trgm/);
  });

  it('pages an agenda of the large table in date order, all-day events last in their day', async () => {
    const byKey = (a: Content['events'][number], b: Content['events'][number]): number => {
      const [at, bt] = [a.start_time ?? '24:00', b.start_time ?? '24:00'];
      return a.bel_date !== b.bel_date ? (a.bel_date < b.bel_date ? -1 : 1) : at !== bt ? (at < bt ? -1 : 1) : a.id - b.id;
    };
    // A recurring event is listed on each of its days up to the agenda's horizon.
    const expected = content.events
      .filter((e) => e.agenda_id === 1)
      .flatMap((e) =>
        e.recurrence
          ? occurrencesFrom(e.recurrence, e.bel_date, { from: DEMO_TODAY, to: addDays(DEMO_TODAY, RECURRENCE_HORIZON_DAYS), limit: 10_000 }).map((day) => ({
              ...e,
              bel_date: day,
            }))
          : [e],
      )
      .filter((e) => e.bel_date >= DEMO_TODAY)
      .sort(byKey)
      .map((e) => e.id);
    expect((await walkPages(client, '/api/agenda/1/?page_size=100')).ids).toEqual(expected);
  });
});
