import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { JSDOM } from 'jsdom';
import { buildApp } from '../../server/http/app';
import { parseHost, parsePublicHosts, parsePublicOrigin, parseTrustProxy } from '../../server/http/public-origin';
import type { Database } from '../../server/data/database';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(120_000);

const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');

describe('TRUST_PROXY', () => {
  it('reads true, a list of addresses, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  describe('the links a page of the API holds', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openTestDatabase();
    });
    afterAll(() => db.close());

    const nextOf = async (trustProxy: boolean): Promise<{ next: string | null; link: string | undefined }> => {
      const app = buildApp({ db, trustProxy });
      try {
        const response = await app.inject({
          url: '/api/contacts/',
          headers: { host: 'backend:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'canton.example' },
        });
        const paged = await app.inject({
          url: '/api/contacts/?page_size=5',
          headers: { host: 'backend:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'canton.example' },
        });
        return { next: paged.json<{ next: string | null }>().next, link: response.headers.link as string | undefined };
      } finally {
        await app.close();
      }
    };

    it("carry the visitor's scheme and host behind a trusted proxy", async () => {
      const { next, link } = await nextOf(true);
      expect(next).toMatch(/^https:\/\/canton\.example\/api\/contacts\/\?/);
      expect(link).toMatch(/^<https:\/\/canton\.example\/api\/contacts\/\?/);
    });

    it('ignore forwarded headers and the Host when no proxy is trusted: relative paths', async () => {
      const { next, link } = await nextOf(false);
      expect(next).toMatch(/^\/api\/contacts\/\?/);
      expect(link).toMatch(/^<\/api\/contacts\/\?/);
    });
  });
});

