import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database, Queryable } from '../../server/data/database';
import { DEMO_NOW } from '../support/demo-expectations';
import { runs } from '../support/fuzz-runs';
import { rawSitePath, rawSiteQuery } from '../support/raw-api-queries';
import { DIST } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// Under FUZZ_RUNS=10000 the run sends 10,000 requests through the whole server (pages rendered
// by the widgets' machines included): minutes, not seconds.
jest.setTimeout(3_600_000);

/** How many requests are in flight at once, as a flood of visitors would send them. */
const CONCURRENCY = 16;

const ALLOWED_ORIGIN = 'https://allowed.example';
const FORGED = 'evil.example';

let db: Database;
let app: FastifyInstance;
// Every statement the database refused: with every input decoded first, there must be none.
const refused: { sql: string; params: readonly unknown[]; message: string }[] = [];

const watched = (inner: Queryable): Queryable => ({
  query: async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    try {
      return await inner.query<T>(sql, params);
    } catch (error) {
      refused.push({ sql, params, message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  },
});

beforeAll(async () => {
  const real = await openTestDatabase();
  db = { ...real, ...watched(real), transaction: (work) => real.transaction((tx) => work(watched(tx))) };
  app = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia(), now: () => DEMO_NOW, corsOrigins: [ALLOWED_ORIGIN] });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

// The methods as `inject` names them: light-my-request's list, narrower than Fastify's own HTTPMethods.
const METHODS: readonly NonNullable<InjectOptions['method']>[] = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** One hostile request: a path of any route, a query, a method, and headers that lie. */
const hostileRequest = fc.record({
  path: rawSitePath,
  query: rawSiteQuery(6),
  method: fc.constantFrom(...METHODS),
  host: fc.constantFrom(FORGED, `${FORGED}:8443`, 'localhost:80', `www.canton.example@${FORGED}`),
  forwardedHost: fc.option(fc.constantFrom(FORGED, `${FORGED}, other.example`), { nil: undefined }),
  origin: fc.option(fc.constantFrom(ALLOWED_ORIGIN, `https://${FORGED}`, 'null', `${ALLOWED_ORIGIN}.${FORGED}`), { nil: undefined }),
  acceptEncoding: fc.constantFrom('br', 'gzip', 'identity', ''),
  ifNoneMatch: fc.option(fc.constantFrom('*', '"x"', 'W/"y"'), { nil: undefined }),
});
type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer R> ? R : never;

const send = async (request: HostileRequest) => {
  const headers: Record<string, string> = { host: request.host, 'accept-encoding': request.acceptEncoding };
  if (request.forwardedHost !== undefined) Object.assign(headers, { 'x-forwarded-host': request.forwardedHost, 'x-forwarded-proto': 'https' });
  if (request.origin !== undefined) headers['origin'] = request.origin;
  if (request.ifNoneMatch !== undefined) headers['if-none-match'] = request.ifNoneMatch;
  if (request.method === 'OPTIONS') headers['access-control-request-method'] = 'GET';
  const url = request.query === '' ? request.path : `${request.path}?${request.query}`;
  const response = await app.inject({ method: request.method, url, headers });
  return { url, response };
};

// What is wrong with one answer, in words naming the request: nothing, for a well-behaved server.
const problemsOf = (request: HostileRequest, url: string, response: Awaited<ReturnType<typeof send>>['response']): string[] => {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(`${request.method} ${url} (${response.statusCode}): ${text}`);
  if (response.statusCode >= 500) problem('a server error');
  if (JSON.stringify(response.headers).includes(FORGED)) problem('the forged host in a header');
  // A forged host never reaches a body (a compressed one is checked by its plain twin under `identity`).
  if (response.headers['content-encoding'] === undefined && response.body.includes(FORGED)) problem('the forged host in the body');
  if (request.origin !== ALLOWED_ORIGIN && response.headers['access-control-allow-origin'] !== undefined) problem('CORS permission for a stranger');
  const api = url.startsWith('/api/');
  if (api && !/origin/i.test(response.headers.vary ?? '')) problem('no Vary: Origin');
  if (api && response.statusCode >= 400 && request.method !== 'HEAD' && response.headers['content-encoding'] === undefined) {
    const json = String(response.headers['content-type']).startsWith('application/json');
    const body = json ? (JSON.parse(response.body) as { statusCode?: unknown; message?: unknown }) : {};
    if (!json || body.statusCode !== response.statusCode || typeof body.message !== 'string') problem(`not the JSON error body: ${response.body.slice(0, 120)}`);
  }
  if (response.statusCode === 405 && response.headers.allow !== 'GET, HEAD, OPTIONS') problem('a 405 without Allow');
  // A redirect leads to a path of this site: one `/`, then neither `/` nor `\` (issue 42).
  const location = response.headers.location;
  if (location !== undefined && !/^\/(?:$|[^/\\])/.test(location)) problem(`a redirect off the site: ${location}`);
  return problems;
};

/** Requests under `npm test`; FUZZ_RUNS under `npm run fuzz` (10,000 one at a time, and as many again 16 at a time). */
const REQUESTS = runs(320);

describe('every route, under hostile requests', () => {
  it('never answers 5xx, answers every API refusal in JSON, never echoes a forged host, and sends no bad value to the database (one at a time)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        const { url, response } = await send(request);
        expect(problemsOf(request, url, response)).toEqual([]);
        expect(refused).toEqual([]);
      }),
      { numRuns: REQUESTS },
    );
  });

  it(`keeps all of it ${CONCURRENCY} at a time, as a flood of visitors sends them (shared cache entries, pending answers)`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hostileRequest, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        const answers = await Promise.all(batch.map(send));
        sent += answers.length;
        expect(answers.flatMap(({ url, response }, index) => problemsOf(batch[index]!, url, response))).toEqual([]);
        expect(refused).toEqual([]);
      }),
      { numRuns: Math.ceil(REQUESTS / CONCURRENCY) },
    );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
  });
});
