import type { FastifyInstance } from 'fastify';
import { Contact } from '../../src/domain/contact';
import { NewsArticle, NewsItemList, NewsPage } from '../../src/domain/news';
import { PageOf } from '../../src/domain/paging';
import { isSlug, slugify } from '../../src/domain/permalinks';
import { buildApp } from '../../server/http/app';
import { decodeContent, uniqueSlugs, type Content } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { buildDemoContent } from '../../server/operations/demo-content';
import { MIGRATIONS, migrate } from '../../server/data/migrations';
import { importContent } from '../../server/operations/seed';
import { decodeOrThrow, demo } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { pathOf } from '../support/page-walk';
import { openEmptyTestDatabase, openTestDatabase } from '../support/test-database';

jest.setTimeout(60_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db });
  client = await injectClient(app);
});

afterAll(async () => {
  await app.close();
  await db.close();
});

const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;

describe('uniqueSlugs', () => {
  it('makes each slug from its title and numbers repeats from -2 in order', () => {
    expect(uniqueSlugs([{ title: 'Hélène Favre' }, { title: 'Zoé Rey' }, { title: 'HÉLÈNE  favre' }, { title: 'Hélène Favre' }])).toEqual([
      'helene-favre',
      'zoe-rey',
      'helene-favre-2',
      'helene-favre-3',
    ]);
  });

  it('keeps the slugs an item brings and never gives them to a title', () => {
    expect(uniqueSlugs([{ title: 'Budget' }, { title: 'Autre', slug: 'budget' }, { title: 'Budget', slug: null }])).toEqual(['budget-2', 'budget', 'budget-3']);
  });

  it('skips a numbered slug that another title already holds', () => {
    expect(uniqueSlugs([{ title: 'Budget 2' }, { title: 'Budget' }, { title: 'Budget' }])).toEqual(['budget-2', 'budget', 'budget-3']);
  });

  it('gives every item of the large seed a distinct, well-formed slug', () => {
    const large = buildDemoContent({ contacts: 3000, events: 0, news: 3000, seed: 7 });
    for (const items of [large.contacts, large.news]) {
      const slugs = uniqueSlugs(items);
      expect(new Set(slugs).size).toBe(items.length);
      expect(slugs.every(isSlug)).toBe(true);
    }
  });
});

describe('the demo news articles', () => {
  it('give each title its own body of 3 to 6 paragraphs of French, and its own lead', () => {
    const byTitle = new Map(demo.news.map((item) => [item.title, item]));
    expect(byTitle.size).toBeGreaterThanOrEqual(10);
    const bodies = new Set<string>();
    for (const [title, item] of byTitle) {
      const body = item.body ?? '';
      const paragraphs = body.match(/<p>/g)?.length ?? 0;
      expect(paragraphs).toBeGreaterThanOrEqual(3);
      expect(paragraphs).toBeLessThanOrEqual(6);
      expect(body).not.toMatch(/lorem|ipsum/i);
      expect(item.lead).not.toContain(title);
      bodies.add(body);
    }
    expect(bodies.size).toBe(byTitle.size);
  });
});

describe('slugs in API answers', () => {
  it('gives every contact its slug, unique and made from its title', async () => {
    const contacts: Contact[] = [];
    for (let url: string | null = '/api/contacts/?page_size=100'; url !== null;) {
      const page: { results: Contact[]; next?: string | null } = decodeOrThrow(PageOf(Contact), (await client.getJson(url)).body);
      contacts.push(...page.results);
      url = page.next === undefined || page.next === null ? null : pathOf(page.next);
    }
    expect(contacts).toHaveLength(demo.contacts.length);
    const slugs = contacts.map((c) => c.slug ?? '');
    expect(new Set(slugs).size).toBe(contacts.length);
    for (const contact of contacts) expect(contact.slug?.startsWith(slugify(contact.title))).toBe(true);
  });

  it('gives news list items their slug but not their body', async () => {
    const lists = [
      decodeOrThrow(NewsItemList, (await client.getJson('/api/news/actualites/')).body),
      decodeOrThrow(NewsPage, (await client.getJson('/api/news/?categories=1')).body).results,
    ];
    for (const items of lists) {
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(isSlug(item.slug ?? '')).toBe(true);
        expect(item).not.toHaveProperty('body');
      }
    }
  });
});

