import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { SHARED_CACHE_SECONDS } from '../server/cache/shared-cache';
import { freePort, runNginx, startNginx } from '../test/support/nginx';
import { BUDGETS, type Figure } from './figures';

// The documented nginx (docs/operations.md, "Behind a reverse proxy or a CDN", run as
// test/server/edge-cache.test.ts runs it) in front of the real app in a process of its own:
// 50 connections on cached pages, feeds and API answers through the proxy against the origin
// alone, the requests that reached the origin per address, and how long an import takes to show.

const DURATION = Number(process.env['BENCH_DURATION'] ?? 20);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
// nginx's worker processes (one, as the origin is one process), and wrk's threads.
const NGINX_WORKERS = Number(process.env['BENCH_EDGE_NGINX_WORKERS'] ?? 1);
const LOAD_THREADS = Number(process.env['BENCH_EDGE_LOAD_WORKERS'] ?? 2);
const WRK = '/usr/bin/wrk';
const HOST = 'canton.example';
// As browsers ask: compressed; the site's name, which the proxy passes on.
const HEADERS = { Host: HOST, 'Accept-Encoding': 'br, gzip' };
const PATHS = ['/', '/annuaire/', '/agenda/', '/actualites/', '/en/annuaire/', '/flux/actualites/actualites.atom', '/api/contacts/?page_size=20', '/api/agenda/1/'];
// The address polled for the import: the count of contacts it announces changes with it.
const WATCHED = '/api/contacts/?page_size=1';
const POLL_MS = 50;

interface Origin {
  readonly port: number;
  /** Resolves once the origin printed that the import is committed. */
  readonly importContent: () => Promise<void>;
  /** The requests the origin served per address since the last call. */
  readonly counts: () => Promise<Record<string, number>>;
  readonly stop: () => Promise<void>;
}

const startOrigin = async (): Promise<Origin> => {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'edge-origin.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const waiters: { text: string; done: () => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const waiter of waiters.splice(0)) {
      if (output.includes(waiter.text)) waiter.done();
      else waiters.push(waiter);
    }
  });
  const printed = (text: string): Promise<void> =>
    new Promise((done, fail) => {
      if (output.includes(text)) {
        done();
        return;
      }
      waiters.push({ text, done });
      child.once('exit', () => fail(new Error(`the origin exited before printing "${text}":\n${output}`)));
    });
  await printed('listening ');
  const port = Number(/listening (\d+)/.exec(output)?.[1]);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    port,
    importContent: async () => {
      child.stdin.write('import\n');
      await printed('imported');
    },
    counts: async () => {
      const from = output.length;
      child.stdin.write('count\n');
      const line = await new Promise<string>((done, fail) => {
        const poll = setInterval(() => {
          const found = /asked (\{.*\})\n/.exec(output.slice(from))?.[1];
          if (found !== undefined) {
            clearInterval(poll);
            done(found);
          } else if (child.exitCode !== null) {
            clearInterval(poll);
            fail(new Error(`the origin exited:\n${output}`));
          }
        }, 20);
      });
      return JSON.parse(line) as Record<string, number>;
    },
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
};

/** Debian's `wrk`, installed with apt-get when missing (as root on Debian, as the proxy tests install nginx). */
const ensureWrk = (): string => {
  if (existsSync(WRK)) return WRK;
  if (existsSync('/etc/debian_version') && process.getuid?.() === 0) {
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(WRK)) return WRK;
  }
  throw new Error('The edge-cache bench needs wrk (Debian: `apt-get install wrk`).');
};

// The addresses in turn, with the site's Host and a browser's encodings: each of wrk's threads runs its own copy.
const wrkScript = (paths: readonly string[]): string =>
  [
    `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }`,
    ...Object.entries(HEADERS).map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`),
    'local turn = 0',
    'request = function()',
    '  turn = turn + 1',
    '  return wrk.format("GET", paths[(turn % #paths) + 1])',
    'end',
  ].join('\n');

/**
 * Requests per second on `port`, with wrk: autocannon, a Node process on one of the machine's
 * cores, topped out at 8,000 to 15,000 req/s, below what nginx serves from its cache, so the
 * ratio measured the load generator rather than the proxy.
 */
const load = (port: number, paths: readonly string[] = PATHS): { rps: number; errors: number } => {
  const dir = mkdtempSync(join(tmpdir(), 'edge-wrk-'));
  try {
    const script = join(dir, 'paths.lua');
    writeFileSync(script, wrkScript(paths));
    const out = execFileSync(ensureWrk(), [`-t${LOAD_THREADS}`, `-c${CONNECTIONS}`, `-d${DURATION}s`, '-s', script, `http://127.0.0.1:${port}/`]).toString();
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    if (!Number.isFinite(rps)) throw new Error(`wrk printed no rate:\n${out}`);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const socketErrors = socket === null ? 0 : socket.slice(1).reduce((sum, count) => sum + Number(count), 0);
    return { rps, errors: non2xx + socketErrors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

// One GET with the site's Host (which fetch may not set), its body read whole.
const get = (port: number, path: string): Promise<{ status: number; body: string }> =>
  new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path, headers: { host: HOST } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      response.on('error', fail);
    });
    call.on('error', fail);
    call.end();
  });

/** An answer as the proxy sends it: its headers and its bytes, still compressed. */
interface RawAnswer {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

const getRaw = (port: number, path: string): Promise<RawAnswer> =>
  new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path, headers: { host: HOST, 'accept-encoding': HEADERS['Accept-Encoding'] } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = Object.fromEntries(Object.entries(response.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
        done({ headers, body: Buffer.concat(chunks) });
      });
      response.on('error', fail);
    });
    call.on('error', fail);
    call.end();
  });

