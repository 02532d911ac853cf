import { STATUS_CODES } from 'node:http';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { zurichToday } from '../src/domain/agenda-window';
import type { Database } from './db';
import { AGENDA_ROUTES } from './routes/agenda-routes';
import { CONTACT_ROUTES } from './routes/contacts-routes';
import { NEWS_ROUTES } from './routes/news-routes';
import { errorBody, notFound, type ApiAnswer, type ApiRoute } from './routes/query-schemas';
import { SEARCH_ROUTES } from './routes/search-routes';
import { SHOP_ROUTES } from './routes/shop-routes';

/** Every GET route of the reference API: the same table the Fastify plugin serves. */
export const API_ROUTES: readonly ApiRoute[] = [...AGENDA_ROUTES, ...CONTACT_ROUTES, ...NEWS_ROUTES, ...SHOP_ROUTES, ...SEARCH_ROUTES];

// What follows mirrors the set-up of `buildApp` (server/app.ts) and of Fastify itself, so an
// answer here is the answer over HTTP: Fastify routes with find-my-way and validates with Ajv,
// built with these very options. The equality is tested path by path (test/server/api-answers.test.ts).

// Fastify's Ajv defaults (@fastify/ajv-compiler), then the app's `customOptions`.
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false });

/** One validation error as the 400 body says it (the app's `schemaErrorFormatter` too). */
export const ajvMessage = (error: Pick<ErrorObject, 'instancePath' | 'message' | 'params'>, dataVar: string): string => {
  const extra = typeof error.params['additionalProperty'] === 'string' ? `: '${error.params['additionalProperty']}'` : '';
  return `${dataVar}${error.instancePath} ${error.message ?? 'is invalid'}${extra}`;
};

const badRequest = (errors: readonly ErrorObject[], dataVar: string): ApiAnswer => ({
  status: 400,
  body: errorBody(400, STATUS_CODES[400] ?? 'Bad Request', errors.map((e) => ajvMessage(e, dataVar)).join(', ')),
});

// Fastify answers these two itself, before any route or error handler, with a `code` in the body.
const frameworkError = (status: number, code: string, message: string): ApiAnswer => ({
  status,
  body: { error: 'Bad Request', code, message, statusCode: status },
});

interface CompiledRoute {
  route: ApiRoute;
  params: ValidateFunction | undefined;
  querystring: ValidateFunction | undefined;
}

// find-my-way calls these through the handler of its result; here they only build the answer.
const router = FindMyWay<HTTPVersion.V1>({
  ignoreTrailingSlash: true,
  maxParamLength: 200,
  onBadUrl: (path: string) => frameworkError(400, 'FST_ERR_BAD_URL', `'${path}' is not a valid url component`),
  onMaxParamLength: (path: string) => frameworkError(414, 'FST_ERR_MAX_PARAM_LENGTH', `'${path}' is exceeding the max param length`),
} as FindMyWay.Config<HTTPVersion.V1>);

for (const route of API_ROUTES) {
  const compiled: CompiledRoute = {
    route,
    params: route.schema.params === undefined ? undefined : ajv.compile(route.schema.params),
    querystring: route.schema.querystring === undefined ? undefined : ajv.compile(route.schema.querystring),
  };
  router.on('GET', route.url, () => undefined, compiled);
}

/**
 * Answers a GET path of the reference API (`/api/agenda/?month=12`) from the database, without
 * HTTP: the same routing, validation (400 and its body), 404s, SQL and answer as the server.
 * `origin` (`https://canton.example`) builds the absolute links some answers hold; `today` (the
 * day in Europe/Zurich) is where the agenda's upcoming and past events part.
 */
export const answerApiPath = async (db: Database, pathWithQuery: string, origin: string, today: string = zurichToday(Date.now())): Promise<ApiAnswer> => {
  const found = router.find('GET', pathWithQuery);
  if (found === null) return notFound(`Route GET:${pathWithQuery.split('?')[0] ?? ''} not found`);
  const compiled = found.store as CompiledRoute | null;
  // A bad or too long URL: find-my-way hands back a handler that calls `onBadUrl` or `onMaxParamLength`.
  if (compiled === null) return (found.handler as unknown as () => ApiAnswer)();
  // Fastify validates params, then the query; Ajv coerces them in place ('3' → 3, a single value → a list).
  const params: Record<string, unknown> = { ...found.params };
  if (compiled.params !== undefined && !compiled.params(params)) return badRequest(compiled.params.errors ?? [], 'params');
  const query: Record<string, unknown> = { ...found.searchParams };
  if (compiled.querystring !== undefined && !compiled.querystring(query)) return badRequest(compiled.querystring.errors ?? [], 'querystring');
  return compiled.route.answer(db, { params, query, origin, today });
};
