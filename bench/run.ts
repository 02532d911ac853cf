import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { agendaGrouping } from './agenda';
import { agendaCsvFigures } from './agenda-csv';
import { apiThroughput } from './api';
import { cartEvents } from './cart';
import { contentWrites } from './content-writes';
import { directoryKeystroke } from './directory';
import { edgeCache } from './edge-cache';
import { feeds } from './feeds';
import { ratio, withinBudget, type Figure } from './figures';
import { firstInteraction } from './first-interaction';
import { firstRender } from './first-render';
import { importMemory } from './import-memory';
import { lighthouseFigures } from './lighthouse';
import { loadFigures } from './load';
import { metricsCost } from './metrics';
import { openDataFigures } from './open-data';
import { pageWeights } from './page-weight';
import { profileFigures } from './profile';
import { recurrence } from './recurrence';
import { scale } from './scale';
import { siteSearch } from './search';
import { serverRender } from './server-render';
import { soakFigures } from './soak';
import { starvationFigures } from './starvation';

// `npm run bench [name…]`: runs the benchmarks (all, or those named), prints one table and
// writes bench/results.json. Figures only: timings never fail a build; budgets are marked.
const BENCHMARKS: Record<string, () => Promise<Figure[]>> = {
  agenda: agendaGrouping,
  cart: cartEvents,
  'page-weight': pageWeights,
  directory: directoryKeystroke,
  'first-render': firstRender,
  'first-interaction': firstInteraction,
  lighthouse: lighthouseFigures,
  api: apiThroughput,
  'server-render': serverRender,
  scale,
  feeds,
  search: siteSearch,
  load: loadFigures,
  soak: soakFigures,
  starvation: starvationFigures,
  'edge-cache': edgeCache,
  import: importMemory,
  recurrence,
  'open-data': openDataFigures,
  'agenda-csv': agendaCsvFigures,
  profile: profileFigures,
  metrics: metricsCost,
  'content-writes': contentWrites,
};

// Run only when named (`npm run bench soak`): ten minutes of one figure would double every full run.
const ON_REQUEST = new Set(['soak']);

const format = (value: number, unit: Figure['unit']): string => {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit === '' ? '' : ` ${unit}`}`;
};

const budgetText = (figure: Figure): string => {
  if (!figure.budget) return '';
  const { on, max, min } = figure.budget;
  const limit = [
    max !== undefined ? `≤ ${on === 'ratio' ? `${max}×` : format(max, figure.unit)}` : '',
    min !== undefined ? `≥ ${on === 'ratio' ? `${min}×` : format(min, figure.unit)}` : '',
  ]
    .filter((text) => text !== '')
    .join(' ');
  return `${limit} ${withinBudget(figure) ? 'met' : '**not met**'}`;
};

/** The figures as one Markdown table, a section per benchmark. */
export const table = (figures: readonly Figure[]): string => {
  const lines = ['| benchmark / figure | value | baseline (same run) | ratio | budget |', '| --- | ---: | --- | ---: | --- |'];
  let section = '';
  // Figures of one benchmark together, in the order benchmarks first appear.
  const order = [...new Set(figures.map((figure) => figure.benchmark))];
  const grouped = [...figures].sort((a, b) => order.indexOf(a.benchmark) - order.indexOf(b.benchmark));
  for (const figure of grouped) {
    if (figure.benchmark !== section) {
      section = figure.benchmark;
      lines.push(`| **${section}** | | | | |`);
    }
    const r = ratio(figure);
    const baseline = figure.baseline ? `${figure.baseline.name}: ${format(figure.baseline.value, figure.unit)}` : '';
    lines.push(`| ${figure.name} | ${format(figure.value, figure.unit)} | ${baseline} | ${r === null ? '' : `${r.toFixed(2)}×`} | ${budgetText(figure)} |`);
  }
  return lines.join('\n');
};

const main = async (): Promise<void> => {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) throw new Error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}.`);
  const names = wanted.length > 0 ? wanted : Object.keys(BENCHMARKS).filter((name) => !ON_REQUEST.has(name));
  const started = new Date();
  const figures: Figure[] = [];
  for (const name of names) {
    console.log(`\n▶ ${name}`);
    const begun = Date.now();
    figures.push(...(await BENCHMARKS[name]!()));
    console.log(`  done in ${((Date.now() - begun) / 1000).toFixed(0)} s`);
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const results = {
    startedAt: started.toISOString(),
    machine,
    figures: figures.map((figure) => ({ ...figure, ratio: ratio(figure), withinBudget: withinBudget(figure) })),
  };
  writeFileSync(resolve(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${machine}\n\n${table(figures)}\n`);
  const missed = figures.filter((figure) => withinBudget(figure) === false);
  console.log(
    `${figures.length} figures, ${figures.filter((figure) => figure.budget).length} with a budget, ${missed.length} not met. Written to bench/results.json.`,
  );
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
