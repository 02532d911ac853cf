import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '../../server/http/api-routes';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { MAX_INTEGER_DIGITS } from '../../server/http/route-input';
import type { ApiRoute } from '../../server/http/query-schemas';
import { closeOpened } from '../support/close-opened';
import { DEMO_NOW } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { DIST } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// Issue 42, finding 2: an integer of 309 digits or more read as Infinity, passed every bound and
// reached PostgreSQL, which refused it (22P02): a 500 on `page_size`, `categories`, `limit`…
// Every integer of every route, written with 1 to 400 digits, is its normal answer or a 400.

jest.setTimeout(300_000);

const DIGITS = [1, 10, 20, 309, 400] as const;

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia(), now: () => DEMO_NOW });
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened(app, db);
});

interface PropertySchema {
  readonly type?: unknown;
  readonly items?: { readonly type?: unknown };
}

const propertiesOf = (schema: object | undefined): [string, PropertySchema][] =>
  Object.entries((schema as { properties?: Record<string, PropertySchema> } | undefined)?.properties ?? {});

const isInteger = (property: PropertySchema): boolean => property.type === 'integer' || (property.type === 'array' && property.items?.type === 'integer');

// A value of each path parameter that names something of the demo content, and the query a route needs.
const PATH_VALUES: Readonly<Record<string, string>> = { id: '1', eventId: '1', scope: 'actualites', slug: 'x' };
const REQUIRED_QUERY: Readonly<Record<string, string>> = { '/api/search/': 'q=conseil' };

/** The address of `route` with `name` set to `value` (in its path or its query), every other parameter at a value that works. */
const addressOf = (route: ApiRoute, name: string, value: string): string => {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_, param: string) => (param === name ? value : (PATH_VALUES[param] ?? 'x')));
  const inPath = route.url.includes(`:${name}/`);
  const query = [REQUIRED_QUERY[route.url], inPath ? undefined : `${name}=${value}`].filter((part) => part !== undefined).join('&');
  return query === '' ? path : `${path}?${query}`;
};

/** Every integer parameter of every API route, from the schemas the routes validate with. */
const API_INTEGERS = API_ROUTES.flatMap((route) =>
  [...propertiesOf(route.schema.params), ...propertiesOf(route.schema.querystring)]
    .filter(([, property]) => isInteger(property))
    .map(([name]) => ({ route, name, inPath: route.url.includes(`:${name}/`) })),
);

// The pages' and the other addresses' integers: page counts, months, category ids, ids in paths.
const SITE_INTEGERS: readonly { readonly address: (digits: string) => string; readonly inPath: boolean }[] = [
  { address: (n) => `/agenda/?page=${n}`, inPath: false },
  { address: (n) => `/agenda/?passes=${n}`, inPath: false },
  { address: (n) => `/agenda/?mois=${n}`, inPath: false },
  { address: (n) => `/agenda/?categories=${n}`, inPath: false },
  { address: (n) => `/agenda/?categories=1&categories=${n}`, inPath: false },
  { address: (n) => `/actualites/?categorie=${n}`, inPath: false },
  { address: (n) => `/actualites/?page=${n}`, inPath: false },
  { address: (n) => `/annuaire/?page=${n}`, inPath: false },
  { address: (n) => `/en/agenda/?mois=${n}&page=${n}`, inPath: false },
  { address: (n) => `/agenda/${n}-seance/`, inPath: true },
  { address: (n) => `/fragments/agenda/?agenda-id=${n}`, inPath: false },
  { address: (n) => `/fragments/news/?categorie=${n}`, inPath: false },
  { address: (n) => `/agenda/calendrier/${n}.ics`, inPath: true },
  { address: (n) => `/agenda/calendrier/1/${n}.ics`, inPath: true },
  { address: (n) => `/agenda/calendrier/1.ics?categories=${n}&mois=${n}`, inPath: false },
  { address: (n) => `/flux/agenda/${n}.ics`, inPath: true },
  { address: (n) => `/flux/agenda/1/${n}.ics`, inPath: true },
  { address: (n) => `/flux/actualites/actualites/${n}.atom`, inPath: true },
  { address: (n) => `/agenda/export.csv?categories=${n}`, inPath: false },
  { address: (n) => `/actualites/export.csv?categorie=${n}&page=${n}`, inPath: false },
  { address: (n) => `/sitemap-${n}.xml`, inPath: true },
];

describe('an integer of any length', () => {
  it('covers every integer parameter of the API', () => {
    expect(API_INTEGERS.map(({ route, name }) => `${route.url} ${name}`)).toEqual(
      expect.arrayContaining([
        '/api/contacts/ page_size',
        '/api/agenda/ page_size',
        '/api/agenda/ categories',
        '/api/agenda/ month',
        '/api/agenda/:id/ page_size',
        '/api/agenda/:id/ id',
        '/api/agenda/:id/events/:eventId/ eventId',
        '/api/news/:scope/ page_size',
        '/api/news/ categories',
        '/api/news/ page',
        '/api/search/ limit',
      ]),
    );
  });

  it.each(API_INTEGERS.map(({ route, name, inPath }) => [`${route.url} ${name}`, route, name, inPath] as const))(
    'is answered as usual or refused (400) in %s, never a 500, and refused past its digits',
    async (_, route, name, inPath) => {
      for (const digits of DIGITS) {
        for (const text of ['9'.repeat(digits), '1'.repeat(digits)]) {
          const address = addressOf(route, name, text);
          const { status } = await client.get(address);
          // A path longer than the router's parameters is no route at all: a 404.
          const expected = digits <= MAX_INTEGER_DIGITS ? [200, 400, 404] : inPath ? [400, 404] : [400];
          expect({ address: address.slice(0, 80), status, ok: expected.includes(status) }).toEqual({ address: address.slice(0, 80), status, ok: true });
        }
      }
    },
  );

  it.each(SITE_INTEGERS.map(({ address, inPath }) => [address('N'), address, inPath] as const))(
    'is answered as usual, refused (400) or not found (404) at %s, never a 500',
    async (_, address, inPath) => {
      for (const digits of DIGITS) {
        for (const text of ['9'.repeat(digits), '1'.repeat(digits)]) {
          const { status } = await client.get(address(text));
          const expected = digits > 10 ? (inPath ? [400, 404] : [400]) : [200, 301, 400, 404];
          expect({ address: address(text).slice(0, 80), status, ok: expected.includes(status) }).toEqual({ address: address(text).slice(0, 80), status, ok: true });
        }
      }
    },
  );
});
