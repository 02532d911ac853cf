import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { createToken, revokeToken } from '../server/content-api/api-tokens';
import { openDatabase } from '../server/data/db';
import { contactPath, eventPath } from '../src/domain/permalinks';
import { percentile, type Figure } from './figures';
import { prepareStorage, startSeeded, type Engine } from './load';
import type { ServerProcess } from './server-process';

// Issue 44's budgets for the content API's writes, on the real server process (`npm run serve`)
// and the large database: one write acknowledged within 50 ms at p99 with 10 writers at once, on
// PostgreSQL; while they write, 50 readers of cached pages keep their p99 within 1.2× of the same
// readers without writers, and the directory's cached pages keep their hit ratio, only events
// changing; and a written change shows at the origin within 1 s.

const DEFAULT_DIST = resolve(__dirname, '..', 'dist');
const SECONDS = Number(process.env['BENCH_DURATION'] ?? 10);
const WRITERS = Number(process.env['BENCH_CONTENT_WRITERS'] ?? 10);
const READERS = Number(process.env['BENCH_CONTENT_READERS'] ?? 50);
// Rounds of readers alone and readers with writers, alternated (alone, with, with, alone…) so the machine's drift falls on both.
const ROUNDS = Math.max(1, Number(process.env['BENCH_CONTENT_ROUNDS'] ?? 2));
const CHANGES = Number(process.env['BENCH_CONTENT_CHANGES'] ?? 50);
// Each writer changes its own events, in turn: two writers never wait for one item's lock.
const EVENTS_PER_WRITER = 20;
// How often the origin is asked whether a change shows, and for how long at most.
const POLL_MS = 5;
const VISIBLE_TIMEOUT_MS = 10_000;
const WARM_UP_S = 2;

// The budgets (issue 44), not in bench/budgets.json: this benchmark is their only reader.
const BUDGET = { writeP99Ms: 50, readersWithToWithout: 1.2, visibleMs: 1_000 } as const;

// Browsers ask for compressed pages: the server sends its kept copies.
const BROWSER = { 'accept-encoding': 'br, gzip' };
// One keep-alive connection per loop, as a browser or a writing script keeps its own.
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as sent (compressed when the server compressed it). */
  readonly body: Buffer;
  readonly ms: number;
}

