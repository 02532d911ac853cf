import { expect } from '@jest/globals';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { answerApiPath } from '../../server/http/api-answers';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';
import { rawApiPath, rawApiQuery } from '../support/raw-api-queries';
import { runs } from '../support/fuzz-runs';

jest.setTimeout(60_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;

// Without PUBLIC_ORIGIN nor a trusted proxy, the server's links are relative paths, whatever the Host.
const ORIGIN = '';

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, now: () => DEMO_NOW });
  client = await injectClient(app);
});

afterAll(async () => {
  await app.close();
  await db.close();
});

// The `Link` header of a first page is part of the answer too.
const overHttp = async (path: string): Promise<{ status: number; body: unknown; link: string | null }> => {
  const answer = await client.get(path);
  return { status: answer.status, body: JSON.parse(answer.text) as unknown, link: answer.headers['link'] ?? null };
};

// The answer must survive the trip through JSON unchanged, as the page renderer embeds it so.
const direct = async (path: string): Promise<{ status: number; body: unknown; link: string | null }> => {
  const answer = await answerApiPath(db, path, ORIGIN, DEMO_TODAY);
  return { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) as unknown, link: answer.headers?.['link'] ?? null };
};

const PATHS = [
  // 200
  '/api/contacts/',
  '/api/contacts/?title=hel',
  '/api/contacts/?title=h%C3%A9l%C3%A8ne&category=Grand+Conseil',
  '/api/contacts/?category=Grand%20Conseil',
  '/api/contacts',
  '/api/categories/contacts/',
  '/api/agenda/1/',
  '/api/agenda/2',
  '/api/agenda/?categories=3&month=12&title=x',
  '/api/agenda/?categories=3&categories=5&month=12',
  '/api/agenda/?title=s%C3%A9ance',
  '/api/agenda/',
  '/api/categories/agenda/',
  '/api/news/actualites/',
  '/api/news/communiques/',
  '/api/categories/actualites/',
  '/api/categories/communiques/',
  '/api/news/?categories=1&page=2',
  '/api/news/?categories=1&categories=2&page_size=7&page=3',
  '/api/news/',
  '/api/shop/items/',
  '/api/contacts/?page_size=5',
  '/api/contacts/?title=e&page_size=3',
  '/api/agenda/1/?period=past&page_size=4',
  '/api/agenda/2/?from=2026-12-01&to=2027-01-31',
  '/api/agenda/?month=6&period=past&page_size=100',
  '/api/news/communiques/?page_size=2',
  '/api/agenda/1/events/5/',
  // 400
  '/api/contacts/?cursor=pas-un-curseur',
  '/api/agenda/1/?cursor=eyJ2IjoiYSIsImsiOlsiYSJdLCJmIjoiYiJ9.c2lnbmF0dXJl',
  '/api/agenda/?from=2026-02-29',
  '/api/news/?page=2&cursor=x.y',
  '/api/news/?page=500',
  '/api/contacts/?page_size=200',
  '/api/agenda/?month=13',
  '/api/agenda/?month=1&month=2',
  '/api/agenda/?categories=1&categories=x',
  '/api/agenda/?colour=blue',
  `/api/contacts/?title=${'x'.repeat(300)}`,
  '/api/contacts/?title=%00',
  '/api/news/?page=0',
  '/api/news/?categories=1.5',
  '/api/agenda/abc/',
  '/api/agenda/99999999999/',
  '/api/news/a..b/',
  '/api/news/actualites/Majuscules/',
  '/api/categories/agenda/?x=1',
  '/api/shop/items/?sort=price',
  '/api/news/actualites/?page=1',
  '/api/%zz/',
  `/api/news/${'a'.repeat(201)}/`,
  // 404
  '/api/agenda/999/',
  '/api/news/inconnu/',
  '/api/categories/inconnu/',
  '/api/news/actualites/pas-de-nouvelle/',
  '/api/news/inconnu/budget/',
  '/api/news/?categories=1&page=99',
  '/api/nothing-here/',
  '/api/agenda/1/extra/',
  '/api/contacts/1/',
  '/api/contacts/personne-inconnue/',
  '/api/agenda/2/events/1/',
  '/annuaire/',
  '/',
];

describe('answerApiPath', () => {
  it.each(PATHS.map((path) => [path]))('answers %s as the server does', async (path) => {
    expect(await direct(path)).toEqual(await overHttp(path));
  });

  it('covers success, bad input and unknown things in the table above', async () => {
    const statuses = new Set(await Promise.all(PATHS.map(async (path) => (await direct(path)).status)));
    expect([...statuses].sort()).toEqual([200, 400, 404, 414]);
  });

  it('answers a news article with its body, as the server does', async () => {
    const list = (await direct('/api/news/actualites/')).body as { slug: string }[];
    const path = `/api/news/actualites/${list[3]?.slug ?? ''}/`;
    const answer = await direct(path);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty('body');
    expect(answer).toEqual(await overHttp(path));
  });

  it('builds the paging links from the origin it is given', async () => {
    const answer = await answerApiPath(db, '/api/news/?categories=1&page=2&page_size=5', 'https://canton.example', DEMO_TODAY);
    expect(answer.body).toMatchObject({
      next: expect.stringMatching(/^https:\/\/canton\.example\/api\/news\/\?categories=1&page_size=5&cursor=[\w.-]+$/),
      previous: 'https://canton.example/api/news/?categories=1&page_size=5&page=1',
    });
    const plain = await answerApiPath(db, '/api/contacts/', 'https://canton.example', DEMO_TODAY);
    expect(plain.headers?.['link']).toMatch(/^<https:\/\/canton\.example\/api\/contacts\/\?page_size=48&cursor=[\w.-]+>; rel="next"$/);
  });
});

// The same raw paths and queries as the API's robustness property (test/support/raw-api-queries.ts): any of them, either way.
const rawQuery = rawApiQuery(5);
const rawPath = rawApiPath;

describe('answerApiPath on any query', () => {
  it('gives the same status and body as the server', async () => {
    await fc.assert(
      fc.asyncProperty(rawPath, rawQuery, async (path, query) => {
        const url = query === '' ? path : `${path}?${query}`;
        expect(await direct(url)).toEqual(await overHttp(url));
      }),
      { numRuns: runs(200) },
    );
  });
});
