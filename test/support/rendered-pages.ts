import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildApp, type AppOptions } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { ensureTestMedia, openTestDatabase } from './test-database';

/** The built site, which the server fills with each page's rendered widget (`TEST_DIST_DIR`: a copy kept apart from builds running meanwhile). */
export const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');

/** The public address the rendered site is configured with (`PUBLIC_ORIGIN`): its canonical and alternate links start there. */
export const RENDERED_SITE_ORIGIN = 'http://www.canton.example';

/** A built site served on 127.0.0.1 by the real server, with the database it reads (to ask what the pages must show). */
export interface RenderedSite {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly close: () => Promise<void>;
}

/**
 * Serves `dist/` (run `npm run build` first) on a private copy of the demo database, and keeps the database at hand;
 * `profile`, another site profile than the demo's.
 */
export const startRenderedSite = async (pages?: AppOptions['pages'], database?: Database, profile?: AppOptions['profile']): Promise<RenderedSite> => {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before these tests (npm test does it).');
  }
  const db = database ?? (await openTestDatabase());
  // The pages' absolute links start at the configured public address, never at the request's Host.
  const app = buildApp({
    db,
    distDir: DIST,
    mediaDir: await ensureTestMedia(),
    publicOrigin: RENDERED_SITE_ORIGIN,
    ...(pages === undefined ? {} : { pages }),
    ...(profile === undefined ? {} : { profile }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
};

/** A database that refuses every statement: a server built on it proves its pages read nothing from it. */
export const refusingDatabase = (): Database => {
  const refuse = (): Promise<never> => Promise.reject(new Error('this server has no database'));
  return { kind: 'pglite', query: refuse, transaction: refuse, listen: refuse, close: async () => undefined };
};

/** What the site holds that has a page of its own, read from the database itself. */
export interface SiteContent {
  readonly contacts: readonly { readonly id: number; readonly slug: string; readonly title: string; readonly type_contact: string | null }[];
  readonly events: readonly { readonly id: number; readonly agenda_id: number; readonly title: string }[];
  readonly news: readonly { readonly id: number; readonly slug: string; readonly title: string; readonly scope: string }[];
}

/** Every contact, event and news item of the database, in id order. */
export const siteContent = async (db: Database): Promise<SiteContent> => ({
  contacts: await db.query('select id, slug, title, type_contact from contacts order by id'),
  events: await db.query('select id, agenda_id, title from events order by id'),
  news: await db.query('select n.id, n.slug, n.title, s.slug as scope from news_items n join news_scopes s on s.id = n.scope_id order by n.id'),
});

/** An HTML answer as a document, the way a browser without script reads it (`<noscript>` content is markup). */
export const parseHtml = (html: string, url = 'http://127.0.0.1/'): Document => new JSDOM(html, { url }).window.document;

/** The schema.org objects a page declares in its JSON-LD blocks. */
export const jsonLdOf = (document: Document): Record<string, unknown>[] =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) => JSON.parse(script.textContent) as Record<string, unknown>);

/** The API paths whose answers a server-rendered widget carries in its data block, in the order written. */
export const embeddedPaths = (document: Document): string[] => {
  const block = document.querySelector(`script[type="application/json"][${DATA_BLOCK_ATTRIBUTE}]`);
  if (!block) return [];
  const data = JSON.parse(block.textContent) as { answers?: Record<string, unknown> };
  return Object.keys(data.answers ?? {});
};

/** What a page says of itself in its head: title, description, canonical, alternates and Open Graph. */
export interface HeadFacts {
  readonly lang: string;
  readonly title: string;
  readonly description: string | null;
  readonly canonical: string | null;
  readonly alternates: Readonly<Record<string, string>>;
  readonly og: Readonly<Record<string, string>>;
}

/** The head facts of a parsed page. */
export const headOf = (document: Document): HeadFacts => ({
  lang: document.documentElement.lang,
  title: document.title,
  description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
  canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  alternates: Object.fromEntries(
    Array.from(document.querySelectorAll('link[rel="alternate"][hreflang]')).map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href') ?? '']),
  ),
  og: Object.fromEntries(
    Array.from(document.querySelectorAll('meta[property^="og:"]')).map((meta) => [meta.getAttribute('property') ?? '', meta.getAttribute('content') ?? '']),
  ),
});

/** Text as a reader compares it: white space collapsed and trimmed. */
export const collapse = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
