import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { decodeImportText, TEXT_LIMITS, type Content } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { buildDemoContent } from '../../server/operations/demo-content';
import { checkImportFile, writeImportFile } from '../../server/operations/import-stream';
import { closeOpened } from '../support/close-opened';
import { runs } from '../support/fuzz-runs';
import { openTestDatabase } from '../support/test-database';

// Each case that decodes is a real import (a transaction, then VACUUM): about a tenth of a second.
jest.setTimeout(600_000);

// `npm run fuzz` asks 10,000 cases of every property: here that is some twenty minutes of imports,
// so this one stops at 2,000 (the issue asks 1,000 import files); FUZZ_RUNS below that is kept.
const MAX_FUZZ_RUNS = 2_000;

let db: Database;
let dir = '';

beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'import-fuzz-'));
});

afterAll(async () => {
  await closeOpened(db);
  rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
type File = Record<string, Row[]>;

// Small, so that a case costs little; every table has rows and every link points somewhere.
const BASE = JSON.parse(JSON.stringify(buildDemoContent({ contacts: 6, events: 6, news: 6, seed: 11 }))) as File;
const TABLES = Object.keys(BASE);

// The fields each table's rows have, plus keys no row should carry.
const FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  TABLES.map((table) => [table, [...new Set((BASE[table] ?? []).flatMap((row) => Object.keys(row)))]]),
);

const repeat = (unit: string, count: number): string => unit.repeat(count);
const around = (limit: number): number[] => [limit - 1, limit, limit + 1];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Text the database or the decoder may choke on: NUL, lone surrogates, lengths at each limit, NFD-lengthened names. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), loneSurrogate, fc.string({ maxLength: 10 })).map(([a, s, b]) => `${a}${s}${b}`),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
  fc
    .constantFrom(...Object.values(TEXT_LIMITS).flatMap(around))
    .chain((length) => fc.constantFrom(repeat('a', length), repeat('é', length), repeat('😀', length), repeat('한', length))),
  // A few kilobytes of random characters: what a B-tree index row cannot hold uncompressed.
  fc.string({ unit: 'grapheme', minLength: 2_600, maxLength: 3_200 }),
  fc.constantFrom('', ' ', '\n', '__proto__', 'constructor', '\\u0000', '../../etc', 'a'.repeat(121)),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, 0.001, 0.3, 2_147_483_647, 2_147_483_648, -2_147_483_648, 1e20, 99_999_999.99, 100_000_000, 1e-7),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const hostileDate = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2024-02-29',
  '2025-02-29',
  '2025-13-01',
  '10000-01-01',
  '2025-1-1',
  '2025-01-01T10:00:00',
  '24:00',
  '23:59:59',
  '12:60',
);

type Mutation =
  | { readonly kind: 'set'; readonly table: string; readonly index: number; readonly field: string; readonly value: unknown }
  | { readonly kind: 'delete'; readonly table: string; readonly index: number; readonly field: string }
  | { readonly kind: 'duplicate'; readonly table: string; readonly index: number; readonly from: number }
  | { readonly kind: 'prototype'; readonly table: string; readonly index: number; readonly key: string; readonly value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.constantFrom(...TABLES).chain((table) => {
  const fields = FIELDS[table] ?? [];
  const index = fc.nat({ max: 7 });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('set' as const),
        table: fc.constant(table),
        index,
        field: fc.oneof(fc.constantFrom(...fields), fc.constantFrom('extra', 'id')),
        value: fc.oneof(hostileText, hostileNumber, hostileDate, fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), table: fc.constant(table), index, field: fc.constantFrom(...fields) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), table: fc.constant(table), index, from: fc.nat({ max: 7 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('prototype' as const),
        table: fc.constant(table),
        index,
        key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
        value: fc.oneof(fc.constant({ title: 'polluted', price: 1, categories: [] }), fc.jsonValue({ maxDepth: 1 })),
      }),
    },
  );
});

// A row's key holding the same id (or slug, or title) as another row's: a duplicate the database would refuse.
const KEY_FIELDS = ['id', 'variant_id', 'slug', 'title'];

