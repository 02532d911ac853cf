import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseJson } from '../src/domain/json';
import { decodeContent } from './content';
import { openDatabase } from './db';
import { migrate } from './migrations';
import { importContent } from './seed';

// `npm run import -- file.json`: replaces the content with an institution's own, all or nothing.
const main = async (): Promise<number> => {
  const file = process.argv[2];
  if (file === undefined) {
    console.error('usage: npm run import -- file.json');
    return 2;
  }
  let input: unknown;
  try {
    input = parseJson(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: cannot read JSON: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const decoded = decodeContent(input);
  if (!decoded.ok) {
    console.error(`${file} does not hold importable content; nothing was loaded:`);
    for (const line of decoded.errors) console.error(`  ${line}`);
    return 1;
  }
  const db = await openDatabase({ dataDir: resolve(process.env['DATA_DIR'] ?? '.data'), databaseUrl: process.env['DATABASE_URL'] });
  try {
    await migrate(db);
    await importContent(db, decoded.content, basename(file));
  } finally {
    await db.close();
  }
  const c = decoded.content;
  console.log(
    `imported ${c.contacts.length} contacts, ${c.events.length} events, ${c.news.length} news, ${c.shop_items.length} shop items from ${file}`,
  );
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`import failed, nothing was loaded: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
