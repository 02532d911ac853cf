import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../test/support/browser';
import { measurePageWeight, SITE_PAGES } from '../test/support/page-weight';
import { startSite } from '../test/support/site';
import { BUDGETS, type Figure } from './figures';

const DIST = resolve(__dirname, '../dist');

/** Builds a page that renders one paragraph with React 19, with Parcel, and gives its JS bytes gzip and brotli. */
const reactFloor = (): { gzip: number; brotli: number } => {
  const work = mkdtempSync(join(tmpdir(), 'react-floor-'));
  try {
    execFileSync(
      resolve(__dirname, '../node_modules/.bin/parcel'),
      ['build', 'bench/react-floor/index.html', '--dist-dir', join(work, 'dist'), '--cache-dir', join(work, 'cache'), '--no-autoinstall', '--log-level', 'error'],
      { cwd: resolve(__dirname, '..'), stdio: 'inherit' },
    );
    const scripts = readdirSync(join(work, 'dist')).filter((name) => name.endsWith('.js'));
    const size = (suffix: string): number => scripts.reduce((total, name) => total + statSync(join(work, 'dist', `${name}${suffix}`)).size, 0);
    return { gzip: size('.gz'), brotli: size('.br') };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

/** The JS and CSS every page loads before it is usable, against the bare React 19 page of the same bundler. */
export const pageWeights = async (): Promise<Figure[]> => {
  const floor = reactFloor();
  const site = await startSite();
  const browser = await launchBrowser();
  try {
    const figures: Figure[] = [];
    const benchmark = 'JS and CSS a page loads before it is usable (as served, precompressed)';
    for (const { name, path } of SITE_PAGES) {
      const weight = await measurePageWeight(browser, site.url, path, DIST);
      const kb = (bytes: number): number => bytes / 1024;
      figures.push(
        {
          benchmark,
          name: `${name}: JS gzip (${weight.scripts.length} files)`,
          unit: 'KB',
          value: kb(weight.js.gzip),
          baseline: { name: 'React 19 + ReactDOM alone', value: kb(floor.gzip) },
          // The goal of bench/budgets.json, not the ceilings `npm test` holds the pages to.
          budget: { on: 'value', max: kb(BUDGETS.pageJsGzipBytes) },
        },
        { benchmark, name: `${name}: JS brotli`, unit: 'KB', value: kb(weight.js.brotli), baseline: { name: 'React 19 + ReactDOM alone', value: kb(floor.brotli) } },
        { benchmark, name: `${name}: CSS gzip`, unit: 'KB', value: kb(weight.css.gzip), baseline: null },
        { benchmark, name: `${name}: CSS brotli`, unit: 'KB', value: kb(weight.css.brotli), baseline: null },
      );
    }
    return figures;
  } finally {
    await browser.close();
    await site.close();
  }
};
