import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { METRICS_PATH } from '../../server/service/metrics-routes';
import { DEMO_NOW } from '../support/demo-expectations';
import { DIST } from '../support/rendered-pages';
import { openTestDatabase } from '../support/test-database';

// Issue 45: `/metrics` gives a collector on the machine (or on the addresses METRICS_ADDRESSES
// names) the server's figures in Prometheus' text format, by route pattern, never to a visitor.

jest.setTimeout(60_000);

/** The value of the sample `name{labels}` in a Prometheus text, or 0 when it is absent. */
const sample = (text: string, name: string, labels: Readonly<Record<string, string>> = {}): number => {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .filter((row) => !row.startsWith('#'))
    .find((row) => {
      const [series = ''] = row.split(' ');
      const [metric = '', rest = ''] = series.split('{');
      return metric === name && wanted.every((label) => rest.includes(label));
    });
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
};

/** The names of the families a Prometheus text declares (`# TYPE name kind`). */
const families = (text: string): Set<string> => new Set([...text.matchAll(/^# TYPE (\S+) \w+$/gm)].map((match) => match[1]!));

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, distDir: DIST, now: () => DEMO_NOW, fairUseLimits: { max: 5, windowSeconds: 60 } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

const metrics = async (remoteAddress = '127.0.0.1') => app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress });

it('answers a collector on the loopback with every family, after some requests, in the text format', async () => {
  const contact = JSON.parse((await app.inject({ url: '/api/contacts/?page_size=1' })).body) as { results: { slug: string }[] };
  const id = contact.results[0]!.slug;
  for (let index = 0; index < 3; index += 1) expect((await app.inject({ url: `/api/contacts/${id}/` })).statusCode).toBe(200);
  expect((await app.inject({ url: '/' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/no/such/address/here' })).statusCode).toBe(404);
  // Five new searches a minute: the sixth is refused by fair use.
  const searches = await Promise.all(
    ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((query) => app.inject({ url: `/api/contacts/?title=${query}zz`, remoteAddress: '192.0.2.7' })),
  );
  expect(searches.map((answer) => answer.statusCode)).toContain(429);

  const answer = await metrics();
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers['cache-control']).toBe('no-store');
  const text = answer.body;
  for (const family of [
    'site_http_requests_total',
    'site_http_request_duration_seconds',
    'site_cache_hits_total',
    'site_cache_misses_total',
    'site_cache_evictions_total',
    'site_cache_bytes',
    'site_fair_use_refusals_total',
    'site_database_query_duration_seconds',
    'site_database_pool_connections',
    'site_content_changes_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_gc_duration_seconds',
  ]) {
    expect({ family, declared: families(text).has(family) }).toEqual({ family, declared: true });
  }
  // Route patterns, never the addresses asked: one series for every contact, one for every unknown address.
  expect(sample(text, 'site_http_requests_total', { route: '/api/contacts/:slug/', status: '200' })).toBeGreaterThanOrEqual(3);
  expect(text).not.toContain(`/api/contacts/${id}/`);
  expect(sample(text, 'site_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain('/no/such/address');
  expect(sample(text, 'site_http_request_duration_seconds_count', { route: '/api/contacts/:slug/' })).toBeGreaterThanOrEqual(3);
  expect(sample(text, 'site_cache_hits_total', { cache: 'answers' })).toBeGreaterThanOrEqual(2);
  expect(sample(text, 'site_cache_hits_total', { cache: 'pages' })).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'site_cache_bytes', { cache: 'answers' })).toBeGreaterThan(0);
  expect(sample(text, 'site_fair_use_refusals_total')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'site_database_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
  // The page's own in-process API requests are not visits: only the two requests for `/` count under its route.
  expect(sample(text, 'site_http_requests_total', { route: '/', status: '200' })).toBe(2);
});

it('gives another address the 404 of an address that does not exist, and the IPv6 loopback the figures', async () => {
  for (const address of ['192.0.2.7', '10.0.0.1', '2001:db8::1']) {
    const answer = await metrics(address);
    expect({ address, status: answer.statusCode }).toEqual({ address, status: 404 });
    expect(answer.body).not.toContain('site_http_requests_total');
  }
  expect((await metrics('::1')).statusCode).toBe(200);
});

it('is never refused by fair use: a collector asking more often than the limit of new work is always answered', async () => {
  // Five pieces of uncached work a minute for this app's clients: twelve reads are more than twice that.
  const statuses = await Promise.all(Array.from({ length: 12 }, () => metrics('::1')));
  expect(new Set(statuses.map((answer) => answer.statusCode))).toEqual(new Set([200]));
});

it('is never kept: two reads give two different texts, each no-store', async () => {
  const first = await metrics();
  await app.inject({ url: '/api/contacts/?page_size=1' });
  const second = await metrics();
  expect(first.headers['cache-control']).toBe('no-store');
  expect(second.headers['cache-control']).toBe('no-store');
  expect(first.headers.etag).toBeUndefined();
  expect(second.body).not.toBe(first.body);
});

it('reads the addresses it is given, and is absent when turned off', async () => {
  const lan = buildApp({ db, metrics: { addresses: ['10.0.0.0/8'] } });
  const off = buildApp({ db, metrics: null });
  try {
    expect((await lan.inject({ url: METRICS_PATH, remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    expect((await lan.inject({ url: METRICS_PATH, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await off.inject({ url: METRICS_PATH })).statusCode).toBe(404);
  } finally {
    await lan.close();
    await off.close();
  }
});
