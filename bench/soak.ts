import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { BUDGETS, percentile, type Figure } from './figures';
import { discoverTargets, prepareStorage, requestsOf, startSeeded, type Engine } from './load';

// Issue 17's soak: 20 connections for 10 minutes over a rotating mix of every route, on the
// real server process; its memory read at the start, half-way and at the end must stay flat.

const MINUTES = Number(process.env['BENCH_SOAK_MINUTES'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_SOAK_CONNECTIONS'] ?? 20);
const SIZE = process.env['BENCH_SOAK_DATABASE'] ?? 'demo';
// As in the load: a visitor gives up after this.
const REQUEST_TIMEOUT_S = 10;
const HEADERS = { 'accept-encoding': 'br, gzip' };
// The server's memory is read this often: the growth is a median of many readings.
const SAMPLE_MS = 5_000;

const delay = (ms: number): Promise<void> => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

/** `npm run bench soak`: RSS at start, half-way and end of a long mixed load, and every request answered 2xx. */
export const soakFigures = async (): Promise<Figure[]> => {
  if (SIZE !== 'demo' && SIZE !== 'large') throw new Error(`BENCH_SOAK_DATABASE: "${SIZE}" is neither demo nor large`);
  const distDir = resolve(process.env['BENCH_DIST_DIR'] ?? resolve(__dirname, '..', 'dist'));
  const databaseUrl = process.env['DATABASE_URL'];
  // PGlite unless BENCH_SOAK_ENGINE=postgres: the memory budget is PGlite's.
  const engine: Engine = process.env['BENCH_SOAK_ENGINE'] === 'postgres' ? 'postgres' : 'pglite';
  const storage = await prepareStorage(SIZE, engine, databaseUrl);
  const { server } = await startSeeded(storage, SIZE, distDir).catch(async (error: unknown) => {
    await storage.dispose();
    throw error;
  });
  const samples: { minute: number; mb: number }[] = [];
  let result: autocannon.Result;
  const seconds = Math.max(1, Math.round(MINUTES * 60));
  try {
    const targets = await discoverTargets(server.base, distDir);
    // Every address once, so that a route refused before the soak is seen as such.
    for (const path of targets.flatMap((target) => target.paths)) {
      const answer = await fetch(`${server.base}${path}`, { headers: HEADERS });
      await answer.arrayBuffer();
      if (answer.status !== 200) console.log(`  ✗ ${path} answered ${answer.status} before the soak`);
    }
    const started = Date.now();
    samples.push({ minute: 0, mb: server.rssMb() });
    console.log(`  ${storage.label}: ${samples[0]?.mb.toFixed(0)} MB at the start; ${CONNECTIONS} connections for ${MINUTES} min over ${targets.length} routes`);
    const running = autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: REQUEST_TIMEOUT_S,
      headers: HEADERS,
      requests: requestsOf(targets),
    });
    const finished = running.then(() => true);
    let logged = 0;
    while (!(await Promise.race([finished, delay(SAMPLE_MS).then(() => false)]))) {
      const minute = (Date.now() - started) / 60_000;
      samples.push({ minute, mb: server.rssMb() });
      if (minute - logged >= 0.5) {
        logged = minute;
        console.log(`  ${minute.toFixed(1)} min: ${samples[samples.length - 1]?.mb.toFixed(0)} MB`);
      }
    }
    result = await running;
    samples.push({ minute: (Date.now() - started) / 60_000, mb: server.rssMb() });
  } finally {
    const code = await server.stop();
    if (code !== 0) console.log(`  the server exited with ${code}:\n${server.output()}`);
    await storage.dispose();
  }
  const start = samples[0];
  const end = samples[samples.length - 1];
  if (start === undefined || end === undefined) return [];
  const halfMinute = MINUTES / 2;
  const halfWay = samples.reduce((best, sample) => (Math.abs(sample.minute - halfMinute) < Math.abs(best.minute - halfMinute) ? sample : best), start);
  // RSS swings by tens of MB between samples as the collector works: the growth compares medians
  // of the last minute (or tenth of the soak) before half-way and before the end.
  const window = Math.min(1, MINUTES / 10);
  const medianOf = (to: number): number =>
    percentile(
      samples.filter((sample) => sample.minute > to - window && sample.minute <= to).map((sample) => sample.mb),
      50,
    );
  const growth = medianOf(end.minute) - medianOf(halfWay.minute);
  const benchmark = `soak: ${storage.label}, real server process, ${CONNECTIONS} connections, ${MINUTES} min, every route in rotation (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms)`;
  // autocannon's `errors` counts the time-outs too.
  const failures = result.errors + result.non2xx;
  const mb = (value: number) => Number(value.toFixed(1));
  const rssBudget = engine === 'pglite' && SIZE === 'demo' ? { budget: { on: 'value' as const, max: BUDGETS.serverRssMb } } : {};
  return [
    { benchmark, name: 'server RSS at the start (idle, after the first request to every route)', unit: 'MB', value: mb(start.mb), baseline: null, ...rssBudget },
    { benchmark, name: `server RSS half-way (${halfWay.minute.toFixed(1)} min)`, unit: 'MB', value: mb(halfWay.mb), baseline: null, ...rssBudget },
    { benchmark, name: `server RSS at the end (${end.minute.toFixed(1)} min)`, unit: 'MB', value: mb(end.mb), baseline: null, ...rssBudget },
    {
      benchmark,
      name: `server RSS, highest of ${samples.length} samples (every ${SAMPLE_MS / 1000} s)`,
      unit: 'MB',
      value: mb(Math.max(...samples.map((sample) => sample.mb))),
      baseline: null,
    },
    {
      benchmark,
      name: `RSS growth over the second half (median of the last ${window.toFixed(1)} min before the end minus the same before half-way)`,
      unit: 'MB',
      value: mb(growth),
      baseline: null,
      budget: { on: 'value', max: BUDGETS.soakRssGrowthMb },
    },
    {
      benchmark,
      name: `errors (${result.errors - result.timeouts}), time-outs (${result.timeouts}) and non-2xx (${result.non2xx}) over ${result.requests.total} requests`,
      unit: '',
      value: failures,
      baseline: null,
      budget: { on: 'value', max: BUDGETS.loadErrors },
    },
  ];
};
