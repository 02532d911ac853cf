import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { SHARED_CACHE_SECONDS, sharedCacheControl } from '../../server/cache/shared-cache';
import type { Content } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { buildApp } from '../../server/http/app';
import { REDIRECT_CACHE_CONTROL } from '../../server/http/redirects';
import { importContent } from '../../server/operations/seed';
import { demo } from '../support/demo-expectations';
import { documentedNginxBlock, startNginx, type RunningNginx } from '../support/nginx';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// The documented nginx (docs/operations.md, "Behind a reverse proxy or a CDN") in front of the real
// server, as that section sets it up: TRUST_PROXY=127.0.0.1, no PUBLIC_ORIGIN.
jest.setTimeout(120_000);

const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');
const SITE = 'canton.example';
const ALLOWED_ORIGIN = 'https://www.canton.example';
// Beyond SHARED_CACHE_SECONDS, the time for the request after the expiry to refresh the copy, and for the next poll.
const REFRESH_MS = 2_000;

/** What a visitor's request got back through the proxy, its body decoded. */
interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

const get = (port: number, path: string, headers: Readonly<Record<string, string>> = {}): Promise<Answer> =>
  new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path, headers: { host: SITE, 'accept-encoding': 'gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
        done({ status: response.statusCode ?? 0, headers: response.headers, text: body.toString('utf8') });
      });
    });
    call.on('error', fail);
    call.end();
  });

/** The demo content with its first `count` contacts only: an import whose directory differs. */
const withContacts = (count: number): Content => {
  const content = JSON.parse(JSON.stringify(demo)) as Content;
  content.contacts = content.contacts.slice(0, count);
  return content;
};

let db: Database;
let app: FastifyInstance;
let upstreamPort: number;
// While set, every statement fails as a database that went away does: the server answers 503.
let databaseDown = false;

