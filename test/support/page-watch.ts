import type { Browser, Page } from 'playwright-core';
import { collapse, embeddedPaths, parseHtml } from './rendered-pages';

/** A page that records console errors, uncaught exceptions (React's hydration errors among them) and every API call it makes. */
export interface RecordedPage {
  readonly page: Page;
  readonly errors: string[];
  /** Path and query of each request to an `/api/` path, in the order sent. */
  readonly apiCalls: string[];
}

/** Opens a fresh context (with or without script) whose page records errors and API calls. */
export const recordedPage = async (browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<RecordedPage> => {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true });
  const page = await context.newPage();
  const errors: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
  });
  return { page, errors, apiCalls };
};

/** What the server answered for a page, before any script ran: its parsed document and the API paths it embeds. */
export interface ServerAnswer {
  readonly status: number;
  readonly document: Document;
  readonly embedded: readonly string[];
}

/** Fetches a page as a crawler would (no script), parsed. */
export const serverAnswer = async (url: string): Promise<ServerAnswer> => {
  const response = await fetch(url, { redirect: 'manual' });
  const document = parseHtml(await response.text(), url);
  return { status: response.status, document, embedded: embeddedPaths(document) };
};

/** What a reader compares before and after hydration: the cards' or items' names in order, or the widget's whole text. */
export type NameKind = 'directory' | 'agenda' | 'news' | 'shop' | 'text';

// The element of each name, and the attribute that holds it ('' for its text).
const SELECTORS: Readonly<Record<NameKind, readonly [string, string]>> = {
  directory: ['main [data-widget] article h3', ''],
  agenda: ['main [data-widget] article h4', ''],
  news: ['main [data-widget] article[data-news-id]', 'data-news-id'],
  shop: ['main [data-widget] article h2', ''],
  text: ['main [data-widget]', ''],
};

/** The names in the server's document. */
export const serverNames = (document: Document, kind: NameKind): string[] => {
  const [selector, attribute] = SELECTORS[kind];
  return Array.from(document.querySelectorAll(selector), (node) => collapse(attribute === '' ? node.textContent : node.getAttribute(attribute)));
};

/** The names the browser shows now, read the same way in the page. */
export const browserNames = (page: Page, kind: NameKind): Promise<string[]> =>
  page.evaluate(
    ([selector, attribute]) =>
      Array.from(document.querySelectorAll(selector), (node) =>
        (attribute === '' ? node.textContent : (node.getAttribute(attribute) ?? '')).replace(/\s+/g, ' ').trim(),
      ),
    SELECTORS[kind],
  );

/** Lets the page settle: the load event, no request for a while, then a short idle for React's commits. */
export const settle = async (page: Page): Promise<void> => {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
};

/** The API paths called more than once, or called although the page already held their answer. */
export const needlessCalls = (apiCalls: readonly string[], embedded: readonly string[]): { repeated: string[]; embedded: string[] } => ({
  repeated: [...new Set(apiCalls.filter((call, index) => apiCalls.indexOf(call) !== index))],
  embedded: apiCalls.filter((call) => embedded.includes(call)),
});
