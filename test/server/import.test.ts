import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decodeContent, type Content } from '../../server/content';
import type { Database } from '../../server/db';
import { importContent } from '../../server/seed';
import { contentLabel } from '../../server/seed';
import { demo } from '../support/demo-expectations';
import { openTestDatabase } from '../support/test-database';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;
const count = async (table: string): Promise<number> =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? -1;

describe('decoding an import file', () => {
  it('accepts the demo content', () => {
    expect(decodeContent(copy()).ok).toBe(true);
  });

  it('names the path of a value that does not decode', () => {
    const content = copy() as unknown as { events: { bel_date: string }[]; shop_items: { price: number }[] };
    (content.events[3] as { bel_date: string }).bel_date = '2025-13-01';
    (content.shop_items[0] as { price: number }).price = 1.234;
    const result = decodeContent(content);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors.some((e) => e.startsWith('events/3/bel_date: expected a date YYYY-MM-DD'))).toBe(true);
    expect(errors.some((e) => e.startsWith('shop_items/0/price:'))).toBe(true);
  });

  it('names a link to a category that does not exist', () => {
    const content = copy();
    (content.contacts[0] as { categories: string[] }).categories = ['Inconnue'];
    const result = decodeContent(content);
    expect(result.ok ? [] : result.errors).toEqual(['contacts/0/categories/0: unknown contact category "Inconnue"']);
  });
});

describe('importing', () => {
  it('loads nothing when the database refuses part of the content', async () => {
    const content = copy();
    content.contacts = content.contacts.slice(0, 3);
    // Valid JSON text, but PostgreSQL text cannot hold NUL: the last table write fails.
    (content.shop_items[7] as { title: string }).title = 'Affiche\u0000';
    await expect(importContent(db, content, 'broken.json')).rejects.toThrow();
    expect(await count('contacts')).toBe(demo.contacts.length);
    expect(await count('events')).toBe(demo.events.length);
    expect(await contentLabel(db)).toMatch(/^demo:/);
  });

  it('replaces the whole content with the file', async () => {
    const content = copy();
    content.contacts = content.contacts.slice(0, 5);
    content.events = content.events.slice(0, 7);
    await importContent(db, content, 'canton.json');
    expect(await count('contacts')).toBe(5);
    expect(await count('events')).toBe(7);
    expect(await contentLabel(db)).toBe('import:canton.json');
  });
});

describe('npm run import', () => {
  it('refuses a file that does not decode, naming the path, and exits with 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const file = join(dir, 'bad.json');
    const content = copy() as unknown as { news: { date: string }[] };
    (content.news[2] as { date: string }).date = 'hier';
    writeFileSync(file, JSON.stringify(content));
    const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../server/import-command.ts'), file], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dir },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('nothing was loaded');
    expect(run.stderr).toContain('news/2/date: expected a date YYYY-MM-DD (got "hier")');
  });
});
