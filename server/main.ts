import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { backendPages } from './render/page-sources';
import { openDatabase } from './db';
import { ensureMedia } from './media';
import { migrate } from './migrations';
import { contentLabel, seedDemo } from './seed';

// The entry of `npm run serve`: storage from the environment, then one port for everything.
const main = async (): Promise<void> => {
  const dataDir = resolve(process.env['DATA_DIR'] ?? '.data');
  const mediaDir = join(dataDir, 'media');
  const port = Number(process.env['PORT'] ?? 8080);
  const host = process.env['HOST'] ?? '0.0.0.0';
  const started = Date.now();

  const db = await openDatabase({ dataDir, databaseUrl: process.env['DATABASE_URL'] });
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`schema migrated to version ${applied[applied.length - 1]}`);
  if ((await contentLabel(db)) === null) {
    console.log('empty database: loading the demo content');
    await seedDemo(db);
  }
  await ensureMedia(mediaDir);

  // SITE_API_BASE: the pages are rendered from an institution's own API that speaks SPEC §7, not from this database.
  const siteApi = process.env['SITE_API_BASE']?.trim();
  const app = buildApp({
    db,
    distDir: resolve(process.env['DIST_DIR'] ?? 'dist'),
    mediaDir,
    logger: { level: process.env['LOG_LEVEL'] ?? 'warn' },
    ...(siteApi ? { pages: backendPages(siteApi) } : {}),
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    // Stop taking requests and finish the running ones before the database goes away.
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port, host });
  console.log(`listening on ${address} (${db.kind}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
