import Fastify, { type FastifyInstance } from 'fastify';
import { answerCache } from '../../server/cache/answer-cache';
import type { Database, Queryable } from '../../server/data/database';
import { defineRoute, errorBody, idSchema, notFound, ok, registerApiRoutes, type ApiRoute } from '../../server/http/query-schemas';
import { linkOrigins } from '../../server/http/public-origin';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';

// 2026-11-23 at 23:30 UTC: already the 24th in Zurich (UTC+1), whose day the answers are for.
const NOW = Date.UTC(2026, 10, 23, 23, 30);

/** A database that holds only the content version (what the answer cache reads); the routes below read nothing. */
const versionOnly = (): Database & { readonly queries: string[] } => {
  const queries: string[] = [];
  const query = async <T>(sql: string): Promise<T[]> => {
    queries.push(sql);
    return [{ key: 'content', version: 'demo:1' }] as T[];
  };
  return {
    kind: 'pglite',
    queries,
    query,
    transaction: async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => work({ query }),
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
};

interface ThingParams {
  readonly id: number;
}
interface ThingQuery {
  readonly page?: number;
}

// One route of each outcome: the thing with what the route was given, or 404 for thing 404. Routes
// and apps are made in each test, not when the file loads or before the tests: Stryker counts code
// run outside any test as covered by none.
const thingRoute = (): ApiRoute =>
  defineRoute<ThingParams, ThingQuery>(
    '/api/things/:id/',
    {
      params: { type: 'object', properties: { id: idSchema }, required: ['id'], additionalProperties: false },
      querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } }, additionalProperties: false },
    },
    async (_db, { params, query, origin, today }) =>
      params.id === 404 ? notFound(`no thing ${params.id}`) : ok({ id: params.id, page: query.page ?? null, origin, today }),
  );

/** Runs `use` on a Fastify app whose routes `register` adds, then closes it. */
const withApp = async (register: (app: FastifyInstance) => void, use: (app: FastifyInstance) => Promise<void>): Promise<void> => {
  const app = Fastify();
  register(app);
  await app.ready();
  try {
    await use(app);
  } finally {
    await app.close();
  }
};

// The site lists every route is given (the things' route reads none of them).
const SITE = { ...siteListsOf(defaultSiteProfile()), agendaId: '1', newsScope: 'actualites' };
const fixedCache = () => answerCache({ version: async () => 'demo:1', now: () => NOW });
/** The routes served with a fixed clock and content version, links relative or at `publicOrigin`. */
const serving = (publicOrigin?: string) => (server: FastifyInstance) =>
  registerApiRoutes(server, versionOnly(), [thingRoute()], SITE, () => NOW, fixedCache(), linkOrigins(publicOrigin === undefined ? {} : { publicOrigin }));

describe('the answers of the API', () => {
  it('have one error body: status, its name, and the message', () => {
    expect(errorBody(404, 'Not Found', 'no contact 7')).toEqual({ statusCode: 404, error: 'Not Found', message: 'no contact 7' });
    expect(notFound('no contact 7')).toEqual({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'no contact 7' } });
    expect(ok({ results: [] })).toEqual({ status: 200, body: { results: [] } });
  });
});

describe('defineRoute', () => {
  it('keeps the route written once: its address, its schemas, and the decoder of those schemas', () => {
    const thing = thingRoute();
    expect(thing.url).toBe('/api/things/:id/');
    expect(thing.decode({ id: '07' }, { page: '2' })).toEqual({ ok: true, params: { id: 7 }, query: { page: 2 } });
    expect(thing.decode({ id: '7' }, { page: '0' })).toMatchObject({ ok: false, answer: { status: 400 } });
  });

  it('answers with what the route gives for the decoded input', async () => {
    const answer = await thingRoute().answer(versionOnly(), {
      params: { id: 3 },
      query: { page: 2 },
      origin: '',
      today: '2026-11-23',
      site: SITE,
      now: Date.UTC(2026, 10, 23, 11),
    });
    expect(answer).toEqual({ status: 200, body: { id: 3, page: 2, origin: '', today: '2026-11-23' } });
  });
});

describe('registerApiRoutes', () => {
  it('answers each request from its decoded input, the day in Zurich and relative links', async () => {
    await withApp(serving(), async (app) => {
      for (const [url, body] of [
        ['/api/things/3/?page=2', { id: 3, page: 2, origin: '', today: '2026-11-24' }],
        ['/api/things/5/', { id: 5, page: null, origin: '', today: '2026-11-24' }],
      ] as const) {
        const answer = await app.inject({ url });
        expect({ url, status: answer.statusCode, body: answer.json<unknown>() }).toEqual({ url, status: 200, body });
      }
    });
  });

  it('starts the links at the configured public origin, never at the Host the request names', async () => {
    await withApp(serving('https://www.canton.example'), async (app) => {
      const answer = await app.inject({ url: '/api/things/3/', headers: { host: 'evil.example' } });
      expect(answer.json()).toEqual({ id: 3, page: null, origin: 'https://www.canton.example', today: '2026-11-24' });
    });
  });

  it('refuses a malformed request with 400 in JSON, never stored, before the route runs', async () => {
    await withApp(serving(), async (app) => {
      for (const [url, message] of [
        ['/api/things/x/', 'params/id must be integer'],
        ['/api/things/3/?page=0', 'querystring/page must be >= 1'],
        ['/api/things/3/?other=1', "querystring must NOT have additional properties: 'other'"],
      ] as const) {
        const answer = await app.inject({ url });
        expect({ url, status: answer.statusCode, cache: answer.headers['cache-control'], body: answer.json<unknown>() }).toEqual({
          url,
          status: 400,
          cache: 'no-store',
          body: { statusCode: 400, error: 'Bad Request', message },
        });
      }
    });
  });

  it('answers the route’s 404 with the error body', async () => {
    await withApp(serving(), async (app) => {
      const answer = await app.inject({ url: '/api/things/404/' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'no thing 404' });
    });
  });

  it('reads the content version from the database and the day from the clock when given neither cache nor clock', async () => {
    const db = versionOnly();
    await withApp(
      (server) => registerApiRoutes(server, db, [thingRoute()], SITE),
      async (app) => {
        const answer = await app.inject({ url: '/api/things/8/' });
        expect(answer.statusCode).toBe(200);
        const body = answer.json<{ id: number; origin: string; today: string }>();
        expect({ id: body.id, origin: body.origin }).toEqual({ id: 8, origin: '' });
        expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(db.queries.some((sql) => sql.includes('content_meta'))).toBe(true);
      },
    );
  });
});
