import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  CORS_MAX_AGE_SECONDS,
  CORS_METHODS,
  CORS_REQUEST_HEADERS,
  HttpRuleError,
  isCrossOriginPath,
  queryEncodingProblem,
  registerHttpRules,
  type HttpRules,
} from '../../server/http/http-rules';
import { parseCorsOrigins } from '../../server/settings';

const ALLOWED = 'https://institution.example';

/**
 * A bare Fastify app wired as server/http/app.ts wires the rules: registered before the routes, the
 * not-found handler asking them about other methods, the router's own errors given the CORS
 * headers. Its routes: the API and a feed (GET, or GET and HEAD), a page, a POST-only address,
 * and `/api/vary/`, which answers with the `Vary` header its query names; `files` adds the built
 * site's catch-all.
 */
const rulesApp = async ({ files = false }: { readonly files?: boolean } = {}): Promise<FastifyInstance> => {
  let rules: HttpRules | null = null;
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: (error, request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      rules?.crossOrigin(request, reply);
      void reply.code(400).send({ message: error.message });
    },
  });
  rules = registerHttpRules(app, { corsOrigins: [ALLOWED] });
  app.get('/api/contacts/', async () => ({ results: [] }));
  app.get('/api/agenda/:id/', async () => ({ results: [] }));
  app.route({ method: ['GET', 'HEAD'], url: '/flux/agenda/:id.ics', handler: async () => 'BEGIN:VCALENDAR' });
  app.get('/annuaire/', async (_request, reply) => reply.type('text/html').send('<p>Annuaire</p>'));
  app.post('/api/messages/', async () => ({ sent: true }));
  app.get<{ Querystring: { vary?: string | string[] } }>('/api/vary/', async (request, reply) => {
    const { vary } = request.query;
    if (vary !== undefined) void reply.header('vary', vary);
    return {};
  });
  if (files) app.get('/*', async (_request, reply) => reply.type('text/plain').send('a file'));
  const handler = rules;
  app.setNotFoundHandler(
    (request, reply) =>
      (request.method !== 'GET' && request.method !== 'HEAD' ? handler.otherMethod(request, reply) : null) ??
      reply.code(404).header('cache-control', 'no-store').send({ statusCode: 404 }),
  );
  await app.ready();
  return app;
};

let app: FastifyInstance;
let withFiles: FastifyInstance;

// Fresh apps for each test: what the rules do when registered then counts as run by that test, which
// Stryker needs (code run before the tests counts as covered by none).
beforeEach(async () => {
  app = await rulesApp();
  withFiles = await rulesApp({ files: true });
});

afterEach(async () => {
  await app.close();
  await withFiles.close();
});

describe('isCrossOriginPath', () => {
  it('is the API and the feeds, from the start of the path only', () => {
    expect(['/api/', '/api/contacts/', '/flux/', '/flux/agenda/1.ics'].map(isCrossOriginPath)).toStrictEqual([true, true, true, true]);
    expect(['/', '/api', '/annuaire/', '/de/api/', '/x/flux/', '/apis/'].map(isCrossOriginPath)).toStrictEqual([false, false, false, false, false, false]);
  });
});

describe('parseCorsOrigins', () => {
  it('reads exact origins separated by commas, spaces and empty entries aside', () => {
    expect(parseCorsOrigins(undefined)).toStrictEqual([]);
    expect(parseCorsOrigins('')).toStrictEqual([]);
    expect(parseCorsOrigins(' https://a.example ,, http://localhost:1234 ,')).toStrictEqual(['https://a.example', 'http://localhost:1234']);
  });

  it('takes an origin written with its trailing slash as the origin', () => {
    expect(parseCorsOrigins('https://a.example/')).toStrictEqual(['https://a.example']);
  });

  it('refuses what is not an address, and says how to write one', () => {
    expect(() => parseCorsOrigins('a.example')).toThrow('CORS_ORIGINS holds "a.example", which is not an origin such as https://www.canton.example');
  });

  it('refuses another scheme, a path or a port out of range, and says to write scheme://host[:port]', () => {
    for (const bad of ['ftp://a.example', 'https://a.example/path', 'https://a.example//', 'https://user@a.example']) {
      expect(() => parseCorsOrigins(`https://b.example,${bad}`)).toThrow(`CORS_ORIGINS holds "${bad}": write each origin as scheme://host[:port], without path`);
    }
  });
});

