import { readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { BUDGETS, percentile, type Figure } from './figures';
import { LARGE } from './large-database';
import { prepareStorage, startSeeded, type Engine } from './load';
import type { ServerProcess } from './server-process';

// Issue 33: the agenda's CSV on the large database, from the real server process: streamed, its
// first byte within 200 ms on a download no cache answers, and the server's memory within 20 MB
// of its idle level while 10 such downloads run at once.

// The whole agenda: `tout=1` takes the past too, every event of the site's agenda from its first.
const CSV_PATH = '/agenda/export.csv?tout=1';
const HEADERS = { 'accept-encoding': 'br, gzip' };
const DOWNLOADS = BUDGETS.agendaCsv.downloads;
// The resident memory is read this often, before and during the downloads.
const SAMPLE_MS = 50;
// How long the idle server is sampled before the downloads, for its level.
const IDLE_MS = 1_000;
const DEFAULT_DIST = resolve(__dirname, '..', 'dist');

/** One download, timed from the request. */
interface Download {
  readonly status: number;
  readonly encoding: string | null;
  /** Milliseconds to the status line and headers. */
  readonly headersMs: number;
  /** Milliseconds to the first byte of the body. */
  readonly firstByteMs: number;
  /** Milliseconds to the first byte after the header row: the first event, which the database gave. */
  readonly firstRowMs: number;
  readonly totalMs: number;
  /** Bytes of the body as sent. */
  readonly bytes: number;
  /** Rows after the header (line breaks outside quotes). */
  readonly rows: number;
}

const download = (base: string, path: string): Promise<Download> =>
  new Promise((resolveDownload, reject) => {
    const started = performance.now();
    const since = () => performance.now() - started;
    const asked = request(`${base}${path}`, { headers: HEADERS }, (answer) => {
      const headersMs = since();
      let firstByteMs = Number.NaN;
      let firstRowMs = Number.NaN;
      let bytes = 0;
      let lines = 0;
      let quoted = false;
      answer.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = since();
        bytes += chunk.length;
        for (const byte of chunk) {
          // A record ends at a line feed outside quotes (RFC 4180: a quoted field may hold one).
          if (lines >= 1 && Number.isNaN(firstRowMs)) firstRowMs = since();
          if (byte === 0x22) quoted = !quoted;
          else if (!quoted && byte === 0x0a) lines += 1;
        }
      });
      answer.on('error', reject);
      answer.on('end', () =>
        resolveDownload({
          status: answer.statusCode ?? 0,
          encoding: typeof answer.headers['content-encoding'] === 'string' ? answer.headers['content-encoding'] : null,
          headersMs,
          firstByteMs,
          firstRowMs,
          totalMs: since(),
          bytes,
          rows: Math.max(0, lines - 1),
        }),
      );
    });
    asked.on('error', reject);
    asked.end();
  });

