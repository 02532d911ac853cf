import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVERY_LANGUAGE, type SiteLanguages } from '../../../src/domain/language';
import { pageIsOn, type SiteSections } from '../../../src/domain/site-sections';
import { API_REFERENCE_PAGE } from '../../../src/domain/open-data-catalogue';
import { PAGE_PATHS, contactPath, eventPath, localizedPath, newsPath } from '../../../src/domain/permalinks';
import { boundedCache, pack, packedBytes, representation, sendPacked, singleFlight, type Packed } from '../../cache/answer-cache';
import { SITEMAP_CACHE_LIMITS } from '../../cache/cache-limits';
import { NO_LIMIT, UNGATED, type ExpensiveWork, type UncachedWork } from '../../cache/fair-use';
import type { Database } from '../../data/database';
import type { SiteLists } from '../site';
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

// Where a row stands in its section's order: its id, or a news item's date and id.
type RowKey = readonly (string | number)[];

// A source of pages in a stable order, read by keyset: a file starts after the key of the row
// before it, never after an offset, which made a file deep in 100,000 events scan every row before it.
interface Section {
  /** Every row's key, in order: read once a content version, to know the count and where each file starts. */
  keys(db: Database): Promise<readonly RowKey[]>;
  /** Up to `limit` pages after the row of `after`, or from the first when `null`. */
  after(db: Database, after: RowKey | null, limit: number): Promise<SitemapEntry[]>;
}

// Only what the site's pages show has a page: the events of its agenda, the news of its scope.
const SITE_EVENTS = 'events where agenda_id = $1';
const SITE_NEWS = 'news_items where scope_id = (select id from news_scopes where slug = $1)';
const NEWS_DATE = "to_char(date, 'YYYY-MM-DD')";

const idsOf = async (db: Database, sql: string, params: readonly unknown[]): Promise<RowKey[]> =>
  (await db.query<{ id: number }>(sql, params)).map((row) => [row.id]);

// Two statements, from the first row or after a key, rather than `$1 is null or id > $1`, which a
// generic plan cannot read as a range of the index.
const keyset = <Row>(db: Database, sql: { readonly first: string; readonly after: string }, params: readonly unknown[], after: RowKey | null, limit: number) =>
  after === null ? db.query<Row>(sql.first, [...params, limit]) : db.query<Row>(sql.after, [...params, ...after, limit]);

// The site's own pages: those of its sections on, the pages about it, and the API's reference.
const sitePages = (sections: SiteSections): readonly string[] => [
  ...(Object.keys(PAGE_PATHS) as (keyof typeof PAGE_PATHS)[]).filter((page) => pageIsOn(sections, page)).map((page) => PAGE_PATHS[page]),
  API_REFERENCE_PAGE,
];

// The sections of a site's sitemap: its pages, the contacts, its agenda's events and its scope's news; a section off lists nothing.
const sectionsOf = ({ agendaId, newsScope, sections }: SiteLists): readonly Section[] => {
  const pages = sitePages(sections);
  const none: Section = { keys: async () => [], after: async () => [] };
  return [
    {
      keys: async () => pages.map((_, index) => [index]),
      after: async (_db, after, limit) => {
        const from = after === null ? 0 : Number(after[0]) + 1;
        return pages.slice(from, from + limit).map((path) => ({ path }));
      },
    },
    !sections.directory
      ? none
      : {
          keys: (db) => idsOf(db, 'select id from contacts order by id', []),
          after: async (db, after, limit) =>
            (
              await keyset<{ title: string; slug: string }>(
                db,
                { first: 'select title, slug from contacts order by id limit $1', after: 'select title, slug from contacts where id > $1 order by id limit $2' },
                [],
                after,
                limit,
              )
            ).map((row) => ({ path: contactPath(row) })),
        },
    !sections.agenda
      ? none
      : {
          keys: (db) => idsOf(db, `select id from ${SITE_EVENTS} order by id`, [Number(agendaId)]),
          after: async (db, after, limit) =>
            (
              await keyset<{ id: number; title: string }>(
                db,
                {
                  first: `select id, title from ${SITE_EVENTS} order by id limit $2`,
                  after: `select id, title from ${SITE_EVENTS} and id > $2 order by id limit $3`,
                },
                [Number(agendaId)],
                after,
                limit,
              )
            ).map((row) => ({ path: eventPath({ id: String(row.id), title: row.title }) })),
        },
    !sections.news
      ? none
      : {
          keys: async (db) =>
            (await db.query<{ id: number; date: string }>(`select id, ${NEWS_DATE} as date from ${SITE_NEWS} order by date desc, id desc`, [newsScope])).map(
              (row) => [row.date, row.id],
            ),
          after: async (db, after, limit) =>
            (
              await keyset<{ id: number; title: string; slug: string; date: string }>(
                db,
                {
                  first: `select id, title, slug, ${NEWS_DATE} as date from ${SITE_NEWS} order by date desc, id desc limit $2`,
                  after: `select id, title, slug, ${NEWS_DATE} as date from ${SITE_NEWS} and (date, id) < ($2::date, $3::int) order by date desc, id desc limit $4`,
                },
                [newsScope],
                after,
                limit,
              )
            ).map((row) => ({ path: newsPath({ id: String(row.id), title: row.title, slug: row.slug }), lastmod: row.date })),
        },
  ];
};

