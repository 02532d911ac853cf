import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { MAX_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/paging';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { CONTACT_CATEGORIES, demoYear, DEMO_DEFAULTS } from '../../server/operations/demo-content';
import { demo, DEMO_NOW, DEMO_TODAY, expectedAgenda, expectedContacts, expectedNews, type AgendaExpectation } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { walkPages } from '../support/page-walk';
import { openTestDatabase } from '../support/test-database';
import { runs } from '../support/fuzz-runs';

// Each run walks a whole list, page by page, through a database that answers one statement at a time.
jest.setTimeout(300_000);

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

/** A list request of the API and the ids the demo content says it holds, in order. */
interface ListCase {
  url: string;
  expected: number[];
}

// Small pages walk long lists in many steps, where a boundary mistake shows; large ones check the limit.
const pageSize = fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 8, max: MAX_PAGE_SIZE }));

// Pieces of real titles, so that searches find something, and a few that find nothing.
const searchText = (sources: readonly string[]) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...sources), fc.nat(), fc.integer({ min: 1, max: 6 })).map(([source, start, length]) => {
      const from = start % Math.max(1, source.length);
      return source.slice(from, from + length);
    }),
    fc.constantFrom('e', 'É', 'ZOE', 'fête', '’', 'x%', 'a_b'),
  );

const query = (pairs: readonly (readonly [string, string | number | undefined])[]): string => {
  const search = new URLSearchParams();
  for (const [name, value] of pairs) if (value !== undefined) search.append(name, String(value));
  return search.toString();
};

const year = demoYear(DEMO_DEFAULTS);
const day = fc
  .tuple(fc.integer({ min: year - 1, max: year + 1 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const agendaCase = fc
  .record(
    {
      agendaId: fc.constantFrom(1, 2),
      categories: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }),
      month: fc.integer({ min: 1, max: 12 }),
      title: searchText([...new Set(demo.events.map((e) => e.title))]),
      period: fc.constantFrom('upcoming' as const, 'past' as const),
      range: fc.tuple(day, day).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a })),
      plain: fc.boolean(),
    },
    { requiredKeys: ['plain'] },
  )
  .map(({ agendaId, categories, month, title, period, range, plain }): ListCase => {
    const window = { ...(period === undefined ? {} : { period }), ...(range ?? {}) };
    const windowQuery: [string, string | undefined][] = [
      ['period', period],
      ['from', range?.from],
      ['to', range?.to],
    ];
    if (plain) {
      const id = agendaId ?? 1;
      return { url: `/api/agenda/${id}/?${query(windowQuery)}`, expected: expectedAgenda({ agendaId: id, ...window }, DEMO_TODAY) };
    }
    const filters: AgendaExpectation = {
      ...(categories === undefined ? {} : { categories }),
      ...(month === undefined ? {} : { month }),
      ...(title === undefined ? {} : { title }),
      ...window,
    };
    const pairs: [string, string | number | undefined][] = [
      ...(categories ?? []).map((c): [string, number] => ['categories', c]),
      ['month', month],
      ['title', title],
      ...windowQuery,
    ];
    return { url: `/api/agenda/?${query(pairs)}`, expected: expectedAgenda(filters, DEMO_TODAY) };
  });

const contactCase = fc
  .record(
    {
      title: searchText(demo.contacts.map((c) => c.title)),
      category: fc.constantFrom(...CONTACT_CATEGORIES, 'Inconnue'),
    },
    { requiredKeys: [] },
  )
  .map(({ title, category }): ListCase => ({
    url: `/api/contacts/?${query([
      ['title', title],
      ['category', category],
    ])}`,
    expected: expectedContacts({ ...(title === undefined ? {} : { title }), ...(category === undefined ? {} : { category }) }),
  }));

const newsCase = fc.oneof(
  fc.constantFrom('actualites', 'communiques').map((scope): ListCase => ({ url: `/api/news/${scope}/?`, expected: expectedNews({ scope }) })),
  fc
    .uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 4 })
    .map((categories): ListCase => ({ url: `/api/news/?${query(categories.map((c) => ['categories', c]))}`, expected: expectedNews({ categories }) })),
);

describe('paging through any list', () => {
  it('gives every matching row exactly once, in the order of the whole list, whatever the page size and the filters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(agendaCase, contactCase, newsCase), pageSize, async ({ url, expected }, size) => {
        const walk = await walkPages(client, `${url}${url.endsWith('?') ? '' : '&'}page_size=${size}`);
        expect(walk.ids).toEqual(expected);
        // Every page full but the last, none over the size, and each says how many match in all.
        expect(walk.sizes.slice(0, -1).every((n) => n === size)).toBe(true);
        expect(walk.sizes.every((n) => n <= size)).toBe(true);
        expect(walk.counts.every((count) => count === expected.length)).toBe(true);
      }),
      { numRuns: runs(40) },
    );
  });

  it('gives without paging parameters the first page of the same list, as a plain array', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(agendaCase, contactCase), async ({ url, expected }) => {
        const { status, body, headers } = await client.getJson(url);
        expect(status).toBe(200);
        expect(Array.isArray(body)).toBe(true);
        const ids = (body as { id: number | string }[]).map((row) => Number(row.id));
        expect(ids).toEqual(expected.slice(0, url.startsWith('/api/contacts/') ? PAGE_SIZES.contacts : PAGE_SIZES.events));
        expect(headers['link'] !== undefined).toBe(ids.length < expected.length);
      }),
      { numRuns: runs(40) },
    );
  });
});