const apply = (file: File, change: Mutation): void => {
  const rows = file[change.table] ?? [];
  const row = rows.length === 0 ? undefined : rows[change.index % rows.length];
  if (row === undefined) return;
  switch (change.kind) {
    case 'set':
      row[change.field] = change.value;
      return;
    case 'delete':
      Reflect.deleteProperty(row, change.field);
      return;
    case 'duplicate': {
      const other = rows[change.from % rows.length];
      if (other !== undefined) for (const key of KEY_FIELDS) if (key in other && key !== 'title') row[key] = other[key];
      if (other !== undefined && change.table === 'contact_categories') row['title'] = other['title'];
      return;
    }
    case 'prototype':
      // An own key, as JSON.parse makes it: JSON.stringify writes it into the text.
      Object.defineProperty(row, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
      return;
  }
};

const subset = (sizes: readonly number[]): File => {
  const file = JSON.parse(JSON.stringify(BASE)) as File;
  file['contacts'] = (file['contacts'] ?? []).slice(0, sizes[0]);
  file['events'] = (file['events'] ?? []).slice(0, sizes[1]);
  file['news'] = (file['news'] ?? []).slice(0, sizes[2]);
  file['shop_items'] = (file['shop_items'] ?? []).slice(0, sizes[3]);
  return file;
};

const sizes = fc.array(fc.nat({ max: 8 }), { minLength: 4, maxLength: 4 });

/** An import file's text: valid, near-valid (1 to 3 hostile changes), cut short, or any JSON at all. */
const importText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: sizes.map((n) => JSON.stringify(subset(n))) },
  {
    weight: 7,
    arbitrary: fc.tuple(sizes, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([n, changes]) => {
      const file = subset(n);
      for (const change of changes) apply(file, change);
      return JSON.stringify(file);
    }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(sizes, fc.double({ min: 0, max: 1, noNaN: true })).map(([n, cut]) => {
      const text = JSON.stringify(subset(n));
      return text.slice(0, Math.floor(text.length * cut));
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
);

// What the tables hold, as the database gives it back: compared before and after a refused file.
const stored = async (): Promise<unknown> =>
  (
    await db.query<{ v: unknown }>(
      `select json_build_object(
         'label', (select value from content_meta where key = 'content'),
         'agendas', (select coalesce(json_agg(json_build_array(id, title) order by id), '[]') from agendas),
         'agenda_categories', (select coalesce(json_agg(json_build_array(id, title, slug) order by id), '[]') from agenda_categories),
         'events', (select coalesce(json_agg(json_build_array(id, agenda_id, to_char(bel_date, 'YYYY-MM-DD'), title, description, place) order by id), '[]') from events),
         'event_categories', (select count(*) from event_categories),
         'contact_categories', (select coalesce(json_agg(json_build_array(id, title) order by id), '[]') from contact_categories),
         'contacts', (select coalesce(json_agg(json_build_array(id, title, email, description, commissions) order by id), '[]') from contacts),
         'contact_category_links', (select count(*) from contact_category_links),
         'news_scopes', (select coalesce(json_agg(json_build_array(id, slug, title) order by id), '[]') from news_scopes),
         'news_categories', (select coalesce(json_agg(json_build_array(id, title) order by id), '[]') from news_categories),
         'news', (select coalesce(json_agg(json_build_array(id, title, to_char(date, 'YYYY-MM-DD'), lead, body) order by id), '[]') from news_items),
         'news_item_categories', (select count(*) from news_item_categories),
         'shop_items', (select coalesce(json_agg(json_build_array(variant_id, title, price::text, description) order by variant_id), '[]') from shop_items)
       ) as v`,
    )
  )[0]?.v;

const byId = <T extends { readonly id: number }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.id - b.id);
const orNull = (value: string | null | undefined): string | null => value ?? null;

// The same view of a decoded file: what the tables must hold once it is imported.
const expected = (content: Content, label: string): unknown => ({
  label: `import:${label}`,
  agendas: byId(content.agendas).map((a) => [a.id, a.title]),
  agenda_categories: byId(content.agenda_categories).map((c) => [c.id, c.title, orNull(c.slug)]),
  events: byId(content.events).map((e) => [e.id, e.agenda_id, e.bel_date, e.title, orNull(e.description), orNull(e.place)]),
  event_categories: content.events.reduce((sum, e) => sum + new Set(e.categories).size, 0),
  contact_categories: byId(content.contact_categories).map((c) => [c.id, c.title]),
  contacts: byId(content.contacts).map((c) => [c.id, c.title, orNull(c.email), orNull(c.description), c.commissions ?? []]),
  contact_category_links: content.contacts.reduce((sum, c) => sum + new Set(c.categories).size, 0),
  news_scopes: byId(content.news_scopes).map((s) => [s.id, s.slug, s.title]),
  news_categories: byId(content.news_categories).map((c) => [c.id, c.title]),
  news: byId(content.news).map((n) => [n.id, n.title, n.date, orNull(n.lead), orNull(n.body)]),
  news_item_categories: content.news.reduce((sum, n) => sum + new Set(n.categories).size, 0),
  shop_items: [...content.shop_items].sort((a, b) => a.variant_id - b.variant_id).map((s) => [s.variant_id, s.title, s.price.toFixed(2), orNull(s.description)]),
});

// `table/3/field: message (got …)`, or `(root): …`: every refusal names where the fault is.
const PATH_LINE = /^(\(root\)|[a-z_]+(\/[^/:\s]+)*): \S|^… and \d+ more faults$/;

describe('importing arbitrary files', () => {
  it('imports each file whole or refuses it with its faults named, the old content intact: streamed as `npm run import` reads it, judged as the whole file decodes', async () => {
    let case_ = 0;
    await fc.assert(
      fc.asyncProperty(importText, async (text) => {
        case_ += 1;
        const label = `fuzz-${case_}.json`;
        const file = join(dir, label);
        writeFileSync(file, text);
        const before = await stored();
        const decoded = decodeImportText(text);
        const streamed = await checkImportFile(file);
        expect(streamed.ok).toBe(decoded.ok);
        if (!streamed.ok) {
          expect(streamed.errors.length).toBeGreaterThan(0);
          for (const line of streamed.errors) expect(line).toMatch(PATH_LINE);
          // Item by item, the same faults in the same words; the file's own shape is said in the stream's words.
          if (!decoded.ok && !streamed.errors.some((line) => /^\(root\)|^[a-z_]+: (expected a list|given twice)/.test(line)))
            expect(streamed.errors).toEqual(decoded.errors);
          expect(await stored()).toEqual(before);
          return;
        }
        if (!decoded.ok) return;
        // A file the decoder accepts, the database must take: no limit of its own is left to meet.
        await writeImportFile(db, file, streamed, `import:${label}`);
        expect(await stored()).toEqual(JSON.parse(JSON.stringify(expected(decoded.content, label))));
      }),
      { numRuns: Math.min(runs(40), MAX_FUZZ_RUNS) },
    );
  });
});
