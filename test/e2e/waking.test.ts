import type { Browser, Locator, Page } from 'playwright-core';
import { openForSuite } from '../support/browser-suite';
import { watchedPage } from '../support/browser';
import type { RunningSite } from '../support/site';

// The rule of waking (docs/architecture.md, "Islands"): the first act on a fresh page gives what
// the same act gives once the widget is awake: the same effect, once per act, the same focus, the
// same announcement. Each control below is acted on by pointer, by keyboard and twice in quick
// succession, on a page whose widget code is held back until the act is done (a slow network) and
// on a page whose widget is awake; what a visitor then sees must be the same.

jest.setTimeout(120_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

/** What a visitor perceives after an act: where they are, where focus is, what was said, and the widget's own outcome. */
interface Perceived {
  readonly address: string;
  readonly sameDocument: boolean;
  readonly focus: string;
  readonly said: readonly string[];
  readonly outcome: unknown;
}

interface Control {
  readonly name: string;
  readonly path: string;
  readonly widget: string;
  /** The control, found as a visitor finds it. */
  readonly control: (page: Page) => Locator;
  /** The key that acts on it once focused. */
  readonly key: 'Enter' | 'Space';
  /** The widget's own outcome, read as a visitor reads it. */
  readonly outcome: (page: Page) => Promise<unknown>;
  /** What the visitor does next, once the act has settled (a dialog's Escape). */
  readonly then?: (page: Page) => Promise<void>;
  /** A control that cannot be acted on twice (a dialog covers it once open) is tried by pointer and keyboard only. */
  readonly once?: boolean;
}

const main = (page: Page): Locator => page.getByRole('main');

const pressedButtons = (page: Page): Promise<string[]> =>
  main(page)
    .locator('button[aria-pressed="true"]')
    .evaluateAll((buttons) => buttons.map((button) => button.textContent.trim()));

const cardTitles = (page: Page): Promise<string[]> =>
  main(page)
    .locator('.contact-card h3')
    .evaluateAll((titles) => titles.map((title) => title.textContent.trim()));

const CONTROLS: readonly Control[] = [
  {
    name: 'the shop’s « Ajouter au panier »',
    path: '/boutique/',
    widget: 'shop',
    control: (page) => main(page).getByRole('button', { name: 'Ajouter au panier' }).nth(1),
    key: 'Space',
    outcome: async (page) => ({
      stored: await page.evaluate(() => localStorage.getItem('cartItems')),
      header: await page
        .getByRole('banner')
        .getByRole('link', { name: /Panier/ })
        .innerText(),
    }),
  },
  {
    name: 'a contact card’s « Détails de … »',
    path: '/annuaire/',
    widget: 'directory',
    control: (page) =>
      main(page)
        .getByRole('link', { name: /^Détails de / })
        .first(),
    key: 'Enter',
    once: true,
    outcome: async (page) => ({
      dialog: await page.getByRole('dialog').count(),
      focusInDialog: await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    }),
  },
  {
    name: 'a contact card’s « Détails de … », then Escape',
    path: '/annuaire/',
    widget: 'directory',
    control: (page) =>
      main(page)
        .getByRole('link', { name: /^Détails de / })
        .first(),
    key: 'Enter',
    once: true,
    outcome: (page) => page.getByRole('dialog').count(),
    then: (page) => page.keyboard.press('Escape'),
  },
  {
    name: 'a letter of the directory’s A–Z',
    path: '/annuaire/',
    widget: 'directory',
    control: (page) => main(page).getByRole('navigation').getByRole('link', { name: /^B\b/ }),
    key: 'Enter',
    outcome: cardTitles,
  },
  {
    name: 'the directory’s « Afficher plus »',
    path: '/annuaire/',
    widget: 'directory',
    control: (page) => main(page).getByRole('link', { name: 'Afficher plus' }),
    key: 'Enter',
    outcome: async (page) => (await cardTitles(page)).length,
  },
  {
    name: 'an agenda type button',
    path: '/agenda/',
    widget: 'agenda',
    control: (page) => main(page).getByRole('button', { name: 'Commission', exact: true }),
    key: 'Space',
    outcome: pressedButtons,
  },
  {
    name: 'an agenda period button',
    path: '/agenda/',
    widget: 'agenda',
    control: (page) => main(page).getByRole('button', { name: 'Ce mois', exact: true }),
    key: 'Enter',
    outcome: pressedButtons,
  },
  {
    name: 'the agenda’s « Événements passés »',
    path: '/agenda/',
    widget: 'agenda',
    control: (page) => main(page).getByRole('link', { name: 'Événements passés' }),
    key: 'Enter',
    outcome: (page) => main(page).locator('.agenda-event').count(),
  },
  {
    name: 'a news category chip',
    path: '/actualites/',
    widget: 'news',
    control: (page) => main(page).getByRole('button', { name: 'Politique', exact: true }),
    key: 'Space',
    outcome: pressedButtons,
  },
  {
    name: 'the news’ « Afficher plus »',
    path: '/actualites/',
    widget: 'news',
    control: (page) => main(page).getByRole('link', { name: 'Afficher plus' }),
    key: 'Enter',
    outcome: (page) => main(page).locator('article').count(),
  },
];

type Manner = 'pointer' | 'keyboard' | 'twice';

const act = async (page: Page, control: Control, manner: Manner): Promise<void> => {
  const target = control.control(page);
  if (manner === 'keyboard') {
    await target.focus();
    await page.keyboard.press(control.key);
  } else if (manner === 'pointer') {
    await target.click();
  } else {
    // Two acts in quick succession: the second as soon as the first's answer is in (on a fresh page at once, its code still held back).
    await target.click();
    await page.waitForFunction((widget) => document.querySelector(`[data-widget="${widget}"] [aria-busy="true"]`) === null, control.widget);
    await target.click();
  }
};

const container = (page: Page, widget: string): Locator => page.locator(`[data-widget="${widget}"]`);

// Settled: the widget awake and idle (no busy island, no request under way), its last render done.
const settle = async (page: Page, widget: string): Promise<void> => {
  await page.waitForLoadState('load');
  await container(page, widget).and(page.locator('[data-ready]:not([aria-busy])')).waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
};

const perceive = async (page: Page, control: Control): Promise<Perceived> => {
  const url = new URL(page.url());
  return {
    address: `${url.pathname}${url.search}`,
    sameDocument: await page.evaluate(() => (window as unknown as { marker?: number }).marker === 1),
    focus: await page.evaluate(() => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body) return 'body';
      return `${focused.tagName.toLowerCase()} ${focused.getAttribute('role') ?? ''} ${(focused.getAttribute('aria-label') ?? focused.textContent).trim().slice(0, 40)}`;
    }),
    said: await main(page)
      .locator('[role="status"], [aria-live="polite"], [role="alert"]')
      .evaluateAll((regions) => regions.map((region) => region.textContent.trim()).filter((text) => text !== '')),
    outcome: await control.outcome(page),
  };
};

