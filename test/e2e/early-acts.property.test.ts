import fc from 'fast-check';
import type { Browser, Locator, Page } from 'playwright-core';
import { openForSuite } from '../support/browser-suite';
import { watchedPage } from '../support/browser';
import { browserRuns } from '../support/fuzz-runs';
import type { RunningSite } from '../support/site';

// Any sequence of early acts on a fresh page ends where the same acts end on an awake page: each
// widget's buttons pressed in random order, all before its code arrives, against the same presses
// on a widget awake from the start (each meeting the answer of the one before, as a visitor's does).

jest.setTimeout(600_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

interface Widget {
  readonly name: string;
  readonly path: string;
  /** The buttons a visitor presses, by accessible name. */
  readonly buttons: readonly string[];
  /** What the visitor sees of the outcome. */
  readonly outcome: (page: Page) => Promise<unknown>;
}

const main = (page: Page): Locator => page.getByRole('main');

const pressed = (page: Page): Promise<string[]> =>
  main(page)
    .locator('button[aria-pressed="true"]')
    .evaluateAll((buttons) => buttons.map((button) => button.textContent.trim()));

const WIDGETS: readonly Widget[] = [
  { name: 'news', path: '/actualites/', buttons: ['Politique', 'Économie', 'Santé'], outcome: pressed },
  { name: 'agenda', path: '/agenda/', buttons: ['Commission', 'Conférence', 'Ce mois', 'Cette semaine'], outcome: pressed },
  {
    name: 'shop',
    path: '/boutique/',
    buttons: ['Ajouter au panier'],
    outcome: (page) => page.evaluate(() => localStorage.getItem('cartItems')),
  },
];

/** The n-th press: a button by name (the shop's n-th « Ajouter au panier » by its place). */
interface Press {
  readonly name: string;
  readonly place: number;
}

const button = (page: Page, press: Press): Locator => main(page).getByRole('button', { name: press.name, exact: true }).nth(press.place);

const idle = (page: Page, widget: string): Promise<unknown> =>
  page.waitForFunction((name) => document.querySelector(`[data-widget="${name}"] [aria-busy="true"]`) === null, widget);

const settled = async (page: Page, widget: string): Promise<{ address: string; outcome: unknown }> => {
  await page.locator(`[data-widget="${widget}"][data-ready]:not([aria-busy])`).waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await idle(page, widget);
  await page.waitForTimeout(300);
  const url = new URL(page.url());
  return { address: `${url.pathname}${url.search}`, outcome: await WIDGETS.find(({ name }) => name === widget)!.outcome(page) };
};

const awakeOutcome = async (widget: Widget, presses: readonly Press[]): Promise<unknown> => {
  const { page } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}${widget.path}`);
    await page.locator(`[data-widget="${widget.name}"]`).dispatchEvent('pointerdown');
    await page.locator(`[data-widget="${widget.name}"][data-ready]:not([aria-busy])`).waitFor({ state: 'attached' });
    for (const press of presses) {
      await button(page, press).click();
      await idle(page, widget.name);
    }
    return await settled(page, widget.name);
  } finally {
    await page.context().close();
  }
};

// What the fresh page saw, for a failure to tell: each click as it reached the window (the visitor's,
// then the replayed ones) and each write of the stored cart, with its time from the page's start.
const traceClicksAndCart = (): void => {
  const trace: string[] = [];
  Object.assign(window, { earlyActsTrace: trace });
  const at = (): string => `${Math.round(performance.now())} ms`;
  const nameOf = (target: EventTarget | null): string => {
    if (!(target instanceof Element)) return '?';
    const card = target.closest('[aria-labelledby]');
    const title = card === null ? null : document.getElementById(card.getAttribute('aria-labelledby') ?? '');
    return `${target.textContent.trim()}${title === null ? '' : ` (${title.textContent.trim()})`}`;
  };
  window.addEventListener('click', (event) => trace.push(`${at()} ${event.isTrusted ? 'pressed' : 'replayed'}: ${nameOf(event.target)}`), true);
  const setItem = Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem')?.value as (this: Storage, key: string, value: string) => void;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string): void {
    if (key === 'cartItems') trace.push(`${at()} stored: ${value}`);
    setItem.call(this, key, value);
  };
};

const freshOutcome = async (widget: Widget, presses: readonly Press[]): Promise<{ outcome: unknown; errors: readonly string[]; trace: readonly string[] }> => {
  const { page, errors } = await watchedPage(browser);
  try {
    await page.addInitScript(traceClicksAndCart);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`${widget.name}-widget\\.[0-9a-f]+\\.js$`), async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site.url}${widget.path}`);
    for (const press of presses) await button(page, press).click();
    release();
    const outcome = await settled(page, widget.name);
    const trace = await page.evaluate(() => (window as unknown as { earlyActsTrace?: string[] }).earlyActsTrace ?? []);
    return { outcome, errors, trace };
  } finally {
    await page.context().close();
  }
};

describe.each(WIDGETS)('the $name widget', (widget) => {
  it('ends any sequence of presses made before its code arrived where the same presses end awake', async () => {
    const press: fc.Arbitrary<Press> = fc.record({ name: fc.constantFrom(...widget.buttons), place: fc.integer({ min: 0, max: widget.name === 'shop' ? 2 : 0 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(press, { minLength: 1, maxLength: 5 }), async (presses) => {
        const fresh = await freshOutcome(widget, presses);
        expect(fresh.errors).toEqual([]);
        const awake = await awakeOutcome(widget, presses);
        // A difference is logged with what the fresh page saw, so that a rare one can be read afterwards.
        if (JSON.stringify(fresh.outcome) !== JSON.stringify(awake)) console.log(`the fresh page's clicks and stored carts:\n${fresh.trace.join('\n')}`);
        expect(fresh.outcome).toEqual(awake);
      }),
      { numRuns: browserRuns(2) },
    );
  });
});
