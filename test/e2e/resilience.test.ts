import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { REQUEST_TIMEOUT_MS, RETRY_LIMIT } from '../../src/services/http';
import { launchBrowser, watchedPage } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { startSite, type RunningSite } from '../support/site';

// A hung API is given up after RETRY_LIMIT + 1 real time-outs (about 33 s): every widget
// waits for it at the same time, each in its own browser context.
jest.setTimeout(4 * (RETRY_LIMIT + 1) * REQUEST_TIMEOUT_MS);

const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');
const STILL_TRYING = 'Connexion lente ou serveur occupé : nouvel essai en cours…';

let site: RunningSite;
let browser: Browser;
let articleSlug: string;
let shopItem: { variant_id: string | number; price: number; title: string };

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  const news = (await (await fetch(`${site.url}/api/news/actualites/?page_size=1`)).json()) as { results: { slug: string }[] };
  const shop = (await (await fetch(`${site.url}/api/shop/items/`)).json()) as (typeof shopItem)[];
  if (news.results[0] === undefined || shop[0] === undefined) throw new Error('the demo database has no news item or no publication');
  articleSlug = news.results[0].slug;
  shopItem = shop[0];
});

afterAll(async () => {
  await closeOpened(browser, site);
});

/**
 * A widget as a page that the server did not render (a content system's page): the built
 * template, its container empty, so the widget asks the API from the browser, where the test
 * plays the API's part.
 */
interface Widget {
  readonly name: string;
  /** The page's address, and which built template (and container) stands for it. */
  readonly path: () => string;
  readonly template: string;
  readonly container?: readonly [from: string, to: string];
  /** What the page needs before it opens (the cart page: a stored line whose price it checks). */
  readonly prepare?: (page: Page) => Promise<void>;
  /** Where the "still trying" status of the call under test is. */
  readonly scope: (page: Page) => Locator;
  /** Something only the API's content shows. */
  readonly content: (page: Page) => Locator;
  /** The failure the visitor is told of. */
  readonly failure: string;
}

const WIDGETS: readonly Widget[] = [
  {
    name: 'directory',
    path: () => '/annuaire/',
    template: 'annuaire',
    scope: (page) => page.getByRole('region', { name: 'Contacts' }),
    content: (page) => page.getByRole('region', { name: 'Contacts' }).getByRole('article').first(),
    failure: "L'annuaire n'a pas pu être chargé.",
  },
  {
    name: 'agenda',
    path: () => '/agenda/',
    template: 'agenda',
    scope: (page) => page.getByRole('region', { name: 'Événements' }),
    content: (page) => page.getByRole('region', { name: 'Événements' }).getByRole('article').first(),
    failure: "L'agenda n'a pas pu être chargé.",
  },
  {
    name: 'news',
    path: () => '/actualites/',
    template: 'actualites',
    scope: (page) => page.getByRole('region', { name: 'Liste des actualités' }),
    content: (page) => page.getByRole('region', { name: 'Liste des actualités' }).getByRole('article').first(),
    failure: "Les actualités n'ont pas pu être chargées.",
  },
  {
    name: 'news article',
    path: () => `/actualites/${articleSlug}/`,
    template: 'actualites',
    container: ['data-widget=news ', 'data-widget=news-article '],
    scope: (page) => page.locator('body'),
    content: (page) => page.getByRole('article').first(),
    failure: 'L’article n’a pas pu être chargé.',
  },
  {
    name: 'home (latest news)',
    path: () => '/',
    template: '.',
    scope: (page) => page.getByRole('region', { name: 'Dernières actualités' }),
    content: (page) => page.getByRole('region', { name: 'Dernières actualités' }).getByRole('listitem').first(),
    failure: "Les dernières actualités n'ont pas pu être chargées.",
  },
  {
    name: 'search',
    path: () => '/recherche/?q=conseil',
    template: 'recherche',
    scope: (page) => page.getByRole('region', { name: 'Résultats de la recherche' }),
    content: (page) => page.getByRole('region', { name: 'Résultats de la recherche' }).getByRole('link').first(),
    failure: 'La recherche n’a pas pu aboutir.',
  },
  {
    name: 'shop',
    path: () => '/boutique/',
    template: 'boutique',
    scope: (page) => page.locator('[data-widget="shop"]'),
    content: (page) => page.getByRole('list', { name: 'Publications' }).getByRole('article').first(),
    failure: "La boutique n'a pas pu être chargée.",
  },
  {
    name: 'cart prices',
    path: () => '/panier/',
    template: 'panier',
    prepare: async (page) => {
      await page.goto(`${site.url}/panier/`);
      await page.evaluate(
        // Stored a franc dearer than today: a check that succeeds says so (a plain check says nothing).
        (line) =>
          localStorage.setItem(
            'cartItems',
            JSON.stringify([{ variant_id: String(line.variant_id), quantity: 1, price: (Math.round(line.price * 100) + 100) / 100, title: line.title }]),
          ),
        shopItem,
      );
    },
    scope: (page) => page.locator('[data-widget="cart"]'),
    content: (page) => page.getByRole('status').filter({ hasText: 'est passé de' }),
    failure: "Prix non vérifiés : les prix affichés sont ceux du moment de l'ajout au panier.",
  },
];

