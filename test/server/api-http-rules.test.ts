import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseBusyError } from '../../server/data/database-errors';
import type { Database } from '../../server/data/database';
import { parseCorsOrigins } from '../../server/settings';
import { CORS_MAX_AGE_SECONDS, queryEncodingProblem } from '../../server/http/http-rules';
import { parsePublicOrigin } from '../../server/http/public-origin';
import { DEMO_NOW } from '../support/demo-expectations';
import { DIST } from '../support/rendered-pages';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(120_000);

const SITE = 'https://www.canton.example';
const WIDGET_HOST = 'https://institution.example';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, distDir: DIST, now: () => DEMO_NOW, corsOrigins: [WIDGET_HOST] });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

describe('CORS', () => {
  it('lets an allowed origin read the API and the feeds, and says that answers vary by origin', async () => {
    for (const url of ['/api/contacts/', '/api/categories/agenda/', '/api/agenda/999/', '/api/contacts/?month=1', '/flux/agenda/1.ics']) {
      const answer = await app.inject({ url, headers: { origin: WIDGET_HOST } });
      expect({ url, allow: answer.headers['access-control-allow-origin'] }).toEqual({ url, allow: WIDGET_HOST });
      expect(String(answer.headers.vary)).toMatch(/(^|, )Origin$/);
      expect(answer.headers['access-control-expose-headers']).toBe('Link, Retry-After');
    }
  });

  it('sends no permission to another origin, nor without an origin, yet always Vary: Origin, cached answer and 304 alike', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}]) {
      const first = await app.inject({ url: '/api/shop/items/', headers });
      expect(first.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(first.headers.vary)).toContain('Origin');
      const again = await app.inject({ url: '/api/shop/items/', headers: { ...headers, 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(String(again.headers.vary)).toContain('Origin');
    }
    const revalidated = await app.inject({ url: '/api/shop/items/', headers: { origin: WIDGET_HOST, 'if-none-match': '*' } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['access-control-allow-origin']).toBe(WIDGET_HOST);
  });

  it('answers a preflight of a read from an allowed origin, and no other', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/contacts/?title=x',
      headers: { origin: WIDGET_HOST, 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': WIDGET_HOST,
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'Accept',
      'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
      allow: 'GET, HEAD, OPTIONS',
    });
    const write = await app.inject({ method: 'OPTIONS', url: '/api/contacts/', headers: { origin: WIDGET_HOST, 'access-control-request-method': 'DELETE' } });
    expect(write.headers['access-control-allow-methods']).toBeUndefined();
    const stranger = await app.inject({
      method: 'OPTIONS',
      url: '/api/contacts/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(stranger.statusCode).toBe(204);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('gives pages and static files no CORS headers: only the API and the feeds are read across origins', async () => {
    const page = await app.inject({ url: '/annuaire/', headers: { origin: WIDGET_HOST } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reads CORS_ORIGINS as exact origins, and refuses anything else at start', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins(' ')).toEqual([]);
    expect(parseCorsOrigins('https://a.example, http://localhost:1234')).toEqual(['https://a.example', 'http://localhost:1234']);
    for (const bad of ['*', 'a.example', 'https://a.example/path', 'ftp://a.example', 'https://a.example:99999'])
      expect(() => parseCorsOrigins(bad)).toThrow(/CORS_ORIGINS/);
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('%s on a GET route is 405 with Allow, in JSON', async (method) => {
    for (const url of ['/api/contacts/', '/api/agenda/1/', '/annuaire/', '/flux/agenda/1.ics', '/sitemap.xml']) {
      const answer = await app.inject({ method, url, payload: '{}', headers: { 'content-type': 'application/json' } });
      expect({ url, status: answer.statusCode, allow: answer.headers.allow }).toEqual({ url, status: 405, allow: 'GET, HEAD, OPTIONS' });
      expect(answer.json()).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
    }
  });

  it('keeps 404 for an address that no route serves', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/nothing/' });
    expect(answer.statusCode).toBe(404);
  });
});

describe('percent-encoding', () => {
  it.each(['/api/contacts/?title=%E0%A4%A', '/api/contacts/?title=%zz', '/api/agenda/?title=%', '/api/news/?%C0=1'])('refuses %s with 400 in JSON', async (url) => {
    const answer = await app.inject({ url });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, message: 'querystring holds an invalid percent-encoding' });
  });

  it('gives a page address with a broken query the 400 page', async () => {
    const answer = await app.inject({ url: '/annuaire/?q=%E0%A4%A' });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
  });

  it('reads a well-formed query, + and %20 alike', () => {
    expect(queryEncodingProblem('/api/contacts/?title=h%C3%A9l%C3%A8ne+favre&category=Grand%20Conseil')).toBeNull();
    expect(queryEncodingProblem('/api/contacts/')).toBeNull();
  });
});

describe('links never come from the Host header', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  it('pages the API with relative links when no public address is configured', async () => {
    const answer = await app.inject({ url: '/api/contacts/?page_size=5', headers: forged });
    const body = answer.json<{ next: string }>();
    expect(body.next).toMatch(/^\/api\/contacts\/\?page_size=5&cursor=/);
    const plain = await app.inject({ url: '/api/contacts/', headers: forged });
    expect(plain.headers.link).toMatch(/^<\/api\/contacts\/\?/);
  });

  it('starts every absolute link at PUBLIC_ORIGIN when set: API, pages, feeds, sitemap, robots.txt', async () => {
    const configured = buildApp({ db, distDir: DIST, now: () => DEMO_NOW, publicOrigin: SITE });
    try {
      for (const url of [
        '/api/contacts/?page_size=5',
        '/api/news/?page=2&page_size=2',
        '/',
        '/annuaire/',
        '/de/agenda/',
        '/flux/actualites/actualites.atom',
        '/flux/agenda/1.ics',
        '/sitemap.xml',
        '/robots.txt',
        '/nothing/',
      ]) {
        const answer = await configured.inject({ url, headers: forged });
        expect({ url, forged: `${answer.body}${JSON.stringify(answer.headers)}`.includes('evil.example') }).toEqual({ url, forged: false });
        if (['/api/contacts/?page_size=5', '/sitemap.xml', '/robots.txt', '/annuaire/'].includes(url)) expect(answer.body).toContain(SITE);
      }
    } finally {
      await configured.close();
    }
  });

  it('reads PUBLIC_ORIGIN as the origin of an http(s) address', () => {
    expect(parsePublicOrigin('https://www.canton.example/')).toBe('https://www.canton.example');
    expect(parsePublicOrigin('')).toBeUndefined();
    expect(() => parsePublicOrigin('www.canton.example')).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parsePublicOrigin('javascript:alert(1)')).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe('a database that cannot answer', () => {
  const down = (error: () => Error): Database => {
    const refuse = (): Promise<never> => Promise.reject(error());
    return { kind: 'postgres', query: refuse, transaction: refuse, listen: refuse, close: async () => undefined };
  };
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it.each<[string, () => Error]>([
    ['refused connections', refused],
    ['a shutdown', () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a full queue', () => new DatabaseBusyError()],
  ])('answers 503 with Retry-After and no-store, never 500, on %s', async (_name, error) => {
    const broken = buildApp({ db: down(error), distDir: DIST, now: () => DEMO_NOW });
    try {
      for (const url of ['/api/contacts/', '/api/agenda/1/', '/api/search/?q=conseil', '/flux/agenda/1.ics', '/sitemap.xml']) {
        const answer = await broken.inject({ url });
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 503 });
        expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(answer.headers['cache-control']).toBe('no-store');
        // The API answers in JSON; the feeds and the sitemap, as every other address a browser opens, with the error page.
        if (url.startsWith('/api/')) expect(answer.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
        expect(answer.body).not.toMatch(/ECONNREFUSED|administrator|stack/);
      }
      const page = await broken.inject({ url: '/de/annuaire/' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Die Website kann ihre Inhalte im Moment nicht lesen');
    } finally {
      await broken.close();
    }
  });

  it('answers a page whose answers fail mid-render 503 with its failed list and retry, and keeps no copy of it once the database is back', async () => {
    let down = false;
    const flaky: Database = {
      ...db,
      query: (sql, params) => (down && sql.includes('from contacts') ? Promise.reject(refused()) : db.query(sql, params)),
      transaction: (work) =>
        db.transaction((tx) => work({ query: (sql, params) => (down && sql.includes('from contacts') ? Promise.reject(refused()) : tx.query(sql, params)) })),
    };
    const site = buildApp({ db: flaky, distDir: DIST, now: () => DEMO_NOW });
    try {
      down = true;
      const during = await site.inject({ url: '/en/annuaire/?q=x' });
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(during.headers['cache-control']).toBe('no-store');
      // The page keeps its shell and filters; its list says it failed and offers the retry, which the browser's script runs.
      expect(during.body).toContain('The directory could not be loaded.');
      expect(during.body).toContain('Try again');
      const fragment = await site.inject({ url: '/fragments/directory/?lang=en' });
      expect(fragment.statusCode).toBe(503);
      expect(fragment.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(fragment.headers['cache-control']).toBe('no-store');
      down = false;
      const after = await site.inject({ url: '/en/annuaire/?q=x' });
      expect(after.statusCode).toBe(200);
      expect((await site.inject({ url: '/fragments/directory/?lang=en' })).statusCode).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('still answers 500 for a failure that is a defect, without its details', async () => {
    const broken = buildApp({ db: down(() => Object.assign(new Error('syntax error at or near "x"'), { code: '42601' })), now: () => DEMO_NOW });
    try {
      const answer = await broken.inject({ url: '/api/contacts/' });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('syntax');
    } finally {
      await broken.close();
    }
  });
});
