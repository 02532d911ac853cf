import { JSDOM } from 'jsdom';
import type { Page } from 'playwright-core';
import { scriptApi, type ScriptedApi } from './scripted-api';

/** The page a script opens: a page of the site whose widget starts bare, as on a content system's page. */
export interface BarePage {
  /** The site's address of the page (`/annuaire/`). */
  readonly path: string;
  /**
   * The site's address whose page is served at `path`, when `path` is one the live site need not
   * hold (a permalink of the model's fixtures): the widget reads `path` from the address bar.
   */
  readonly markupOf?: string;
  /** The `data-widget` of the container under test. */
  readonly widget: string;
  /** The `data-widget` of the container in `markupOf`'s page that becomes `widget` (the news list's, for an article). */
  readonly replaces?: string;
  /** Where the visitor looks (a CSS selector), when it is not the container: the header's search form. */
  readonly seenIn?: string;
  /** Attributes set on the container (the model's input: `data-page-size`, …). */
  readonly attributes?: Readonly<Record<string, string>>;
  /** The day the browser's clock says, as `YYYY-MM-DDTHH:mm:ss` in the page's time zone, when the model fixes one. */
  readonly now?: string;
  /**
   * The container keeps the server's markup (its embedded answers still go), and the page's
   * scripts wait for the step that releases them (`await api.release()`): the page as it shows
   * before its script runs, which is a state of the model (the cart being read).
   */
  readonly rendered?: boolean;
  /** What `localStorage` holds before the page's scripts run. */
  readonly storage?: Readonly<Record<string, string>>;
  /**
   * The origin the page is opened at, when the model names one (the feed addresses it writes):
   * every request to it is served by the live site.
   */
  readonly origin?: string;
  /**
   * `scripted`: the clipboard's writes wait until a step settles them, as the API's calls do:
   * `await page.evaluate('scriptedClipboard.settle(true)')` (taken) or `(false)` (refused).
   */
  readonly clipboard?: 'scripted';
}

/**
 * The browser's clipboard, played by the script: each write waits for `settle`. Source text, not a
 * function: a runner that compiles the scripts with esbuild (tsx) would name its inner functions
 * with a helper the page does not have.
 */
const SCRIPTED_CLIPBOARD = `{
  const waiting = [];
  const writeText = () => new Promise((resolve, reject) => {
    waiting.push((taken) => (taken ? resolve() : reject(new DOMException('Write permission denied.', 'NotAllowedError'))));
  });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  Object.defineProperty(window, 'scriptedClipboard', {
    value: {
      settle(taken) {
        const next = waiting.shift();
        if (next === undefined) throw new Error('No copy is waiting for the clipboard.');
        next(taken);
      },
    },
  });
}`;

/**
 * The site's page as a content system would carry the widget: its container emptied, the answers
 * the server embedded for it removed, its attributes set; so the widget asks the API from the
 * browser, where the script plays the API's part.
 */
export const bareMarkup = (html: string, bare: BarePage): string => {
  const dom = new JSDOM(html);
  const { document } = dom.window;
  const from = bare.replaces ?? bare.widget;
  const container = document.querySelector(`[data-widget="${from}"]`);
  if (container === null) throw new Error(`The page ${bare.markupOf ?? bare.path} has no container data-widget="${from}".`);
  if (bare.rendered !== true) container.replaceChildren();
  container.setAttribute('data-widget', bare.widget);
  container.removeAttribute('data-ready');
  for (const [name, value] of Object.entries(bare.attributes ?? {})) container.setAttribute(name, value);
  for (const block of document.querySelectorAll('script[data-widget-answers]')) block.remove();
  return dom.serialize();
};

/** Opens `bare` on the site at `site` in `page`, the API answering as the script says. */
export const openBare = async (page: Page, site: string, bare: BarePage): Promise<ScriptedApi> => {
  const address = new URL(bare.path, bare.origin ?? site).href;
  if (bare.origin !== undefined) {
    const origin = new URL(bare.origin).origin;
    await page.route(
      (url) => url.origin === origin,
      async (route) => {
        const url = new URL(route.request().url());
        const response = await route.fetch({ url: new URL(`${url.pathname}${url.search}`, site).href });
        await route.fulfill({ response });
      },
    );
  }
  if (bare.clipboard === 'scripted') await page.addInitScript({ content: SCRIPTED_CLIPBOARD });
  if (bare.now !== undefined) await page.clock.setFixedTime(bare.now);
  if (bare.storage !== undefined) {
    // Once a page, before its scripts: a reload (or history) keeps what the page itself stored.
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('scripted-storage') !== null) return;
      sessionStorage.setItem('scripted-storage', '1');
      for (const [name, value] of entries) localStorage.setItem(name, value);
    }, Object.entries(bare.storage));
  }
  await page.route(
    (url) => url.href === address,
    async (route) => {
      const response = await route.fetch({ url: new URL(bare.markupOf ?? bare.path, site).href });
      // The body is handed on decoded: the headers of its encoding and length no longer hold.
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length', 'etag'].includes(name)));
      await route.fulfill({ status: response.status(), headers, body: bareMarkup(await response.text(), bare) });
    },
  );
  const api = await scriptApi(page, bare.rendered === true);
  if (bare.rendered === true) {
    // The page does not finish loading while its scripts are held: its markup is what there is to see.
    await page.goto(address, { waitUntil: 'commit' });
    await page.locator(`[data-widget="${bare.widget}"]`).waitFor({ state: 'attached' });
  } else {
    await page.goto(address);
    // The widget's island wakes on the visitor's intent: a pointer down in it, as a visitor reaching for it.
    await page.locator(`[data-widget="${bare.widget}"]`).dispatchEvent('pointerdown');
    await page.locator(`[data-widget="${bare.widget}"][data-ready]`).waitFor();
  }
  return api;
};
