import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { defer, of, type Observable } from 'rxjs';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { linkOrigins } from '../../server/http/public-origin';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { registerSeoRoutes, SITEMAP_PAGE_SIZE } from '../../server/http/routes/seo-routes';
import { EXPORT_CACHE_LIMITS } from '../../server/cache/cache-limits';
import { registerExportRoutes } from '../../server/render/export-routes';
import type { Contact } from '../../src/domain/contact';
import { LANGUAGES } from '../../src/domain/language';
import { closeOpened } from '../support/close-opened';
import { injectClient, type TestClient } from '../support/http-client';
import { DIST, RENDERED_SITE_ORIGIN } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// Issue 31, finding 2: an unknown parameter made a new render and a new cache entry, fragments
// were never kept, and the large directory's two exports pushed each other out of their cache.

jest.setTimeout(120_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;
// Every answer the pages ask for while rendering: a page served from the cache asks none.
const asked: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({
    db,
    distDir: DIST,
    mediaDir: await ensureTestMedia(),
    publicOrigin: RENDERED_SITE_ORIGIN,
    pages: (own) => ({
      ...own,
      answers: (path, headers) => {
        asked.push(path);
        return own.answers(path, headers);
      },
    }),
  });
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened(app, db);
});

/** The answer of `path` and how many answers its rendering asked for. */
const visit = async (path: string) => {
  const before = asked.length;
  const answer = await client.get(path, { 'accept-encoding': 'br' });
  return { ...answer, renderedAnswers: asked.length - before };
};

describe('a page is kept under the address it reads', () => {
  it('answers /annuaire/ with tracking or unknown parameters from the one kept page, and names it canonical', async () => {
    const first = await visit('/annuaire/');
    expect(first.status).toBe(200);
    expect(first.renderedAnswers).toBeGreaterThan(0);
    expect(first.headers['link']).toBe(`<${RENDERED_SITE_ORIGIN}/annuaire/>; rel="canonical"`);
    for (const path of ['/annuaire/?utm_source=newsletter&utm_medium=email', '/annuaire/?fbclid=IwAR0abc', '/annuaire/?x=12345', '/annuaire/?q=&utm_campaign=x']) {
      const again = await visit(path);
      expect({ path, status: again.status, rendered: again.renderedAnswers, etag: again.headers['etag'] }).toEqual({
        path,
        status: 200,
        rendered: 0,
        etag: first.headers['etag'],
      });
      expect(again.headers['link']).toBe(`<${RENDERED_SITE_ORIGIN}/annuaire/>; rel="canonical"`);
    }
  });

  it('keeps a query the page reads once, whatever is added to it or the order of its parameters', async () => {
    const first = await visit('/annuaire/?q=hel&categorie=Grand+Conseil');
    expect(first.status).toBe(200);
    const same = await visit('/annuaire/?utm_term=x&categorie=Grand%20Conseil&q=hel');
    expect({ rendered: same.renderedAnswers, etag: same.headers['etag'] }).toEqual({ rendered: 0, etag: first.headers['etag'] });
    // The page the search shows, not the whole directory.
    expect(same.headers['etag']).not.toBe((await visit('/annuaire/')).headers['etag']);
  });

  it('still refuses a bad value of a parameter the page reads, with or without a campaign tag', async () => {
    expect((await visit('/agenda/?mois=13&utm_source=x')).status).toBe(400);
    expect((await visit('/annuaire/?q=a&q=b&fbclid=y')).status).toBe(400);
  });

  it('keeps a fragment like a page: a parameter it does not read asks nothing more', async () => {
    const first = await visit('/fragments/directory/?lang=de');
    expect(first.status).toBe(200);
    expect(first.renderedAnswers).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    for (const path of ['/fragments/directory/?lang=de', '/fragments/directory/?x=918273&lang=de', '/fragments/directory/?lang=de&utm_source=cms']) {
      const again = await visit(path);
      expect({ path, status: again.status, rendered: again.renderedAnswers, etag: again.headers['etag'] }).toEqual({
        path,
        status: 200,
        rendered: 0,
        etag: first.headers['etag'],
      });
    }
    // Another language is another fragment.
    expect((await visit('/fragments/directory/?lang=it')).renderedAnswers).toBeGreaterThan(0);
  });
});

