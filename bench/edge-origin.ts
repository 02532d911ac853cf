import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Content } from '../server/data/content';
import { buildApp } from '../server/http/app';
import { importContent } from '../server/operations/seed';
import { demo } from '../test/support/demo-expectations';
import { ensureTestMedia, openTestDatabase } from '../test/support/test-database';

// The origin of `npm run bench edge-cache`, in a process of its own (the load generator must not
// share its thread): the real app on a private copy of the demo database, behind the documented
// proxy (TRUST_PROXY=127.0.0.1). It prints `listening <port>`. On its input, a line `count` prints
// `asked {address: requests}` (the requests it served since the last count), and a line `import`
// imports the demo content with three contacts, in this process (PGlite lets one process open its
// folder), and prints `imported` once it is committed.

const DIST = resolve(process.env['BENCH_DIST_DIR'] ?? 'dist');

const main = async (): Promise<void> => {
  const db = await openTestDatabase();
  const app = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia(), trustProxy: ['127.0.0.1'] });
  // The requests that reached this origin, per address: what the proxy did not answer from its copy.
  const asked = new Map<string, number>();
  app.addHook('onRequest', async (request) => {
    asked.set(request.url, (asked.get(request.url) ?? 0) + 1);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${(app.server.address() as AddressInfo).port}`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.trim() === 'count') {
      console.log(`asked ${JSON.stringify(Object.fromEntries(asked))}`);
      asked.clear();
      continue;
    }
    if (line.trim() !== 'import') continue;
    const content = JSON.parse(JSON.stringify(demo)) as Content;
    content.contacts = content.contacts.slice(0, 3);
    await importContent(db, content, 'edge-cache-bench.json');
    console.log('imported');
  }
  // The bench closed its end: stop.
  await app.close();
  await db.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
