import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { clientKey } from '../../server/cache/client-key';
import { EXPENSIVE_WORK_LIMITS, fairUse } from '../../server/cache/fair-use';
import { DEFAULT_FAIR_USE, parseFairUse, type FairUseLimits } from '../../server/cache/fair-use-limits';
import { DatabaseBusyError } from '../../server/data/database-errors';
import { readSettings, SettingError } from '../../server/settings';
import { closeOpened } from '../support/close-opened';
import { DIST, RENDERED_SITE_ORIGIN } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// Issue 31, finding 2: nothing limited one client's rate of uncached work. Past its limit a
// client gets 429 with Retry-After for new work; what the caches keep is still answered.

jest.setTimeout(120_000);

const LIMITS: FairUseLimits = { max: 4, windowSeconds: 60 };

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia(), publicOrigin: RENDERED_SITE_ORIGIN, trustProxy: '127.0.0.1', fairUseLimits: LIMITS });
  await app.ready();
});

afterAll(async () => {
  await closeOpened(app, db);
});

/** A GET from the client at `address`, as the trusted proxy in front names it. */
const from = (address: string) => async (url: string) => {
  const answer = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });
  return { status: answer.statusCode, headers: answer.headers, body: answer.body };
};

describe('fair use of uncached work, per client', () => {
  it('refuses new searches past the limit with 429 and Retry-After, still answers what is kept, and counts each client apart', async () => {
    const visitor = from('203.0.113.7');
    // Four new pages: each a rendering, whose own answers (asked in process) count for nothing more.
    for (const url of ['/annuaire/?q=al', '/annuaire/?q=be', '/annuaire/?q=ch', '/recherche/?q=conseil'])
      expect({ url, status: (await visitor(url)).status }).toEqual({ url, status: 200 });
    const refused = await visitor('/annuaire/?q=de');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.windowSeconds);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Every kind of uncached work counts: an API search, a fragment, an export, a sitemap file.
    const api = await visitor('/api/contacts/?title=zz');
    expect(api.status).toBe(429);
    expect(JSON.parse(api.body)).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // Feeds and calendar files too (issue 42): a token or a query names any set of ids, a new one at every request.
    for (const url of ['/fragments/directory/?q=fr', '/annuaire/export.csv?q=ex', '/sitemap.xml', '/flux/agenda/1/123456.ics', '/agenda/calendrier/1.ics?titre=xyz'])
      expect({ url, status: (await visitor(url)).status }).toEqual({ url, status: 429 });
    // Kept answers are never limited, tracking parameters included.
    for (const url of ['/annuaire/?q=al', '/annuaire/?q=al&utm_source=newsletter', '/recherche/?q=conseil'])
      expect({ url, status: (await visitor(url)).status }).toEqual({ url, status: 200 });
    // A page, a fragment and an export say it in the address's language, as the other error pages do.
    const german = await visitor('/de/annuaire/?q=zu');
    expect({ status: german.status, type: german.headers['content-type'], cache: german.headers['cache-control'] }).toEqual({
      status: 429,
      type: 'text/html; charset=utf-8',
      cache: 'no-store',
    });
    expect(german.body).toContain('<html lang="de"');
    expect(german.body).toContain('Zu viele Anfragen');
    expect((await visitor('/fragments/directory/?lang=it&q=tr')).body).toContain('Riprovare tra un momento');
    expect((await visitor('/en/annuaire/export.csv?q=en')).body).toContain('Please try again in a moment');
    // Another client has its own allowance.
    const other = from('198.51.100.20');
    expect((await other('/annuaire/?q=de')).status).toBe(200);
    expect((await other('/api/contacts/?title=zz')).status).toBe(200);
    // What the other client made is kept: the first one may read it now.
    expect((await visitor('/api/contacts/?title=zz')).status).toBe(200);
  });
});