describe('queryEncodingProblem', () => {
  it('finds no problem in an address without a query, its path aside, or with a well-formed one', () => {
    for (const url of [
      '/api/agenda/%E0%A4%A/',
      '/api/contacts/',
      '/api/contacts/?',
      '/api/contacts/?title=h%C3%A9l%C3%A8ne+favre&category=Grand%20Conseil',
      '/x%?q=1',
      '/a%e?q=1&r=2',
    ]) {
      expect({ url, problem: queryEncodingProblem(url) }).toStrictEqual({ url, problem: null });
    }
  });

  it('names a percent-encoding that does not decode, in any parameter, before or after a +', () => {
    for (const url of ['/api/contacts/?title=%E0%A4%A', '/api/?a=1&q=%zz', '/?q=%', '?q=%zz', '/api/?q=%+20', '/api/?%C0=1']) {
      expect({ url, problem: queryEncodingProblem(url) }).toStrictEqual({ url, problem: 'querystring holds an invalid percent-encoding' });
    }
  });
});

describe('the HTTP rules of an app', () => {
  it('refuses a query that does not decode with 400, before any route reads it', async () => {
    const answer = await app.inject({ url: '/api/contacts/?title=%E0%A4%A' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, message: 'querystring holds an invalid percent-encoding' });
    expect((await app.inject({ url: '/api/contacts/?title=h%C3%A9l%C3%A8ne' })).statusCode).toBe(200);
  });

  it('lets an allowed origin read the API and the feeds, and exposes the headers a widget reads', async () => {
    for (const url of ['/api/contacts/', '/api/agenda/3/?month=1', '/flux/agenda/1.ics']) {
      const answer = await app.inject({ url, headers: { origin: ALLOWED } });
      expect({
        url,
        allow: answer.headers['access-control-allow-origin'],
        expose: answer.headers['access-control-expose-headers'],
        vary: answer.headers.vary,
      }).toStrictEqual({
        url,
        allow: ALLOWED,
        expose: 'Link, Retry-After',
        vary: 'Origin',
      });
    }
    expect(CORS_EXPOSED_HEADERS).toBe('Link, Retry-After');
  });

  it('gives another origin, or none, no permission, yet always Vary: Origin on the API', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}]) {
      const answer = await app.inject({ url: '/api/contacts/', headers });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-expose-headers']).toBeUndefined();
      expect(answer.headers.vary).toBe('Origin');
    }
  });

  it('gives a page no CORS header and no Vary, even asked by an allowed origin', async () => {
    const page = await app.inject({ url: '/annuaire/', headers: { origin: ALLOWED } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers.vary).toBeUndefined();
  });

  it.each([
    [undefined, 'Origin'],
    ['Accept-Encoding', 'Accept-Encoding, Origin'],
    ['Origin', 'Origin'],
    ['origin', 'origin'],
    ['Accept,Origin', 'Accept,Origin'],
    ['Accept, Origin', 'Accept, Origin'],
    ['Origin,Accept', 'Origin,Accept'],
    ['Origin ,Accept', 'Origin ,Accept'],
    ['Accept, X-Origin', 'Accept, X-Origin, Origin'],
    ['Originals', 'Originals, Origin'],
    [['Accept', 'Accept-Language'], 'Accept, Accept-Language, Origin'],
  ])('adds Origin to a Vary of %j once: %s', async (vary, expected) => {
    const query = vary === undefined ? '' : `?${(Array.isArray(vary) ? vary : [vary]).map((value) => `vary=${encodeURIComponent(value)}`).join('&')}`;
    const answer = await app.inject({ url: `/api/vary/${query}` });
    expect(answer.headers.vary).toBe(expected);
  });

  it('gives an address the router cannot read the CORS headers too', async () => {
    const answer = await app.inject({ url: '/api/agenda/%E0%A4%A/', headers: { origin: ALLOWED } });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(answer.headers.vary).toBe('Origin');
  });
});

