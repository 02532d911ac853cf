import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

/** The site's pages, by path, with a short name for tables. */
export const SITE_PAGES = [
  { name: 'accueil', path: '/' },
  { name: 'agenda', path: '/agenda/' },
  { name: 'annuaire', path: '/annuaire/' },
  { name: 'actualités', path: '/actualites/' },
  { name: 'boutique', path: '/boutique/' },
  { name: 'panier', path: '/panier/' },
] as const;

/** Bytes of one kind of asset, as served: plain, gzip and brotli (the precompressed copies in dist/). */
export interface Bytes {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

/** What a page loads before it is usable: its scripts and style sheets, file by file and summed. */
export interface PageWeight {
  readonly path: string;
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
  readonly js: Bytes;
  readonly css: Bytes;
}

declare global {
  interface Window {
    /** `performance.now()` when the page's widget first showed its content, set by the watch below. */
    __usableAt?: number;
  }
}

// Added before any page script: notes the moment the widget has content and nothing busy in it,
// which is when a visitor can use the page. Chunks asked for later (on idle, on a click) don't count.
const WATCH_USABLE = `(() => {
  const usable = () => {
    const widget = document.querySelector('[data-widget]');
    return widget !== null && widget.childElementCount > 0 && widget.querySelector('[aria-busy="true"]') === null;
  };
  const check = () => {
    if (window.__usableAt === undefined && usable()) window.__usableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  document.addEventListener('DOMContentLoaded', check);
})();`;

const sum = (distDir: string, names: readonly string[]): Bytes => {
  const size = (name: string): number => statSync(join(distDir, name)).size;
  return names.reduce<Bytes>(
    (total, name) => ({
      raw: total.raw + size(name),
      gzip: total.gzip + size(`${name}.gz`),
      brotli: total.brotli + size(`${name}.br`),
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
};

/** Loads a page of the built site in Chromium and gives the scripts and styles it needed to become usable. */
export const measurePageWeight = async (browser: Browser, baseUrl: string, path: string, distDir: string): Promise<PageWeight> => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_USABLE);
    await page.goto(`${baseUrl}${path}`);
    await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 30_000 });
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= (window.__usableAt ?? 0))
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin)
        .map((url) => url.pathname.slice(1)),
    );
    const scripts = [...new Set(loaded.filter((name) => name.endsWith('.js')))].sort();
    const styles = [...new Set(loaded.filter((name) => name.endsWith('.css')))].sort();
    return { path, scripts, styles, js: sum(distDir, scripts), css: sum(distDir, styles) };
  } finally {
    await context.close();
  }
};