/** The same act on a fresh page, its widget's code held back until the act is done. */
const onFreshPage = async (control: Control, manner: Manner): Promise<{ before: Perceived; after: Perceived; errors: string[] }> => {
  const { page, errors } = await watchedPage(browser);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`${control.widget}-widget\\.[0-9a-f]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${site.url}${control.path}`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const before = await perceive(page, control);
  await act(page, control, manner);
  expect(await container(page, control.widget).getAttribute('data-ready')).toBeNull();
  release();
  await settle(page, control.widget);
  if (control.then) {
    await control.then(page);
    await settle(page, control.widget);
  }
  const after = await perceive(page, control);
  await page.context().close();
  return { before, after, errors };
};

/** The same act on a page whose widget woke first. */
const onAwakePage = async (control: Control, manner: Manner): Promise<Perceived> => {
  const { page } = await watchedPage(browser);
  await page.goto(`${site.url}${control.path}`);
  await container(page, control.widget).dispatchEvent('pointerdown');
  await settle(page, control.widget);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await act(page, control, manner);
  await settle(page, control.widget);
  if (control.then) {
    await control.then(page);
    await settle(page, control.widget);
  }
  const after = await perceive(page, control);
  await page.context().close();
  return after;
};

describe.each(CONTROLS)('$name', (control) => {
  it.each<Manner>(control.once === true ? ['pointer', 'keyboard'] : ['pointer', 'keyboard', 'twice'])(
    'acted on by %s on a fresh page gives what it gives on an awake page',
    async (manner) => {
      const fresh = await onFreshPage(control, manner);
      const awake = await onAwakePage(control, manner);
      // The act did something a visitor sees, and the same on both pages.
      expect(fresh.after).not.toEqual(fresh.before);
      expect(fresh.after).toEqual(awake);
      expect(fresh.errors).toEqual([]);
    },
  );
});