// Headers nginx writes itself for a file.
const OWN_HEADERS = new Set(['server', 'date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'content-type', 'last-modified', 'accept-ranges']);
const nginxString = (text: string): string => `"${text.replace(/[\\"$]/g, (character) => (character === '$' ? '${dollar}' : `\\${character}`))}"`;

/**
 * The proxy's answers, bytes and headers, served by the same nginx as plain files, with as many
 * workers: the most any cache in front of the origin can serve on this machine, where wrk and
 * the server share its cores. Resolves to the addresses to load and a stop.
 */
const startStaticCopy = async (answers: readonly RawAnswer[]): Promise<{ port: number; paths: string[]; stop: () => Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'edge-ceiling-'));
  const port = await freePort();
  const locations = answers.map((answer, index) => {
    writeFileSync(join(dir, `answer-${index}`), answer.body, { mode: 0o644 });
    const added = Object.entries(answer.headers)
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]) => `add_header ${name} ${nginxString(value)};`);
    return `    location = /answer-${index} { default_type ${nginxString(answer.headers['content-type'] ?? 'application/octet-stream')}; ${added.join(' ')} }`;
  });
  const running = await runNginx({
    dir,
    port,
    workers: NGINX_WORKERS,
    http: [
      '  access_log off;',
      '  etag off;',
      '  geo $dollar { default "$"; }',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${dir};`,
      ...locations,
      '  }',
    ],
  });
  return { port, paths: answers.map((_, index) => `/answer-${index}`), stop: running.stop };
};

const contactCount = async (port: number): Promise<number> => (JSON.parse((await get(port, WATCHED)).body) as { count: number }).count;

/**
 * Requests per second through the proxy and at the origin for the same addresses, the origin
 * requests of each address during the proxy's run (counted by the origin), and the milliseconds from
 * an import's commit until the proxy answers the new content.
 */
export const edgeCache = async (): Promise<Figure[]> => {
  const origin = await startOrigin();
  const nginx = await startNginx({ upstreamPort: origin.port, workers: NGINX_WORKERS, accessLog: false });
  try {
    // Every address rendered once by the origin and kept once by the proxy before the runs.
    for (const path of PATHS) {
      for (const port of [origin.port, nginx.port]) {
        const answer = await get(port, path);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} before the runs`);
      }
    }
    const atOrigin = load(origin.port);
    await origin.counts();
    const throughProxy = load(nginx.port);
    const upstream = new Map(Object.entries(await origin.counts()));
    const copies = await startStaticCopy(await Promise.all(PATHS.map((path) => getRaw(nginx.port, path))));
    let ceiling: { rps: number; errors: number };
    try {
      ceiling = load(copies.port, copies.paths);
    } finally {
      await copies.stop();
    }
    // The most expiries a run of DURATION seconds can hold, each refreshed by one request.
    const intervals = Math.floor(DURATION / SHARED_CACHE_SECONDS) + 1;
    const worst = Math.max(0, ...upstream.values());

    const before = await contactCount(nginx.port);
    await origin.importContent();
    const imported = performance.now();
    let visibleMs = Number.POSITIVE_INFINITY;
    while (performance.now() - imported < (SHARED_CACHE_SECONDS + 10) * 1_000) {
      if ((await contactCount(nginx.port)) !== before) {
        visibleMs = performance.now() - imported;
        break;
      }
      await new Promise((done) => setTimeout(done, POLL_MS));
    }

    console.log(
      `edge cache: ${Math.round(throughProxy.rps)} req/s through nginx, ${Math.round(atOrigin.rps)} req/s at the origin (errors ${throughProxy.errors} / ${atOrigin.errors}); ` +
        `${Math.round(ceiling.rps)} req/s from the same answers as files (errors ${ceiling.errors}); origin requests during the proxy's ${DURATION} s: ${[...upstream].map(([path, count]) => `${path} ${count}`).join(', ') || 'none'}; import visible after ${Math.round(visibleMs)} ms`,
    );
    const budget = BUDGETS.edgeCache;
    const benchmark = 'edge cache (documented nginx, 50 connections, pages, feeds, API)';
    return [
      {
        benchmark,
        name: 'req/s through the proxy',
        unit: 'req/s',
        value: throughProxy.rps,
        baseline: { name: 'req/s at the origin, same addresses', value: atOrigin.rps },
        budget: { on: 'ratio', min: budget.proxyToOrigin },
      },
      {
        benchmark,
        name: 'req/s of the same nginx serving the same answers (bytes and headers) as plain files: the most any cache can give here, where wrk and the server share 2 cores',
        unit: 'req/s',
        value: ceiling.rps,
        baseline: { name: 'req/s at the origin, same addresses', value: atOrigin.rps },
      },
      { benchmark, name: 'errors and non-2xx through the proxy', unit: '', value: throughProxy.errors, baseline: null, budget: { on: 'value', max: 0 } },
      {
        benchmark,
        name: `origin requests per address per ${SHARED_CACHE_SECONDS} s (most of any address, ${worst} in ${DURATION} s)`,
        unit: '',
        value: worst / intervals,
        baseline: null,
        budget: { on: 'value', max: budget.originRequestsPerInterval },
      },
      { benchmark, name: 'import visible through the proxy', unit: 'ms', value: visibleMs, baseline: null, budget: { on: 'value', max: budget.importVisibleMs } },
    ];
  } finally {
    await nginx.stop();
    await origin.stop();
  }
};
