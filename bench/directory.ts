import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp } from '../server/http/app';
import { launchBrowser } from '../test/support/browser';
import { BUDGETS, percentile, type Figure } from './figures';
import { openLargeDatabase } from './large-database';

// The time from a key release in the directory's search box to the painted grid, on the
// large database, beside a plain-DOM page that renders the same cards from the same answer,
// in the same run and browser.
const DIST = resolve('dist');
const KEYSTROKES = Number(process.env['BENCH_KEYSTROKES'] ?? 50);
const WORDS = ['helene', 'favre', 'jean', 'rochat', 'python', 'marie', 'luc', 'zoe', 'perrin', 'anne'];

/** The texts after each key release: words typed letter by letter, then erased. */
const keystrokeTexts = (): string[] => {
  const texts: string[] = [];
  for (const word of WORDS) {
    for (let i = 1; i <= word.length; i += 1) texts.push(word.slice(0, i));
    for (let i = word.length - 1; i >= 0; i -= 1) texts.push(word.slice(0, i));
  }
  return texts.slice(0, KEYSTROKES);
};

// Runs in the page. Kept as text: tsx would wrap named functions in a helper the page lacks.
const IN_PAGE_KEYSTROKE = `(typed) => new Promise((resolveTime) => {
  const input = document.querySelector('input[type=search]');
  const results = document.querySelector('[aria-busy]');
  const path = typed === '' ? '/api/contacts/' : '/api/contacts/?title=' + encodeURIComponent(typed);
  const start = performance.now();
  const answered = () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(path) && entry.startTime >= start);
  // The value is set as the browser does, so React's change handler sees it too.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, typed);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true, key: typed.at(-1) ?? 'Backspace' }));
  const check = () => {
    if (answered() && results.getAttribute('aria-busy') === 'false') {
      // The frame after the DOM change is the one that paints it.
      requestAnimationFrame(() => setTimeout(() => resolveTime(performance.now() - start), 0));
    } else {
      setTimeout(check, 1);
    }
  };
  check();
})`;

/** Types one text as a key release and resolves with the milliseconds until the answer is painted. */
const keystrokeToPaint = (page: Page, text: string): Promise<number> => page.evaluate<number>(`(${IN_PAGE_KEYSTROKE})(${JSON.stringify(text)})`);

const measure = async (page: Page, url: string): Promise<number[]> => {
  await page.goto(url);
  // The widget's island wakes on intent: reached for, as a visitor does before typing.
  if ((await page.locator('[data-widget]').count()) > 0) {
    await page.locator('[data-widget]').dispatchEvent('pointerdown');
    await page.locator('[data-widget][data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  }
  await page.locator('[aria-busy="false"]').waitFor({ timeout: 60_000 });
  const times: number[] = [];
  for (const text of keystrokeTexts()) times.push(await keystrokeToPaint(page, text));
  return times;
};

/** Keystroke to painted grid of the directory widget, median and p95, beside the plain-DOM page of the same run. */
export const directoryKeystroke = async (): Promise<Figure[]> => {
  const { db, mediaDir } = await openLargeDatabase();
  const app = buildApp({ db, distDir: DIST, mediaDir });
  // The page's own style sheet (Parcel names it after the checkout's folder) and the directory's.
  const pageStyles = [...readFileSync(join(DIST, 'annuaire/index.html'), 'utf8').matchAll(/href="?\/([\w-]+\.[0-9a-f]+\.css)/g)].map((m) => m[1]!);
  const styles = [...pageStyles, ...readdirSync(DIST).filter((name) => /^directory-widget\.[0-9a-f]+\.css$/.test(name))]
    .map((name) => `<link rel="stylesheet" href="/${name}">`)
    .join('');
  const plainHtml = readFileSync(join(__dirname, 'plain-directory/index.html'), 'utf8').replace('<!--STYLES-->', styles);
  const plainJs = readFileSync(join(__dirname, 'plain-directory/plain-directory.js'), 'utf8');
  app.get('/bench/plain/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(plainHtml));
  app.get('/bench/plain/plain-directory.js', async (_request, reply) => reply.type('text/javascript').send(plainJs));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    // A first pass warms the database and the server for both pages alike.
    await measure(page, `${base}/bench/plain/`);
    const plain = await measure(page, `${base}/bench/plain/`);
    const widget = await measure(page, `${base}/annuaire/`);
    const benchmark = `directory keystroke to paint (${keystrokeTexts().length} key releases, large database)`;
    const figure = (p: number): Figure => ({
      benchmark,
      name: p === 50 ? 'median' : `p${p}`,
      unit: 'ms',
      value: Number(percentile(widget, p).toFixed(1)),
      baseline: { name: `plain DOM page, ${p === 50 ? 'median' : `p${p}`}`, value: Number(percentile(plain, p).toFixed(1)) },
    });
    return [{ ...figure(50), budget: { on: 'ratio', max: BUDGETS.keystrokeToPaintRatio } }, figure(95)];
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
};
