import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { launchBrowser } from '../test/support/browser';
import { measurePageWeight, resolveSitePages, type PageWeight } from '../test/support/page-weight';
import { startSite } from '../test/support/site';
import { BUDGETS, pageJsBeforeActingBudget, type Figure } from './figures';

const DIST = resolve(__dirname, '../dist');
// Packages listed a script; the rest is summed as "other", so a line stays readable.
const TOP_PACKAGES = 6;

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

/** The package a source of a map belongs to: `react-dom`, `@formatjs/intl`, `src/views`, or the bundler's own code. */
const packageOf = (source: string | null): string => {
  if (source === null) return '(unmapped)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (module) return module[1]!;
  // Parcel names its own code (module registry, export getters) `<anon>`, which source-map reads as `.`.
  if (source === '<anon>' || source === '.') return '(Parcel module glue)';
  const own = /^(?:\.\.\/)*src\/([^/]+)/.exec(source);
  return own ? `src/${own[1]}` : source;
};

/**
 * The share of a built script's characters each package accounts for, by its source map: each
 * mapping owns the characters up to the next mapping of the line. Gzip compresses each part
 * differently, so gzip bytes by package are this share of the file's gzip size: an estimate.
 */
const packageShares = (script: string): Map<string, number> => {
  const shares = new Map<string, number>();
  const mapFile = join(DIST, `${script}.map`);
  const code = readFileSync(join(DIST, script), 'utf8');
  const lines = code.split('\n');
  const add = (name: string, chars: number): void => {
    if (chars > 0) shares.set(name, (shares.get(name) ?? 0) + chars);
  };
  if (!existsSync(mapFile)) {
    add('(no source map)', code.length);
  } else {
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap);
    let line = 1;
    let column = 0;
    let owner = '(unmapped)';
    // Mappings come in generated order; characters before the first mapping of a line stay unmapped.
    const advanceTo = (toLine: number, toColumn: number): void => {
      while (line < toLine) {
        add(owner, (lines[line - 1]?.length ?? 0) - column + 1);
        line += 1;
        column = 0;
        owner = '(unmapped)';
      }
      add(owner, toColumn - column);
      column = toColumn;
    };
    consumer.eachMapping((mapping) => {
      advanceTo(mapping.generatedLine, mapping.generatedColumn);
      owner = packageOf(mapping.source);
    });
    advanceTo(lines.length, lines[lines.length - 1]?.length ?? 0);
  }
  const total = [...shares.values()].reduce((sum, chars) => sum + chars, 0);
  return new Map([...shares].map(([name, chars]) => [name, chars / total]));
};

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Each script's gzip size and its heaviest packages, then the page's heaviest packages over all its scripts. */
const breakdown = (name: string, weight: PageWeight): string => {
  const byPackage = new Map<string, number>();
  const scriptLines = weight.scripts.map((script) => {
    const gzip = statSync(join(DIST, `${script}.gz`)).size;
    const parts = [...packageShares(script)].map(([pkg, share]) => [pkg, share * gzip] as const).sort((a, b) => b[1] - a[1]);
    for (const [pkg, bytes] of parts) byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
    const shown = parts.slice(0, TOP_PACKAGES).map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`);
    const rest = parts.slice(TOP_PACKAGES).reduce((sum, [, bytes]) => sum + bytes, 0);
    const late = weight.scriptsBeforeReady.includes(script) ? '' : ' (after hydration)';
    return `    ${script}${late}: ${kb(gzip)} gzip — ${[...shown, ...(rest > 0 ? [`other ${kb(rest)}`] : [])].join(', ')}`;
  });
  const heaviest = [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`);
  return [
    `  ${name} (${weight.path}): ${kb(weight.js.gzip)} JS gzip in ${weight.scripts.length} files`,
    ...scriptLines,
    `    heaviest: ${heaviest.join(', ')}`,
  ].join('\n');
};

/** The JS and CSS every page loads until it has settled after hydration, against the bare React 19 page of the same bundler. */
export const pageWeights = async (): Promise<Figure[]> => {
  const floor = reactFloor();
  const site = await startSite();
  const browser = await launchBrowser();
  try {
    const figures: Figure[] = [];
    const benchmark = 'JS and CSS a page loads before any interaction and once every island woke, until the network is idle 2 s (as served, precompressed)';
    const floorGzip = { name: 'React 19 + ReactDOM alone', value: floor.gzip / 1024 };
    const reports: string[] = [];
    for (const { name, path, url } of await resolveSitePages(site.url)) {
      const reading = await measurePageWeight(browser, site.url, url, DIST, 'before-interaction');
      const weight = await measurePageWeight(browser, site.url, url, DIST, 'awake');
      const before = weight.scripts.filter((script) => weight.scriptsBeforeReady.includes(script));
      const beforeGzip = before.reduce((sum, script) => sum + statSync(join(DIST, `${script}.gz`)).size, 0);
      reports.push(breakdown(`${name} ${path} before any interaction`, reading), breakdown(`${name} ${path} with every island woken`, weight));
      const beforeActing = pageJsBeforeActingBudget(path);
      const prefetchedGzip = reading.prefetched.reduce((sum, script) => sum + statSync(join(DIST, `${script}.gz`)).size, 0);
      figures.push(
        {
          benchmark,
          name: `${name}: JS gzip run or preloaded before any interaction (${reading.scripts.length} files)`,
          unit: 'KB',
          value: reading.js.gzip / 1024,
          baseline: floorGzip,
          // The cart's island wakes with the page: the awake budget holds it.
          ...(beforeActing === null ? {} : { budget: { on: 'value' as const, max: beforeActing / 1024 } }),
        },
        {
          benchmark,
          name: `${name}: JS gzip prefetched while idle, not run (${reading.prefetched.length} files)`,
          unit: 'KB',
          value: prefetchedGzip / 1024,
          baseline: null,
        },
        {
          benchmark,
          name: `${name}: JS gzip with every island woken (${weight.scripts.length} files)`,
          unit: 'KB',
          value: weight.js.gzip / 1024,
          baseline: floorGzip,
          budget: { on: 'value', max: BUDGETS.pageJsAwakeGzipBytes / 1024 },
        },
        { benchmark, name: `${name}: JS gzip when hydrated (${before.length} files)`, unit: 'KB', value: beforeGzip / 1024, baseline: floorGzip },
        {
          benchmark,
          name: `${name}: JS brotli`,
          unit: 'KB',
          value: weight.js.brotli / 1024,
          baseline: { name: 'React 19 + ReactDOM alone', value: floor.brotli / 1024 },
        },
        { benchmark, name: `${name}: CSS gzip`, unit: 'KB', value: weight.css.gzip / 1024, baseline: null },
        { benchmark, name: `${name}: CSS brotli`, unit: 'KB', value: weight.css.brotli / 1024, baseline: null },
      );
    }
    console.log(`  What weighs (gzip by source map; a package's share of a file's characters times the file's gzip size):\n${reports.join('\n')}`);
    return figures;
  } finally {
    await browser.close();
    await site.close();
  }
};
