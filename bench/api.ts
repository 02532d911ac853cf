import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { openLargeDatabase } from './large-database';

// `npm run bench:api`: the API on a large database against a static JSON route of the same server.
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);

const TARGETS = [
  { name: 'static JSON (baseline)', path: '/bench/static' },
  { name: 'contacts ?title=helene', path: '/api/contacts/?title=helene' },
  { name: 'agenda ?month=3', path: '/api/agenda/?month=3' },
  { name: 'agenda ?month=3&title=vernissage', path: '/api/agenda/?month=3&title=vernissage' },
];

const main = async (): Promise<void> => {
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

  const baseline = rows[0]?.rps ?? 1;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${db.kind}, Node ${process.version}\n`);
  console.log('| route | answer size | req/s | p99 latency | req/s vs static | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${(row.bytes / 1024).toFixed(1)} KB | ${row.rps.toFixed(0)} | ${row.p99} ms | ${(row.rps / baseline).toFixed(3)} | ${row.errors} |`,
    );
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
