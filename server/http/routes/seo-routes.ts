import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES } from '../../../src/domain/language';
import { PAGE_PATHS, contactPath, eventPath, localizedPath, newsPath } from '../../../src/domain/permalinks';
import { ANSWER_BROTLI_QUALITY, boundedCache, pack, packedBytes, representation, sendPacked, singleFlight, type Packed } from '../../cache/answer-cache';
import { SITEMAP_CACHE_LIMITS } from '../../cache/cache-limits';
import { NO_LIMIT, type UncachedWork } from '../../cache/fair-use';
import type { Database } from '../../data/database';
import { SITE_AGENDA_ID, SITE_NEWS_SCOPE } from '../site';
import { linkOrigins, type LinkOrigins } from '../public-origin';
import { errorBody } from '../query-schemas';

/** One page of the site as the sitemap lists it: its French path and, when known, its last change. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** The sitemap protocol's ceiling of addresses a file; each page has one a language. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Pages a sitemap file holds: each is listed in every language with its five alternates, so 800
 * `<url>` and 4,800 addresses, some 550 kB plain and 30 ms to make (the protocol allows 50,000 and
 * 50 MB, but a file of 1,000 pages took 115–177 ms of the thread that answers everyone, and the
 * large site's 83 such files could not be kept); an index lists up to 50,000 files.
 */
export const SITEMAP_PAGE_SIZE = 200;

// How long a crawler may keep them: content changes at each import, not by the minute.
const SEO_CACHE_CONTROL = 'public, max-age=3600';

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or attribute value. */
export const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

// A source of pages: how many it has, and a slice of them in a stable order.
interface Section {
  count(db: Database): Promise<number>;
  slice(db: Database, offset: number, limit: number): Promise<SitemapEntry[]>;
}

const countOf = async (db: Database, from: string, params: readonly unknown[] = []): Promise<number> =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${from}`, params))[0]?.n ?? 0;

// Only what the site's pages show has a page: the events of its agenda, the news of its scope.
const SITE_EVENTS = 'events where agenda_id = $1';
const SITE_NEWS = 'news_items where scope_id = (select id from news_scopes where slug = $1)';

const SECTIONS: readonly Section[] = [
  {
    count: async () => Object.values(PAGE_PATHS).length,
    slice: async (_db, offset, limit) =>
      Object.values(PAGE_PATHS)
        .slice(offset, offset + limit)
        .map((path) => ({ path })),
  },
  {
    count: (db) => countOf(db, 'contacts'),
    slice: async (db, offset, limit) =>
      (await db.query<{ title: string; slug: string }>('select title, slug from contacts order by id limit $1 offset $2', [limit, offset])).map((row) => ({
        path: contactPath(row),
      })),
  },
  {
    count: (db) => countOf(db, SITE_EVENTS, [Number(SITE_AGENDA_ID)]),
    slice: async (db, offset, limit) =>
      (
        await db.query<{ id: number; title: string }>(`select id, title from ${SITE_EVENTS} order by id limit $2 offset $3`, [Number(SITE_AGENDA_ID), limit, offset])
      ).map((row) => ({ path: eventPath({ id: String(row.id), title: row.title }) })),
  },
  {
    count: (db) => countOf(db, SITE_NEWS, [SITE_NEWS_SCOPE]),
    slice: async (db, offset, limit) =>
      (
        await db.query<{ id: number; title: string; slug: string; date: string }>(
          `select id, title, slug, to_char(date, 'YYYY-MM-DD') as date from ${SITE_NEWS} order by date desc, id desc limit $2 offset $3`,
          [SITE_NEWS_SCOPE, limit, offset],
        )
      ).map((row) => ({ path: newsPath({ id: String(row.id), title: row.title, slug: row.slug }), lastmod: row.date })),
  },
];

/** How many pages the sitemap lists: the sections' pages, every contact, event and news item. */
export const countSitemapEntries = async (db: Database): Promise<number> =>
  (await Promise.all(SECTIONS.map((section) => section.count(db)))).reduce((sum, n) => sum + n, 0);

/** The sitemap's pages from `offset`, at most `limit` of them: sections, then contacts, events and news. */
export const sitemapEntries = async (db: Database, offset = 0, limit = Number.MAX_SAFE_INTEGER): Promise<SitemapEntry[]> => {
  const entries: SitemapEntry[] = [];
  let skip = offset;
  for (const section of SECTIONS) {
    if (entries.length >= limit) break;
    const count = await section.count(db);
    if (skip >= count) {
      skip -= count;
      continue;
    }
    entries.push(...(await section.slice(db, skip, limit - entries.length)));
    skip = 0;
  }
  return entries;
};

const alternates = (origin: string, path: string): string =>
  [...LANGUAGES.map((language) => [language, localizedPath(path, language)]), ['x-default', path]]
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(`${origin}${href ?? ''}`)}"/>`)
    .join('');

