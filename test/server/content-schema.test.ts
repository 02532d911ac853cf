import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import fc, { type Arbitrary } from 'fast-check';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { CONTENT_SCHEMA_PATH, contentCodecSchema, contentItemSchema, contentSchema, contentSchemaText } from '../../server/content-api/content-schema';
import { BoundedText, Content, CONTENT_ITEMS, CONTENT_LISTS, isDatabaseDay } from '../../server/data/content';
import { buildDemoContent, DEMO_DEFAULTS } from '../../server/operations/demo-content';
import { wireArbitrary } from '../support/arbitrary-from-codec';

// The import file's published schema is generated from the codecs that decode it: these tests hold
// the two equal on drawn items, sound and broken, and docs/content.schema.json equal to the generated text.

const ROOT = join(__dirname, '../..');

// `format` is an annotation in 2020-12: the patterns say the days. ajv divides in binary floating
// point, so `multipleOf: 0.01` needs its tolerance (0.29 / 0.01 is 28.999999999999996), the
// decoder's own (a millionth of a cent, Price in src/domain/wire.ts).
const newAjv = () => new Ajv2020({ allErrors: true, multipleOfPrecision: 6, validateFormats: false });

// As a file carries it: JSON, so no `undefined`, no -0.
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const decodes = (codec: t.Mixed, value: unknown): boolean => isRight(codec.decode(value));

// Strings at the limits of the texts (20, 120, 500, 2,000, 10,000 and 1,000,000 characters, in code
// points), and texts the database refuses: a NUL, a lone surrogate (and a pair, which is fine).
const LENGTHS = [20, 120, 500, 2_000, 10_000, 1_000_000];
const textsAt = (length: number): string[] => ['x'.repeat(length), 'x'.repeat(length + 1), '😀'.repeat(length), `${'é'.repeat(length)}x`];
const ODD_TEXTS = ['a\u0000b', 'a\ud800', '\udc00b', 'a😀b'];
// Days that are not, or are only just: no year 0, no 29 February but in leap years, no 31 April; and times.
const DAYS = [
  '0000-01-01',
  '0001-01-01',
  '2026-02-29',
  '2024-02-29',
  '1900-02-29',
  '2000-02-29',
  '0100-02-29',
  '0400-02-29',
  '2026-04-31',
  '2026-13-01',
  '2026-1-01',
  '2026-01-01T10:00',
  '9999-12-31',
  '24:00',
  '23:59:59',
];
// Numbers at the bounds of the keys, coordinates, prices and counts.
const NUMBERS = [0, 1, -1, 0.5, 0.125, 1.13, 99, 100, 1000, 1001, 2147483647, 2147483648, 5.9, 10.6, 10.61, 45.8, 47.9, 47.95, 99999999.99, 1e8];
// Values of another type, or of an enum, or a price as text.
const OTHERS = [null, true, [], {}, 'abc', 'MO', 'weekly', 'weekday', 'month_day', '12.50', '0.5', '12.345', '99999999.99', '100000000'];

const brokenText = fc.oneof(
  fc.constantFrom(...LENGTHS).chain((length) => fc.constantFrom(...textsAt(length))),
  fc.constantFrom(...ODD_TEXTS),
);
const wrongType = fc.oneof(fc.constantFrom(...OTHERS), fc.stringMatching(/^[a-z]{0,6}$/));

// A named definition of the whole file's schema.
const definition = (name: string): Readonly<Record<string, unknown>> =>
  (contentSchema()['$defs'] as Readonly<Record<string, Readonly<Record<string, unknown>>>>)[name]!;

type Path = readonly (string | number)[];

// Every place of a value: itself, and each key or element within, depth first.
const placesOf = (node: unknown, path: Path): Path[] =>
  Array.isArray(node)
    ? [path, ...node.flatMap((item, index) => placesOf(item, [...path, index]))]
    : node !== null && typeof node === 'object'
      ? [path, ...Object.entries(node).flatMap(([key, item]) => placesOf(item, [...path, key]))]
      : [path];

const valueAt = (value: unknown, path: Path): unknown => path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);

// What `withAt` puts at a place to take its key away (an array's element is replaced by null instead).
const REMOVED = Symbol('removed');

// A copy of `value` with `replacement` at `path`, or the key there removed.
const withAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement === REMOVED ? null : replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement !== REMOVED) parent[last] = replacement;
  else if (Array.isArray(parent)) parent[last] = null;
  else Reflect.deleteProperty(parent, last);
  return copy;
};