/** Where the sitemap's pages stand: how many there are, and for each file of `pageSize` pages, where in each section it starts. */
export interface SitemapLayout {
  readonly total: number;
  /** Each section's count, and the key of the row before each position a file starts at (absent: the section's first row). */
  readonly sections: readonly { readonly count: number; readonly before: ReadonlyMap<number, RowKey> }[];
}

/** The sitemap's layout of `site` for files of `pageSize` pages: one read of every section's keys, kept only at the files' edges. */
export const sitemapLayout = async (db: Database, site: SiteLists, pageSize: number): Promise<SitemapLayout> => {
  let offset = 0;
  const sections: { count: number; before: Map<number, RowKey> }[] = [];
  for (const section of sectionsOf(site)) {
    const keys = await section.keys(db);
    const before = new Map<number, RowKey>();
    // The first file that starts inside this section, and each one after it.
    for (let start = Math.ceil(offset / pageSize) * pageSize; start < offset + keys.length; start += pageSize) {
      const local = start - offset;
      const key = keys[local - 1];
      if (local > 0 && key !== undefined) before.set(local, key);
    }
    sections.push({ count: keys.length, before });
    offset += keys.length;
  }
  return { total: offset, sections };
};

/** The sitemap's pages of `site` from `offset`, at most `limit` of them (sections, then contacts, events and news), as `layout` places them. */
export const sitemapEntries = async (db: Database, site: SiteLists, layout: SitemapLayout, offset = 0, limit = Number.MAX_SAFE_INTEGER): Promise<SitemapEntry[]> => {
  const entries: SitemapEntry[] = [];
  let skip = offset;
  for (const [index, section] of sectionsOf(site).entries()) {
    const { count, before } = layout.sections[index] ?? { count: 0, before: new Map<number, RowKey>() };
    if (entries.length >= limit) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const after = skip === 0 ? null : before.get(skip);
    if (after === undefined) throw new Error(`the sitemap's layout has no key before position ${skip} of section ${index}`);
    entries.push(...(await section.after(db, after, limit - entries.length)));
    skip = 0;
  }
  return entries;
};

const alternates = (origin: string, path: string, { offered, root }: SiteLanguages): string =>
  [...offered.map((language) => [language, localizedPath(path, language, root)]), ['x-default', path]]
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(`${origin}${href ?? ''}`)}"/>`)
    .join('');

/**
 * A `urlset` of `entries` under `origin`: each page in every language, each naming every
 * version and the French as `x-default`, as Google asks of a multilingual sitemap.
 */
export const sitemapXml = (origin: string, entries: readonly SitemapEntry[], languages: SiteLanguages = EVERY_LANGUAGE): string =>
  [URLSET_OPEN, ...urlElements(origin, entries, languages), URLSET_CLOSE].join('\n');

const URLSET_OPEN = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
].join('\n');
const URLSET_CLOSE = '</urlset>\n';

