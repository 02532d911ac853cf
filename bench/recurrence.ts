import { zurichToday, addDays } from '../src/domain/calendar-days';
import { answerAgenda, answerAgendaSearch } from '../server/http/routes/agenda-routes';
import type { Database } from '../server/data/database';
import { normalizeSearch } from '../server/data/search';
import { BUDGETS, percentile, type Figure } from './figures';
import { openLargeDatabase } from './large-database';

// The agenda's first page on the large database with and without 1,000 weekly events repeating
// for a year, answered by the database as a new address is (the answer cache is another layer:
// the route's answer function is called directly), one request at a time.

const RULES = Number(process.env['BENCH_RECURRING_RULES'] ?? 1000);
const REQUESTS = Number(process.env['BENCH_RECURRENCE_REQUESTS'] ?? 1000);
const WARM_UP = 30;
// Far above the demo's ids: the rows the bench adds, and removes again.
const FIRST_ID = 9_000_001;
const TITLES = [
  'Visite guidée',
  'Atelier du mardi',
  'Permanence juridique',
  'Marché du terroir',
  'Conte pour enfants',
  'Cours de français',
  'Chorale',
  'Café-rencontre',
];

const bumpVersion = (db: Database): Promise<unknown> => db.query("update content_meta set value = value where key = 'content'");

const removeRules = async (db: Database): Promise<void> => {
  await db.query('delete from events where id >= $1', [FIRST_ID]);
  await bumpVersion(db);
};

// Weekly events starting within the coming week, each on its own weekday and time, until a year later.
const addRules = async (db: Database, today: string): Promise<void> => {
  const rows = Array.from({ length: RULES }, (_, index) => {
    const start = addDays(today, index % 7);
    const title = `${TITLES[index % TITLES.length] ?? 'Visite'} ${index + 1}`;
    return {
      id: FIRST_ID + index,
      agenda_id: index % 5 < 3 ? 1 : 2,
      bel_date: start,
      start_time: `${String(8 + (index % 12)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`,
      title,
      search_title: normalizeSearch(title),
      recurrence: { frequency: 'weekly', until: addDays(start, 364) },
      category: (index % 8) + 1,
    };
  });
  await db.query(
    `insert into events (id, agenda_id, bel_date, start_time, title, search_title, recurrence)
     select id, agenda_id, bel_date, start_time, title, search_title, recurrence from jsonb_to_recordset($1::jsonb)
       as x(id integer, agenda_id integer, bel_date date, start_time time, title text, search_title text, recurrence jsonb)`,
    [JSON.stringify(rows)],
  );
  await db.query(`insert into event_categories (event_id, category_id) select id, category from jsonb_to_recordset($1::jsonb) as x(id integer, category integer)`, [
    JSON.stringify(rows),
  ]);
  await bumpVersion(db);
};

/** Milliseconds of each of `REQUESTS` answers, asked one after the other after a warm-up. */
const timings = async (answer: () => Promise<{ status: number }>): Promise<number[]> => {
  for (let i = 0; i < WARM_UP; i++) await answer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const { status } = await answer();
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`the agenda answered ${status}`);
  }
  return times;
};

/** The first page of agenda 1 and of every agenda (50 events), p99 with 1,000 weekly rules against without. */
export const recurrence = async (): Promise<Figure[]> => {
  const { db } = await openLargeDatabase();
  const today = zurichToday(Date.now());
  const routes = [
    { name: 'agenda 1, first page (50)', answer: () => answerAgenda(db, 1, { page_size: 50 }, '', today) },
    { name: 'every agenda, first page (50)', answer: () => answerAgendaSearch(db, { page_size: 50 }, '', today) },
  ];
  try {
    await removeRules(db);
    // One pass first, not counted: the database's cache and the JIT warm up on the routes before either side is measured.
    for (const route of routes) await timings(route.answer);
    const without: ((typeof routes)[number] & { p99: number; p50: number })[] = [];
    for (const route of routes) {
      const times = await timings(route.answer);
      without.push({ ...route, p99: percentile(times, 99), p50: percentile(times, 50) });
    }
    await addRules(db, today);
    const page = (await answerAgenda(db, 1, { page_size: 50 }, '', today)).body as { count: number; results: { id: number }[] };
    const recurring = page.results.filter((row) => row.id >= FIRST_ID).length;
    console.log(`  ${RULES} weekly rules added: agenda 1 counts ${page.count} events, ${recurring} of its first 50 are occurrences (${db.kind})`);
    const figures: Figure[] = [];
    for (const route of without) {
      const times = await timings(route.answer);
      const p99 = percentile(times, 99);
      console.log(
        `  ${route.name}: p99 ${p99.toFixed(1)} ms with the rules (median ${percentile(times, 50).toFixed(1)}), ${route.p99.toFixed(1)} ms without (median ${route.p50.toFixed(1)})`,
      );
      const benchmark = `recurring events: ${RULES} weekly rules for a year on the large database (${db.kind}), the database's answer, one at a time`;
      // The budgets are PostgreSQL's, as the issue sets them: on PGlite the figures are printed alone.
      const postgres = db.kind === 'postgres';
      figures.push(
        {
          benchmark,
          name: `${route.name}, p99`,
          unit: 'ms',
          value: p99,
          baseline: null,
          ...(postgres ? { budget: { on: 'value', max: BUDGETS.recurrenceFirstPageP99Ms } } : {}),
        },
        {
          benchmark,
          name: `${route.name}, p99 against the same without recurrence`,
          unit: 'ms',
          value: p99,
          baseline: { name: 'without the rules', value: route.p99 },
          ...(postgres ? { budget: { on: 'ratio', min: 1 - BUDGETS.recurrenceToPlainTolerance, max: 1 + BUDGETS.recurrenceToPlainTolerance } } : {}),
        },
      );
    }
    return figures;
  } finally {
    await removeRules(db);
    await db.close();
  }
};