describe('GET /api/news/{scope}/{slug}/', () => {
  it('answers one item of the list with its body', async () => {
    const [first] = decodeOrThrow(NewsItemList, (await client.getJson('/api/news/actualites/')).body);
    const { status, body } = await client.getJson(`/api/news/actualites/${first?.slug ?? ''}/`);
    expect(status).toBe(200);
    const article = decodeOrThrow(NewsArticle, body);
    const { body: html, ...item } = article;
    expect(item).toEqual(first);
    expect(html).toBe(demo.news.find((n) => String(n.id) === first?.id)?.body);
  });

  it.each([
    ['/api/news/actualites/pas-de-nouvelle/', 'news item "pas-de-nouvelle" does not exist in scope "actualites"'],
    ['/api/news/inconnu/le-conseil-d-etat-presente-son-budget/', 'news scope "inconnu" does not exist'],
  ])('answers 404 with a JSON body for %s', async (url, message) => {
    const { status, body } = await client.getJson(url);
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message });
  });

  it('answers 404 for an item of another scope', async () => {
    const [communique] = decodeOrThrow(NewsItemList, (await client.getJson('/api/news/communiques/')).body);
    expect((await client.getJson(`/api/news/actualites/${communique?.slug ?? ''}/`)).status).toBe(404);
  });

  it.each([
    ['/api/news/actualites/Majuscules/', 'params/slug must match pattern "^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$"'],
    ['/api/news/actualites/budget/?x=1', "querystring must NOT have additional properties: 'x'"],
  ])('answers 400 for %s', async (url, message) => {
    const { status, body } = await client.getJson(url);
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });
});

describe('importing slugs and bodies', () => {
  it('refuses a malformed or repeated slug, naming its path', () => {
    const content = copy();
    (content.news[1] as { slug?: string }).slug = 'Pas un slug';
    (content.contacts[2] as { slug?: string }).slug = 'meme';
    (content.contacts[4] as { slug?: string }).slug = 'meme';
    const bad = decodeContent(content);
    // The other members of the nullable union report too; the slug's own message must be among them.
    expect(bad.ok ? [] : bad.errors).toContainEqual(expect.stringMatching(/^news\/1\/slug: expected a slug/));
    delete (content.news[1] as { slug?: string }).slug;
    const repeated = decodeContent(content);
    expect(repeated.ok ? [] : repeated.errors).toEqual(['contacts/4/slug: duplicate slug "meme"']);
  });

  it('stores the slugs and bodies a file gives and makes the missing ones', async () => {
    const content = copy();
    content.news = content.news.slice(0, 3).map((item, index) => ({
      ...item,
      ...(index === 0 ? { slug: 'communique-special', body: '<p>Texte.</p>' } : { body: null }),
    }));
    content.contacts = content.contacts.slice(0, 2).map((c, index) => (index === 0 ? { ...c, slug: 'la-personne' } : c));
    const decoded = decodeContent(content);
    if (!decoded.ok) throw new Error(decoded.errors.join('\n'));
    await importContent(db, decoded.content, 'slugs.json');
    const news = await db.query<{ id: number; slug: string; body: string | null }>('select id, slug, body from news_items order by id');
    expect(news.map((n) => n.slug)).toEqual(['communique-special', ...uniqueSlugs(content.news.slice(1))]);
    expect(news.map((n) => n.body)).toEqual(['<p>Texte.</p>', null, null]);
    const contacts = await db.query<{ slug: string }>('select slug from contacts order by id');
    expect(contacts.map((c) => c.slug)).toEqual(['la-personne', slugify(content.contacts[1]?.title ?? '')]);
  });
});

describe('migration 2 on a database of version 1', () => {
  it('gives existing contacts and news unique slugs, then requires them', async () => {
    const old = await openEmptyTestDatabase();
    try {
      await migrate(
        old,
        MIGRATIONS.filter((m) => m.version === 1),
      );
      await old.query(`insert into contacts (id, title, search_title) values (1, 'Zoé Rey', 'zoe rey'), (2, 'Zoé Rey', 'zoe rey'), (3, 'Ça', 'ca')`);
      await old.query(`insert into news_scopes (id, slug, title) values (1, 'actualites', 'Actualités')`);
      await old.query(`insert into news_items (id, scope_id, title, date) values (5, 1, 'Budget 2027', '2026-01-01'), (6, 1, 'Budget 2027', '2026-01-02')`);
      // Only up to 2: later migrations are not this test's business.
      expect(
        await migrate(
          old,
          MIGRATIONS.filter((m) => m.version <= 2),
        ),
      ).toEqual([2]);
      expect((await old.query<{ slug: string }>('select slug from contacts order by id')).map((r) => r.slug)).toEqual(['zoe-rey', 'zoe-rey-2', 'ca']);
      expect((await old.query<{ slug: string }>('select slug from news_items order by id')).map((r) => r.slug)).toEqual(['budget-2027', 'budget-2027-2']);
      await expect(old.query(`insert into contacts (id, title, search_title) values (9, 'X', 'x')`)).rejects.toThrow();
      await expect(old.query(`insert into contacts (id, title, search_title, slug) values (9, 'X', 'x', 'ca')`)).rejects.toThrow();
    } finally {
      await old.close();
    }
  });
});
