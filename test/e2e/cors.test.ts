import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { launchBrowser, watchedPage } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// The README's promise: a widget on the institution's own site, its API on another origin.
jest.setTimeout(120_000);

const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');

let db: Database;
let mediaDir: string;
let browser: Browser;
const apps: FastifyInstance[] = [];

const listen = async (app: FastifyInstance, host: string): Promise<string> => {
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://${host}:${(app.server.address() as AddressInfo).port}`;
};

/**
 * The institution's site: the built scripts, and a page of its own holding the directory widget
 * with `data-api-base` (no answers embedded, so the widget asks the API from the browser).
 */
const institutionSite = async (): Promise<{ url: string; callApi: (apiBase: string) => void }> => {
  const app = Fastify();
  const template = readFileSync(join(DIST, 'annuaire', 'index.html'), 'utf8');
  const container = '<div data-widget=directory lang=fr></div>';
  if (!template.includes(container)) throw new Error('the built directory page has no empty directory container');
  let apiBase = '';
  app.get('/institution/', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(template.replace(container, `<div data-widget=directory lang=fr data-api-base="${apiBase}"></div>`)),
  );
  // A content system's page has its own icon: the built page names none (the site's comes from its profile), so the browser asks this.
  app.get('/favicon.ico', (_request, reply) => reply.code(204).send());
  await app.register(fastifyStatic, { root: DIST, prefix: '/', wildcard: true });
  // The page and the API differ by host name: two origins for the browser.
  return { url: await listen(app, '127.0.0.1'), callApi: (base) => (apiBase = base) };
};

beforeAll(async () => {
  if (!existsSync(join(DIST, 'annuaire', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` before the browser tests (npm test does it).');
  [db, browser, mediaDir] = await Promise.all([openTestDatabase(), launchBrowser(), ensureTestMedia()]);
});

afterAll(async () => {
  await closeOpened(browser);
  for (const app of apps) await app.close();
  await closeOpened(db);
});

const firstContact = async (api: string): Promise<string> => {
  const answer = await fetch(`${api}/api/contacts/?page_size=1`);
  const body = (await answer.json()) as { results: { title: string }[] };
  const title = body.results[0]?.title;
  if (title === undefined) throw new Error('the demo database has no contact');
  return title;
};

describe('a widget whose API is on another origin', () => {
  it('loads its data from an API that allows the page’s origin', async () => {
    const { url: site, callApi } = await institutionSite();
    // The API as the reference server runs it, its media included.
    const apiBase = await listen(buildApp({ db, mediaDir, corsOrigins: [site] }), 'localhost');
    callApi(apiBase);
    const { page, errors } = await watchedPage(browser);
    const calls: string[] = [];
    const missing: string[] = [];
    const pictures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
      if (response.url().startsWith(`${apiBase}/api/`)) calls.push(`${response.status()} ${response.headers()['access-control-allow-origin'] ?? ''}`);
      if (response.url().startsWith(`${apiBase}/media/`)) pictures.push(`${response.status()}`);
    });
    await page.goto(`${site}/institution/`);
    await page
      .getByRole('heading', { name: await firstContact(apiBase), level: 3 })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call === `200 ${site}`)).toBe(true);
    // The answers' picture paths (`/media/…`) are the API's files: the browser asks the API's origin for them.
    await page
      .locator('.contact-card img')
      .first()
      .evaluate((image: HTMLImageElement) => image.decode());
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((status) => status === '200')).toBe(true);
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows its error and a retry button when the API does not allow the page’s origin', async () => {
    const { url: site, callApi } = await institutionSite();
    callApi(await listen(buildApp({ db, corsOrigins: ['https://someone-else.example'] }), 'localhost'));
    const { page } = await watchedPage(browser);
    await page.goto(`${site}/institution/`);
    await page.getByRole('button', { name: 'Réessayer' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('heading', { level: 3 }).count()).toBe(0);
  });
});
