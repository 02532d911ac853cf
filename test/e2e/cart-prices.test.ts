import type { Browser, Page } from 'playwright-core';
import type { CartItem } from '../../src/domain/cart';
import { ShopItemList, type ShopItem } from '../../src/domain/shop';
import { axeViolations, launchBrowser, openPage, watchedPage } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { decodeOrThrow } from '../support/demo-expectations';
import { startSite, type RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
let shop: ShopItem[];

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  shop = decodeOrThrow(ShopItemList, await (await fetch(`${site.url}/api/shop/items/`)).json());
});

afterAll(async () => {
  await closeOpened(browser, site);
});

// Amounts as the page writes them: in the language's Swiss locale (fr-CH, en-CH).
const money = (language: string, amount: number): string => new Intl.NumberFormat(`${language}-CH`, { style: 'currency', currency: 'CHF' }).format(amount);
const chf = (amount: number): string => money('fr', amount);
// Playwright's text reads the (narrow) no-break spaces of Intl as they are; compare with them folded.
const fold = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
const cents = (price: number): number => Math.round(price * 100);

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const headerCart = (page: Page, count: string) => page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: `Panier (${count})` });
const storedItems = (page: Page): Promise<unknown> => page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? 'null') as unknown);

describe('the cart tells the truth about prices', () => {
  it('says which line changed price and which is gone, totals today’s prices of the available lines, and removes the gone one', async () => {
    const [kept, risen] = shop;
    if (kept === undefined || risen === undefined) throw new Error('the demo shop sells fewer than two publications');
    const goneId = String(Math.max(...shop.map((item) => Number(item.variant_id))) + 1000);
    expect(shop.some((item) => item.variant_id === goneId)).toBe(false);
    const GONE = 'Annuaire statistique 2019';
    // A cart kept from an earlier visit: one line at today's price, one added when it cost 3 francs less, one no longer sold.
    const lines: CartItem[] = [
      { variant_id: kept.variant_id, quantity: 2, price: kept.price, title: kept.title },
      { variant_id: risen.variant_id, quantity: 3, price: (cents(risen.price) + 300) / 100, title: risen.title },
      { variant_id: goneId, quantity: 4, price: 30, title: GONE },
    ];
    const outdated = lines[1]!.price;

    const { page, errors } = await watchedPage(browser);
    const shopCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) shopCalls.push(request.url());
    });
    await openPage(page, `${site.url}/panier/`);
    await page.evaluate((items) => localStorage.setItem('cartItems', JSON.stringify(items)), lines);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-widget="cart"]')?.hasAttribute('data-ready'));
    await row(page, GONE).waitFor();

    await expect(row(page, kept.title).getByRole('cell').allTextContents()).resolves.toEqual([chf(kept.price), '−+', chf(2 * kept.price), 'Retirer']);
    const risenCells = (await row(page, risen.title).getByRole('cell').allTextContents()).map(fold);
    expect(risenCells).toEqual([fold(`Prix modifié : ${chf(outdated)} → ${chf(risen.price)}`), '−+', fold(chf((3 * cents(risen.price)) / 100)), 'Retirer']);
    await expect(row(page, GONE).getByRole('cell').allTextContents()).resolves.toEqual(["Cet article n'est plus disponible", '4', 'Hors total', 'Retirer']);
    await expect(row(page, GONE).getByRole('spinbutton').count()).resolves.toBe(0);

    // Each change said in a sentence of its own, in the polite region.
    const priceNews = page.getByRole('status').filter({ hasText: 'Le prix' });
    await expect(
      priceNews
        .locator('p')
        .allTextContents()
        .then((texts) => texts.map(fold)),
    ).resolves.toEqual([
      fold(`Le prix de « ${risen.title} » est passé de ${chf(outdated)} à ${chf(risen.price)}.`),
      `« ${GONE} » n'est plus disponible : il n'est pas compté dans le total.`,
    ]);
    const summary = page.getByRole('region', { name: 'Récapitulatif' });
    const total = (2 * cents(kept.price) + 3 * cents(risen.price)) / 100;
    await expect(summary.getByRole('definition').allTextContents()).resolves.toEqual(['5 articles', chf(total)]);
    // The header counts what the browser keeps, gone line included, until the visitor removes it.
    await headerCart(page, '9 articles').waitFor();
    // The check changes nothing in storage: the lines keep the prices they were added at.
    await expect(storedItems(page)).resolves.toEqual(lines);
    // The shop's prices came with the page: no call of the browser's own.
    expect(shopCalls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // The same in the page's other language, money formatted in it.
    await page.evaluate(() => document.querySelector('[data-widget="cart"]')!.setAttribute('lang', 'en'));
    await row(page, GONE).getByText('This item is no longer available').waitFor();
    await expect(row(page, risen.title).getByRole('cell').first().textContent().then(fold)).resolves.toBe(
      fold(`Price changed: ${money('en', outdated)} → ${money('en', risen.price)}`),
    );
    await page.evaluate(() => document.querySelector('[data-widget="cart"]')!.setAttribute('lang', 'fr'));

    await page.getByRole('button', { name: `Retirer ${GONE}` }).click();
    await expect(row(page, GONE).count()).resolves.toBe(0);
    await expect(
      priceNews
        .locator('p')
        .allTextContents()
        .then((texts) => texts.map(fold)),
    ).resolves.toEqual([fold(`Le prix de « ${risen.title} » est passé de ${chf(outdated)} à ${chf(risen.price)}.`)]);
    await page
      .getByRole('status')
      .filter({ hasText: `« ${GONE} » retiré du panier.` })
      .waitFor({ state: 'attached' });
    await expect(summary.getByRole('definition').allTextContents()).resolves.toEqual(['5 articles', chf(total)]);
    await headerCart(page, '5 articles').waitFor();
    // The removal is written to storage under the cart's lock: it may land a moment after the page says it.
    await page.waitForFunction((count) => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[]).length === count, 2);
    await expect(storedItems(page)).resolves.toEqual(lines.slice(0, 2));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says nothing of prices when nothing changed: no sentence at every visit', async () => {
    const [item] = shop;
    if (item === undefined) throw new Error('the demo shop sells nothing');
    const { page, errors } = await watchedPage(browser);
    await openPage(page, `${site.url}/panier/`);
    await page.evaluate(
      (stored) => localStorage.setItem('cartItems', JSON.stringify(stored)),
      [{ variant_id: item.variant_id, quantity: 1, price: item.price, title: item.title }],
    );
    await page.reload();
    await row(page, item.title).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-widget="cart"]')?.hasAttribute('data-ready'));
    await expect(page.getByText('Les prix sont à jour.').count()).resolves.toBe(0);
    await expect(
      page
        .getByRole('status')
        .allTextContents()
        .then((texts) => texts.map(fold).filter((text) => text !== '')),
    ).resolves.toEqual([]);
    await expect(row(page, item.title).getByRole('cell').first().textContent()).resolves.toBe(chf(item.price));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
