import fc from 'fast-check';
import type { Browser } from 'playwright-core';
import { agendaFiltersToSearch } from '../../src/domain/agenda-filters';
import { filtersToSearch } from '../../src/domain/directory';
import { selectionToSearch } from '../../src/domain/news-list';
import { contactPath, eventPath } from '../../src/domain/permalinks';
import { launchBrowser, wakeIslands } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { browserNames, needlessCalls, recordedPage, serverAnswer, serverNames, settle, type NameKind } from '../support/page-watch';
import { siteContent, startRenderedSite, type RenderedSite, type SiteContent } from '../support/rendered-pages';
import { browserRuns } from '../support/fuzz-runs';

jest.setTimeout(180_000);

let site: RenderedSite;
let browser: Browser;
let content: SiteContent;

beforeAll(async () => {
  [site, browser] = await Promise.all([startRenderedSite(), launchBrowser()]);
  content = await siteContent(site.db);
});

afterAll(async () => {
  await closeOpened(browser, site);
});

interface Visit {
  readonly errors: readonly string[];
  readonly needless: { repeated: string[]; embedded: string[] };
  readonly before: readonly string[];
  readonly after: readonly string[];
}

/** Loads a page twice: raw from the server, then in Chromium until it settles after hydration. */
const visit = async (path: string, kind: NameKind): Promise<Visit> => {
  const server = await serverAnswer(`${site.url}${path}`);
  expect({ path, status: server.status }).toEqual({ path, status: 200 });
  const { page, errors, apiCalls } = await recordedPage(browser);
  await page.goto(`${site.url}${path}`);
  // Each island wakes on the visitor's intent: reached for, it hydrates from what the server embedded.
  await wakeIslands(page);
  await settle(page);
  const after = await browserNames(page, kind);
  await page.context().close();
  return { errors, needless: needlessCalls(apiCalls, server.embedded), before: serverNames(server.document, kind), after };
};

/** Long lists render their first screen at once and the rest in steps: the server's names must open the browser's list. */
const expectSameFirstScreen = ({ before, after }: Visit, kind: NameKind): void => {
  expect(before.length).toBeGreaterThan(0);
  if (kind === 'text') expect(after).toEqual(before);
  else expect(after.slice(0, before.length)).toEqual(before);
};

const clean = (result: Visit): void => {
  expect(result.errors).toEqual([]);
  expect(result.needless).toEqual({ repeated: [], embedded: [] });
};

