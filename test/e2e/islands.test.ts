import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { openForSuite } from '../support/browser-suite';
import { watchedPage } from '../support/browser';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** The scripts of the site a page asked for so far to run, by file name; prefetches (fetched while idle, not run) aside. */
const scriptsOf = (page: Page): string[] => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // A prefetch (a `<link rel="prefetch">`) is reported as `other`: only a script the page runs is a `script`.
    if (url.pathname.endsWith('.js') && request.resourceType() === 'script') scripts.push(url.pathname.slice(1));
  });
  return scripts;
};

/** The page's entry script, the loader, as its module script names it (Parcel names the file after the checkout's folder). */
const entryOf = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src')?.replace(/^\//, '') ?? null);

/** Holds back a widget's chunk until `release` is called, as a slow network would. */
const holdChunk = async (page: Page, pattern: RegExp): Promise<() => void> => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
};

const isAwake = (page: Page, widget: string): Promise<boolean> =>
  page.locator(`[data-widget="${widget}"]`).evaluate((container) => container.hasAttribute('data-ready'));

const waitAwake = (page: Page, widget: string): Promise<void> => page.locator(`[data-widget="${widget}"][data-ready]`).waitFor({ state: 'attached' });

describe('a page before the visitor acts', () => {
  it('shows the server’s screen with the loader alone: no widget code, no React', async () => {
    const { page, errors } = await watchedPage(browser);
    const scripts = scriptsOf(page);
    await page.goto(`${site.url}/annuaire/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const entry = await entryOf(page);
    expect(scripts).toEqual([entry]);
    await expect(isAwake(page, 'directory')).resolves.toBe(false);
    await expect(page.locator('.contact-card').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the stored cart’s count in the header, in the page’s language, without the cart’s code', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${site.url}/de/annuaire/`);
    await page.evaluate(() =>
      localStorage.setItem(
        'cartItems',
        JSON.stringify([
          { variant_id: 'a', quantity: 2, price: 10 },
          { variant_id: 'b', quantity: 1, price: 5 },
          { variant_id: 'a', quantity: 7, price: 10 },
          { variant_id: 'c', quantity: 0, price: 5 },
        ]),
      ),
    );
    const scripts = scriptsOf(page);
    await page.reload();
    await page.waitForLoadState('networkidle');
    // The second line of `a` and the empty line are dropped, as the cart itself drops them.
    await expect(page.locator('[data-cart-count]').getAttribute('data-cart-count')).resolves.toBe('3');
    await expect(page.getByRole('link', { name: /Warenkorb/ }).innerText()).resolves.toMatch(/3 Artikel/);
    const entry = await entryOf(page);
    expect(scripts.filter((name) => name !== entry)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('an island woken by the visitor', () => {
  it('replays the keys typed into the directory’s search box before its code arrived, and keeps focus, text and caret', async () => {
    const { page, errors } = await watchedPage(browser);
    const release = await holdChunk(page, /directory-widget\.[0-9a-f]+\.js$/);
    await page.goto(`${site.url}/annuaire/`);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Rechercher un nom' });
    await box.click();
    await box.pressSequentially('mar', { delay: 30 });
    await expect(isAwake(page, 'directory')).resolves.toBe(false);
    await expect(box.inputValue()).resolves.toBe('mar');
    release();
    await waitAwake(page, 'directory');
    await page.waitForURL(/\?q=mar$/);
    await expect(box.inputValue()).resolves.toBe('mar');
    await expect(box.evaluate((input: HTMLInputElement) => [document.activeElement === input, input.selectionStart])).resolves.toEqual([true, 3]);
    // The address changes with the key's release; the list once its answer is in.
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('.contact-card h3')].map((title) => title.textContent.normalize('NFD').replace(/\p{Diacritic}/gu, ''));
      return titles.length > 0 && titles.every((title) => /mar/i.test(title));
    });
    // Typing goes on in the woken widget as in one awake from the start.
    await box.press('Backspace');
    await page.waitForURL(/\?q=ma$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replays a news category pressed before its code arrived, once, without the form going to the server', async () => {
    const { page, errors } = await watchedPage(browser);
    const release = await holdChunk(page, /news-widget\.[0-9a-f]+\.js$/);
    await page.goto(`${site.url}/actualites/`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const toggle = page.getByRole('main').locator('[data-category-id]').first();
    const name = await toggle.innerText();
    await toggle.click();
    await expect(isAwake(page, 'news')).resolves.toBe(false);
    release();
    await waitAwake(page, 'news');
    await expect(page.getByRole('main').getByRole('button', { name, pressed: true }).count()).resolves.toBe(1);
    await page.waitForURL(/categorie=/);
    // The same document all along: the form's submission was held, then done in place.
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('gives a held click back to the browser when the widget’s code cannot load: the category goes to the server', async () => {
    const { page } = await watchedPage(browser);
    await page.route(/news-widget\.[0-9a-f]+\.js$/, (route) => route.abort());
    await page.goto(`${site.url}/actualites/`);
    const toggle = page.getByRole('main').locator('[data-category-id]').first();
    const name = await toggle.innerText();
    await toggle.click();
    // The form's own submission: the server answers with the list filtered by that category.
    await page.waitForURL(/categorie=/);
    await expect(page.getByRole('main').getByRole('button', { name, pressed: true }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it('wakes every island at once for the journal, which shows the replayed events like any other', async () => {
    const { page, errors } = await watchedPage(browser);
    const release = await holdChunk(page, /directory-widget\.[0-9a-f]+\.js$/);
    await page.goto(`${site.url}/annuaire/?journal`);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Rechercher un nom' });
    await box.click();
    await box.pressSequentially('ab', { delay: 30 });
    release();
    await waitAwake(page, 'directory');
    await page.getByRole('button', { name: 'Télécharger le journal' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le journal' }).click()]);
    const journal = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      actors: { widget: string; entries: { event: { type: string; text?: string } }[] }[];
    };
    const directory = journal.actors.find((actor) => actor.widget === 'directory');
    const typed = directory?.entries.map(({ event }) => event).filter((event) => event.type === 'TEXT_CHANGED' || event.type === 'KEY_RELEASED');
    expect(typed).toEqual([
      { type: 'TEXT_CHANGED', text: 'a' },
      { type: 'KEY_RELEASED', text: 'a' },
      { type: 'TEXT_CHANGED', text: 'ab' },
      { type: 'KEY_RELEASED', text: 'ab' },
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('wakes the cart page with the page: its lines live only in the browser', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${site.url}/panier/`);
    await waitAwake(page, 'cart');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the language switch', () => {
  it('is links to the same page and query in each language, the current one marked', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${site.url}/annuaire/?q=mar`);
    const language = page.getByRole('group', { name: 'Langue du site' });
    await expect(language.getByRole('link', { name: 'FR – Français' }).getAttribute('aria-current')).resolves.toBe('true');
    await language.getByRole('link', { name: 'DE – Deutsch' }).click();
    await page.waitForURL(`${site.url}/de/annuaire/?q=mar`);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('de');
    await expect(page.getByRole('group', { name: 'Sprache der Website' }).getByRole('link', { name: 'DE – Deutsch' }).getAttribute('aria-current')).resolves.toBe(
      'true',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