beforeAll(async () => {
  db = await openTestDatabase();
  const unavailable = (): Error => Object.assign(new Error('the database system is shutting down'), { code: '57P01' });
  const faulty: Database = {
    kind: db.kind,
    query: (sql, params) => (databaseDown ? Promise.reject(unavailable()) : db.query(sql, params)),
    transaction: (work) => (databaseDown ? Promise.reject(unavailable()) : db.transaction(work)),
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: () => db.close(),
  };
  app = buildApp({ db: faulty, distDir: DIST, mediaDir: await ensureTestMedia(), trustProxy: ['127.0.0.1'], corsOrigins: [ALLOWED_ORIGIN] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  upstreamPort = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

const withNginx = async (use: (nginx: RunningNginx) => Promise<void>): Promise<void> => {
  const nginx = await startNginx({ upstreamPort });
  try {
    await use(nginx);
  } finally {
    await nginx.stop();
  }
};

it('runs the block docs/operations.md documents, which writes the forwarded headers from its own $host and $scheme', () => {
  const block = documentedNginxBlock();
  expect(block).toContain('proxy_set_header X-Forwarded-Host $host;');
  expect(block).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  expect(block).toContain('proxy_cache_key $scheme$host$request_uri;');
  expect(block).toMatch(/default_server;\s+ssl_reject_handshake on;\s+return 421;/);
});

/** A hostile first request: its headers, or an absolute address in its request line. */
interface Probe {
  readonly name: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly absolute?: string;
}

const PROBES: readonly Probe[] = [
  { name: 'X-Forwarded-Host evil.example', headers: { 'x-forwarded-host': 'evil.example' } },
  { name: 'X-Forwarded-Host with <', headers: { 'x-forwarded-host': 'evil.example"><x' } },
  { name: 'X-Forwarded-Proto javascript', headers: { 'x-forwarded-proto': 'javascript' } },
  { name: 'Forwarded', headers: { forwarded: 'host=evil.example;proto=javascript' } },
  { name: 'Host evil.example', headers: { host: 'evil.example' } },
  { name: 'an absolute request line', absolute: 'http://evil.example' },
  { name: 'Accept-Language de', headers: { 'accept-language': 'de' } },
  { name: 'Accept-Encoding identity', headers: { 'accept-encoding': 'identity' } },
  { name: 'Accept-Encoding br', headers: { 'accept-encoding': 'br' } },
  { name: 'Accept-Encoding nonsense', headers: { 'accept-encoding': 'x-evil, *;q=0' } },
  { name: 'an allowed Origin', headers: { origin: ALLOWED_ORIGIN } },
  { name: 'another Origin', headers: { origin: 'https://evil.example' } },
];

// Pages, feeds and API answers: what a shared cache keeps SHARED_CACHE_SECONDS.
const SHARED: Readonly<Record<string, number>> = {
  '/flux/actualites/actualites.atom': 300,
  '/flux/agenda/1.ics': 300,
  '/api/contacts/?page_size=2': 60,
  '/annuaire/': 0,
  '/en/agenda/': 0,
};
// Every kind of answer that holds the site's address, or depends on a request header (the sitemap and robots.txt are kept an hour).
const ADDRESSES = ['/sitemap.xml', '/robots.txt', ...Object.keys(SHARED)];

describe.each(PROBES)('a first request with $name', (probe) => {
  it('never changes what the cache gives the next ordinary visitor (links, language, encoding, CORS)', async () => {
    await withNginx(async (nginx) => {
      for (const path of ADDRESSES) {
        await get(nginx.port, `${probe.absolute ?? ''}${path}`, probe.headers);
        const visitor = await get(nginx.port, path);
        expect({ path, status: visitor.status }).toEqual({ path, status: 200 });
        expect(visitor.text).not.toMatch(/evil|javascript:/);
        expect(visitor.headers['content-encoding'] ?? 'gzip').toBe('gzip');
        expect(visitor.headers['access-control-allow-origin']).toBeUndefined();
        if (path === '/robots.txt') expect(visitor.text).toContain(`Sitemap: http://${SITE}/sitemap.xml`);
        if (path.endsWith('.xml') || path.endsWith('.atom')) expect(visitor.text).toContain(`http://${SITE}/`);
        if (path.startsWith('/api/')) expect((JSON.parse(visitor.text) as { next: string }).next).toMatch(new RegExp(`^http://${SITE}/api/contacts/\\?`));
        if (path === '/annuaire/') expect(visitor.text).toMatch(new RegExp(`<html lang="fr"[\\s\\S]*<link rel="canonical" href="http://${SITE}/annuaire/"`));
        if (path === '/en/agenda/') expect(visitor.text).toContain('<html lang="en"');
      }
    });
  });
});

describe('the shared cache', () => {
  it('serves pages, feeds and API answers from its copy, and asks the server once for each', async () => {
    await withNginx(async (nginx) => {
      for (const path of ADDRESSES) {
        const first = await get(nginx.port, path);
        // Seconds a browser keeps it; SHARED_CACHE_SECONDS for the shared cache.
        const browser = SHARED[path];
        if (browser !== undefined) expect({ path, cacheControl: first.headers['cache-control'] }).toEqual({ path, cacheControl: sharedCacheControl(browser) });
        const again = await get(nginx.port, path);
        expect({ path, status: again.headers['x-cache-status'] }).toEqual({ path, status: 'HIT' });
        expect(again.text).toBe(first.text);
      }
      // One request reached the server per address: the hits show no upstream status.
      const lines = nginx.accessLog().trim().split('\n');
      expect(lines.filter((line) => !line.endsWith(' -'))).toHaveLength(ADDRESSES.length);
    });
  });

  it('never passes /metrics on: the server would take the proxy on its loopback for a collector', async () => {
    await withNginx(async (nginx) => {
      for (const path of ['/metrics', '/metrics?x=1']) {
        const answer = await get(nginx.port, path);
        expect({ path, status: answer.status, figures: answer.text.includes('site_http_requests_total') }).toEqual({ path, status: 404, figures: false });
      }
      // Asked directly on its loopback, the server gives them: the proxy's refusal is what keeps them in.
      expect((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      const passed = nginx
        .accessLog()
        .trim()
        .split('\n')
        .filter((line) => line.includes('/metrics') && !line.endsWith(' -'));
      expect(passed).toEqual([]);
    });
  });

  it('never stores a refusal, an error page or a database outage', async () => {
    await withNginx(async (nginx) => {
      for (const path of ['/api/contacts/?page_size=abc', '/nulle-part/', '/annuaire/nobody-by-that-name/']) {
        const first = await get(nginx.port, path);
        expect({ path, status: first.status, cacheControl: first.headers['cache-control'] }).toEqual({
          path,
          status: path.startsWith('/api/') ? 400 : 404,
          cacheControl: 'no-store',
        });
        expect((await get(nginx.port, path)).headers['x-cache-status']).not.toBe('HIT');
      }
      databaseDown = true;
      let outage: Answer;
      try {
        // Addresses the server has not kept yet: it must ask the database, which is gone.
        outage = await get(nginx.port, '/api/contacts/?page_size=13');
        expect([outage.status, outage.headers['retry-after']]).toEqual([503, '5']);
        expect((await get(nginx.port, '/de/actualites/')).status).toBe(503);
      } finally {
        databaseDown = false;
      }
      const back = await get(nginx.port, '/api/contacts/?page_size=13');
      expect([back.status, back.headers['x-cache-status']]).toEqual([200, 'MISS']);
      expect((await get(nginx.port, '/de/actualites/')).status).toBe(200);
    });
  });

  it('never sends a visitor off the site: the template rule is a 404 where its redirect would leave it, and a redirect has a Cache-Control', async () => {
    await withNginx(async (nginx) => {
      // Issue 42: the proxy passes these on as they are, and the server answered each with a 301 to evil.example.
      for (const path of [
        '//evil.example/index.html',
        '/\\evil.example/index.html',
        '///evil.example/index.html?x=1',
        '/%2F/evil.example/index.html',
        '/%5Cevil.example/index.html',
      ]) {
        const answer = await get(nginx.port, path);
        expect({ path, status: answer.status, location: answer.headers['location'], cache: answer.headers['cache-control'] }).toEqual({
          path,
          status: 404,
          location: undefined,
          cache: 'no-store',
        });
      }
      const redirect = await get(nginx.port, '/annuaire/index.html?q=ma');
      expect([redirect.status, redirect.headers['location'], redirect.headers['cache-control']]).toEqual([301, '/annuaire/?q=ma', REDIRECT_CACHE_CONTROL]);
    });
  });

  it(`shows an import within SHARED_CACHE_SECONDS (${SHARED_CACHE_SECONDS} s) and the request that refreshes the copy`, async () => {
    await withNginx(async (nginx) => {
      const count = async (): Promise<number> => (JSON.parse((await get(nginx.port, '/api/contacts/?page_size=1')).text) as { count: number }).count;
      const directory = async (): Promise<string> => (await get(nginx.port, '/annuaire/')).text;
      const before = await count();
      const pageBefore = await directory();
      expect((await get(nginx.port, '/api/contacts/?page_size=1')).headers['x-cache-status']).toBe('HIT');
      await importContent(db, withContacts(3), 'edge-cache.json');
      const imported = Date.now();
      let apiSeen: number | null = null;
      let pageSeen: number | null = null;
      while ((apiSeen === null || pageSeen === null) && Date.now() - imported < (SHARED_CACHE_SECONDS + 5) * 1_000) {
        if (apiSeen === null && (await count()) !== before) apiSeen = Date.now() - imported;
        if (pageSeen === null && (await directory()) !== pageBefore) pageSeen = Date.now() - imported;
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(await count()).toBe(3);
      // The copy expires within SHARED_CACHE_SECONDS; the request after that gets the old copy while it is refreshed (a new render on
      // a loaded machine takes up to a second or two), the next one the new.
      for (const seen of [apiSeen, pageSeen]) expect(seen).toBeLessThanOrEqual(SHARED_CACHE_SECONDS * 1_000 + REFRESH_MS);
    });
  });
});
