import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import { closeOpened } from '../support/close-opened';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const ADDITIONS = 50;

/** Adds `count` items through the host page's `cart:add` event, one every 1 to 5 ms, over four products. */
const addQuickly = (page: Page, count: number): Promise<void> =>
  page.evaluate(async (n) => {
    for (let i = 0; i < n; i += 1) {
      const id = String(1 + (i % 4));
      document.dispatchEvent(new CustomEvent('cart:add', { detail: { variant_id: id, title: `Publication ${id}`, price: 2.5 } }));
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 5)));
    }
  }, count);

const storedQuantity = (page: Page): Promise<number> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { quantity: number }[]).reduce((sum, line) => sum + line.quantity, 0));

const headerCart = (page: Page, count: string) => page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: `Panier (${count})` });

describe('the cart across two tabs', () => {
  let context: BrowserContext;
  let errors: string[];

  beforeAll(async () => {
    context = await browser.newContext();
    errors = [];
    context.on('weberror', (error) => errors.push(error.error().message));
  });

  afterAll(async () => {
    await closeOpened(context);
  });

  it('counts every addition when two tabs add 50 items each within milliseconds of each other', async () => {
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    for (const page of [first, second]) {
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
    }
    await Promise.all([first, second].map((page) => openPage(page, `${site.url}/boutique/`)));
    await headerCart(first, 'aucun article').waitFor();

    await Promise.all([addQuickly(first, ADDITIONS), addQuickly(second, ADDITIONS)]);

    // Both tabs, and storage, end with all 100: none wrote its own stale list over the other's.
    // Storage is awaited first, so that a loss fails with the count rather than a time-out.
    await first
      .waitForFunction(
        (expected) => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { quantity: number }[]).reduce((sum, line) => sum + line.quantity, 0) === expected,
        2 * ADDITIONS,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    await expect(storedQuantity(first)).resolves.toBe(2 * ADDITIONS);
    await headerCart(first, '100 articles').waitFor({ timeout: 10_000 });
    await headerCart(second, '100 articles').waitFor({ timeout: 10_000 });
    await expect(storedQuantity(first)).resolves.toBe(2 * ADDITIONS);
    await expect(storedQuantity(second)).resolves.toBe(2 * ADDITIONS);
    expect(errors).toEqual([]);
  });
});
