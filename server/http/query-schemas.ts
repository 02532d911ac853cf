import type { FastifyInstance } from 'fastify';
import { answerCache, type AnswerCache } from '../cache/answer-cache';
import { contentVersionReader } from '../cache/content-version';
import type { Database, Queryable } from '../data/database';
import { linkOrigins, type LinkOrigins } from './public-origin';
import { routeDecoder, type ApiAnswer, type RouteDecoder, type RouteSchema } from './route-input';
import type { SiteLists } from './site';

/** The largest value a PostgreSQL `integer` column holds: a larger id could only fail in SQL. */
export const MAX_ID = 2147483647;

/** A positive database id, as a path or query value. */
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** A list of ids sent as repeated parameters (`?categories=3&categories=7`): a set, its order and repeats change nothing. */
export const idListSchema = {
  type: 'array',
  items: idSchema,
  maxItems: 50,
  description:
    'Le paramètre répété, un ensemble : l’ordre et les répétitions ne changent rien. Un identifiant qui ne nomme aucune catégorie est ignoré ; une liste de tels identifiants seulement ne trouve rien.',
} as const;

/** The tables whose ids a route's list of ids names (`ApiRoute.namedIds`). */
export type IdTable = 'agenda_categories' | 'news_categories';

/** The ids of a table's rows, read once per content version. */
export type KnownIds = (table: IdTable) => Promise<ReadonlySet<number>>;

/**
 * The ids of `db`'s tables under the content version `version` reads: one statement per table and
 * import, so a request answered from the cache still costs none.
 */
export const knownIds = (db: Queryable, version: () => Promise<string>): KnownIds => {
  const kept = new Map<IdTable, { readonly version: string; readonly ids: Promise<ReadonlySet<number>> }>();
  return async (table) => {
    const current = await version();
    const known = kept.get(table);
    if (known?.version === current) return known.ids;
    // The table's name is one of `IdTable`'s, never a client's text.
    const ids = db.query<{ id: number }>(`select id from ${table}`).then((rows): ReadonlySet<number> => new Set(rows.map((row) => row.id)));
    kept.set(table, { version: current, ids });
    // A failed read is not kept: the next request asks again.
    ids.catch(() => {
      if (kept.get(table)?.ids === ids) kept.delete(table);
    });
    return ids;
  };
};

/**
 * Stands for a list of ids none of which names a row: the import's ids start at 1 (`RowId`), so
 * 0 names none either, and the list still matches nothing, as the ids it replaces did.
 */
export const NO_ROW_ID = 0;

/**
 * A list of ids as its answer depends on it: the ids that name a row of `known`, or `[NO_ROW_ID]`
 * when the list named only others. A list "of any of these categories" answers the same without
 * them, and `?categories=<random>` is then one cache entry, not one per random id.
 */
export const namingIds = (ids: readonly number[], known: ReadonlySet<number>): number[] => {
  const named = ids.filter((id) => known.has(id));
  return named.length === 0 && ids.length > 0 ? [NO_ROW_ID] : named;
};

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

/** A request once its route's decoder has made it exact values; `origin` starts its links, `today` is the day in Europe/Zurich, `now` the moment (ms) of the clock. */
export interface ApiInput<P, Q> {
  params: P;
  query: Q;
  /** Where the answer's links start: a configured origin, or `''` for relative paths. */
  origin: string;
  today: string;
  /** The profile's agenda and news scope: what the site search looks in. */
  site: SiteLists;
  /** The moment the answer is for: what is still coming then (`isComing`); an answer that reads it says `until` when it changes. */
  now: number;
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
  /** The query's lists of ids and the table each names: an id that names no row is dropped before the cache and the answer (`namingIds`). */
  namedIds?: Readonly<Record<string, IdTable>>;
  answer(db: Database, input: ApiInput<unknown, unknown>): Promise<ApiAnswer>;
}

/**
 * Types a route's answer by what its schema guarantees: both callers decode params and query
 * with the route's decoder (strict integers, then the schema, coercing as Ajv's
 * `coerceTypes: 'array'` does) before `answer` runs.
 */
export const defineRoute = <P, Q>(
  url: string,
  schema: RouteSchema,
  answer: (db: Database, input: ApiInput<P, Q>) => Promise<ApiAnswer>,
  namedIds?: Readonly<Record<string, IdTable>>,
): ApiRoute => ({
  url,
  schema,
  decode: routeDecoder(schema),
  ...(namedIds === undefined ? {} : { namedIds }),
  answer: (db, input) => answer(db, input as ApiInput<P, Q>),
});

/** The decoded query of `route` with each of its lists of ids reduced to the ids that name a row (`namingIds`). */
export const withNamedIds = async (route: Pick<ApiRoute, 'namedIds'>, query: unknown, known: KnownIds): Promise<unknown> => {
  if (route.namedIds === undefined || query === null || typeof query !== 'object') return query;
  const named: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const [name, table] of Object.entries(route.namedIds)) {
    const ids = named[name];
    if (Array.isArray(ids)) named[name] = namingIds(ids as number[], await known(table));
  }
  return named;
};

/**
 * Serves `routes` through Fastify: each route's decoder refuses a malformed request (400) before
 * any SQL, its lists of ids keep the ids that name a row (`ApiRoute.namedIds`), and each answer is sent from `cache` (serialized once, compressed once, tagged,
 * revalidated; see `server/cache/answer-cache.ts`). An app passes its one cache, shared by every
 * route; `site` is the profile's agenda and news scope; `now` is the clock of the day the answers are for; `origins` where links start.
 */
export const registerApiRoutes = (
  app: FastifyInstance,
  db: Database,
  routes: readonly ApiRoute[],
  site: SiteLists,
  now: () => number = Date.now,
  cache: AnswerCache = answerCache({ version: contentVersionReader(db).read, now }),
  origins: LinkOrigins = linkOrigins(),
): void => {
  const known = knownIds(db, cache.version);
  for (const route of routes) {
    app.get(route.url, async (request, reply) => {
      const input = route.decode(request.params, request.query);
      if (!input.ok) return reply.code(input.answer.status).header('cache-control', 'no-store').send(input.answer.body);
      // The query as the answer depends on it, for the key and the answer alike.
      const query = await withNamedIds(route, input.query, known);
      // Never the request's Host: a forged one would end up in a shared, cached answer.
      const origin = origins.api(request);
      return cache.serve(request, reply, { route: route.url, input: [input.params, query], origin }, (today, at) =>
        route.answer(db, { params: input.params, query, origin, today, site, now: at }),
      );
    });
  }
};
