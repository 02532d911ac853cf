import { resolve } from 'node:path';
import { BUDGETS, type Figure } from './figures';
import { loadTargets, prepareStorage, staticScriptPath, startSeeded, type Target } from './load';
import type { ServerProcess } from './server-process';

// Issue 33: the API's description and the DCAT-AP CH catalogue are answers like every other,
// tagged and revalidated (a 304), and each serves at least half the static script's req/s from
// the real server process (PGlite, demo database: neither depends on the content's size).

const SECONDS = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
// As browsers ask: the answers are sent from their kept brotli copy, the script from its precompressed file.
const HEADERS = { 'accept-encoding': 'br, gzip' };
// Seconds of load on the static script before the first measure, not counted (the fresh process's JIT).
const WARM_UP_S = 3;
const DEFAULT_DIST = resolve(__dirname, '..', 'dist');

const ROUTES = [
  { name: 'OpenAPI document /api/openapi.json', path: '/api/openapi.json' },
  { name: 'DCAT-AP CH catalogue /donnees/catalogue.rdf', path: '/donnees/catalogue.rdf' },
] as const;

/** What one route answered before the load: its first answer, then the same request with the tag it gave. */
interface Revalidation {
  readonly status: number;
  readonly etag: string | null;
  readonly cacheControl: string | null;
  readonly encoding: string | null;
  readonly bytes: number;
  readonly revalidated: number;
}

const revalidate = async (base: string, path: string): Promise<Revalidation> => {
  const first = await fetch(`${base}${path}`, { headers: HEADERS });
  const bytes = (await first.arrayBuffer()).byteLength;
  const etag = first.headers.get('etag');
  const again = await fetch(`${base}${path}`, { headers: { ...HEADERS, ...(etag === null ? {} : { 'if-none-match': etag }) } });
  await again.arrayBuffer();
  return {
    status: first.status,
    etag,
    cacheControl: first.headers.get('cache-control'),
    encoding: first.headers.get('content-encoding'),
    bytes,
    revalidated: again.status,
  };
};

const measure = async (server: ServerProcess, distDir: string): Promise<Figure[]> => {
  const script: Target = { name: 'static script', cache: 'repeated', paths: [staticScriptPath(distDir)] };
  await loadTargets(server.base, [script], CONNECTIONS, WARM_UP_S);
  const benchmark = `open data: real server process, PGlite demo database, ${CONNECTIONS} connections, ${SECONDS} s a route, Accept-Encoding: br, gzip`;
  const fixed = await loadTargets(server.base, [script], CONNECTIONS, SECONDS);
  console.log(`  static script ${script.paths[0]}: ${fixed.rps.toFixed(0)} req/s, p99 ${fixed.p99} ms`);
  const figures: Figure[] = [];
  for (const route of ROUTES) {
    const check = await revalidate(server.base, route.path);
    const notModified = check.status === 200 && check.etag !== null && check.revalidated === 304;
    const result = await loadTargets(server.base, [{ name: route.name, cache: 'repeated', paths: [route.path] }], CONNECTIONS, SECONDS);
    const failures = result.errors + result.timeouts + result.non2xx;
    console.log(
      `  ${route.path}: ${check.status}, ETag ${check.etag ?? 'none'}, Cache-Control ${check.cacheControl ?? 'none'}, ${check.encoding ?? 'plain'}, ${(check.bytes / 1024).toFixed(1)} KB;` +
        ` If-None-Match → ${check.revalidated}; ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${failures} errors, time-outs and non-2xx`,
    );
    figures.push(
      {
        benchmark,
        name: `${route.name}: If-None-Match with its ETag answered 304 (1 = yes)`,
        unit: '',
        value: notModified ? 1 : 0,
        baseline: null,
        budget: { on: 'value', min: BUDGETS.openData.conditional304 ? 1 : 0 },
      },
      {
        benchmark,
        name: `${route.name} [${(check.bytes / 1024).toFixed(1)} KB, sent ${check.encoding ?? 'plain'}]: p99 ${result.p99} ms (static ${fixed.p99} ms), ${failures} errors, time-outs and non-2xx; req/s`,
        unit: 'req/s',
        value: Math.round(result.rps),
        baseline: { name: 'static script', value: Math.round(fixed.rps) },
        budget: { on: 'ratio', min: BUDGETS.openData.toStatic },
      },
    );
  }
  return figures;
};

/** `npm run bench open-data`: the OpenAPI document and the DCAT-AP CH catalogue, their 304 and their req/s beside the static script. */
export const openDataFigures = async (): Promise<Figure[]> => {
  const distDir = resolve(process.env['BENCH_DIST_DIR'] ?? DEFAULT_DIST);
  const storage = await prepareStorage('demo', 'pglite');
  try {
    const { server } = await startSeeded(storage, 'demo', distDir);
    try {
      return await measure(server, distDir);
    } finally {
      const code = await server.stop();
      if (code !== 0) console.log(`  the server exited with ${code}:\n${server.output()}`);
    }
  } finally {
    await storage.dispose();
  }
};
