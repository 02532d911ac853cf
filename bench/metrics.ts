import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/http/app';
import { HEALTH_PATH, READY_PATH } from '../server/service/health-routes';
import { ensureTestMedia, openTestDatabase } from '../test/support/test-database';
import { BUDGETS, percentile, type Figure } from './figures';

// What counting costs a visitor: a cached page's requests per second with /metrics on (every answer
// counted by route and status, with its duration) against the same server with it off
// (METRICS_ADDRESSES=none), in alternating rounds so that the machine's drift falls on both; and
// what a probe meets meanwhile: /healthz and /readyz asked one after the other during the load.
const DIST = resolve(__dirname, '../dist');
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
// Rounds of each: the best of each is kept, the figure least disturbed by the machine's other work.
const ROUNDS = Math.max(1, Number(process.env['BENCH_METRICS_ROUNDS'] ?? 3));
const PAGE = '/annuaire/';
// As a browser asks: the kept brotli copy.
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip, deflate' };

/** Asks `path` one request after another until `running()` is false; the time of each, in ms. */
const probe = async (base: string, path: string, running: () => boolean): Promise<{ times: number[]; failures: number }> => {
  const times: number[] = [];
  let failures = 0;
  while (running()) {
    const started = performance.now();
    const answer = await fetch(`${base}${path}`);
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    if (answer.status !== 200) failures += 1;
    // A probe every 20 ms: a load balancer's pace many times over, without becoming the load.
    await new Promise((done) => setTimeout(done, 20));
  }
  return { times, failures };
};

/** The figures of metrics on against off, and the probes' p99 during the load with metrics on. */
export const metricsCost = async (): Promise<Figure[]> => {
  const db = await openTestDatabase();
  const mediaDir = await ensureTestMedia();
  const on = buildApp({ db, distDir: DIST, mediaDir });
  const off = buildApp({ db, distDir: DIST, mediaDir, metrics: null });
  const bases = { on: await on.listen({ port: 0, host: '127.0.0.1' }), off: await off.listen({ port: 0, host: '127.0.0.1' }) };
  const best = { on: 0, off: 0 };
  const errors = { on: 0, off: 0 };
  const health: number[] = [];
  const ready: number[] = [];
  let probeFailures = 0;
  try {
    for (const base of Object.values(bases)) {
      const first = await fetch(`${base}${PAGE}`, { headers: BROWSER_HEADERS });
      if (first.status !== 200) throw new Error(`GET ${PAGE} answered ${first.status}`);
      await first.arrayBuffer();
      // A short load first, out of the figures: the first seconds of a server compile its hot paths.
      await autocannon({ url: `${base}${PAGE}`, connections: CONNECTIONS, duration: 2, headers: BROWSER_HEADERS });
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const side of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        let loading = true;
        // The probes ask the server under load, as a load balancer would: on both sides, so that both carry the same work.
        const probes = Promise.all([probe(bases[side], HEALTH_PATH, () => loading), probe(bases[side], READY_PATH, () => loading)]);
        const result = await autocannon({ url: `${bases[side]}${PAGE}`, connections: CONNECTIONS, duration: DURATION, headers: BROWSER_HEADERS });
        loading = false;
        const [healthProbes, readyProbes] = await probes;
        if (side === 'on') {
          health.push(...healthProbes.times);
          ready.push(...readyProbes.times);
        }
        probeFailures += healthProbes.failures + readyProbes.failures;
        best[side] = Math.max(best[side], result.requests.average);
        errors[side] += result.errors + result.timeouts + result.non2xx;
        console.log(`  metrics ${side}, round ${round + 1}: ${result.requests.average.toFixed(0)} req/s`);
      }
    }
    // The figures after the load: /metrics itself must have counted it.
    const text = await (await fetch(`${bases.on}/metrics`)).text();
    if (!text.includes(`site_http_requests_total{route="${PAGE}",status="200"}`)) throw new Error('/metrics did not count the cached page');
  } finally {
    await on.close();
    await off.close();
    await db.close();
  }
  const benchmark = `metrics' cost, cached page ${PAGE} (${db.kind}), ${CONNECTIONS} connections, best of ${ROUNDS} × ${DURATION} s`;
  return [
    {
      benchmark,
      name: `metrics on (${errors.on} errors), req/s`,
      unit: 'req/s',
      value: best.on,
      baseline: { name: `metrics off, METRICS_ADDRESSES=none (${errors.off} errors)`, value: best.off },
      budget: { on: 'ratio', min: BUDGETS.metricsOnToOffThroughput },
    },
    {
      benchmark,
      name: `${HEALTH_PATH} p99 during the load (${health.length} probes, ${probeFailures} not 200 across both)`,
      unit: 'ms',
      value: percentile(health, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGETS.probeP99Ms },
    },
    {
      benchmark,
      name: `${READY_PATH} p99 during the load (${ready.length} probes)`,
      unit: 'ms',
      value: percentile(ready, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGETS.probeP99Ms },
    },
  ];
};