/** A value broken at one place: a key removed, or a value replaced by another type, a text too long or unstorable, a day that is not one, a number at a bound. */
const broken = (value: unknown): Arbitrary<unknown> => {
  const replacement = fc.oneof(wrongType, brokenText, fc.constantFrom(...DAYS), fc.constantFrom(...NUMBERS));
  return fc
    .tuple(fc.constantFrom(...placesOf(value, [])), replacement, fc.boolean())
    .map(([path, newValue, remove]) => withAt(value, path, remove ? REMOVED : newValue));
};

// Every breakage of the drawn ones but the longest texts, for the places of a full item.
const BREAKAGES: readonly unknown[] = [...OTHERS, ...LENGTHS.filter((length) => length < 1_000_000).flatMap(textsAt), ...ODD_TEXTS, ...DAYS, ...NUMBERS];
const HUGE_TEXTS = ['x'.repeat(1_000_000), 'x'.repeat(1_000_001)];

describe('the JSON Schema of the import file', () => {
  it('is a valid draft 2020-12 schema, each list’s item under $defs, and each item’s schema stands alone', () => {
    const schema = contentSchema();
    const ajv = newAjv();
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema['$id']).toBe(CONTENT_SCHEMA_PATH);
    expect(schema['required']).toEqual(CONTENT_LISTS);
    expect(Object.keys(schema['$defs'] as object)).toEqual(expect.arrayContaining(CONTENT_LISTS));
    for (const list of CONTENT_LISTS) {
      const item = contentItemSchema(list);
      expect(ajv.validateSchema(item)).toBe(true);
      expect(() => newAjv().compile(item)).not.toThrow();
    }
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('is kept as generated in docs/content.schema.json', () => {
    expect(readFileSync(join(ROOT, 'docs/content.schema.json'), 'utf8')).toBe(contentSchemaText());
    expect(contentSchemaText()).toBe(`${JSON.stringify(contentSchema(), null, 2)}\n`);
  });

  it('accepts the demo content, as built and as encoded', () => {
    const validate = newAjv().compile(contentSchema());
    const demo = buildDemoContent(DEMO_DEFAULTS, Date.UTC(2026, 5, 15));
    expect(decodes(Content, demo)).toBe(true);
    for (const value of [demo, Content.encode(demo), asJson(Content.encode(demo))]) {
      expect(validate(value)).toBe(true);
      expect(validate.errors ?? []).toEqual([]);
    }
  });

  it('allows keys it does not name, as the decoder drops them rather than refusing them', () => {
    const validate = newAjv().compile(contentItemSchema('agendas'));
    const item = { id: 1, title: 'Agenda', colour: 'red' };
    expect(CONTENT_ITEMS.agendas.decode(item)).toEqual({ _tag: 'Right', right: { id: 1, title: 'Agenda' } });
    expect(validate(item)).toBe(true);
  });

  it.each(CONTENT_LISTS.map((list) => [list] as const))('%s: an item validates against the schema exactly when the codec decodes it, drawn or broken', (list) => {
    const codec = CONTENT_ITEMS[list];
    const validate = newAjv().compile(contentItemSchema(list));
    fc.assert(
      fc.property(
        wireArbitrary(codec).chain((value) => fc.oneof(fc.constant(value), broken(value))),
        (drawn) => {
          const value = asJson(drawn);
          expect(validate(value)).toBe(decodes(codec, value));
        },
      ),
      { numRuns: 200 },
    );
  });

  // Drawn breakages land on a field now and then; here every place of a full item takes every breakage.
  it.each(CONTENT_LISTS.map((list) => [list] as const))('%s: at every place of a full item, each breakage is refused by both or by neither', (list) => {
    const codec = CONTENT_ITEMS[list];
    const validate = newAjv().compile(contentItemSchema(list));
    // The drawn item with the most places: optional fields, a place with its coordinates, a rule of recurrence.
    const [full] = fc
      .sample(wireArbitrary(codec), { numRuns: 300, seed: 44 })
      .map((drawn) => asJson(drawn))
      .sort((a, b) => placesOf(b, []).length - placesOf(a, []).length);
    const disagreements: string[] = [];
    for (const path of placesOf(full, [])) {
      const atPath = valueAt(full, path);
      // The longest texts (LongText's limit) only where a text is: each costs a few milliseconds.
      const breakages = typeof atPath === 'string' ? [...BREAKAGES, ...HUGE_TEXTS] : BREAKAGES;
      for (const breakage of [REMOVED, ...breakages]) {
        const value = withAt(full, path, breakage);
        const [valid, decoded] = [validate(value), decodes(codec, value)];
        if (valid !== decoded) disagreements.push(`${path.join('/')} = ${JSON.stringify(breakage).slice(0, 40)}: schema ${valid}, codec ${decoded}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('the whole file validates exactly when it decodes (the checks across items aside), drawn or broken', () => {
    const validate = newAjv().compile(contentSchema());
    fc.assert(
      fc.property(
        wireArbitrary(Content).chain((value) => fc.oneof(fc.constant(value), broken(value))),
        (drawn) => {
          const value = asJson(drawn);
          expect(validate(value)).toBe(decodes(Content, value));
        },
      ),
      { numRuns: 60 },
    );
  });

  // The property's days are a handful: here the pattern meets the decoder on the days every leap-year rule decides, in every year.
  it('names the days DateOnly takes, 0001 to 9999, leap years and all', () => {
    const pattern = definition('DateOnly')['pattern'] as string;
    const disagreements: string[] = [];
    for (const flags of ['u', '']) {
      const day = new RegExp(pattern, flags);
      for (let year = 0; year <= 9999; year++) {
        for (const monthDay of ['01-00', '02-28', '02-29', '02-30', '04-31', '12-31']) {
          const date = `${String(year).padStart(4, '0')}-${monthDay}`;
          if (day.test(date) !== isDatabaseDay(date)) disagreements.push(`${date} (${flags || 'no'} flag)`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  // A validator may build the texts' pattern with the `u` flag (ajv does) or without: both read it alike.
  it('refuses a NUL and a lone surrogate in a text, with or without the u flag', () => {
    const pattern = definition('Title')['pattern'] as string;
    const samples = ['', 'Grand Conseil', 'a😀b', '😀', 'a\u0000b', 'a\ud800', '\ud800', '\udc00b', 'a\ude00\ud83d', '\ud83d\ude00\ud83d'];
    const decoded = samples.map((sample) => decodes(CONTENT_ITEMS.agendas, { id: 1, title: sample }));
    expect(decoded).toEqual([true, true, true, true, false, false, false, false, false, false]);
    expect(samples.map((sample) => new RegExp(pattern, 'u').test(sample))).toEqual(decoded);
    expect(samples.map((sample) => new RegExp(pattern).test(sample))).toEqual(decoded);
  });

  it('says what it cannot check across items, and the decoder checks after it', () => {
    const description = String(contentSchema()['description']);
    expect(description).toMatch(/ids unique/);
    expect(description).toMatch(/links to items that exist/);
    expect(description).toMatch(/ending before it starts/);
  });

  // Where the schema and the decoder part, on purpose: each case pinned, so a change to either is seen.
  it('is stricter than the decoder on a price written as text, looser on a contact’s name that normalises long', () => {
    const shop = newAjv().compile(contentItemSchema('shop_items'));
    for (const price of [' 12.5', '12.50 ', '012.5', '12.500']) {
      const item = { variant_id: 1, title: 'Bulletin', price };
      expect([price, decodes(CONTENT_ITEMS.shop_items, item), shop(item)]).toEqual([price, true, false]);
    }
    // What Number() reads beyond decimal text, both refuse.
    for (const price of ['1e1', '0x10', '+5', 'Infinity']) {
      const item = { variant_id: 1, title: 'Bulletin', price };
      expect([price, decodes(CONTENT_ITEMS.shop_items, item), shop(item)]).toEqual([price, false, false]);
    }
    const plain = { variant_id: 1, title: 'Bulletin', price: '12.50' };
    expect([decodes(CONTENT_ITEMS.shop_items, plain), shop(plain)]).toEqual([true, true]);
    // 250 Hangul syllables: 250 characters, 2,250 bytes once decomposed into their letters.
    const contact = { id: 1, title: '각'.repeat(250), categories: [] };
    const contacts = newAjv().compile(contentItemSchema('contacts'));
    expect([decodes(CONTENT_ITEMS.contacts, contact), contacts(contact)]).toEqual([false, true]);
  });

  it('reads BoundedText’s own name, and refuses a custom codec it does not know rather than publish nothing for it', () => {
    const validate = newAjv().compile(contentCodecSchema(t.type({ code: BoundedText(7) })));
    expect([validate({ code: '1234567' }), validate({ code: '12345678' }), validate({ code: 'a\u0000' })]).toEqual([true, false, false]);
    const Mystery = new t.Type<string, string, unknown>('Mystery', t.string.is, t.string.validate, t.identity);
    expect(() => contentCodecSchema(t.type({ code: Mystery }))).toThrow(/No JSON Schema for codec Mystery/);
    const Branded = t.brand(t.string, (text): text is t.Branded<string, { readonly Odd: unique symbol }> => text.length % 2 === 1, 'Odd');
    expect(() => contentCodecSchema(t.array(Branded))).toThrow(/No JSON Schema for codec Odd/);
  });
});
