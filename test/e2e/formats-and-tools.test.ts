import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { axeViolations, openPage, watchedPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import { demo } from '../support/demo-expectations';
import type { RunningSite } from '../support/site';

jest.setTimeout(90_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const open = async (path: string, width = 1280, height = 900): Promise<{ page: Page; errors: string[] }> => {
  const watched = await watchedPage(browser);
  await watched.page.setViewportSize({ width, height });
  await openPage(watched.page, `${site.url}${path}`);
  return watched;
};

const CONSTITUTION = demo.shop_items.find((item) => item.variant_id === 1)!;

/** An amount as this Chromium's own Intl writes it for a locale: the expected text is the browser's, not one copied by hand. */
const browserMoney = (page: Page, locale: string, amount: number): Promise<string> =>
  page.evaluate(([l, a]) => new Intl.NumberFormat(l, { style: 'currency', currency: 'CHF' }).format(a), [locale, amount] as const);

describe('Swiss formats in the browser', () => {
  it.each([
    ['de', '/de/boutique/', 'de-CH', /^CHF\s0\.90$/],
    ['fr', '/boutique/', 'fr-CH', /^0\.90\sCHF$/],
  ] as const)('writes a price in %s as Switzerland does, as the server wrote it before hydration', async (_language, path, locale, shape) => {
    const { page, errors } = await open(path);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: CONSTITUTION.title }) });
    const price = await card.locator('.shop-item__price').textContent();
    expect(price).toBe(await browserMoney(page, locale, CONSTITUTION.price));
    expect(price).toMatch(shape);
    // Hydration found the server's text as it would have written it: no mismatch reported.
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the search page’s title', () => {
  it.each([
    ['fr', '/recherche/', 'Rechercher sur le site', (q: string) => `« ${q} » – Recherche – Canton de Valmont`, 'Recherche – Canton de Valmont'],
    ['de', '/de/recherche/', 'Website durchsuchen', (q: string) => `«${q}» – Suche – Kanton Valmont`, 'Suche – Kanton Valmont'],
  ] as const)('holds the query in %s, from the address and after searching again in place', async (_language, path, boxName, titled, plain) => {
    const { page, errors } = await open(`${path}?q=budget`);
    await expect(page.title()).resolves.toBe(titled('budget'));
    const box = page.getByRole('main').getByRole('searchbox', { name: boxName });
    await box.fill('climat');
    await box.press('Enter');
    await page.waitForURL(/\?q=climat$/);
    await page.waitForFunction((wanted) => document.title === wanted, titled('climat'));
    // The box emptied: no query, the page's own title.
    await box.fill('');
    await box.press('Enter');
    await page.waitForFunction((wanted) => document.title === wanted, plain);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the developer tools', () => {
  it('says in the console, once, that a production build has no inspector when ?inspect asks for it', async () => {
    const watched = await watchedPage(browser);
    const infos: string[] = [];
    watched.page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'info') infos.push(message.text());
    });
    await openPage(watched.page, `${site.url}/actualites/?inspect`);
    await watched.page.waitForFunction(() => document.querySelector('[data-widget][data-ready]') !== null);
    expect(infos.filter((text) => text.startsWith('?inspect:'))).toEqual([
      expect.stringMatching(/a production build has no XState inspector; run `npm run dev`/) as unknown as string,
    ]);
    expect(watched.errors).toEqual([]);
    await watched.page.context().close();
  });

  it('never lets the ?journal panel cover the focused control at 375 px, the last one included', async () => {
    const { page, errors } = await open('/actualites/?journal', 375, 667);
    const panel = page.getByRole('complementary', { name: 'Journal de la session' });
    await panel.waitFor();
    await page.getByRole('article').first().waitFor();
    // The page's last control: the keyboard reaches it last, and nothing below it could lift it.
    const lastName = await page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')].filter(
        (element) => !element.closest('.journal-panel') && element.getClientRects().length > 0,
      );
      const last = controls.at(-1)!;
      last.setAttribute('data-last-control', '');
      return last.textContent;
    });
    expect(lastName).toBeTruthy();
    // Reached by the keyboard from the control before it, as a visitor tabbing through would.
    await page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')].filter(
        (element) => !element.closest('.journal-panel') && element.getClientRects().length > 0,
      );
      controls.at(-2)!.focus();
    });
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.hasAttribute('data-last-control'))).resolves.toBe(true);
    const control = (await page.locator('[data-last-control]').boundingBox())!;
    const box = (await panel.boundingBox())!;
    expect({ controlBottom: control.y + control.height <= box.y, visible: control.y >= 0 }).toEqual({ controlBottom: true, visible: true });
    // Every control the keyboard reaches from the top stays clear of the panel too.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const covered: string[] = [];
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press('Tab');
      const state = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const panelBox = document.querySelector('.journal-panel')!.getBoundingClientRect();
        if (!active || active === document.body || active.closest('.journal-panel')) return { done: active?.closest('.journal-panel') !== null, covered: null };
        const rect = active.getBoundingClientRect();
        const overlaps = rect.bottom > panelBox.top && rect.top < panelBox.bottom && rect.right > panelBox.left && rect.left < panelBox.right;
        return { done: active.hasAttribute('data-last-control'), covered: overlaps ? `${active.tagName} ${active.textContent.trim()}` : null };
      });
      if (state.covered !== null) covered.push(state.covered);
      if (state.done) break;
    }
    expect(covered).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['fr', '/actualites/?journal', 'Filtrer par catégorie', 'Journal de la session'],
    ['de', '/de/actualites/?journal', 'Nach Kategorie filtern', 'Sitzungsprotokoll'],
  ] as const)('keeps ?journal in the address in %s when a filter changes, and the panel with it', async (_language, path, filtersName, panelName) => {
    const { page, errors } = await open(path);
    await page.getByRole('article').first().waitFor();
    await page.getByRole('group', { name: filtersName }).getByRole('button').first().click();
    await page.waitForURL(/\?categorie=\d+&journal$/);
    await page.locator('.news__results[aria-busy="false"]').waitFor();
    await page.goBack();
    await page.waitForURL(/\/actualites\/\?journal$/);
    await page.reload();
    await page.getByRole('complementary', { name: panelName }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
