import { join, resolve } from 'node:path';
import { openDatabase } from '../server/data/db';
import type { Database } from '../server/data/database';
import { demoLabel, type DemoOptions } from '../server/operations/demo-content';
import { ensureMedia } from '../server/operations/media';
import { migrate } from '../server/data/migrations';
import { contentLabel } from '../server/data/content';
import { seedDemo } from '../server/operations/seed';

/** The large demo content the benchmarks run on (issue figures: 10k contacts, 100k events, 20k news). */
export const LARGE: DemoOptions = { contacts: 10_000, events: 100_000, news: 20_000, seed: 20260101 };

/** The benchmark database in `.data-bench/` (or `BENCH_DATA_DIR`), seeded with `LARGE` once and reused. */
export const openLargeDatabase = async (): Promise<{ db: Database; mediaDir: string }> => {
  const dataDir = resolve(process.env['BENCH_DATA_DIR'] ?? '.data-bench');
  const started = Date.now();
  const db = await openDatabase({ dataDir, databaseUrl: process.env['DATABASE_URL'] });
  await migrate(db);
  if ((await contentLabel(db)) !== demoLabel(LARGE)) {
    console.log(`seeding ${LARGE.contacts} contacts, ${LARGE.events} events, ${LARGE.news} news…`);
    await seedDemo(db, LARGE);
  }
  const mediaDir = join(dataDir, 'media');
  await ensureMedia(mediaDir);
  console.log(`database ready (${db.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { db, mediaDir };
};
