import Fastify, { type FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { LANGUAGES } from '../../src/domain/language';
import { API_REFERENCE_PAGE } from '../../src/domain/open-data-catalogue';
import { contactPath, eventPath, localizedPath, newsPath, PAGE_PATHS, splitLanguage } from '../../src/domain/permalinks';
import { buildApp } from '../../server/http/app';
import { uniqueSlugs } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { linkOrigins } from '../../server/http/public-origin';
import { escapeXml, registerSeoRoutes, SITEMAP_MAX_URLS, SITEMAP_PAGE_SIZE, sitemapXml } from '../../server/http/routes/seo-routes';
import { counted } from '../support/counted-database';
import { demo } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { openTestDatabase } from '../support/test-database';

// The demo profile's agenda and news scope, which an app built without a profile serves.
const { agendaId: SITE_AGENDA_ID, newsScope: SITE_NEWS_SCOPE } = siteListsOf(defaultSiteProfile());

// Only what the site's pages show has a page: the events of its agenda, the news of its scope (server/http/site.ts).
const siteEvents = () => demo.events.filter((event) => String(event.agenda_id) === SITE_AGENDA_ID);
const isSiteNews = (item: (typeof demo.news)[number]): boolean => item.scope === SITE_NEWS_SCOPE;
const sitePageCount = (): number => Object.values(PAGE_PATHS).length + 1 + demo.contacts.length + siteEvents().length + demo.news.filter(isSiteNews).length;

jest.setTimeout(60_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  // The sitemap's addresses start at the configured public address (PUBLIC_ORIGIN).
  app = buildApp({ db, publicOrigin: 'http://www.canton.example' });
  client = await injectClient(app);
});

afterAll(async () => {
  await app.close();
  await db.close();
});

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

// A real XML parser: a sitemap that is not well-formed fails here, as it would for a crawler.
const parseXml = (xml: string): Document => {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
};

interface UrlEntry {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

const urlEntries = (document: Document): UrlEntry[] =>
  Array.from(document.getElementsByTagNameNS(SITEMAP_NS, 'url')).map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '',
    lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
    alternates: Object.fromEntries(
      Array.from(url.getElementsByTagNameNS(XHTML_NS, 'link')).map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
    ),
  }));

/** Every entry of a site's sitemap: `/sitemap.xml` itself, or the files its index names, in their order. */
const wholeSitemap = async (through: TestClient, headers: Record<string, string> = {}): Promise<UrlEntry[]> => {
  const answer = await through.get('/sitemap.xml', headers);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/xml/);
  const document = parseXml(answer.text);
  if (document.documentElement.localName !== 'sitemapindex') return urlEntries(document);
  const entries: UrlEntry[] = [];
  for (const loc of Array.from(document.getElementsByTagNameNS(SITEMAP_NS, 'loc'))) {
    const file = await through.get(new URL(loc.textContent).pathname, headers);
    expect(file.status).toBe(200);
    entries.push(...urlEntries(parseXml(file.text)));
  }
  return entries;
};

describe('GET /sitemap.xml', () => {
  let entries: UrlEntry[];
  let byLoc: Map<string, UrlEntry>;
  // The configured public address, whatever the Host of the request.
  const origin = 'http://www.canton.example';

  beforeAll(async () => {
    // The demo site is more pages than a file holds: its sitemap is an index of a few files.
    entries = await wholeSitemap(client, { host: 'www.canton.example' });
    byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
  });

  it("lists every page, contact, event of the site's agenda and news item of its scope, in every language", () => {
    const contactSlugs = uniqueSlugs(demo.contacts);
    const newsSlugs = uniqueSlugs(demo.news);
    const paths = [
      ...Object.values(PAGE_PATHS),
      API_REFERENCE_PAGE,
      ...demo.contacts.map((c, i) => contactPath({ title: c.title, slug: contactSlugs[i] ?? null })),
      ...siteEvents().map((e) => eventPath({ id: String(e.id), title: e.title })),
      ...demo.news.flatMap((n, i) => (isSiteNews(n) ? [newsPath({ id: String(n.id), title: n.title, slug: newsSlugs[i] ?? null })] : [])),
    ];
    expect(paths.length).toBe(sitePageCount());
    for (const path of paths) {
      for (const language of LANGUAGES) expect(byLoc.has(`${origin}${localizedPath(path, language)}`)).toBe(true);
    }
    expect(entries).toHaveLength(paths.length * LANGUAGES.length);
  });

  it('names the version of every language and the French as x-default in every entry, with absolute addresses', () => {
    for (const entry of entries) {
      const path = splitLanguage(entry.loc.slice(origin.length)).path;
      expect(entry.alternates).toEqual({
        fr: `${origin}${path}`,
        de: `${origin}/de${path}`,
        it: `${origin}/it${path}`,
        en: `${origin}/en${path}`,
        'x-default': `${origin}${path}`,
      });
    }
  });

  it('gives a news item its date as lastmod', () => {
    const newsSlugs = uniqueSlugs(demo.news);
    demo.news.forEach((item, index) => {
      if (isSiteNews(item)) expect(byLoc.get(`${origin}/actualites/${newsSlugs[index] ?? ''}/`)?.lastmod).toBe(item.date);
    });
  });

  it('never builds its addresses from the request host: a forged one would be kept by every cache for an hour', async () => {
    const answer = await client.get('/sitemap.xml', { host: 'evil.example:8080' });
    expect(answer.text).not.toContain('evil.example');
    expect((await wholeSitemap(client, { host: 'evil.example:8080' }))[0]?.loc).toBe('http://www.canton.example/');
  });
});