const templateOf = (widget: Widget): string => {
  const html = readFileSync(join(DIST, widget.template, 'index.html'), 'utf8');
  if (!widget.container) return html;
  const [from, to] = widget.container;
  if (!html.includes(from)) throw new Error(`the built ${widget.template} page has no "${from}" container`);
  return html.replace(from, to);
};

type Api = (route: Route) => Promise<void> | void;

/** Opens the widget's page without embedded answers, the API answering as `api` says. */
const open = async (widget: Widget, api: Api): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  const { page } = watched;
  await widget.prepare?.(page);
  const address = `${site.url}${widget.path()}`;
  const html = templateOf(widget);
  await page.route(
    (url) => url.href === address,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  await page.route('**/api/**', api);
  await page.goto(address);
  return watched;
};

/** The API is back: every call goes through to the real server again. */
const restore = (page: Page): Promise<void> => page.unroute('**/api/**');

const stillTrying = (widget: Widget, page: Page): Locator => widget.scope(page).getByRole('status').filter({ hasText: STILL_TRYING }).first();

const alertOf = (widget: Widget, page: Page): Locator => page.getByRole('alert').filter({ hasText: widget.failure });

/** Runs a scenario on every widget at once; a failure names its widget. */
const everyWidget = async (scenario: (widget: Widget) => Promise<void>): Promise<void> => {
  const outcomes = await Promise.allSettled(WIDGETS.map(scenario));
  const failures = outcomes.flatMap((outcome, index) =>
    outcome.status === 'rejected' ? [`${WIDGETS[index]!.name}: ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}`] : [],
  );
  expect(failures).toEqual([]);
};

/** Console errors other than the failed requests the test itself caused. */
const unexpected = (errors: readonly string[]): string[] => errors.filter((error) => !/Failed to load resource|net::ERR_FAILED/.test(error));

describe('a widget whose API is slow, busy or broken', () => {
  it('answers 503 twice, then the content: the visitor is told it is still trying, then sees the content', async () => {
    await everyWidget(async (widget) => {
      const calls = new Map<string, number>();
      const { page, errors } = await open(widget, async (route) => {
        const path = new URL(route.request().url()).pathname;
        const seen = (calls.get(path) ?? 0) + 1;
        calls.set(path, seen);
        if (seen <= 2) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"error":"Service Unavailable"}' });
        else await route.continue();
      });
      await stillTrying(widget, page).waitFor({ timeout: 10_000 });
      await widget.content(page).waitFor({ timeout: 20_000 });
      await stillTrying(widget, page).waitFor({ state: 'detached', timeout: 5_000 });
      expect(await alertOf(widget, page).count()).toBe(0);
      expect(unexpected(errors)).toEqual([]);
      await page.context().close();
    });
  });

  it('answers garbage: the failure and a retry button at once, and the retry works once the API is back', async () => {
    await everyWidget(async (widget) => {
      const { page } = await open(widget, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"garbage":' }));
      const alert = alertOf(widget, page);
      await alert.waitFor({ timeout: 10_000 });
      // A bad answer is not tried again: no "still trying" on the way.
      expect(await stillTrying(widget, page).count()).toBe(0);
      await restore(page);
      await alert.getByRole('button', { name: 'Réessayer' }).click();
      await widget.content(page).waitFor({ timeout: 20_000 });
      await alert.waitFor({ state: 'detached', timeout: 5_000 });
      await page.context().close();
    });
  });

  it('hangs: still trying after the first time-out, then the failure and a retry button that works once the API is back', async () => {
    await everyWidget(async (widget) => {
      const hung: Route[] = [];
      const { page } = await open(widget, (route) => {
        // Never answered: only the widget's time-out ends the call.
        hung.push(route);
      });
      await stillTrying(widget, page).waitFor({ timeout: 2 * REQUEST_TIMEOUT_MS });
      const alert = alertOf(widget, page);
      await alert.waitFor({ timeout: (RETRY_LIMIT + 1) * REQUEST_TIMEOUT_MS + 10_000 });
      // Each call asked three times in all, then gave up.
      const paths = hung.map((route) => new URL(route.request().url()).pathname);
      expect(Math.max(...[...new Set(paths)].map((path) => paths.filter((other) => other === path).length))).toBe(RETRY_LIMIT + 1);
      await restore(page);
      await alert.getByRole('button', { name: 'Réessayer' }).click();
      await widget.content(page).waitFor({ timeout: 20_000 });
      await page.context().close();
    });
  });
});
