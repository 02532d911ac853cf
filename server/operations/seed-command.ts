import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataFolderLockedError, describeHolder } from '../data/data-folder-lock';
import { openDatabase } from '../data/db';
import type { Database } from '../data/database';
import { DEMO_DEFAULTS } from './demo-content';
import { ensureMedia } from './media';
import { migrate } from '../data/migrations';
import { seedDemo } from './seed';
import { contentLabel } from '../data/content';
import { loadSiteProfile } from '../profile/load-site-profile';
import { lifecycleLog } from '../telemetry/log';
import { checkDatabaseHost, checkDistDir, checkListen, readSettings, SETTING_EXIT_STATUS, SettingError } from '../settings';

// `npm run seed [-- --contacts N --events N --news N --seed N]`: rebuilds the demo content, then
// makes the demo images if they are missing. With `--if-empty` (what `npm start` runs before the
// server) it writes the content only into a database that holds none, so an institution's import
// or an earlier seed is kept; the images are made either way.
// The server's log: one JSON object per line (server/telemetry/log.ts).
const log = lifecycleLog(process.env['LOG_LEVEL']?.trim());

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      contacts: { type: 'string' },
      events: { type: 'string' },
      news: { type: 'string' },
      seed: { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
    },
  });
  const count = (name: string, value: string | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 5_000_000) throw new Error(`--${name} must be a whole number from 0 to 5000000, got "${value}"`);
    return n;
  };
  const options = {
    contacts: count('contacts', values.contacts, DEMO_DEFAULTS.contacts),
    events: count('events', values.events, DEMO_DEFAULTS.events),
    news: count('news', values.news, DEMO_DEFAULTS.news),
    seed: count('seed', values.seed, DEMO_DEFAULTS.seed),
  };
  // Before the server it runs ahead of (`npm start`), the server's settings are its own: a bad one stops both before the database is opened.
  if (values['if-empty']) {
    const settings = readSettings(process.env);
    checkDistDir(settings.distDir);
    loadSiteProfile(settings.siteProfile);
    await checkListen(settings.host, settings.port);
    if (settings.databaseUrl !== undefined) await checkDatabaseHost(settings.databaseUrl);
  }
  const dataDir = resolve(process.env['DATA_DIR'] ?? '.data');
  const started = Date.now();
  let db: Database;
  try {
    db = await openDatabase({ dataDir, databaseUrl: process.env['DATABASE_URL'] });
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    throw new Error(
      [
        `seed refused, nothing was changed: ${dataDir} is held by ${describeHolder(error.holder)}.`,
        'PGlite lets one process at a time open its data folder: a seed beside the running server would destroy the content.',
        `Stop it (Ctrl-C in its terminal, or kill ${error.holder.pid}), run \`npm run seed\` again, then start the server.`,
      ].join('\n'),
    );
  }
  const opened = Date.now();
  let kept: string | null = null;
  try {
    await migrate(db);
    kept = values['if-empty'] ? await contentLabel(db) : null;
    if (kept === null) await seedDemo(db, options);
  } finally {
    await db.close();
  }
  const seeded = Date.now();
  // Rendered after the database is closed: PGlite's memory is gone before sharp's arrives.
  const rendered = await ensureMedia(join(dataDir, 'media'));
  const images = rendered ? `, demo images made in ${((Date.now() - seeded) / 1000).toFixed(1)} s` : '';
  if (kept !== null) {
    log.info(`seed skipped: ${db.kind} already holds content (${kept})${images}`);
    return;
  }
  log.info(
    `seeded ${options.contacts} contacts, ${options.events} events, ${options.news} news into ${db.kind} ` +
      `(open ${((opened - started) / 1000).toFixed(1)} s, seed ${((seeded - opened) / 1000).toFixed(1)} s${images}, ` +
      `total ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
};

main().catch((error: unknown) => {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof SettingError ? SETTING_EXIT_STATUS : 1);
});
