import autocannon from 'autocannon';
import { buildApp } from '../server/http/app';
import type { Figure } from './figures';
import { openLargeDatabase } from './large-database';

// The API on the large database against a static JSON route of the same server.
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);

const TARGETS = [
  { name: 'static JSON route', path: '/bench/static' },
  { name: 'contacts ?title=helene', path: '/api/contacts/?title=helene' },
  { name: 'agenda ?month=3', path: '/api/agenda/?month=3' },
  { name: 'agenda ?month=3&title=vernissage', path: '/api/agenda/?month=3&title=vernissage' },
];

/** Requests per second and p99 latency of API calls, against a static route of the same server. */
export const apiThroughput = async (): Promise<Figure[]> => {
  const { db, mediaDir } = await openLargeDatabase();
  const app = buildApp({ db, mediaDir });
  const fixed = { ok: true, items: [1, 2, 3], message: 'réponse fixe' };
  app.get('/bench/static', async () => fixed);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const rows: { name: string; bytes: number; rps: number; p99: number; errors: number }[] = [];
  for (const target of TARGETS) {
    const size = (await (await fetch(`${base}${target.path}`)).arrayBuffer()).byteLength;
    const result = await autocannon({ url: `${base}${target.path}`, connections: CONNECTIONS, duration: DURATION });
    rows.push({
      name: target.name,
      bytes: size,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    });
    // PGlite answers one statement at a time: wait out the backlog before the next target.
    await fetch(`${base}${target.path}`);
    console.log(`  ${target.name}: done`);
  }
  await app.close();
  await db.close();

  const [fixedRoute, ...routes] = rows;
  if (!fixedRoute) return [];
  const benchmark = `API on the large database (${db.kind}), ${CONNECTIONS} connections, ${DURATION} s a route`;
  return routes.flatMap((row) => [
    {
      benchmark,
      name: `${row.name} (${(row.bytes / 1024).toFixed(1)} KB, ${row.errors} errors), req/s`,
      unit: 'req/s' as const,
      value: row.rps,
      baseline: { name: fixedRoute.name, value: fixedRoute.rps },
    },
    { benchmark, name: `${row.name}, p99`, unit: 'ms' as const, value: row.p99, baseline: { name: fixedRoute.name, value: fixedRoute.p99 } },
  ]);
};