// Each entry's `<url>` in every language; its alternates, the same for all four, are written once.
const urlElements = (origin: string, entries: readonly SitemapEntry[], languages: SiteLanguages): string[] =>
  entries.flatMap((entry) => {
    const others = alternates(origin, entry.path, languages);
    const lastmod = entry.lastmod === undefined ? '' : `<lastmod>${escapeXml(entry.lastmod)}</lastmod>`;
    return languages.offered.map(
      (language) => `<url><loc>${escapeXml(`${origin}${localizedPath(entry.path, language, languages.root)}`)}</loc>${lastmod}${others}</url>`,
    );
  });

// Pages written between two turns of the event loop: a file's 200 took some 6 ms at once.
const XML_CHUNK = 25;

/** `sitemapXml`, written a few pages at a time, letting the requests that arrive meanwhile be answered between them. */
const sitemapXmlInTurns = async (origin: string, entries: readonly SitemapEntry[], languages: SiteLanguages): Promise<string> => {
  const parts = [URLSET_OPEN];
  for (let start = 0; start < entries.length; start += XML_CHUNK) {
    parts.push(...urlElements(origin, entries.slice(start, start + XML_CHUNK), languages));
    await new Promise((resolve) => setImmediate(resolve));
  }
  parts.push(URLSET_CLOSE);
  return parts.join('\n');
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
  /** The profile's agenda and news scope, whose events and news the sitemap lists. */
  readonly site: SiteLists;
  /** Pages a sitemap file holds. */
  readonly pageSize?: number;
  readonly origins?: LinkOrigins;
  /** Counts each sitemap file not kept against its client's fair use (server/cache/fair-use.ts). */
  readonly uncached?: UncachedWork;
  /** The line of the process's uncached work: a sitemap file waits there for its turn. */
  readonly expensive?: ExpensiveWork;
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
  { version, site, pageSize = SITEMAP_PAGE_SIZE, origins = linkOrigins(), uncached = NO_LIMIT, expensive = UNGATED }: SeoRouteOptions,
): void => {
  // Kept as gzip alone, a fortieth of its plain size (12 kB a file): the large site's 415 files stay kept together.
  const kept = boundedCache<Packed>(SITEMAP_CACHE_LIMITS, 'sitemaps');
  const once = singleFlight<Packed>();
  let laidOut: { readonly version: string; readonly layout: Promise<SitemapLayout> } | null = null;
  const layoutOf = (current: string): Promise<SitemapLayout> => {
    if (laidOut?.version !== current) {
      const layout = sitemapLayout(db, site, pageSize);
      laidOut = { version: current, layout };
      // A failed read (the database away) is asked again by the next request.
      layout.catch(() => {
        if (laidOut?.layout === layout) laidOut = null;
      });
    }
    return laidOut.layout;
  };
  const xml = (body: string): Promise<Packed> => pack(representation(200, 'application/xml; charset=utf-8', body), null);
  // Never the request's Host: these answers are cached by crawlers and proxies for an hour.
  const serve = async (request: FastifyRequest, reply: FastifyReply, file: number | null): Promise<FastifyReply> => {
    const current = await version();
    const origin = origins.absolute(request);
    const layout = await layoutOf(current);
    const files = Math.ceil(layout.total / pageSize);
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
    const made = await once(key, () =>
      expensive(async () => {
        const body =
          file !== null
            ? await sitemapXmlInTurns(origin, await sitemapEntries(db, site, layout, (file - 1) * pageSize, pageSize), site.languages)
            : files <= 1
              ? await sitemapXmlInTurns(origin, await sitemapEntries(db, site, layout), site.languages)
              : sitemapIndexXml(origin, files);
        const fresh = await xml(body);
        kept.set(key, fresh, packedBytes(fresh) + key.length);
        return fresh;
      }),
    );
    return sendPacked(request, reply, made, SEO_CACHE_CONTROL);
  };

  app.get('/sitemap.xml', (request, reply) => serve(request, reply, null));
  app.get<{ Params: { page: string } }>('/sitemap-:page(^\\d{1,6}).xml', (request, reply) => serve(request, reply, Number(request.params.page)));

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', SEO_CACHE_CONTROL);
    return robotsTxt(origins.absolute(request));
  });
};