describe('the sitemap of a large site', () => {
  it('is an index of files that together list every page once, none above the page size', async () => {
    const small = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    registerSeoRoutes(small, db, {
      version: async () => 'v1',
      site: siteListsOf(defaultSiteProfile()),
      pageSize: 200,
      origins: linkOrigins({ publicOrigin: 'http://www.canton.example' }),
    });
    const local = await injectClient(small);
    const index = parseXml((await local.get('/sitemap.xml')).text);
    const files = Array.from(index.getElementsByTagNameNS(SITEMAP_NS, 'loc')).map((loc) => loc.textContent);
    expect(index.documentElement.localName).toBe('sitemapindex');
    expect(files.length).toBe(Math.ceil(sitePageCount() / 200));
    const locs: string[] = [];
    for (const file of files) {
      const answer = await local.get(new URL(file).pathname);
      expect(answer.status).toBe(200);
      const entries = urlEntries(parseXml(answer.text));
      expect(entries.length).toBeLessThanOrEqual(200 * LANGUAGES.length);
      locs.push(...entries.map((entry) => entry.loc));
    }
    const whole = (await wholeSitemap(client)).map((entry) => entry.loc);
    expect(locs).toEqual(whole);
    expect((await local.get(`/sitemap-${files.length + 1}.xml`)).status).toBe(404);
    await small.close();
  });
});

describe('the sitemap kept ready', () => {
  it('is made once a content version: a repeated or concurrent request reads nothing, a new version is read again', async () => {
    const { db: watched, statements } = counted(db);
    let version = 'v1';
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    registerSeoRoutes(app, watched, {
      version: async () => version,
      site: siteListsOf(defaultSiteProfile()),
      pageSize: 200,
      origins: linkOrigins({ publicOrigin: 'http://www.canton.example' }),
    });
    const local = await injectClient(app);
    const first = await local.get('/sitemap-1.xml');
    expect(first.status).toBe(200);
    const made = statements();
    expect(made).toBeGreaterThan(0);
    const again = await Promise.all([local.get('/sitemap-1.xml'), local.get('/sitemap-1.xml', { 'accept-encoding': 'br' }), local.get('/sitemap.xml')]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(again[0].text).toBe(first.text);
    expect(again[0].headers['etag']).toBe(first.headers['etag']);
    // The index is a new file, but the count of pages is known for this version.
    expect(statements()).toBe(made);
    version = 'v2';
    expect((await local.get('/sitemap-1.xml')).text).toBe(first.text);
    expect(statements()).toBeGreaterThan(made);
    await app.close();
  });

  it('holds files of at most 50,000 addresses, the ceiling of the protocol', () => {
    expect(SITEMAP_PAGE_SIZE * LANGUAGES.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  });
});

describe('GET /robots.txt', () => {
  it('allows everything and names the sitemap by its absolute address', async () => {
    const answer = await client.get('/robots.txt', { host: 'www.canton.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.text).toBe('User-agent: *\nAllow: /\n\nSitemap: http://www.canton.example/sitemap.xml\n');
  });
});

describe('escaping', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('keeps a sitemap well-formed whatever the addresses hold', () => {
    const xml = sitemapXml('https://x.example', [{ path: `/a&b/<c>/"d'/`, lastmod: '2026-01-01' }]);
    const [entry] = urlEntries(parseXml(xml));
    expect(entry?.loc).toBe(`https://x.example/a&b/<c>/"d'/`);
    expect(entry?.alternates['en']).toBe(`https://x.example/en/a&b/<c>/"d'/`);
    expect(entry?.alternates['de']).toBe(`https://x.example/de/a&b/<c>/"d'/`);
  });
});
