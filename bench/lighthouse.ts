import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Flags, Result } from 'lighthouse';
import { ensureChromium } from '../test/support/chromium';
import { resolveSitePages } from '../test/support/page-weight';
import { startSite } from '../test/support/site';
import { BUDGETS, type Budget, type Figure } from './figures';

// Lighthouse 12 on every page of the built site, mobile (its default preset: a mid-range phone
// on simulated slow 4G) and desktop, beside a static page with the site's header, footer and
// style sheet but no script, measured by the same server and browser in the same run.
const DIST = resolve(__dirname, '../dist');
const SRC = resolve(__dirname, '../src');
const PLAIN_PATH = '/bench/plain/';
const BASELINE_NAME = 'static page, no JS';
// Lighthouse advises the median of several runs; one keeps the whole benchmark near four minutes.
const RUNS = Math.max(1, Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 1));

type Preset = 'mobile' | 'desktop';
const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

interface Metric {
  readonly name: string;
  readonly unit: Figure['unit'];
  readonly read: (lhr: Result) => number | undefined;
}

const score = (category: string) => (lhr: Result) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? undefined : Math.round(value * 100);
};
const audit = (id: string) => (lhr: Result) => lhr.audits[id]?.numericValue;

const METRICS: readonly Metric[] = [
  { name: 'performance', unit: 'score', read: score('performance') },
  { name: 'accessibility', unit: 'score', read: score('accessibility') },
  { name: 'best-practices', unit: 'score', read: score('best-practices') },
  { name: 'LCP', unit: 'ms', read: audit('largest-contentful-paint') },
  { name: 'TBT', unit: 'ms', read: audit('total-blocking-time') },
  { name: 'CLS', unit: '', read: audit('cumulative-layout-shift') },
];

// The five mobile budgets, on every page; desktop figures are reported without one.
const BUDGET: Readonly<Record<string, Budget>> = {
  'mobile performance': { on: 'value', min: BUDGETS.lighthouseMobilePerformance },
  'mobile accessibility': { on: 'value', min: BUDGETS.lighthouseMobileAccessibility },
  'mobile LCP': { on: 'value', max: BUDGETS.lighthouseMobileLcpMs },
  'mobile TBT': { on: 'value', max: BUDGETS.lighthouseMobileTbtMs },
  'mobile CLS': { on: 'value', max: BUDGETS.lighthouseMobileCls },
};

/** The static page: the built site's stylesheet and icon, and the header and footer partials as written. */
const plainPage = (): string => {
  const built = readFileSync(join(DIST, 'index.html'), 'utf8');
  const head = [...built.matchAll(/<link rel="?(?:stylesheet|icon)"?[^>]*>/g)].map((match) => match[0]).join('');
  return readFileSync(join(__dirname, 'plain-page/index.html'), 'utf8')
    .replace('<!--HEAD-->', head)
    .replace('<!--HEADER-->', readFileSync(join(SRC, 'partials/header.html'), 'utf8'))
    .replace('<!--FOOTER-->', readFileSync(join(SRC, 'partials/footer.html'), 'utf8'));
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Measures Lighthouse 12, mobile and desktop, on every page and on the static baseline page (`npm run build` first). */
export const lighthouseFigures = async (): Promise<Figure[]> => {
  // Loaded here, not on import: Lighthouse is an ES module of some size the other benchmarks do not need.
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const html = plainPage();
  const site = await startSite((app) => {
    app.get(PLAIN_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
  });
  const chrome = await launch({
    chromePath: ensureChromium(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    logLevel: 'silent',
  });
  const flags: Flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'] };

  /** One Lighthouse run's figures by metric name; a run that fails (a blank trace, a timeout) is tried once more. */
  const runOnce = async (path: string, preset: Preset, attempt = 1): Promise<Map<string, number>> => {
    const result = await lighthouse(`${site.url}${path}`, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    const values = new Map<string, number>();
    for (const metric of METRICS) {
      const value = lhr === undefined ? undefined : metric.read(lhr);
      if (value !== undefined) values.set(metric.name, value);
    }
    if (lhr?.runtimeError === undefined && values.size === METRICS.length) return values;
    if (attempt < 2) return runOnce(path, preset, attempt + 1);
    throw new Error(`Lighthouse ${preset} on ${path} failed: ${lhr?.runtimeError?.message ?? 'some figures are missing'}`);
  };

  /** The median of each metric over the runs. */
  const measure = async (path: string, preset: Preset): Promise<Map<string, number>> => {
    const runs: Map<string, number>[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await runOnce(path, preset));
    return new Map(METRICS.map((metric) => [metric.name, median(runs.map((values) => values.get(metric.name)!))]));
  };

  const figures: Figure[] = [];
  try {
    // The section pages, `/en/annuaire/`, and the first contact, event and news item of the demo database.
    const pages = await resolveSitePages(site.url);
    for (const preset of PRESETS) {
      const baseline = await measure(PLAIN_PATH, preset);
      for (const page of pages) {
        const values = await measure(page.url, preset);
        for (const metric of METRICS) {
          const budget = BUDGET[`${preset} ${metric.name}`];
          figures.push({
            benchmark: 'Lighthouse 12',
            name: `${page.name} ${page.url}, ${preset}, ${metric.name}`,
            unit: metric.unit,
            value: values.get(metric.name)!,
            baseline: { name: BASELINE_NAME, value: baseline.get(metric.name)! },
            ...(budget === undefined ? {} : { budget }),
          });
        }
      }
    }
  } finally {
    chrome.kill();
    await site.close();
  }
  return figures;
};
