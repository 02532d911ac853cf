import type { Database } from '../data/database';
import { writeContent, type Content } from '../data/content';
import { buildDemoContent, demoLabel, DEMO_DEFAULTS, type DemoOptions } from './demo-content';

// After a bulk write, the trigram indexes hold their new entries in a pending list that every
// search reads whole, and the planner's statistics describe the old content: PGlite has no
// autovacuum to fix either, so the writer does (outside the transaction, as VACUUM must be).
/** Tidies the tables after a bulk write, outside its transaction. */
export const tidy = (db: Database): Promise<unknown> => db.query('vacuum analyze contacts, events, news_items');

/** Replaces the content with the demo content of `options`, in one transaction. */
export const seedDemo = async (db: Database, options: DemoOptions = DEMO_DEFAULTS): Promise<void> => {
  // One instant for both: the news stop at the day of the seed, which the label names.
  const now = Date.now();
  const content = buildDemoContent(options, now);
  await db.transaction((tx) => writeContent(tx, content, demoLabel(options, now)));
  await tidy(db);
};

/** Replaces the content with an institution's own, in one transaction: all of it or nothing. */
export const importContent = async (db: Database, content: Content, label: string): Promise<void> => {
  await db.transaction((tx) => writeContent(tx, content, `import:${label}`));
  await tidy(db);
};