describe('other methods at an address with a GET route', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('%s is 405 with Allow, never stored, and says what to use', async (method) => {
    for (const [url, path] of [
      ['/api/contacts/?title=x', '/api/contacts/'],
      ['/api/agenda/3/', '/api/agenda/3/'],
      ['/flux/agenda/1.ics', '/flux/agenda/1.ics'],
      ['/annuaire/', '/annuaire/'],
    ] as const) {
      const answer = await app.inject({ method, url });
      expect({ url, status: answer.statusCode, allow: answer.headers.allow, cache: answer.headers['cache-control'] }).toStrictEqual({
        url,
        status: 405,
        allow: 'GET, HEAD, OPTIONS',
        cache: 'no-store',
      });
      expect(answer.json()).toStrictEqual({ statusCode: 405, error: 'Method Not Allowed', message: `${method} is not allowed at ${path}: use GET, HEAD, OPTIONS` });
    }
    expect(ALLOWED_METHODS).toBe('GET, HEAD, OPTIONS');
  });

  it('keeps 404 where no GET route is: an unknown address, a POST-only one, a page without the built site', async () => {
    for (const url of ['/api/nothing/', '/api/messages/', '/a-page/', '/']) {
      expect({ url, status: (await app.inject({ method: 'DELETE', url })).statusCode }).toStrictEqual({ url, status: 404 });
    }
  });

  it('counts every page under the built site as served, but not the API or the feeds', async () => {
    expect((await withFiles.inject({ method: 'DELETE', url: '/a-page/' })).statusCode).toBe(405);
    expect((await withFiles.inject({ method: 'DELETE', url: '/api/nothing/' })).statusCode).toBe(404);
    expect((await withFiles.inject({ method: 'DELETE', url: '/flux/nothing.ics' })).statusCode).toBe(404);
  });

  it('finds the GET route with or without its trailing slash, and with a long parameter', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/contacts' })).statusCode).toBe(405);
    expect((await app.inject({ method: 'DELETE', url: `/api/agenda/${'1'.repeat(150)}/` })).statusCode).toBe(405);
  });
});

describe('OPTIONS', () => {
  it('answers 204 with Allow, never stored, at an address with a GET route', async () => {
    const answer = await app.inject({ method: 'OPTIONS', url: '/api/contacts/' });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({ allow: 'GET, HEAD, OPTIONS', 'cache-control': 'no-store' });
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
    expect((await app.inject({ method: 'OPTIONS', url: '/api/nothing/' })).statusCode).toBe(404);
  });

  it('answers the preflight of a read from an allowed origin, whatever the case of its method', async () => {
    for (const asked of ['GET', 'HEAD', 'get', 'Head']) {
      const preflight = await app.inject({ method: 'OPTIONS', url: '/api/contacts/?title=x', headers: { origin: ALLOWED, 'access-control-request-method': asked } });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': ALLOWED,
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'Accept',
        'access-control-max-age': '600',
        allow: 'GET, HEAD, OPTIONS',
      });
    }
    expect([CORS_METHODS, CORS_REQUEST_HEADERS, CORS_MAX_AGE_SECONDS]).toStrictEqual(['GET, HEAD', 'Accept', 600]);
  });

  it('permits no write, and nothing to another origin or to a request that names no method', async () => {
    for (const headers of [
      { origin: ALLOWED, 'access-control-request-method': 'DELETE' },
      { origin: ALLOWED, 'access-control-request-method': 'POST' },
      { origin: ALLOWED },
      { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      { 'access-control-request-method': 'GET' },
    ]) {
      const answer = await app.inject({ method: 'OPTIONS', url: '/api/contacts/', headers });
      expect(answer.statusCode).toBe(204);
      expect(answer.headers['access-control-allow-methods']).toBeUndefined();
      expect(answer.headers['access-control-allow-headers']).toBeUndefined();
      expect(answer.headers['access-control-max-age']).toBeUndefined();
    }
  });

  it('gives a page no preflight permission, even for an allowed origin', async () => {
    const answer = await app.inject({ method: 'OPTIONS', url: '/annuaire/', headers: { origin: ALLOWED, 'access-control-request-method': 'GET' } });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('HttpRuleError', () => {
  it('carries the status the error handler answers with, and its message', () => {
    const error = new HttpRuleError(400, 'querystring holds an invalid percent-encoding');
    expect(error).toBeInstanceOf(Error);
    expect({ status: error.statusCode, message: error.message }).toStrictEqual({ status: 400, message: 'querystring holds an invalid percent-encoding' });
  });
});
