import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, watchedPage, openPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import { closeOpened } from '../support/close-opened';
import type { RunningSite } from '../support/site';

// The files the server serves: `TEST_DIST_DIR` when the browser tests run on a private build (test/support/site.ts).
const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const chf = (amount: number): string => new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF' }).format(amount);

const storedKeys = (page: Page): Promise<string[]> => page.evaluate(() => Object.keys(localStorage).sort());
const stored = (page: Page): Promise<unknown> =>
  page.evaluate(() => ({
    items: JSON.parse(localStorage.getItem('cartItems') ?? 'null') as unknown,
    shipping: JSON.parse(localStorage.getItem('shippingMethod') ?? 'null') as unknown,
  }));

const headerCart = (page: Page, count: string) => page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: `Panier (${count})` });

const openShop = async (page: Page): Promise<void> => {
  await openPage(page, `${site.url}/boutique/`);
  await page.getByRole('article').first().waitFor();
};

const openCart = async (page: Page): Promise<void> => {
  await openPage(page, `${site.url}/panier/`);
  await page.locator('[data-widget="cart"] > *').first().waitFor();
};

const addFromShop = async (page: Page, title: string): Promise<void> => {
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Ajouter au panier' }).click();
};

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const quantityOf = (page: Page, title: string) => page.getByRole('spinbutton', { name: `Quantité de ${title}` });

const CHATEAU = 'Histoire du Château';
const CONSTITUTION = 'Constitution cantonale (brochure)';

