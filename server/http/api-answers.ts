import FindMyWay from 'find-my-way';
import { zurichToday } from '../../src/domain/agenda-window';
import type { Database } from '../data/database';
import { AGENDA_ROUTES } from './routes/agenda-routes';
import { CONTACT_ROUTES } from './routes/contacts-routes';
import { NEWS_ROUTES } from './routes/news-routes';
import { queryEncodingProblem } from './http-rules';
import { errorBody, notFound, type ApiRoute } from './query-schemas';
import type { ApiAnswer } from './route-input';
import { SEARCH_ROUTES } from './routes/search-routes';
import { SHOP_ROUTES } from './routes/shop-routes';

/** Every GET route of the reference API: the same table the Fastify plugin serves. */
export const API_ROUTES: readonly ApiRoute[] = [...AGENDA_ROUTES, ...CONTACT_ROUTES, ...NEWS_ROUTES, ...SHOP_ROUTES, ...SEARCH_ROUTES];

// What follows mirrors the set-up of `buildApp` (server/http/app.ts) and of Fastify itself, so an
// answer here is the answer over HTTP: Fastify routes with find-my-way, built with these very
// options, and both decode with each route's own decoder (server/http/route-input.ts). The
// equality is tested path by path (test/server/api-answers.test.ts).

// Fastify answers these two itself, before any route or error handler, with a `code` in the body.
const frameworkError = (status: number, code: string, message: string): ApiAnswer => ({
  status,
  body: { error: 'Bad Request', code, message, statusCode: status },
});

// find-my-way calls these through the handler of its result; here they only build the answer.
const router = FindMyWay({
  ignoreTrailingSlash: true,
  maxParamLength: 200,
  onBadUrl: (path: string) => frameworkError(400, 'FST_ERR_BAD_URL', `'${path}' is not a valid url component`),
  onMaxParamLength: (path: string) => frameworkError(414, 'FST_ERR_MAX_PARAM_LENGTH', `'${path}' is exceeding the max param length`),
});

for (const route of API_ROUTES) router.on('GET', route.url, () => undefined, route);

/**
 * Answers a GET path of the reference API (`/api/agenda/?month=12`) from the database, without
 * HTTP: the same routing, decoding (400 and its body), 404s, SQL and answer as the server.
 * `origin` (`https://canton.example`, or `''` for relative paths) starts the links some answers hold; `today` (the
 * day in Europe/Zurich) is where the agenda's upcoming and past events part.
 */
export const answerApiPath = async (db: Database, pathWithQuery: string, origin: string, today: string = zurichToday(Date.now())): Promise<ApiAnswer> => {
  const found = router.find('GET', pathWithQuery);
  // A bad or too long URL: find-my-way hands back a handler that calls `onBadUrl` or `onMaxParamLength`.
  if (found !== null && found.store === null) return (found.handler as unknown as () => ApiAnswer)();
  // The app's first hook, which runs for unknown routes too: a query that does not decode is refused.
  const problem = queryEncodingProblem(pathWithQuery);
  if (problem !== null) return { status: 400, body: errorBody(400, 'Bad Request', problem) };
  if (found === null) return notFound(`Route GET:${pathWithQuery.split('?')[0] ?? ''} not found`);
  const route = found.store as ApiRoute;
  const input = route.decode(found.params, found.searchParams);
  if (!input.ok) return input.answer;
  return route.answer(db, { params: input.params, query: input.query, origin, today });
};