// The process and every process below it, from /proc (Linux): `/proc/<pid>/task/<tid>/children`.
const processTree = (pid: number): number[] => {
  const found = [pid];
  // An array's iterator reads its length at each step: the children pushed below are visited too.
  for (const member of found) {
    const task = `/proc/${member}/task`;
    let tids: string[];
    try {
      tids = readdirSync(task);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const children = readFileSync(`${task}/${tid}/children`, 'utf8').trim();
        if (children !== '') found.push(...children.split(/\s+/).map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return found;
};

/** Resident memory in MB of the server process and its children, read from `/proc/<pid>/status` (`VmRSS`): cheap enough for every 50 ms. */
const procRssMb = (pid: number): number => {
  let kb = 0;
  for (const member of processTree(pid)) {
    try {
      const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1];
      kb += Number(rss ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
};

// Linux's /proc, where the memory of a process is a file read.
const existsProc = (): boolean => {
  try {
    readdirSync('/proc/self/task');
    return true;
  } catch {
    return false;
  }
};

/** Samples the server's memory every `SAMPLE_MS` while `work` runs: every sample, and what `work` gave. */
const sampled = async <T>(rss: () => number, work: () => Promise<T>): Promise<{ result: T; samples: number[] }> => {
  const samples = [rss()];
  const timer = setInterval(() => samples.push(rss()), SAMPLE_MS);
  try {
    const result = await work();
    samples.push(rss());
    return { result, samples };
  } finally {
    clearInterval(timer);
  }
};

const delay = (ms: number): Promise<void> => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

const describe = (d: Download): string =>
  `${d.status}${d.encoding === null ? '' : ` ${d.encoding}`}, headers ${d.headersMs.toFixed(1)} ms, first byte ${d.firstByteMs.toFixed(1)} ms, first event ${d.firstRowMs.toFixed(1)} ms,` +
  ` ${d.rows} rows, ${(d.bytes / 1e6).toFixed(2)} MB in ${(d.totalMs / 1000).toFixed(2)} s`;

const measure = async (server: ServerProcess, label: string): Promise<Figure[]> => {
  const rss = existsProc() ? () => procRssMb(server.pid) : () => server.rssMb();
  // The first download after the start: no cache of the server's, the database's or the JIT's has seen it.
  const cold = await download(server.base, CSV_PATH);
  console.log(`  single download, first after start: ${describe(cold)}`);
  if (cold.status !== 200) throw new Error(`${CSV_PATH} answered ${cold.status}`);
  // Another single download without its ETag: a fresh answer again (nothing keeps a CSV), on a warm process.
  const single = await download(server.base, CSV_PATH);
  console.log(`  single download, again: ${describe(single)}`);
  const idle = await sampled(rss, () => delay(IDLE_MS));
  const level = percentile(idle.samples, 50);
  const together = await sampled(rss, () => Promise.all(Array.from({ length: DOWNLOADS }, () => download(server.base, CSV_PATH))));
  const peak = Math.max(...together.samples);
  const downloads = together.result;
  const after = rss();
  for (const [index, each] of downloads.entries()) console.log(`  download ${index + 1} of ${DOWNLOADS} at once: ${describe(each)}`);
  const sameAnswer = downloads.every((each) => each.status === 200 && each.bytes === cold.bytes);
  const seconds = downloads.map((each) => each.totalMs / 1000);
  console.log(
    `  RSS idle ${level.toFixed(1)} MB (median of ${idle.samples.length} samples), peak ${peak.toFixed(1)} MB over ${together.samples.length} samples, after ${after.toFixed(1)} MB;` +
      ` every download the same ${cold.bytes} bytes: ${sameAnswer ? 'yes' : 'NO'}`,
  );
  const benchmark = `agenda CSV: ${CSV_PATH}, the whole agenda, past included (${cold.rows} rows), large database (${LARGE.events} events, ${label}), real server process`;
  const mb = (value: number) => Number(value.toFixed(1));
  return [
    {
      benchmark,
      name: 'first byte of the body, single download, first after the start',
      unit: 'ms',
      value: cold.firstByteMs,
      baseline: null,
      budget: { on: 'value', max: BUDGETS.agendaCsv.firstByteMs },
    },
    {
      benchmark,
      name: 'first event row, single download, first after the start',
      unit: 'ms',
      value: cold.firstRowMs,
      baseline: null,
      budget: { on: 'value', max: BUDGETS.agendaCsv.firstByteMs },
    },
    { benchmark, name: 'first event row, single download, warm process', unit: 'ms', value: single.firstRowMs, baseline: null },
    {
      benchmark,
      name: `single download of ${(cold.bytes / 1e6).toFixed(2)} MB, first after the start: whole time`,
      unit: 'ms',
      value: cold.totalMs,
      baseline: null,
    },
    {
      benchmark,
      name: `${DOWNLOADS} downloads at once: whole time of the slowest (median ${percentile(seconds, 50).toFixed(2)} s)`,
      unit: 'ms',
      value: Math.max(...seconds) * 1000,
      baseline: { name: 'single download', value: cold.totalMs },
    },
    {
      benchmark,
      name: `${DOWNLOADS} downloads at once, each the single download's ${cold.bytes} bytes (1 = yes)`,
      unit: '',
      value: sameAnswer ? 1 : 0,
      baseline: null,
      budget: { on: 'value', min: 1 },
    },
    {
      benchmark,
      name: `server RSS growth while ${DOWNLOADS} downloads run at once (peak of ${together.samples.length} samples every ${SAMPLE_MS} ms, less the idle median)`,
      unit: 'MB',
      value: mb(peak - level),
      baseline: null,
      budget: { on: 'value', max: BUDGETS.agendaCsv.rssGrowthMb },
    },
    { benchmark, name: 'server RSS, idle before the downloads', unit: 'MB', value: mb(level), baseline: null },
    { benchmark, name: 'server RSS after the downloads', unit: 'MB', value: mb(after), baseline: { name: 'idle before', value: mb(level) } },
  ];
};

/** `npm run bench agenda-csv`: the whole agenda's CSV on the large database (PGlite, or PostgreSQL with `DATABASE_URL`): first byte, and memory under 10 downloads. */
export const agendaCsvFigures = async (): Promise<Figure[]> => {
  const distDir = resolve(process.env['BENCH_DIST_DIR'] ?? DEFAULT_DIST);
  const databaseUrl = process.env['DATABASE_URL'];
  const engine: Engine = databaseUrl === undefined || databaseUrl === '' ? 'pglite' : 'postgres';
  const storage = await prepareStorage('large', engine, databaseUrl);
  try {
    const { server } = await startSeeded(storage, 'large', distDir);
    try {
      return await measure(server, engine === 'pglite' ? 'PGlite' : 'PostgreSQL');
    } finally {
      const code = await server.stop();
      if (code !== 0) console.log(`  the server exited with ${code}:\n${server.output()}`);
    }
  } finally {
    await storage.dispose();
  }
};