describe('forwarded headers a hostile client writes', () => {
  it('read a host only when it is one: a name, an IPv4 or a bracketed IPv6 address, and a port', () => {
    for (const host of ['canton.example', 'Canton.Example:8443', '10.0.0.1', '[::1]:8080', 'localhost']) expect(parseHost(host)).toBe(host.toLowerCase());
    for (const hostile of [
      'evil.example<script>',
      'canton.example"',
      "canton.example'",
      'user@evil.example',
      'evil.example/path',
      'evil.example?x',
      'evil.example#x',
      'evil.example:99999',
      'evil.example:',
      'a..b',
      '-a.example',
      'canton.example evil.example',
      'canton.example\r\nx-a: 1',
      '999.1.1.1',
      '[::1',
      '[zz::1]',
      '',
      `${'a'.repeat(64)}.example`,
      'exa&mple.org',
    ]) {
      expect(parseHost(hostile)).toBeNull();
    }
  });

  it('PUBLIC_ORIGIN names a host the same way, or the server refuses to start', () => {
    expect(parsePublicOrigin('https://Bücher.example')).toBe('https://xn--bcher-kva.example');
    expect(() => parsePublicOrigin('https://a"b.example')).toThrow('PUBLIC_ORIGIN must name a host');
    expect(() => parsePublicOrigin("https://a'b&c.example")).toThrow('PUBLIC_ORIGIN must name a host');
  });

  it('PUBLIC_HOSTS holds hosts, or the server refuses to start', () => {
    expect(parsePublicHosts(undefined)).toEqual([]);
    expect(parsePublicHosts(' canton.example, WWW.canton.example:8443 ')).toEqual(['canton.example', 'www.canton.example:8443']);
    expect(() => parsePublicHosts('https://canton.example')).toThrow('PUBLIC_HOSTS holds "https://canton.example"');
    expect(() => parsePublicHosts('canton.example,evil<')).toThrow('PUBLIC_HOSTS holds "evil<"');
  });

  describe('behind a trusted proxy', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openTestDatabase();
    });
    afterAll(() => db.close());

    const PROBES: readonly Readonly<Record<string, string>>[] = [
      { 'x-forwarded-host': 'evil.example<x>' },
      { 'x-forwarded-host': 'evil.example"><script>alert(1)</script>' },
      { 'x-forwarded-host': 'user@evil.example' },
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example/' },
      { 'x-forwarded-proto': 'ftp' },
    ];

    const answers = async (options: Parameters<typeof buildApp>[0], headers: Readonly<Record<string, string>>) => {
      const app = buildApp(options);
      try {
        const get = (url: string) => app.inject({ url, headers: { host: 'canton.example', ...headers } });
        const [contacts, plain, atom, sitemap, robots] = await Promise.all([
          get('/api/contacts/?page_size=2'),
          get('/api/contacts/'),
          get('/flux/actualites/actualites.atom'),
          get('/sitemap.xml'),
          get('/robots.txt'),
        ]);
        return {
          next: contacts.json<{ next: string | null }>().next ?? '',
          link: String(plain.headers.link ?? ''),
          atom: atom.body,
          atomStatus: atom.statusCode,
          sitemap: sitemap.body,
          robots: robots.body,
        };
      } finally {
        await app.close();
      }
    };

    it.each(PROBES)('%j is ignored: the links are made as if no proxy spoke, and every XML answer stays well-formed', async (probe) => {
      const seen = await answers({ db, trustProxy: true }, probe);
      expect(seen.next).toMatch(/^\/api\/contacts\/\?/);
      expect(seen.link).toMatch(/^<\/api\/contacts\/\?/);
      expect(seen.atomStatus).toBe(200);
      for (const text of [seen.atom, seen.sitemap, seen.robots]) {
        expect(text).not.toMatch(/evil|javascript:|ftp:/);
        expect(text).toContain('http://localhost:');
      }
      const parser = new new JSDOM('').window.DOMParser();
      for (const xml of [seen.atom, seen.sitemap]) expect(parser.parseFromString(xml, 'application/xml').getElementsByTagName('parsererror')).toHaveLength(0);
    });

    it('a host outside PUBLIC_HOSTS is ignored; one inside is believed', async () => {
      const evil = await answers({ db, trustProxy: true, publicHosts: ['canton.example'] }, { 'x-forwarded-host': 'evil.example' });
      expect(evil.next).toMatch(/^\/api\/contacts\/\?/);
      expect(evil.atom).not.toContain('evil.example');
      const good = await answers({ db, trustProxy: true, publicHosts: ['canton.example'] }, { 'x-forwarded-host': 'canton.example', 'x-forwarded-proto': 'https' });
      expect(good.next).toMatch(/^https:\/\/canton\.example\/api\/contacts\/\?/);
      expect(good.atom).toContain('href="https://canton.example/actualites/');
    });

    it('warns at start when a proxy is trusted and nothing bounds the hosts it may name', async () => {
      const warned = async (options: Omit<Parameters<typeof buildApp>[0], 'db' | 'logger'>): Promise<string> => {
        let lines = '';
        const stream = new Writable({
          write: (chunk: Buffer, _encoding, done) => {
            lines += chunk.toString('utf8');
            done();
          },
        });
        const app = buildApp({ db, logger: { level: 'warn', stream }, ...options });
        await app.ready();
        await app.close();
        return lines;
      };
      expect(await warned({ trustProxy: ['127.0.0.1'] })).toContain('TRUST_PROXY is set without PUBLIC_ORIGIN or PUBLIC_HOSTS');
      expect(await warned({ trustProxy: ['127.0.0.1'], publicHosts: ['canton.example'] })).not.toContain('TRUST_PROXY');
      expect(await warned({ trustProxy: ['127.0.0.1'], publicOrigin: 'https://canton.example' })).not.toContain('TRUST_PROXY');
      expect(await warned({})).not.toContain('TRUST_PROXY');
    });

    it('PUBLIC_ORIGIN wins over anything a proxy says', async () => {
      const seen = await answers(
        { db, trustProxy: true, publicOrigin: 'https://www.canton.example' },
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      );
      expect(seen.next).toMatch(/^https:\/\/www\.canton\.example\/api\/contacts\/\?/);
      for (const text of [seen.atom, seen.sitemap, seen.robots]) expect(text).not.toContain('evil.example');
    });

    it("a page's own answers carry the page's links, not the forwarded host of a client the server does not trust", async () => {
      const app = buildApp({ db, distDir: DIST, trustProxy: ['10.0.0.1'] });
      try {
        const direct = await app.inject({
          url: '/annuaire/',
          remoteAddress: '10.0.0.9',
          headers: { host: 'canton.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        });
        expect(direct.statusCode).toBe(200);
        expect(direct.body).not.toContain('evil.example');
        expect(direct.body).toContain('href="http://canton.example/annuaire/"');
        const proxied = await app.inject({
          url: '/annuaire/',
          remoteAddress: '10.0.0.1',
          headers: { host: 'backend:8080', 'x-forwarded-host': 'canton.example', 'x-forwarded-proto': 'https' },
        });
        expect(proxied.body).toContain('href="https://canton.example/annuaire/"');
        expect(proxied.body).toContain('https://canton.example/api/contacts/?');
      } finally {
        await app.close();
      }
    });
  });
});