describe('one client, however its address is written', () => {
  it('counts the spellings of an IPv6 address, its whole /64, and an IPv4 address mapped into IPv6 as one client', async () => {
    // Issue 42: each spelling got a fresh allowance. LIMITS.max new searches in all, then refused.
    const spellings = ['2001:db8:0:0:0:0:0:1', '2001:0db8::1', '[2001:db8::1]', '2001:db8::ffff:2'];
    for (const [index, address] of spellings.entries()) expect((await from(address)(`/api/contacts/?title=v6${index}`)).status).toBe(200);
    expect((await from('2001:db8:0:0:abcd::9')(`/api/contacts/?title=v6x`)).status).toBe(429);
    // The next /64 is another client.
    expect((await from('2001:db8:0:1::1')(`/api/contacts/?title=v6y`)).status).toBe(200);
    for (const index of [0, 1, 2, 3]) expect((await from('192.0.2.44')(`/api/contacts/?title=v4${index}`)).status).toBe(200);
    expect((await from('::ffff:192.0.2.44')('/api/contacts/?title=v4x')).status).toBe(429);
    expect((await from('::ffff:c000:22c')('/api/contacts/?title=v4y')).status).toBe(429);
  });

  it('refuses with 400 a forwarded client that is not an address, rather than counting it apart', async () => {
    for (const junk of ['junk-b', '010.0.0.1', '1.2.3', '0x7f.0.0.1', '::ffff:010.0.0.1']) {
      const answer = await from(junk)('/api/contacts/?title=junk');
      expect({ junk, status: answer.status, cache: answer.headers['cache-control'] }).toEqual({ junk, status: 400, cache: 'no-store' });
    }
  });

  it('names each spelling the same client (a property over generated addresses)', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const key = clientKey(address);
        expect(key).not.toBeNull();
        // The same address, fully written out with leading zeros, in brackets: the same client.
        const expanded = ipaddr.IPv6.parse(address)
          .toNormalizedString()
          .split(':')
          .map((group) => group.padStart(4, '0'))
          .join(':');
        expect(clientKey(expanded)).toBe(key);
        expect(clientKey(`[${expanded}]`)).toBe(key);
      }),
    );
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(clientKey(address)).toBe(address);
        expect(clientKey(`::ffff:${address}`)).toBe(address);
      }),
    );
  });
});

describe('the line of uncached work', () => {
  it('runs two pieces at once, the others in turn, and refuses one beyond a thousand waiting', async () => {
    const own = Fastify();
    const { expensive } = fairUse(own, null);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const piece = (): Promise<number> =>
      expensive(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return most;
      });
    const pieces = Array.from({ length: EXPENSIVE_WORK_LIMITS.running + EXPENSIVE_WORK_LIMITS.waiting }, piece);
    await expect(piece()).rejects.toThrow(DatabaseBusyError);
    while (releases.length > 0 || running > 0) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(pieces);
    expect(most).toBe(EXPENSIVE_WORK_LIMITS.running);
    await own.close();
  });
});

describe('the fair-use settings', () => {
  it('default to limits a person typing never reaches, and refuse anything but a whole number ≥ 1', () => {
    expect(parseFairUse({})).toEqual(DEFAULT_FAIR_USE);
    expect(parseFairUse({ FAIR_USE_MAX: ' ', FAIR_USE_WINDOW_SECONDS: '' })).toEqual(DEFAULT_FAIR_USE);
    // A key release a request, five a second for a whole minute, still passes.
    expect(DEFAULT_FAIR_USE.max / DEFAULT_FAIR_USE.windowSeconds).toBeGreaterThanOrEqual(5);
    expect(parseFairUse({ FAIR_USE_MAX: '50', FAIR_USE_WINDOW_SECONDS: '10' })).toEqual({ max: 50, windowSeconds: 10 });
    for (const bad of ['0', '-1', '1.5', 'lots', '1e3']) expect(() => parseFairUse({ FAIR_USE_MAX: bad })).toThrow(/FAIR_USE_MAX/);
    expect(() => parseFairUse({ FAIR_USE_WINDOW_SECONDS: '0' })).toThrow(/FAIR_USE_WINDOW_SECONDS/);
    // Checked with the server's other settings, before the database is touched: one line, exit 2.
    expect(readSettings({}).fairUse).toEqual(DEFAULT_FAIR_USE);
    expect(() => readSettings({ FAIR_USE_MAX: 'many' })).toThrow(SettingError);
  });
});