describe('the shop and the cart', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await watchedPage(browser));
    context = page.context();
  });

  afterAll(async () => {
    await closeOpened(context);
  });

  it('lists the publications and adds from the shop, announced, with the header count following', async () => {
    await openShop(page);
    await expect(page.getByRole('article').count()).resolves.toBe(8);
    await expect(page.getByRole('article', { name: CHATEAU }).textContent()).resolves.toContain(chf(12.5));
    await headerCart(page, 'aucun article').waitFor();
    await addFromShop(page, CHATEAU);
    await expect(page.getByRole('status').first().textContent()).resolves.toBe(`« ${CHATEAU} » ajouté au panier (1 exemplaire).`);
    await addFromShop(page, CHATEAU);
    await addFromShop(page, CONSTITUTION);
    await headerCart(page, '3 articles').waitFor();
    await expect(page.getByRole('status').first().textContent()).resolves.toBe(`« ${CONSTITUTION} » ajouté au panier (1 exemplaire).`);
    // The cart writes under the tabs' shared Web Lock, a moment after the change.
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[]).length === 2);
    await expect(storedKeys(page)).resolves.toEqual(['cartItems', 'shippingMethod']);
    await expect(stored(page)).resolves.toEqual({
      items: [
        { variant_id: '3', quantity: 2, price: 12.5, title: CHATEAU },
        { variant_id: '1', quantity: 1, price: 0.9, title: CONSTITUTION },
      ],
      shipping: 'post',
    });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the lines on the cart page and changes quantities with the stepper and by typing', async () => {
    await openCart(page);
    await expect(row(page, CHATEAU).getByRole('cell').allTextContents()).resolves.toEqual([chf(12.5), '−+', chf(25), 'Retirer']);
    await expect(quantityOf(page, CHATEAU).inputValue()).resolves.toBe('2');
    await expect(page.getByRole('region', { name: 'Récapitulatif' }).textContent()).resolves.toContain(chf(25.9));
    await expect(page.getByRole('button', { name: `Diminuer la quantité de ${CONSTITUTION}` }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: `Augmenter la quantité de ${CHATEAU}` }).click();
    await expect(quantityOf(page, CHATEAU).inputValue()).resolves.toBe('3');
    await headerCart(page, '4 articles').waitFor();
    // The new total is said politely, where a screen reader hears it without leaving the stepper.
    await page
      .getByRole('status')
      .filter({ hasText: `Nouveau total : ${chf(38.4)}.` })
      .waitFor();
    await page.getByRole('button', { name: `Diminuer la quantité de ${CHATEAU}` }).click();
    await expect(quantityOf(page, CHATEAU).inputValue()).resolves.toBe('2');

    await quantityOf(page, CONSTITUTION).fill('12');
    await headerCart(page, '14 articles').waitFor();
    await expect(row(page, CONSTITUTION).getByRole('cell').nth(2).textContent()).resolves.toBe(chf(10.8));
    // A quantity the cart refuses changes nothing, and the box shows the cart's again on leaving it.
    await quantityOf(page, CONSTITUTION).fill('0');
    await quantityOf(page, CONSTITUTION).blur();
    await expect(quantityOf(page, CONSTITUTION).inputValue()).resolves.toBe('12');
    await quantityOf(page, CONSTITUTION).fill('100');
    await quantityOf(page, CONSTITUTION).blur();
    await expect(quantityOf(page, CONSTITUTION).inputValue()).resolves.toBe('12');
    await expect(page.getByRole('region', { name: 'Récapitulatif' }).textContent()).resolves.toContain(chf(35.8));

    await page.getByRole('combobox', { name: "Mode d'envoi" }).selectOption({ label: 'Retrait au guichet' });
    await page
      .getByRole('status')
      .filter({ hasText: `Mode d'envoi : Retrait au guichet. Total : ${chf(35.8)}.` })
      .waitFor();
    // The cart writes under the tabs' shared Web Lock, a moment after the change.
    await page.waitForFunction(() => localStorage.getItem('shippingMethod') === '"counter"');
    await expect(stored(page)).resolves.toMatchObject({ shipping: 'counter' });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the cart across a reload', async () => {
    await page.reload();
    await row(page, CHATEAU).waitFor();
    await expect(quantityOf(page, CHATEAU).inputValue()).resolves.toBe('2');
    await expect(quantityOf(page, CONSTITUTION).inputValue()).resolves.toBe('12');
    await expect(page.getByRole('combobox', { name: "Mode d'envoi" }).inputValue()).resolves.toBe('counter');
    await headerCart(page, '14 articles').waitFor();
  });

  it('shows in a second tab the change made in the first', async () => {
    const other = await context.newPage();
    await openCart(other);
    await quantityOf(other, CHATEAU).waitFor();
    await page.getByRole('button', { name: `Augmenter la quantité de ${CHATEAU}` }).click();
    await headerCart(other, '15 articles').waitFor();
    await expect(quantityOf(other, CHATEAU).inputValue()).resolves.toBe('3');
    await other.getByRole('button', { name: `Retirer ${CONSTITUTION}` }).click();
    await headerCart(page, '3 articles').waitFor();
    await expect(row(page, CONSTITUTION).count()).resolves.toBe(0);
    await other.close();
  });

  it('takes the order id and added items from the host page', async () => {
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Commander le guide';
      Object.assign(button.dataset, { addToCart: '', variantId: '7', title: 'Guide des institutions pour les écoles', price: '3.50' });
      document.querySelector('main')!.append(button);
    });
    await page.getByRole('button', { name: 'Commander le guide' }).click();
    await row(page, 'Guide des institutions pour les écoles').waitFor();
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('cart:add', { detail: { variant_id: 7, title: 'Guide', price: 3.5 } })));
    await expect(quantityOf(page, 'Guide des institutions pour les écoles').inputValue()).resolves.toBe('2');
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('cart:set-order-id', { detail: { order_id: 'A-2026-0042' } })));
    await page.getByText('Numéro de commande').waitFor();
    await expect(page.getByRole('region', { name: 'Récapitulatif' }).textContent()).resolves.toContain('A-2026-0042');
    // The order id is not kept: only the lines and the shipping method are.
    await expect(storedKeys(page)).resolves.toEqual(['cartItems', 'shippingMethod']);
  });

  it('removes a line, then empties the cart and forgets it', async () => {
    await page.getByRole('button', { name: `Retirer ${CHATEAU}` }).click();
    await expect(row(page, CHATEAU).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await page.getByRole('dialog', { name: 'Vider le panier ?' }).getByRole('button', { name: 'Oui, vider le panier' }).click();
    await page.getByText('Votre panier est vide.').waitFor();
    await expect(page.getByRole('link', { name: 'Voir les publications de la boutique' }).getAttribute('href')).resolves.toBe('/boutique/');
    await headerCart(page, 'aucun article').waitFor();
    await expect(storedKeys(page)).resolves.toEqual([]);
    await page.reload();
    await page.getByText('Votre panier est vide.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the cart and what storage holds', () => {
  it('keeps the lines that decode and drops the rest, without an error', async () => {
    const { page, errors } = await watchedPage(browser);
    await openCart(page);
    await page.evaluate(() => {
      localStorage.setItem(
        'cartItems',
        JSON.stringify([{ variant_id: 2, quantity: 1, price: 45 }, { variant_id: 3, quantity: 0, price: 1 }, 'x', { variant_id: 2, quantity: 5, price: 1 }]),
      );
      localStorage.setItem('shippingMethod', '{not json');
    });
    await page.reload();
    await row(page, 'Article 2').waitFor();
    await expect(page.getByRole('row').count()).resolves.toBe(2);
    await expect(page.getByRole('combobox', { name: "Mode d'envoi" }).inputValue()).resolves.toBe('post');
    await page.evaluate(() => localStorage.setItem('cartItems', '[{"variant_id": 2, "quant'));
    await page.reload();
    await page.getByText('Votre panier est vide.').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('works in memory when storage refuses to write, and says so', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await openShop(page);
    await addFromShop(page, CHATEAU);
    await headerCart(page, '1 article').waitFor();
    await page.getByText("Ce navigateur n'enregistre pas le panier : il sera perdu en quittant la page.").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the cart on a page without a cart widget', () => {
  it('counts in the header and takes a host button, with no React loaded', async () => {
    const { page, errors } = await watchedPage(browser);
    // The names only: a body read after the reload below is gone, so the files are read from dist/.
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.add(new URL(response.url()).pathname);
    });
    await openPage(page, `${site.url}/`);
    await page.evaluate(() => localStorage.setItem('cartItems', JSON.stringify([{ variant_id: 5, quantity: 2, price: 25 }])));
    await page.reload();
    await headerCart(page, '2 articles').waitFor();
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Commander le rapport';
      Object.assign(button.dataset, { addToCart: '', variantId: '5', price: '25' });
      document.querySelector('main')!.append(button);
    });
    await page.getByRole('button', { name: 'Commander le rapport' }).click();
    await headerCart(page, '3 articles').waitFor();
    // The count follows the cart at once; its write to storage waits for the site-wide lock, a moment later.
    await page.waitForFunction(() => localStorage.getItem('shippingMethod') !== null);
    await expect(stored(page)).resolves.toEqual({ items: [{ variant_id: '5', quantity: 3, price: 25 }], shipping: 'post' });
    expect(scripts.size).toBeGreaterThan(0);
    for (const script of scripts) expect(readFileSync(join(DIST, script), 'utf8')).not.toContain('react.transitional.element');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the cart in English', () => {
  it('follows the language switch, prices included', async () => {
    const { page } = await watchedPage(browser);
    await openShop(page);
    await addFromShop(page, CHATEAU);
    // The cart's write waits for the site-wide lock: the cart page opened before it landed would be empty.
    await page.waitForFunction(() => localStorage.getItem('cartItems') !== null);
    await openCart(page);
    await page.getByRole('link', { name: 'EN – English' }).click();
    await page.waitForURL(/\/en\/panier\/$/);
    await page.getByRole('columnheader', { name: 'Unit price' }).waitFor();
    await expect(row(page, CHATEAU).getByRole('cell').first().textContent()).resolves.toBe(
      new Intl.NumberFormat('en-CH', { style: 'currency', currency: 'CHF' }).format(12.5),
    );
    await expect(page.getByRole('button', { name: `Remove ${CHATEAU}` }).isVisible()).resolves.toBe(true);
    // The publication's title is the shop's French content, read with French rules on an English page.
    await expect(page.getByRole('rowheader', { name: CHATEAU }).getAttribute('lang')).resolves.toBe('fr');
    await headerCart(page, '1 item')
      .or(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Cart (1 item)' }))
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

/** What the visitor's actions are called and said in a language of the page. */
const WORDS = {
  fr: {
    path: '/panier/',
    heading: 'Panier',
    decrease: (title: string) => `Diminuer la quantité de ${title}`,
    remove: (title: string) => `Retirer ${title}`,
    removed: (title: string) => `« ${title} » retiré du panier.`,
    emptyCart: 'Vider le panier',
    question: 'Vider le panier ?',
    confirm: 'Oui, vider le panier',
    emptied: 'Le panier a été vidé.',
    order: 'Commander',
    how: 'Pour commander, envoyez votre panier par e-mail',
    subject: 'Commande de publications',
    line: (title: string, quantity: number, unit: string, total: string) => `- ${title} : ${quantity} × ${unit} = ${total}`,
    total: (amount: string) => `Total : ${amount}`,
    shipping: "Mode d'envoi : Envoi postal",
    summary: 'Récapitulatif',
  },
  de: {
    path: '/de/panier/',
    heading: 'Warenkorb',
    decrease: (title: string) => `Menge von ${title} verringern`,
    remove: (title: string) => `${title} entfernen`,
    removed: (title: string) => `«${title}» aus dem Warenkorb entfernt.`,
    emptyCart: 'Warenkorb leeren',
    question: 'Warenkorb leeren?',
    confirm: 'Ja, Warenkorb leeren',
    emptied: 'Der Warenkorb wurde geleert.',
    order: 'Bestellen',
    how: 'Zum Bestellen senden Sie Ihren Warenkorb per E-Mail',
    subject: 'Bestellung von Publikationen',
    line: (title: string, quantity: number, unit: string, total: string) => `- ${title}: ${quantity} × ${unit} = ${total}`,
    total: (amount: string) => `Total: ${amount}`,
    shipping: 'Versandart: Postversand',
    summary: 'Zusammenfassung',
  },
} as const;

const CARTE = 'Carte topographique du canton';

describe.each([
  ['fr', 1366],
  ['de', 375],
  ['de', 1366],
  ['fr', 375],
] as const)('the cart page in %s at %i px: focus, what is said, and the order', (language, width) => {
  const words = WORDS[language];
  let page: Page;
  let errors: string[];
  // Three lines, the castle's at 1: "−" at its limit, and a line before and after it.
  const lines = [
    { variant_id: '1', quantity: 2, price: 0.9, title: CONSTITUTION },
    { variant_id: '3', quantity: 1, price: 12.5, title: CHATEAU },
    { variant_id: '4', quantity: 3, price: 19.9, title: CARTE },
  ];

  beforeAll(async () => {
    ({ page, errors } = await watchedPage(browser));
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, `${site.url}${words.path}`);
    await page.evaluate((stored) => localStorage.setItem('cartItems', JSON.stringify(stored)), lines);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-widget="cart"]')?.hasAttribute('data-ready'));
    await row(page, CARTE).waitFor();
  });

  afterAll(async () => {
    await closeOpened(page.context());
  });

  const focusedName = (): Promise<string> =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element === null || element === document.body
        ? '<body>'
        : `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent.trim()}`;
    });

  it('says nothing of prices on a plain visit, and offers to order by e-mail with the whole cart in it', async () => {
    // The demo shop's prices are those the lines were added at: nothing to say.
    const said = await page.getByRole('status').allTextContents();
    expect(said.map((text) => text.trim()).filter((text) => text !== '')).toEqual([]);
    const summary = page.getByRole('region', { name: words.summary });
    await expect(summary.getByText(words.how).count()).resolves.toBe(1);
    const href = (await summary.getByRole('link', { name: words.order, exact: true }).getAttribute('href')) ?? '';
    const [to, query = ''] = href.replace(/^mailto:/, '').split('?');
    expect(to).toBe('publications@valmont.example');
    const fields = Object.fromEntries(query.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]));
    expect(fields['subject']).toBe(words.subject);
    const body = (fields['body'] ?? '').split('\r\n');
    // Each line as the cart shows it: its title, quantity, unit price and line total, written as in its cells.
    for (const line of lines) {
      const [unit, , total] = await row(page, line.title).getByRole('cell').allTextContents();
      expect(body).toContain(words.line(line.title, line.quantity, unit ?? '', total ?? ''));
    }
    const shownTotal = (await summary.getByRole('definition').allTextContents())[1] ?? '';
    expect(body).toContain(words.total(shownTotal));
    expect(body).toContain(words.shipping);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the focus on "−" at 1, where it does nothing', async () => {
    const decrease = page.getByRole('button', { name: words.decrease(CHATEAU), exact: true });
    await expect(decrease.getAttribute('aria-disabled')).resolves.toBe('true');
    // Playwright waits for an enabled button: the click is forced, as a person's click is not kept waiting; the keyboard presses it too.
    await decrease.click({ force: true });
    await expect(focusedName()).resolves.toBe(`button:${words.decrease(CHATEAU)}`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(focusedName()).resolves.toBe(`button:${words.decrease(CHATEAU)}`);
    await expect(page.getByRole('spinbutton').nth(1).inputValue()).resolves.toBe('1');
  });

  it('after "Retirer", says what was removed and gives the focus to the next line, or the previous one for the last', async () => {
    await page.getByRole('button', { name: words.remove(CHATEAU), exact: true }).click();
    await expect(row(page, CHATEAU).count()).resolves.toBe(0);
    await expect(focusedName()).resolves.toBe(`button:${words.decrease(CARTE)}`);
    await page
      .getByRole('status')
      .filter({ hasText: words.removed(CHATEAU) })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: words.remove(CARTE), exact: true }).click();
    await expect(focusedName()).resolves.toBe(`button:${words.decrease(CONSTITUTION)}`);
    await page
      .getByRole('status')
      .filter({ hasText: words.removed(CARTE) })
      .waitFor({ state: 'attached' });
  });

  it('asks before emptying: Escape keeps the cart and gives the focus back to the button', async () => {
    await page.getByRole('button', { name: words.emptyCart, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.question, exact: true });
    await dialog.waitFor();
    await expect(page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(focusedName()).resolves.toBe(`button:${words.emptyCart}`);
    await expect(row(page, CONSTITUTION).count()).resolves.toBe(1);
  });

  it('empties once confirmed, says so, and gives the focus to the cart’s heading', async () => {
    await page.getByRole('button', { name: words.emptyCart, exact: true }).click();
    await page.getByRole('dialog', { name: words.question, exact: true }).getByRole('button', { name: words.confirm, exact: true }).click();
    await expect(row(page, CONSTITUTION).count()).resolves.toBe(0);
    await expect(focusedName()).resolves.toBe(`h1:${words.heading}`);
    await page.getByRole('status').filter({ hasText: words.emptied }).waitFor({ state: 'attached' });
    await expect(page.getByRole('link', { name: words.order, exact: true }).count()).resolves.toBe(0);
    await expect(storedKeys(page)).resolves.toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a line added just before leaving the page', () => {
  it.each([
    ['alone', false],
    ['while another tab holds the cart’s lock', true],
  ])('is in storage on the next page when the visitor adds and leaves in the same moment, %s', async (_case, contended) => {
    const { page, errors } = await watchedPage(browser);
    await openShop(page);
    await addFromShop(page, CHATEAU);
    await headerCart(page, '1 article').waitFor();
    await page.waitForFunction(() => localStorage.getItem('cartItems') !== null);
    if (contended) {
      // Another tab of the site in the middle of its own change: the lock comes to this one only later.
      const other = await page.context().newPage();
      await openPage(other, `${site.url}/`);
      await other.evaluate(
        () =>
          new Promise<void>((granted) => {
            void navigator.locks.request('cart', () => {
              granted();
              return new Promise((release) => setTimeout(release, 5_000));
            });
          }),
      );
    }
    // The shop is awake: the press and the departure happen in one task.
    await page
      .getByRole('article', { name: CONSTITUTION })
      .getByRole('button', { name: 'Ajouter au panier' })
      .evaluate((button) => {
        (button as HTMLButtonElement).click();
        window.location.assign('/panier/');
      });
    await page.waitForURL(`${site.url}/panier/`);
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown)).resolves.toEqual([
      { variant_id: '3', quantity: 1, price: 12.5, title: CHATEAU },
      { variant_id: '1', quantity: 1, price: 0.9, title: CONSTITUTION },
    ]);
    await expect(quantityOf(page, CONSTITUTION).inputValue()).resolves.toBe('1');
    await headerCart(page, '2 articles').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
