import type { FastifyInstance } from 'fastify';
import { answerCache, type AnswerCache } from '../cache/answer-cache';
import { contentVersionReader } from '../cache/content-version';
import type { Database } from '../data/database';
import { linkOrigins, type LinkOrigins } from './public-origin';
import { routeDecoder, type ApiAnswer, type RouteDecoder, type RouteSchema } from './route-input';

/** The largest value a PostgreSQL `integer` column holds: a larger id could only fail in SQL. */
export const MAX_ID = 2147483647;

/** A positive database id, as a path or query value. */
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** A list of ids sent as repeated parameters (`?categories=3&categories=7`). */
export const idListSchema = { type: 'array', items: idSchema, maxItems: 50 } as const;

/** A search text: at most 200 characters and no control character (none can be typed; PostgreSQL text cannot hold a NUL). */
export const searchTextSchema = { type: 'string', maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } as const;

/** A slug of a news scope. */
export const slugSchema = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } as const;

/** JSON body of every error answer. */
export const errorBody = (statusCode: number, error: string, message: string) => ({ statusCode, error, message });

/** The query of a call that takes none: any parameter is an error. */
export const noQuerySchema = { querystring: { type: 'object', additionalProperties: false } } as const;

/** A slug of a news item, as `src/domain/permalinks.ts` makes them (`SLUG_PATTERN`). */
export const itemSlugSchema = { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$' } as const;

/** A 200 answer. */
export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

/** A 404 answer with the error body of every other error. */
export const notFound = (message: string): ApiAnswer => ({ status: 404, body: errorBody(404, 'Not Found', message) });

/** A request once its route's decoder has made it exact values; `origin` starts its links, `today` is the day in Europe/Zurich. */
export interface ApiInput<P, Q> {
  params: P;
  query: Q;
  /** Where the answer's links start: a configured origin, or `''` for relative paths. */
  origin: string;
  today: string;
}

/**
 * One GET route of the API: its path (in Fastify's syntax), its schemas and its answer. HTTP
 * clients and the page renderer (in process, by `inject`) are both answered from this table.
 */
export interface ApiRoute {
  url: string;
  schema: RouteSchema;
  /** The route's decoder (`server/http/route-input.ts`): every input checked before `answer` runs. */
  decode: RouteDecoder;
  answer(db: Database, input: ApiInput<unknown, unknown>): Promise<ApiAnswer>;
}

/**
 * Types a route's answer by what its schema guarantees: both callers decode params and query
 * with the route's decoder (strict integers, then the schema, coercing as Ajv's
 * `coerceTypes: 'array'` does) before `answer` runs.
 */
export const defineRoute = <P, Q>(url: string, schema: RouteSchema, answer: (db: Database, input: ApiInput<P, Q>) => Promise<ApiAnswer>): ApiRoute => ({
  url,
  schema,
  decode: routeDecoder(schema),
  answer: (db, input) => answer(db, input as ApiInput<P, Q>),
});

/**
 * Serves `routes` through Fastify: each route's decoder refuses a malformed request (400) before
 * any SQL, and each answer is sent from `cache` (serialized once, compressed once, tagged,
 * revalidated; see `server/cache/answer-cache.ts`). An app passes its one cache, shared by every
 * route; `now` is the clock of the day the answers are for; `origins` where links start.
 */
export const registerApiRoutes = (
  app: FastifyInstance,
  db: Database,
  routes: readonly ApiRoute[],
  now: () => number = Date.now,
  cache: AnswerCache = answerCache({ version: contentVersionReader(db).read, now }),
  origins: LinkOrigins = linkOrigins(),
): void => {
  for (const route of routes) {
    app.get(route.url, (request, reply) => {
      const input = route.decode(request.params, request.query);
      if (!input.ok) return reply.code(input.answer.status).header('cache-control', 'no-store').send(input.answer.body);
      // Never the request's Host: a forged one would end up in a shared, cached answer.
      const origin = origins.api(request);
      return cache.serve(request, reply, { route: route.url, input: [input.params, input.query], origin }, (today) =>
        route.answer(db, { params: input.params, query: input.query, origin, today }),
      );
    });
  }
};
