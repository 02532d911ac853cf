import type { Browser, Page } from 'playwright-core';
import { watchedPage, wakeIslands } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import { settle } from '../support/page-watch';
import type { RunningSite } from '../support/site';

// WCAG 2.4.3 and 2.4.11 (issue 41): a page that shows a modal dialog keeps focus in it from the
// first Tab, script or not. Behind the contact's dialog, the header, the page's heading, the
// directory's filters, letters and cards and the footer are inert; the dialog alone is not. Each
// act is a keyboard user's: Tab after Tab, reading where focus went.

jest.setTimeout(120_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

const PERMALINK = '/annuaire/andre-aebischer/';
const CONTACT = 'André Aebischer';
// A wide screen, where the panel covers part of the list, and a phone's, where it covers the filters.
const WIDTHS = [1366, 375] as const;
// More than two rounds of the dialog's four stops (« Fermer », the e-mail, the phone, the vCard).
const PRESSES = 10;

/**
 * Where focus is, as a keyboard user finds it: a stop in the dialog, a stop behind it, or none on
 * the page (after the last stop, the browser's own controls have it, and the next Tab comes back).
 */
const focusStop = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body) return 'browser';
    const name = (focused.getAttribute('aria-label') ?? focused.textContent).replace(/\s+/g, ' ').trim().slice(0, 40);
    const where = focused.closest('[role="dialog"]') === null ? 'behind' : 'dialog';
    return `${where}: ${focused.tagName.toLowerCase()} ${name}`;
  });

/** The stops of `presses` Tabs (Shift+Tab when `backwards`). */
const tabStops = async (page: Page, presses: number, backwards = false): Promise<string[]> => {
  const stops: string[] = [];
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    stops.push(await focusStop(page));
  }
  return stops;
};

/** The stops behind the dialog among `stops`: none may be there. */
const behind = (stops: readonly string[]): string[] => stops.filter((stop) => stop.startsWith('behind'));

const openFresh = async (width: number, options: { javaScriptEnabled?: boolean; holdWidget?: boolean } = {}) => {
  const watched = await watchedPage(browser, { javaScriptEnabled: options.javaScriptEnabled ?? true });
  // The widget's code held back as on a slow network: the page as the server drew it, before it wakes.
  if (options.holdWidget === true) await watched.page.route(/directory-widget\.[0-9a-f]+\.js$/, () => undefined);
  await watched.page.setViewportSize({ width, height: 800 });
  await watched.page.goto(`${site.url}${PERMALINK}`);
  return watched;
};

describe.each(WIDTHS)("a contact's own page at %i px", (width) => {
  it('before its widget wakes: the first Tab lands on the dialog’s « Fermer », and Tab after Tab stays in the dialog', async () => {
    const { page, errors } = await openFresh(width, { holdWidget: true });
    const stops = await tabStops(page, PRESSES);
    expect(stops[0]).toBe('dialog: a Fermer');
    expect(behind(stops)).toEqual([]);
    // Round after round: the dialog's stops come again after the browser's own controls.
    expect(stops.filter((stop) => stop === 'dialog: a Fermer').length).toBeGreaterThanOrEqual(2);
    expect(behind(await tabStops(page, PRESSES, true))).toEqual([]);
    await expect(page.locator('[data-widget="directory"]').getAttribute('data-ready')).resolves.toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript: the first Tab lands on the dialog’s « Fermer », a link back to the list, and Tab stays in the dialog', async () => {
    const { page, errors } = await openFresh(width, { javaScriptEnabled: false });
    const stops = await tabStops(page, PRESSES);
    expect(stops[0]).toBe('dialog: a Fermer');
    expect(behind(stops)).toEqual([]);
    expect(stops.filter((stop) => stop === 'dialog: a Fermer').length).toBeGreaterThanOrEqual(2);
    expect(behind(await tabStops(page, PRESSES, true))).toEqual([]);
    await expect(page.getByRole('dialog', { name: CONTACT }).getByRole('link', { name: 'Fermer' }).getAttribute('href')).resolves.toBe('/annuaire/');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('woken by the first Tab: focus stays where that Tab put it, Tab and Shift+Tab go round the dialog, Escape gives the page back', async () => {
    const { page, errors } = await openFresh(width);
    await expect(tabStops(page, 1)).resolves.toEqual(['dialog: a Fermer']);
    await wakeIslands(page);
    await settle(page);
    // Waking moved nothing: focus is still where the visitor's Tab put it.
    await expect(focusStop(page)).resolves.toBe('dialog: a Fermer');
    // Awake, the dialog holds Tab itself: round and round, the browser's controls aside.
    const stops = await tabStops(page, PRESSES);
    expect(stops.filter((stop) => !stop.startsWith('dialog'))).toEqual([]);
    expect(stops.filter((stop) => stop === 'dialog: a Fermer').length).toBeGreaterThanOrEqual(2);
    expect((await tabStops(page, PRESSES, true)).filter((stop) => !stop.startsWith('dialog'))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The contact's card takes focus, and nothing of the page is inert any more: Tab goes on from the card.
    await expect(focusStop(page)).resolves.toBe(`behind: a ${CONTACT}`);
    await expect(page.locator('[inert]').count()).resolves.toBe(0);
    await expect(tabStops(page, 1).then(behind)).resolves.toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(WIDTHS)('the directory at %i px', (width) => {
  it('a click on a card’s « Détails de … »: the dialog has focus, Tab stays in it; Escape closes it, focus back on the card’s control and the list live again', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.url}/annuaire/`);
    await wakeIslands(page);
    const card = page.getByRole('article').filter({ hasText: CONTACT });
    const more = card.getByRole('link', { name: `Détails de ${CONTACT}` });
    await more.click();
    const dialog = page.getByRole('dialog', { name: CONTACT });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    const stops = await tabStops(page, PRESSES);
    expect(stops.filter((stop) => !stop.startsWith('dialog'))).toEqual([]);
    expect((await tabStops(page, PRESSES, true)).filter((stop) => !stop.startsWith('dialog'))).toEqual([]);
    // Behind it, the filters and the cards are out of reach; the dialog itself is not.
    await expect(page.getByRole('searchbox', { name: 'Rechercher un nom' }).evaluate((box) => box.closest('[inert]') !== null)).resolves.toBe(true);
    await expect(dialog.evaluate((element) => element.closest('[inert]') === null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(more.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await expect(page.locator('[inert]').count()).resolves.toBe(0);
    // Tab goes on along the list: the next card's name.
    await expect(tabStops(page, 1).then(behind)).resolves.toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Escape pressed while the dialog’s code is still on its way closes what the click opened: the list’s address, focus on the card’s control', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.setViewportSize({ width, height: 800 });
    // The dialog's chunk held back as on a slow network: the click has opened the contact, its dialog is not drawn yet.
    await page.route(/contact-details-content\.[0-9a-f]+\.js$/, () => undefined);
    await page.goto(`${site.url}/annuaire/`);
    await wakeIslands(page);
    const more = page
      .getByRole('article')
      .filter({ hasText: CONTACT })
      .getByRole('link', { name: `Détails de ${CONTACT}` });
    await more.click();
    await page.waitForURL(`**${PERMALINK}`);
    await page.keyboard.press('Escape');
    await page.waitForURL(`${site.url}/annuaire/`);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(more.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await expect(page.locator('[inert]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