/** One request over a kept connection (from `localAddress`, a loopback address, when given), timed from its start to the last byte of its answer. */
const call = (url: string, method: string, headers: Readonly<Record<string, string>>, payload?: string, localAddress?: string): Promise<Answer> =>
  new Promise((resolveCall, reject) => {
    const started = performance.now();
    const asked = request(
      url,
      {
        method,
        headers: payload === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
        agent,
        ...(localAddress === undefined ? {} : { localAddress }),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () =>
          resolveCall({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
      },
    );
    asked.on('error', reject);
    asked.end(payload);
  });

const json = (answer: Answer): Record<string, unknown> => JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

/** The pages and answers the readers ask for, each kept by the server's caches once asked. */
interface ReaderTargets {
  /** The directory's pages: a change of an event must leave them cached. */
  readonly directory: readonly string[];
  /** The agenda's API answers: a change of an event makes them new. */
  readonly agenda: readonly string[];
}

/** What a run of readers measured, by kind of target. */
interface ReadTimes {
  readonly directory: number[];
  readonly agenda: number[];
  failures: number;
}

/** What a run of writers measured. */
interface WriteTimes {
  readonly times: number[];
  /** Answers other than 200: a refused precondition (412) would mean two writers of one item. */
  failures: number;
  statuses: Map<number, number>;
}

/** The readers: each asks its kind's targets in turn (even readers the directory's pages, odd ones the agenda's answers) until `running()` is false. */
const readLoad = async (base: string, targets: ReaderTargets, running: () => boolean): Promise<ReadTimes> => {
  const times: ReadTimes = { directory: [], agenda: [], failures: 0 };
  await Promise.all(
    Array.from({ length: READERS }, async (_, reader) => {
      const kind = reader % 2 === 0 ? 'directory' : 'agenda';
      const paths = targets[kind];
      for (let turn = reader; running(); turn += 1) {
        const answer = await call(`${base}${paths[turn % paths.length]!}`, 'GET', BROWSER);
        times[kind].push(answer.ms);
        if (answer.status !== 200) times.failures += 1;
      }
    }),
  );
  return times;
};

/** An event a writer changes: its key, its agenda, and its item as the content API first gave it (put back at the end). */
interface WrittenEvent {
  readonly id: number;
  readonly agendaId: number;
  readonly original: Record<string, unknown>;
}

/**
 * The content API's client: a token, and the item read before each write for its ETag; from
 * `localAddress` (127.0.0.x) when given, so that the server sees a client of its own.
 */
const contentClient = (base: string, token: string, localAddress?: string) => {
  const auth = { authorization: `Bearer ${token}` };
  const read = async (id: number): Promise<{ etag: string; item: Record<string, unknown> }> => {
    const answer = await call(`${base}/api/content/events/${id}`, 'GET', auth, undefined, localAddress);
    if (answer.status !== 200) throw new Error(`GET /api/content/events/${id} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
    return { etag: String(answer.headers['etag']), item: json(answer) };
  };
  const put = (id: number, etag: string, item: Record<string, unknown>): Promise<Answer> =>
    call(`${base}/api/content/events/${id}`, 'PUT', { ...auth, 'content-type': 'application/json', 'if-match': etag }, JSON.stringify(item), localAddress);
  const patch = (id: number, etag: string, changes: Record<string, unknown>): Promise<Answer> =>
    call(
      `${base}/api/content/events/${id}`,
      'PATCH',
      { ...auth, 'content-type': 'application/merge-patch+json', 'if-match': etag },
      JSON.stringify(changes),
      localAddress,
    );
  return { read, put, patch };
};

type ContentClient = ReturnType<typeof contentClient>;

// A title the bench writes: the event's own, marked; within the title's limit whatever the original's length.
const markedTitle = (event: WrittenEvent, mark: string): string => `${String(event.original['title']).slice(0, 150)} [${mark}]`;

/**
 * The writers, each with its client (`clients[writer]`): each reads one of its events (GET, for its
 * ETag) and changes its title with If-Match, by PUT and PATCH in turn; only the write is timed.
 */
const writeLoad = async (clients: readonly ContentClient[], events: readonly WrittenEvent[], running: () => boolean): Promise<WriteTimes> => {
  const result: WriteTimes = { times: [], failures: 0, statuses: new Map() };
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      const own = events.slice(writer * EVENTS_PER_WRITER, (writer + 1) * EVENTS_PER_WRITER);
      for (let turn = 0; running(); turn += 1) {
        const event = own[turn % own.length]!;
        const client = clients[writer]!;
        const { etag, item } = await client.read(event.id);
        const title = markedTitle(event, `w${writer}-${turn}`);
        const answer = turn % 2 === 0 ? await client.put(event.id, etag, { ...item, title }) : await client.patch(event.id, etag, { title });
        result.times.push(answer.ms);
        result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 200) result.failures += 1;
      }
    }),
  );
  return result;
};

/** The server's cache counters from /metrics: hits and misses of each cache. */
const cacheCounts = async (base: string): Promise<Record<string, { hits: number; misses: number }>> => {
  const text = (await call(`${base}/metrics`, 'GET', {})).body.toString('utf8');
  const counts: Record<string, { hits: number; misses: number }> = {};
  for (const [, kind, cache, value] of text.matchAll(/^site_cache_(hits|misses)_total\{cache="([^"]+)"\} (\S+)$/gm)) {
    const entry = (counts[cache!] ??= { hits: 0, misses: 0 });
    if (kind === 'hits') entry.hits += Number(value);
    else entry.misses += Number(value);
  }
  return counts;
};

/** The hit ratio of `cache` between two readings of the counters, with the lookups counted. */
const hitRatio = (before: Awaited<ReturnType<typeof cacheCounts>>, after: Awaited<ReturnType<typeof cacheCounts>>, cache: string) => {
  const hits = (after[cache]?.hits ?? 0) - (before[cache]?.hits ?? 0);
  const misses = (after[cache]?.misses ?? 0) - (before[cache]?.misses ?? 0);
  return { ratio: hits + misses === 0 ? Number.NaN : hits / (hits + misses), lookups: hits + misses };
};

/** Runs `work` with a flag that turns false after `seconds`. */
const during = async <T>(seconds: number, work: (running: () => boolean) => Promise<T>): Promise<T> => {
  const until = performance.now() + seconds * 1000;
  return work(() => performance.now() < until);
};

const delay = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Changes one event's title and asks the origin until its API answer, then its page, shows it: the delays from the acknowledged write, in ms. */
const visibility = async (base: string, client: ContentClient, event: WrittenEvent, mark: string): Promise<{ api: number; page: number }> => {
  const { etag } = await client.read(event.id);
  const title = markedTitle(event, mark);
  const written = await client.patch(event.id, etag, { title });
  if (written.status !== 200) throw new Error(`PATCH events/${event.id} answered ${written.status}: ${written.body.toString('utf8').slice(0, 300)}`);
  const acknowledged = performance.now();
  const shows = async (path: string, check: (answer: Answer) => boolean): Promise<number> => {
    for (;;) {
      const answer = await call(`${base}${path}`, 'GET', {});
      if (check(answer)) return performance.now() - acknowledged;
      if (performance.now() - acknowledged > VISIBLE_TIMEOUT_MS) return Number.POSITIVE_INFINITY;
      await delay(POLL_MS);
    }
  };
  const [api, page] = await Promise.all([
    shows(`/api/agenda/${event.agendaId}/events/${event.id}/`, (answer) => answer.status === 200 && json(answer)['title'] === title),
    // The page's address carries the title's slug: the new address answers the page once the change shows.
    shows(eventPath({ id: String(event.id), title }), (answer) => answer.status === 200 && answer.body.toString('utf8').includes(mark)),
  ]);
  return { api, page };
};

/** The readers' targets on the large database: the directory's first page and a few contacts' pages, the agenda's first pages and categories. */
const readerTargets = async (base: string, agendaId: number, eventId: number): Promise<ReaderTargets> => {
  const contacts = json(await call(`${base}/api/contacts/?page_size=3`, 'GET', {}))['results'] as { title: string; slug: string }[];
  const targets: ReaderTargets = {
    directory: ['/annuaire/', ...contacts.map((contact) => contactPath(contact))],
    agenda: [`/api/agenda/${agendaId}/`, '/api/agenda/?page_size=20', '/api/categories/agenda/', `/api/agenda/${agendaId}/events/${eventId}/`],
  };
  for (const path of [...targets.directory, ...targets.agenda]) {
    const answer = await call(`${base}${path}`, 'GET', BROWSER);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  }
  return targets;
};

const summary = (times: readonly number[]): string =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ${times.length} requests`;

const measure = async (server: ServerProcess, token: string, events: readonly WrittenEvent[], engineName: string): Promise<Figure[]> => {
  const base = server.base;
  const client = contentClient(base, token);
  // Ten writers are ten clients, each from an address of its own (127.0.0.11…), as ten editors; then all from one address, as one
  // program writing ten items at once: the server checks one client's tokens one at a time (server/content-api/write-guard.ts).
  const ownAddresses = Array.from({ length: WRITERS }, (_, writer) => contentClient(base, token, `127.0.0.${11 + writer}`));
  const oneAddress = Array.from({ length: WRITERS }, () => client);
  const [first] = events;
  if (first === undefined) throw new Error('no events to write');
  const targets = await readerTargets(base, first.agendaId, events[events.length - 1]!.id);
  console.log(`  readers: ${targets.directory.join(' ')} | ${targets.agenda.join(' ')}`);

  // The first seconds of a fresh process measure its JIT: both loads, not counted.
  await during(WARM_UP_S, (running) => Promise.all([readLoad(base, targets, running), writeLoad(ownAddresses, events, running)]));

  const alone = await during(SECONDS, (running) => writeLoad(ownAddresses, events, running));
  console.log(`  ${WRITERS} writers alone, an address each: ${summary(alone.times)}, ${alone.failures} not 200`);
  const aloneOneAddress = await during(SECONDS, (running) => writeLoad(oneAddress, events, running));
  console.log(`  ${WRITERS} writers alone, one address: ${summary(aloneOneAddress.times)}, ${aloneOneAddress.failures} not 200`);

  const without: ReadTimes = { directory: [], agenda: [], failures: 0 };
  const withWriters: ReadTimes = { directory: [], agenda: [], failures: 0 };
  const writes: WriteTimes = { times: [], failures: 0, statuses: new Map() };
  const ratios = { without: { hits: 0, lookups: 0 }, with: { hits: 0, lookups: 0 } };
  const answersRatios = { without: { hits: 0, lookups: 0 }, with: { hits: 0, lookups: 0 } };
  // alone, with, with, alone, alone, with…
  const sides: ('without' | 'with')[] = Array.from({ length: ROUNDS * 2 }, (_, index) => (Math.floor((index + 1) / 2) % 2 === 0 ? 'without' : 'with'));
  for (const side of sides) {
    const before = await cacheCounts(base);
    const [reads, written] = await during(SECONDS, (running) =>
      Promise.all([readLoad(base, targets, running), side === 'with' ? writeLoad(ownAddresses, events, running) : Promise.resolve(null)]),
    );
    const after = await cacheCounts(base);
    const pages = hitRatio(before, after, 'pages');
    const answers = hitRatio(before, after, 'answers');
    const into = side === 'with' ? withWriters : without;
    into.directory.push(...reads.directory);
    into.agenda.push(...reads.agenda);
    into.failures += reads.failures;
    ratios[side].hits += pages.ratio * pages.lookups;
    ratios[side].lookups += pages.lookups;
    answersRatios[side].hits += answers.ratio * answers.lookups;
    answersRatios[side].lookups += answers.lookups;
    if (written !== null) {
      writes.times.push(...written.times);
      writes.failures += written.failures;
      for (const [status, count] of written.statuses) writes.statuses.set(status, (writes.statuses.get(status) ?? 0) + count);
    }
    console.log(
      `  readers ${side} writers: directory ${summary(reads.directory)}; agenda ${summary(reads.agenda)}; pages hit ${(pages.ratio * 100).toFixed(2)} % of ${pages.lookups}, answers ${(answers.ratio * 100).toFixed(2)} %` +
        (written === null ? '' : `; writes ${summary(written.times)}`),
    );
  }

  // The events whose page the site shows (an agenda of the site's): the others are asked through the API only.
  const shown: WrittenEvent[] = [];
  for (const event of events) {
    const { item } = await client.read(event.id);
    if ((await call(`${base}${eventPath({ id: String(event.id), title: String(item['title']) })}`, 'GET', {})).status === 200) shown.push(event);
  }
  if (shown.length === 0) throw new Error('none of the written events has a page on the site');
  const delays: { api: number[]; page: number[] } = { api: [], page: [] };
  for (let change = 0; change < CHANGES; change += 1) {
    const event = shown[change % shown.length]!;
    const { api, page } = await visibility(base, client, event, `visible-${change}-${Date.now().toString(36)}`);
    delays.api.push(api);
    delays.page.push(page);
  }
  console.log(`  visible at the origin: API ${summary(delays.api)}; page ${summary(delays.page)}`);

  // Each event as it was: its original item put back under its current ETag.
  let restored = 0;
  for (const event of events) {
    const { etag } = await client.read(event.id);
    const answer = await client.put(event.id, etag, event.original);
    if (answer.status === 200) restored += 1;
  }
  console.log(`  ${restored} of ${events.length} events put back as they were`);

  const all = (times: ReadTimes) => [...times.directory, ...times.agenda];
  const benchmark = `content API writes: large database (${engineName}), real server process, ${SECONDS} s a run`;
  const statuses = [...writes.statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
  const hit = (side: { hits: number; lookups: number }) => (side.lookups === 0 ? Number.NaN : (side.hits / side.lookups) * 100);
  const max = (times: readonly number[]) => Math.max(...times);
  return [
    {
      benchmark,
      name: `one write acknowledged (PUT or PATCH with If-Match), ${WRITERS} writers at once, an address each, alone: ${summary(alone.times)}, ${alone.failures} not 200; p99`,
      unit: 'ms',
      value: percentile(alone.times, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGET.writeP99Ms },
    },
    {
      benchmark,
      name: `the same, the ${WRITERS} writers from one address: ${summary(aloneOneAddress.times)}, ${aloneOneAddress.failures} not 200; p99`,
      unit: 'ms',
      value: percentile(aloneOneAddress.times, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGET.writeP99Ms },
    },
    {
      benchmark,
      name: `one write acknowledged, ${WRITERS} writers (an address each) while ${READERS} readers read: ${summary(writes.times)} (${statuses}); p99`,
      unit: 'ms',
      value: percentile(writes.times, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGET.writeP99Ms },
    },
    {
      benchmark,
      name: `${READERS} readers, directory pages and agenda answers, while ${WRITERS} write events (${withWriters.failures} not 200): ${summary(all(withWriters))}; p99`,
      unit: 'ms',
      value: percentile(all(withWriters), 99),
      baseline: { name: `the same readers without writers (${without.failures} not 200), p99`, value: percentile(all(without), 99) },
      budget: { on: 'ratio', max: BUDGET.readersWithToWithout },
    },
    {
      benchmark,
      name: `of them, the directory's cached pages (${targets.directory.length}), while events are written: ${summary(withWriters.directory)}; p99`,
      unit: 'ms',
      value: percentile(withWriters.directory, 99),
      baseline: { name: 'without writers, p99', value: percentile(without.directory, 99) },
      budget: { on: 'ratio', max: BUDGET.readersWithToWithout },
    },
    {
      benchmark,
      name: `of them, the agenda's API answers (${targets.agenda.length}), which each event written makes new: ${summary(withWriters.agenda)}; p99`,
      unit: 'ms',
      value: percentile(withWriters.agenda, 99),
      baseline: { name: 'without writers, p99', value: percentile(without.agenda, 99) },
      budget: { on: 'ratio', max: BUDGET.readersWithToWithout },
    },
    {
      benchmark,
      name: `the directory's pages: the page cache's hit ratio while events are written (${ratios.with.lookups} lookups, /metrics), %`,
      unit: '',
      value: hit(ratios.with),
      baseline: { name: `without writers (${ratios.without.lookups} lookups)`, value: hit(ratios.without) },
      // Kept: not below the ratio without writers, to the hundredth of a percent.
      budget: { on: 'ratio', min: 0.9999 },
    },
    {
      benchmark,
      name: `the agenda's answers: the answer cache's hit ratio while events are written (${answersRatios.with.lookups} lookups), %`,
      unit: '',
      value: hit(answersRatios.with),
      baseline: { name: `without writers (${answersRatios.without.lookups} lookups)`, value: hit(answersRatios.without) },
    },
    {
      benchmark,
      name: `a change visible at the origin, its API answer (/api/agenda/…/events/…/), from the write's acknowledgment, ${CHANGES} changes (worst ${max(delays.api).toFixed(0)} ms); p99`,
      unit: 'ms',
      value: percentile(delays.api, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGET.visibleMs },
    },
    {
      benchmark,
      name: `a change visible at the origin, the event's page at its new address (worst ${max(delays.page).toFixed(0)} ms); p99`,
      unit: 'ms',
      value: percentile(delays.page, 99),
      baseline: null,
      budget: { on: 'value', max: BUDGET.visibleMs },
    },
  ];
};

/** `npm run bench content-writes`: the content API's writes on the large database, PostgreSQL with `DATABASE_URL`, else PGlite (its figures labelled so). */
export const contentWrites = async (): Promise<Figure[]> => {
  const distDir = resolve(process.env['BENCH_DIST_DIR'] ?? DEFAULT_DIST);
  const databaseUrl = process.env['DATABASE_URL'];
  const engine: Engine = databaseUrl === undefined || databaseUrl === '' ? 'pglite' : 'postgres';
  if (engine === 'pglite') {
    console.log('  DATABASE_URL is not set: measured on PGlite, not on PostgreSQL, which the budgets name (sh scripts/start-postgres.sh prints one)');
  }
  const engineName = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const storage = await prepareStorage('large', engine, databaseUrl);
  const tokenName = `bench-writes-${Date.now().toString(36)}`;
  try {
    // The token and the events, written before the server holds the storage (PGlite's folder is one process's).
    const location = { dataDir: storage.dataDir, ...(storage.databaseUrl === undefined ? {} : { databaseUrl: storage.databaseUrl }) };
    const db = await openDatabase(location);
    let token: string;
    let rows: { id: number; agenda_id: number }[];
    try {
      token = await createToken(db, tokenName);
      rows = await db.query<{ id: number; agenda_id: number }>('select id, agenda_id from events order by id limit $1', [WRITERS * EVENTS_PER_WRITER]);
    } finally {
      await db.close();
    }
    const events = rows.map((row): WrittenEvent => ({ id: row.id, agendaId: row.agenda_id, original: {} }));
    const { server } = await startSeeded(storage, 'large', distDir);
    try {
      // The originals, whole, as the content API gives them: what is put back at the end.
      const client = contentClient(server.base, token);
      for (const event of events) Object.assign(event.original, (await client.read(event.id)).item);
      return await measure(server, token, events, engineName);
    } finally {
      const code = await server.stop();
      if (code !== 0) console.log(`  the server exited with ${code}:\n${server.output()}`);
    }
  } finally {
    if (engine === 'postgres') {
      const db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
      await revokeToken(db, tokenName).catch(() => undefined);
      await db.close();
    }
    await storage.dispose();
    agent.destroy();
  }
};
