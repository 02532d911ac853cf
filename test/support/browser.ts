import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

/** Launches headless Chromium with the flags this project needs. */
export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });

/** A page that records every console error and uncaught exception, to assert a clean load; `javaScriptEnabled: false` as a visitor without script. */
export const watchedPage = async (
  browser: Browser,
  { javaScriptEnabled = true }: { readonly javaScriptEnabled?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> => {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
};

/**
 * Opens a page of the site, reaches for every widget (each island wakes on the visitor's
 * intent) and waits until every widget's script runs on it: the tests of a widget's behaviour
 * start from awake widgets; test/e2e/islands.test.ts covers what happens before.
 */
export const openPage = async (page: Page, url: string): Promise<void> => {
  await page.goto(url);
  await wakeIslands(page);
};

/** A pointer down in every widget container not yet woken, as a visitor reaching for each (an island wakes on it). */
export const reachForIslands = async (page: Page): Promise<void> => {
  await page.evaluate(() => {
    for (const container of document.querySelectorAll('[data-widget]:not([data-ready])'))
      container.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  });
};

/** Wakes every island of the page (src/views/islands/islands.ts) and waits until each widget's script has taken over its container. */
export const wakeIslands = async (page: Page): Promise<void> => {
  await reachForIslands(page);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((container) => container.hasAttribute('data-ready')));
};

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  readonly id: string;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/** Runs axe-core (WCAG 2.1 A and AA rules) on the page and gives its violations, readable. */
export const axeViolations = async (page: Page): Promise<string[]> => {
  // Evaluated through DevTools rather than a <script> tag, which the site's CSP rightly refuses.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
};
