import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { contentLabel, decodeContent, decodeImportText, type Content } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { buildDemoContent } from '../../server/operations/demo-content';
import { importContent } from '../../server/operations/seed';
import { closeOpened } from '../support/close-opened';
import { demo } from '../support/demo-expectations';
import { ensureServerBuilt, logText, ROOT } from '../support/server-child';
import { openTestDatabase, pgliteTemplateDir } from '../support/test-database';

// Opening a copy of the test database takes seconds when other test files run beside this one.
jest.setTimeout(60_000);

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await closeOpened(db);
});

const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;
const count = async (table: string): Promise<number> => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? -1;

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

describe('the limits of the database, checked before any SQL', () => {
  const faults = (content: unknown): string[] => {
    const result = decodeContent(content);
    return result.ok ? [] : result.errors;
  };

  it('names a title longer than an index row holds', () => {
    const content = copy();
    // A few kilobytes of varied text: what the B-tree index refused whole before.
    (content.contacts[3] as { title: string }).title = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
    expect(faults(content)).toEqual([expect.stringMatching(/^contacts\/3\/title: longer than 500 characters \(got "/)]);
  });

  it('names a name that normalisation for search lengthens past the index', () => {
    const content = copy();
    // 500 Hangul syllables: within the length, but NFD makes each two or three letters of 3 bytes.
    (content.contacts[1] as { title: string }).title = '한'.repeat(500);
    expect(faults(content)).toEqual([expect.stringMatching(/^contacts\/1\/title: longer than 2000 bytes once normalised for search/)]);
  });

  it('names each NUL character and lone surrogate, which PostgreSQL cannot store', () => {
    const content = copy();
    (content.contacts[0] as { title: string }).title = 'Conseil\u0000';
    (content.news[2] as { body?: string | null }).body = '<p>\ud800</p>';
    (content.contacts[4] as { commissions?: string[] }).commissions = ['Finances', 'x\u0000'];
    expect(faults(content)).toEqual([
      expect.stringMatching(/^contacts\/0\/title: holds a NUL character/),
      expect.stringMatching(/^contacts\/4\/commissions\/1: holds a NUL character/),
      expect.stringMatching(/^news\/2\/body: holds a lone UTF-16 surrogate/),
    ]);
  });

  it('names a date before year 1, a price beyond numeric(10, 2) and an id beyond integer', () => {
    const content = copy() as unknown as { events: { bel_date: string }[]; shop_items: { price: number }[]; agendas: { id: number }[] };
    (content.events[0] as { bel_date: string }).bel_date = '0000-06-01';
    (content.shop_items[1] as { price: number }).price = 100_000_000;
    (content.agendas[0] as { id: number }).id = 2_147_483_648;
    const found = faults(content);
    expect(found).toContainEqual(expect.stringMatching(/^events\/0\/bel_date: expected a date from 0001-01-01 \(PostgreSQL has no year 0\)/));
    expect(found).toContainEqual(expect.stringMatching(/^shop_items\/1\/price: expected a price of at most 99999999.99/));
    expect(found).toContainEqual(expect.stringMatching(/^agendas\/0\/id: expected a whole number from 1 to 2147483647/));
  });

  it('names an event that ends before it starts: an end_date before its first day, or an end_time before its start_time the same day', () => {
    const content = copy() as unknown as { events: { bel_date: string; end_date?: string | null; start_time?: string | null; end_time?: string | null }[] };
    Object.assign(content.events[1]!, { bel_date: '2026-03-02', end_date: '2026-03-01' });
    Object.assign(content.events[2]!, { bel_date: '2026-03-02', end_date: null, start_time: '18:00', end_time: '17:30' });
    Object.assign(content.events[3]!, { bel_date: '2026-03-02', end_date: '2026-03-02', start_time: '18:00', end_time: '09:00' });
    // Past midnight with its end_date, or the same day in order: an event as it should be.
    Object.assign(content.events[4]!, { bel_date: '2026-03-02', end_date: '2026-03-03', start_time: '22:00', end_time: '02:00' });
    Object.assign(content.events[5]!, { bel_date: '2026-03-02', end_date: null, start_time: '18:00', end_time: '18:00' });
    expect(faults(content)).toEqual([
      'events/1/end_date: ends before the event starts (2026-03-01, before bel_date 2026-03-02)',
      'events/2/end_time: ends before the event starts (17:30, before start_time 18:00 the same day; past midnight, give its end_date)',
      'events/3/end_time: ends before the event starts (09:00, before start_time 18:00 the same day; past midnight, give its end_date)',
    ]);
  });

  it('names keys the file holds twice: a contact category title, a news scope slug', () => {
    const content = copy();
    (content.contact_categories[2] as { title: string }).title = content.contact_categories[0]?.title ?? '';
    (content.news_scopes[1] as { slug: string }).slug = content.news_scopes[0]?.slug ?? '';
    const found = faults(content);
    expect(found).toContainEqual(expect.stringMatching(/^contact_categories\/2\/title: duplicate title/));
    expect(found).toContainEqual(expect.stringMatching(/^news_scopes\/1\/slug: duplicate slug/));
  });

  it('reports every fault, each on its line, up to a hundred and a count of the rest', () => {
    const content = copy();
    content.contacts.forEach((contact) => {
      (contact as { title: string }).title = 'x\u0000';
    });
    const found = faults(content);
    expect(found).toHaveLength(101);
    expect(found[100]).toBe(`… and ${content.contacts.length - 100} more faults`);
  });

  it('ignores prototype keys in the text of a file', () => {
    const content = copy();
    const text = JSON.stringify(content).replace('{"id":1,', '{"__proto__":{"title":"polluted"},"constructor":{"x":1},"id":1,');
    const result = decodeImportText(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.content.agendas[0])).toBe(Object.prototype);
    expect(Object.keys(result.content.agendas[0] ?? {})).toEqual(['id', 'title']);
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
    const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../server/operations/import-command.ts'), file], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dir },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    // The command's log: one JSON object per line, on standard output.
    expect(logText(run.stdout)).toContain('nothing was loaded');
    expect(logText(run.stdout)).toContain('news/2/date: expected a date YYYY-MM-DD (got "hier")');
  });
});

describe('npm run import on a large file', () => {
  // The highest resident memory of a process so far (Linux keeps it: VmHWM), in MB; 0 once it is gone.
  const highWaterMb = (pid: number): number => {
    try {
      const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kb === undefined ? 0 : Number(kb) / 1024;
    } catch {
      return 0;
    }
  };

  it('refuses an event that ends before it starts, naming its path, and loads nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const file = join(dir, 'reversed.json');
    const content = copy() as unknown as { events: { bel_date: string; end_date?: string | null }[] };
    Object.assign(content.events[4]!, { bel_date: '2026-05-10', end_date: '2026-05-09' });
    writeFileSync(file, JSON.stringify(content));
    const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../server/operations/import-command.ts'), file], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dir },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(logText(run.stdout)).toContain('nothing was loaded');
    expect(logText(run.stdout)).toContain('events/4/end_date: ends before the event starts (2026-05-09, before bel_date 2026-05-10)');
  });

  it('reads the file as a stream: a 25 MB import stays within 300 MB of resident memory, and loads it all', async () => {
    ensureServerBuilt();
    // On PGlite, whose memory is the process's own, holding content already (a new folder costs PGlite's own creation): as
    // `npm run bench import` measures it (bench/import-memory.ts), whichever backend the other tests run on.
    const dataDir = mkdtempSync(join(tmpdir(), 'import-large-'));
    cpSync(await pgliteTemplateDir(), join(dataDir, 'pglite'), { recursive: true });
    const file = join(dataDir, 'large.json');
    const content = buildDemoContent({ contacts: 3_000, events: 30_000, news: 6_000, seed: 7 });
    writeFileSync(file, JSON.stringify(content));
    try {
      // The command of `npm run import`, flags included.
      const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['import'] ?? '';
      const [command, ...args] = script.split(' ');
      expect(command).toBe('node');
      const child = spawn(process.execPath, [...args, file], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      let peakMb = 0;
      const watch = setInterval(() => (peakMb = Math.max(peakMb, highWaterMb(child.pid ?? 0))), 25);
      const status = await new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      clearInterval(watch);
      expect(output).toContain(`imported ${content.contacts.length} contacts, ${content.events.length} events, ${content.news.length} news`);
      expect(status).toBe(0);
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThanOrEqual(300);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A guard against a hung import, not a speed claim: a 25 MB file into PGlite took over 60 s on a busy 2-core machine.
  }, 180_000);
});