describe('hydration of every server-rendered page', () => {
  it.each([
    ['/', 'text'],
    ['/annuaire/', 'directory'],
    ['/agenda/', 'agenda'],
    ['/actualites/', 'news'],
    ['/boutique/', 'shop'],
    ['/en/annuaire/', 'directory'],
    ['/en/agenda/', 'agenda'],
    ['/annuaire/?categorie=Grand+Conseil&q=hel', 'directory'],
    ['/agenda/?categories=3&mois=12', 'agenda'],
    ['/actualites/?categorie=1&categorie=2', 'news'],
    // Pages the address asks for (a followed "Afficher plus" or "Événements passés" link): grown on the server, replayed in the browser.
    ['/annuaire/?page=2', 'directory'],
    ['/actualites/?page=3', 'news'],
    ['/agenda/?page=2&passes=1', 'agenda'],
  ] as const)('%s hydrates without error, shows what the server wrote and fetches nothing it embedded', async (path, kind) => {
    const result = await visit(path, kind);
    clean(result);
    expectSameFirstScreen(result, kind);
  });

  it('/panier/ hydrates the neutral cart without error and without any API call', async () => {
    const result = await visit('/panier/', 'text');
    clean(result);
  });

  it("a contact's page hydrates with the same dialog open", async () => {
    const person = content.contacts.find((contact) => contact.type_contact === 'Personne');
    if (person === undefined) throw new Error('no person in the demo database');
    const path = contactPath(person);
    const server = await serverAnswer(`${site.url}${path}`);
    const { page, errors, apiCalls } = await recordedPage(browser);
    await page.goto(`${site.url}${path}`);
    await settle(page);
    await expect(page.getByRole('dialog', { name: person.title }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    expect(needlessCalls(apiCalls, server.embedded)).toEqual({ repeated: [], embedded: [] });
    await page.context().close();
  });

  it("an event's page hydrates with that event's details still open", async () => {
    const event = content.events.find((item) => item.agenda_id === 1);
    if (event === undefined) throw new Error('no event in agenda 1');
    const result = await visit(eventPath({ id: String(event.id), title: event.title }), 'agenda');
    clean(result);
    expectSameFirstScreen(result, 'agenda');
  });

  it("a news item's page hydrates with the same article text", async () => {
    const item = content.news.find((news) => news.scope === 'actualites');
    if (item === undefined) throw new Error('no news item in actualites');
    const result = await visit(`/actualites/${item.slug}/`, 'text');
    clean(result);
    expectSameFirstScreen(result, 'text');
  });
});

describe('hydration of any filter state the address may hold', () => {
  const words = fc.constantFrom('', 'hel', 'é', 'Ève', 'con', 'zz', 'séance', 'du ');

  it('a directory address from the URL codec hydrates cleanly', async () => {
    const categories = (await site.db.query<{ title: string }>('select title from contact_categories order by id')).map((row) => row.title);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('', ...categories), words, async (category, text) => {
        const result = await visit(`/annuaire/${filtersToSearch({ category, text })}`, 'directory');
        clean(result);
        expect(result.after.slice(0, result.before.length)).toEqual(result.before);
      }),
      { numRuns: browserRuns(8) },
    );
  });

  it('an agenda address from the URL codec hydrates cleanly', async () => {
    const ids = (await site.db.query<{ id: number }>('select id from agenda_categories order by id')).map((row) => String(row.id));
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(ids, { maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        fc.option(words, { nil: null }),
        async (categories, month, title) => {
          const result = await visit(`/agenda/${agendaFiltersToSearch({ categories, month, title })}`, 'agenda');
          clean(result);
          expect(result.after.slice(0, result.before.length)).toEqual(result.before);
        },
      ),
      { numRuns: browserRuns(8) },
    );
  });

  it('a news address from the URL codec hydrates cleanly', async () => {
    const ids = (
      await site.db.query<{ id: number }>("select c.id from news_categories c join news_scopes s on s.id = c.scope_id where s.slug = 'actualites' order by c.id")
    ).map((row) => String(row.id));
    await fc.assert(
      fc.asyncProperty(fc.subarray(ids), async (selection) => {
        const result = await visit(`/actualites/${selectionToSearch(selection)}`, 'news');
        clean(result);
        expect(result.after.slice(0, result.before.length)).toEqual(result.before);
      }),
      { numRuns: browserRuns(8) },
    );
  });
});

describe('a failing script', () => {
  it.each([
    ['blocked', null],
    ['throwing', 'throw new Error("the widget script broke");'],
  ] as const)("leaves the server's content in place when the widget's script is %s", async (_how, body) => {
    const server = await serverAnswer(`${site.url}/annuaire/`);
    const names = serverNames(server.document, 'directory');
    const { page } = await recordedPage(browser);
    await page.route(/directory-widget\.[0-9a-f]+\.js$/, async (route) => {
      if (body === null) await route.abort();
      else await route.fulfill({ status: 200, contentType: 'text/javascript', body });
    });
    await page.goto(`${site.url}/annuaire/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await expect(browserNames(page, 'directory')).resolves.toEqual(names);
    await expect(
      page
        .getByRole('link', { name: /^Détails de / })
        .first()
        .getAttribute('href'),
    ).resolves.toMatch(/^\/annuaire\/[a-z0-9-]+\/$/);
    await page.context().close();
  });
});