describe('sitemap files', () => {
  it('hold at most 5,000 addresses each, every page in every language with its alternates', () => {
    const addressesPerPage = LANGUAGES.length * (1 + LANGUAGES.length + 1);
    expect(SITEMAP_PAGE_SIZE * addressesPerPage).toBeLessThanOrEqual(5_000);
  });

  it('start where the one before ended, whatever section a file starts in (each read after the key of the row before it)', async () => {
    const locs = (xml: string): string[] => Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => match[1] ?? '');
    const serve = async (pageSize: number) => {
      const seo = Fastify();
      registerSeoRoutes(seo, db, {
        version: async () => 'v1',
        site: siteListsOf(defaultSiteProfile()),
        pageSize,
        origins: linkOrigins({ publicOrigin: RENDERED_SITE_ORIGIN }),
      });
      return { seo, client: await injectClient(seo) };
    };
    const whole = await serve(1_000_000);
    const small = await serve(7);
    try {
      const everyPage = locs((await whole.client.get('/sitemap.xml')).text);
      const files = locs((await small.client.get('/sitemap.xml')).text);
      expect(files.length).toBe(Math.ceil(everyPage.length / LANGUAGES.length / 7));
      const listed: string[] = [];
      for (const file of files) listed.push(...locs((await small.client.get(new URL(file).pathname)).text));
      expect(listed).toEqual(everyPage);
    } finally {
      await whole.seo.close();
      await small.seo.close();
    }
  });
});

describe("the whole large directory's two exports", () => {
  // 10,000 contacts as a canton's largest directory holds them: some 4 MB of vCards and 2 MB of CSV.
  const contacts: Contact[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: String(i + 1),
    title: `Personne ${i} Exemple-${(i * 7919) % 10_007}`,
    type_contact: 'Personne',
    fonction: `Député·e de la commission ${i % 37}`,
    address: `Rue ${(i * 31) % 997} ${i % 120}\n${1000 + (i % 9000)} Commune ${i % 163}`,
    email: `personne.${i}.${(i * 104_729) % 99_991}@canton.example`,
    phone: `+41 ${20 + (i % 60)} ${String((i * 7_654_321) % 10_000_000).padStart(7, '0')}`,
    website: `https://www.personne-${i}.example/profil/${(i * 13) % 10_000}`,
    parti: `Parti ${i % 11}`,
    commissions: [`Commission ${i % 17}`, `Commission ${(i * 3) % 29}`],
    categories: ['Grand Conseil'],
  }));

  it('are both kept: downloading them in turn walks the directory once each', async () => {
    const walks: string[] = [];
    const answers = (path: string): Observable<unknown> =>
      defer(() => {
        walks.push(path);
        // A legacy backend: the whole list in one answer.
        return of(contacts);
      });
    const small = Fastify();
    registerExportRoutes(small, { answers, version: async () => '1' });
    try {
      const exports = await injectClient(small);
      const sizes: number[] = [];
      for (const path of ['/annuaire/export.csv', '/annuaire/export.vcf', '/annuaire/export.csv', '/annuaire/export.vcf', '/annuaire/export.csv']) {
        const answer = await exports.getBytes(path);
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        sizes.push(answer.body.length);
      }
      // Together more than the export cache holds plain: only kept compressed do they both stay.
      expect((sizes[0] ?? 0) + (sizes[1] ?? 0)).toBeGreaterThan(EXPORT_CACHE_LIMITS.bytes);
      expect(walks).toHaveLength(2);
      // A client that accepts brotli gets the kept copy as it is.
      const compressed = await exports.getBytes('/annuaire/export.vcf', { 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.body.length).toBeLessThan((sizes[1] ?? 0) / 4);
      expect(walks).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});