/**
 * A `urlset` of `entries` under `origin`: each page in every language, each naming every
 * version and the French as `x-default`, as Google asks of a multilingual sitemap.
 */
export const sitemapXml = (origin: string, entries: readonly SitemapEntry[]): string => {
  const urls = entries.flatMap((entry) =>
    LANGUAGES.map((language) => localizedPath(entry.path, language)).map(
      (path) =>
        `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${entry.lastmod === undefined ? '' : `<lastmod>${escapeXml(entry.lastmod)}</lastmod>`}${alternates(
          origin,
          entry.path,
        )}</url>`,
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
};

/** A `sitemapindex` naming `/sitemap-1.xml` … `/sitemap-{files}.xml` under `origin`. */
export const sitemapIndexXml = (origin: string, files: number): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');

/** `robots.txt`: everything may be crawled; the sitemap is named by its absolute address. */
export const robotsTxt = (origin: string): string => `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;

/** What the sitemap routes need besides the database. */
export interface SeoRouteOptions {
  /** The content version: the sitemap is made once a version (and origin), then served as kept. */
  readonly version: () => Promise<string>;
  /** Pages a sitemap file holds. */
  readonly pageSize?: number;
  readonly origins?: LinkOrigins;
  /** Counts each sitemap file not kept against its client's fair use (server/cache/fair-use.ts). */
  readonly uncached?: UncachedWork;
}

/**
 * `GET /sitemap.xml` and `GET /robots.txt`. A site of more pages than one sitemap file holds
 * (the large seed has 130,000) gets a sitemap index at `/sitemap.xml` and its files at
 * `/sitemap-{n}.xml`, `SITEMAP_PAGE_SIZE` pages each. Each is made once a content version and
 * kept with its compressed copies: crawlers and a busy site ask for them often, and a file
 * counts and reads thousands of rows.
 */
export const registerSeoRoutes = (
  app: FastifyInstance,
  db: Database,
  { version, pageSize = SITEMAP_PAGE_SIZE, origins = linkOrigins(), uncached = NO_LIMIT }: SeoRouteOptions,
): void => {
  // Kept compressed: a file is a twentieth of its plain size, so many of a large site's files stay kept.
  const kept = boundedCache<Packed>(SITEMAP_CACHE_LIMITS);
  const once = singleFlight<Packed>();
  let counted: { readonly version: string; readonly total: Promise<number> } | null = null;
  const countOf = (current: string): Promise<number> => {
    if (counted?.version !== current) {
      const total = countSitemapEntries(db);
      counted = { version: current, total };
      // A failed count (the database away) is asked again by the next request.
      total.catch(() => {
        if (counted?.total === total) counted = null;
      });
    }
    return counted.total;
  };
  const xml = (body: string): Promise<Packed> => pack(representation(200, 'application/xml; charset=utf-8', body), ANSWER_BROTLI_QUALITY);
  // Never the request's Host: these answers are cached by crawlers and proxies for an hour.
  const serve = async (request: FastifyRequest, reply: FastifyReply, file: number | null): Promise<FastifyReply> => {
    const current = await version();
    const origin = origins.absolute(request);
    const files = Math.ceil((await countOf(current)) / pageSize);
    if (file !== null && (file < 1 || file > files || files <= 1)) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody(404, 'Not Found', `sitemap file ${file} does not exist`));
    }
    const key = JSON.stringify([current, origin, file]);
    const hit = kept.get(key);
    if (hit !== undefined) return sendPacked(request, reply, hit, SEO_CACHE_CONTROL);
    if (await uncached(request, reply)) return reply;
    const made = await once(key, async () => {
      const body =
        file !== null
          ? sitemapXml(origin, await sitemapEntries(db, (file - 1) * pageSize, pageSize))
          : files <= 1
            ? sitemapXml(origin, await sitemapEntries(db))
            : sitemapIndexXml(origin, files);
      const fresh = await xml(body);
      kept.set(key, fresh, packedBytes(fresh) + key.length);
      return fresh;
    });
    return sendPacked(request, reply, made, SEO_CACHE_CONTROL);
  };

  app.get('/sitemap.xml', (request, reply) => serve(request, reply, null));
  app.get<{ Params: { page: string } }>('/sitemap-:page(^\\d{1,6}).xml', (request, reply) => serve(request, reply, Number(request.params.page)));

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', SEO_CACHE_CONTROL);
    return robotsTxt(origins.absolute(request));
  });
};
