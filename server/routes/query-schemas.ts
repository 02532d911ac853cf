import type { FastifyInstance } from 'fastify';
import { answerCache, type AnswerCache } from '../answer-cache';
import { contentVersionReader } from '../content-version';
import type { Database } from '../db';

/** The largest value a PostgreSQL `integer` column holds: a larger id could only fail in SQL. */
export const MAX_ID = 2147483647;

/** A positive database id, as a path or query value. */
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** A list of ids sent as repeated parameters (`?categories=3&categories=7`). */
export const idListSchema = { type: 'array', items: idSchema, maxItems: 50 } as const;

/** A search text: at most 200 characters and no NUL, which PostgreSQL text cannot hold. */
export const searchTextSchema = { type: 'string', maxLength: 200, pattern: '^[^\\u0000]*$' } as const;

/** A slug of a news scope. */
export const slugSchema = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } as const;

/** JSON body of every error answer. */
export const errorBody = (statusCode: number, error: string, message: string) => ({ statusCode, error, message });

/** The query of a call that takes none: any parameter is an error. */
export const noQuerySchema = { querystring: { type: 'object', additionalProperties: false } } as const;

/** A slug of a news item, as `src/domain/permalinks.ts` makes them (`SLUG_PATTERN`). */
export const itemSlugSchema = { type: 'string', pattern: '^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$' } as const;

/** What an API call answers: a status, a JSON body and extra headers (`Link`), whoever carries it (Fastify or a page renderer). */
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
}

/** A 200 answer. */
export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

/** A 404 answer with the error body of every other error. */
export const notFound = (message: string): ApiAnswer => ({ status: 404, body: errorBody(404, 'Not Found', message) });

/** A request once its schema has checked and coerced it; `origin` builds absolute links, `today` is the day in Europe/Zurich. */
export interface ApiInput<P, Q> {
  params: P;
  query: Q;
  origin: string;
  today: string;
}

/** The JSON schemas of a route's parts: Fastify and `answerApiPath` both validate with these. */
export interface RouteSchema {
  params?: object;
  querystring?: object;
}

/**
 * One GET route of the API: its path (in Fastify's syntax), its schemas and its answer. The
 * Fastify plugin and `answerApiPath` both serve this table, so a route is written once.
 */
export interface ApiRoute {
  url: string;
  schema: RouteSchema;
  answer(db: Database, input: ApiInput<unknown, unknown>): Promise<ApiAnswer>;
}

/**
 * Types a route's answer by what its schema guarantees: both callers validate params and
 * query against `schema` (coercing them, as Ajv's `coerceTypes: 'array'` does) before `answer` runs.
 */
export const defineRoute = <P, Q>(
  url: string,
  schema: RouteSchema,
  answer: (db: Database, input: ApiInput<P, Q>) => Promise<ApiAnswer>,
): ApiRoute => ({ url, schema, answer: (db, input) => answer(db, input as ApiInput<P, Q>) });

/**
 * Serves `routes` through Fastify: the schemas validate, and each answer is sent from `cache`
 * (serialized once, compressed once, tagged, revalidated; see `server/answer-cache.ts`). An app
 * passes its one cache, shared by every route; `now` is the clock of the day the answers are for.
 */
export const registerApiRoutes = (
  app: FastifyInstance,
  db: Database,
  routes: readonly ApiRoute[],
  now: () => number = Date.now,
  cache: AnswerCache = answerCache({ version: contentVersionReader(db).read, now }),
): void => {
  for (const route of routes) {
    app.get(route.url, { schema: route.schema }, (request, reply) =>
      cache.serve(request, reply, route.url, (today) =>
        // Links are absolute, as the paging of the legacy backend was, built from the request's host.
        route.answer(db, { params: request.params, query: request.query, origin: `${request.protocol}://${request.host}`, today }),
      ),
    );
  }
};
