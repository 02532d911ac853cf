import type { Browser, Page } from 'playwright-core';
import { openForSuite } from '../support/browser-suite';
import { watchedPage } from '../support/browser';
import type { RunningSite } from '../support/site';

// An island whose code fails gives its page back to its HTML (docs/architecture.md, "Islands"): it
// stops holding the visitor's acts, drops `aria-busy`, lets what it held go on as the HTML does it,
// and the page says once, politely, that it works in its simple form. Each widget is tried with its
// code refused by the network and with a render that throws once the code has run.

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

type Failure = 'refused' | 'throws';

/**
 * Opens a page whose widget's code fails: refused by the network, or served with one of its view's
 * class names replaced by an expression that throws, so that the widget throws while it renders.
 * `altered` says whether the view's code was found and broken.
 */
const failingPage = async (
  path: string,
  widget: string,
  failure: Failure,
  thrownAt: string,
  storedCart?: string,
): Promise<{ page: Page; altered: () => boolean }> => {
  const { page } = await watchedPage(browser);
  if (storedCart !== undefined) await page.addInitScript((items) => localStorage.setItem('cartItems', items), storedCart);
  let altered = false;
  const chunk = new RegExp(`/${widget}-widget\\.[0-9a-f]+\\.js$`);
  await page.route(/\.js$/, async (route) => {
    if (failure === 'refused') {
      if (chunk.test(route.request().url())) await route.abort('connectionrefused');
      else await route.continue();
      return;
    }
    // A prefetch while the browser is idle fetches the code without running it: only what runs is broken.
    if (route.request().resourceType() !== 'script') {
      await route.continue();
      return;
    }
    const response = await route.fetch();
    const code = await response.text();
    const broken = code.replace(new RegExp(`(["'])${thrownAt}\\1`), '(()=>{throw new Error("the view throws")})()');
    altered ||= broken !== code;
    await route.fulfill({ response, body: broken });
  });
  await page.goto(`${site.url}${path}`);
  return { page, altered: () => failure === 'refused' || altered };
};

const container = (page: Page, widget: string) => page.locator(`[data-widget="${widget}"]`);

// The island has given up: not busy, not ready, and the page's notice said once.
const expectGivenBack = async (page: Page, widget: string, notice: RegExp): Promise<void> => {
  const status = page.getByRole('status').filter({ hasText: notice });
  await status.waitFor();
  await expect(status.count()).resolves.toBe(1);
  await expect(container(page, widget).getAttribute('aria-busy')).resolves.toBeNull();
  await expect(container(page, widget).getAttribute('data-ready')).resolves.toBeNull();
};

const SIMPLE_FORM = /fonctionne sous sa forme simple/;

describe.each<Failure>(['refused', 'throws'])('a widget whose code %s', (failure) => {
  it('directory: the typed name stays, the notice is said once, and Enter asks the server', async () => {
    const { page, altered } = await failingPage('/annuaire/', 'directory', failure, 'directory__summary');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Rechercher un nom' });
    await box.click();
    await box.pressSequentially('mar', { delay: 20 });
    await expectGivenBack(page, 'directory', SIMPLE_FORM);
    await expect(box.inputValue()).resolves.toBe('mar');
    // Reaching again for the widget neither wakes it again nor says the notice twice.
    await page.getByRole('main').getByRole('searchbox', { name: 'Rechercher un nom' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]q=mar/);
    await expect(page.locator('.contact-card').count()).resolves.toBeGreaterThan(0);
    expect(altered()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('directory: a letter pressed while the code failed is followed to the server’s page', async () => {
    const { page, altered } = await failingPage('/annuaire/', 'directory', failure, 'directory__summary');
    await page.getByRole('main').getByRole('navigation').getByRole('link', { name: /^B\b/ }).click();
    await page.waitForURL(/[?&]lettre=B/);
    expect(altered()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('agenda: a type button pressed while the code failed submits its form to the server', async () => {
    const { page, altered } = await failingPage('/agenda/', 'agenda', failure, 'agenda-event__when');
    await page.getByRole('main').getByRole('button', { name: 'Commission', exact: true }).click();
    await page.waitForURL((url) => url.search !== '');
    await expect(page.getByRole('main').getByRole('button', { name: 'Commission', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(altered()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('news: a category pressed while the code failed goes to the server, and the page says so once', async () => {
    const { page, altered } = await failingPage('/actualites/', 'news', failure, 'news-filters__options');
    await page.getByRole('main').getByRole('heading', { level: 2 }).first().click();
    await expectGivenBack(page, 'news', SIMPLE_FORM);
    await page.getByRole('main').getByRole('button', { name: 'Politique', exact: true }).click();
    await page.waitForURL(/categorie=/);
    expect(altered()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('shop: « Ajouter au panier » says that the cart could not load instead of doing nothing', async () => {
    const { page, altered } = await failingPage('/boutique/', 'shop', failure, 'shop-items');
    await page.getByRole('main').getByRole('button', { name: 'Ajouter au panier' }).first().click();
    await expectGivenBack(page, 'shop', /Le panier n'a pas pu se charger/);
    await expect(page.evaluate(() => localStorage.getItem('cartItems'))).resolves.toBeNull();
    expect(altered()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('cart: the page says that the cart could not load', async () => {
    // A cart with a line, so that its view draws its summary.
    const { page, altered } = await failingPage(
      '/panier/',
      'cart',
      failure,
      'cart-summary',
      JSON.stringify([{ variant_id: '1', quantity: 2, price: 0.9, title: 'Constitution cantonale (brochure)' }]),
    );
    await expectGivenBack(page, 'cart', /Le panier n'a pas pu se charger/);
    expect(altered()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });
});
