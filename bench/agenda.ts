import { performance } from 'node:perf_hooks';
import type { AgendaEvent } from '../src/domain/agenda';
import { dedupeById, groupByYearMonth } from '../src/domain/agenda-grouping';
import type { Figure } from './figures';

// De-duplicating and grouping 100,000 events, beside a bare loop that only reads each event's
// date once, in the same run.
const COUNT = Number(process.env['BENCH_EVENTS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 20);

/** Events over two years in a scrambled order, one in ten repeating an earlier id, as the plain call may. */
const makeEvents = (count: number): AgendaEvent[] => {
  let seed = 20260101;
  const next = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(next() * 730) * 86_400_000);
    const id = index % 10 === 9 ? String(Math.floor(next() * index)) : String(index);
    return {
      id,
      bel_date: day.toISOString().slice(0, 10),
      start_time: `${String(8 + Math.floor(next() * 12)).padStart(2, '0')}:${next() < 0.5 ? '00' : '30'}`,
      title: `Événement ${index}`,
    };
  });
};

const time = (run: () => unknown): { median: number; min: number } => {
  run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, min: samples[0]! };
};

/** De-duplicate and group 100,000 events by year and month, against a bare loop over them. */
export const agendaGrouping = async (): Promise<Figure[]> => {
  const events = makeEvents(COUNT);
  let sink = 0;
  const grouping = time(() => {
    sink += groupByYearMonth(dedupeById(events)).length;
  });
  const bareLoop = time(() => {
    for (const event of events) sink += event.bel_date.charCodeAt(9);
  });
  const benchmark = `agenda grouping, ${COUNT.toLocaleString('en')} events, ${RUNS} runs (checksum ${sink % 997})`;
  const baseline = (value: number) => ({ name: 'bare loop reading each date once', value });
  return [
    { benchmark, name: 'de-duplicate + group, median', unit: 'ms', value: grouping.median, baseline: baseline(bareLoop.median) },
    { benchmark, name: 'de-duplicate + group, fastest', unit: 'ms', value: grouping.min, baseline: baseline(bareLoop.min) },
  ];
};
