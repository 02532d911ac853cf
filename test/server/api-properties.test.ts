import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { AgendaEventList } from '../../src/domain/agenda';
import { ContactList } from '../../src/domain/contact';
import { NewsPage } from '../../src/domain/news';
import { PAGE_SIZES } from '../../src/domain/paging';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { CONTACT_CATEGORIES } from '../../server/operations/demo-content';
import { decodeOrThrow, demo, DEMO_NOW, DEMO_TODAY, expectedContacts, expectedEvents, expectedNews } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';

// Each property makes dozens of calls to a PGlite database that answers one at a time; the
// whole suite shares two cores, so a property may take longer than Jest's 5 s default.
jest.setTimeout(60_000);
import { openTestDatabase } from '../support/test-database';
import { rawApiPath, rawApiQuery } from '../support/raw-api-queries';
import { runs } from '../support/fuzz-runs';

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

const ids = (rows: readonly { id?: string | null }[]): number[] => rows.map((row) => Number(row.id));

const rawQuery = rawApiQuery(6);
const rawPath = rawApiPath;

describe('any query string', () => {
  it('never gets a 5xx, and every answer is JSON', async () => {
    await fc.assert(
      fc.asyncProperty(rawPath, rawQuery, async (path, query) => {
        const answer = await client.get(`${path}?${query}`);
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        const body = JSON.parse(answer.text) as { statusCode?: number; message?: string };
        if (answer.status >= 400) {
          expect(body.statusCode).toBe(answer.status);
          expect(typeof body.message).toBe('string');
        }
      }),
      { numRuns: runs(300) },
    );
  });
});

// Titles the visitor could type: pieces of real titles, in another case, with or without accents.
const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const searchText = (sources: readonly string[]) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...sources), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.constantFrom('lower', 'upper', 'strip', 'same'))
      .map(([source, start, length, shape]) => {
        const from = start % Math.max(1, source.length);
        const piece = source.slice(from, from + length);
        if (shape === 'lower') return piece.toLowerCase();
        if (shape === 'upper') return piece.toUpperCase();
        return shape === 'strip' ? stripAccents(piece) : piece;
      }),
    fc.string({ unit: 'grapheme', maxLength: 4 }),
    fc.constantFrom('é', 'hélène', 'ZOE', 'fête', '’', ' '),
  );

describe('valid filters', () => {
  it('give as first page exactly the first events a plain TypeScript filter of the demo content gives, on either side of today', async () => {
    const titles = [...new Set(demo.events.map((e) => e.title))];
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.option(searchText(titles), { nil: undefined }),
        fc.option(fc.constantFrom('upcoming' as const, 'past' as const), { nil: undefined }),
        async (categories, month, title, period) => {
          const search = new URLSearchParams();
          for (const c of categories ?? []) search.append('categories', String(c));
          if (month !== undefined) search.set('month', String(month));
          if (title !== undefined) search.set('title', title);
          if (period !== undefined) search.set('period', period);
          const { status, body } = await client.getJson(`/api/agenda/?${search.toString()}`);
          expect(status).toBe(200);
          const expected = expectedEvents(
            {
              ...(categories === undefined ? {} : { categories }),
              ...(month === undefined ? {} : { month }),
              ...(title === undefined ? {} : { title }),
              ...(period === undefined ? {} : { period }),
            },
            DEMO_TODAY,
          );
          expect(ids(decodeOrThrow(AgendaEventList, body))).toEqual(expected.slice(0, PAGE_SIZES.events));
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('give as first page exactly the first contacts a plain TypeScript filter of the demo content gives', async () => {
    const names = demo.contacts.map((c) => c.title);
    await fc.assert(
      fc.asyncProperty(
        fc.option(searchText(names), { nil: undefined }),
        fc.option(fc.constantFrom(...CONTACT_CATEGORIES, 'Inconnue'), { nil: undefined }),
        async (title, category) => {
          const search = new URLSearchParams();
          if (title !== undefined) search.set('title', title);
          if (category !== undefined) search.set('category', category);
          const { status, body } = await client.getJson(`/api/contacts/?${search.toString()}`);
          expect(status).toBe(200);
          const expected = expectedContacts({
            ...(title === undefined ? {} : { title }),
            ...(category === undefined ? {} : { category }),
          });
          expect(ids(decodeOrThrow(ContactList, body))).toEqual(expected.slice(0, PAGE_SIZES.contacts));
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('page the news of any categories so that the pages hold the filtered set once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 40 }),
        async (categories, pageSize) => {
          const expected = expectedNews({ categories });
          const seen: number[] = [];
          let url: string | null = `/api/news/?${categories.map((c) => `categories=${c}`).join('&')}&page_size=${pageSize}`;
          while (url !== null) {
            const { status, body } = await client.getJson(url);
            expect(status).toBe(200);
            const page = decodeOrThrow(NewsPage, body);
            expect(page.count).toBe(expected.length);
            seen.push(...ids(page.results));
            url = page.next ? `${new URL(page.next, 'http://localhost').pathname}${new URL(page.next, 'http://localhost').search}` : null;
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});
