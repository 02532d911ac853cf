import type * as t from 'io-ts';
import { jsonSchemaOfCodec, NAMED_SCHEMAS, type CodecReference, type JsonSchema } from '../../src/domain/json-schema-of-codec';
import { SLUG_PATTERN } from '../../src/domain/permalinks';
import { MAX_RECURRENCE_EXCEPTIONS } from '../../src/domain/recurrence';
import { SWISS_BOUNDS } from '../../src/domain/swiss-coordinates';
import { Content, CONTENT_ITEMS, CONTENT_LISTS, TEXT_LIMITS, type ContentList } from '../data/content';

// The JSON Schema of the import file (`npm run import -- file.json`, and the content API's items),
// generated from the io-ts codecs that decode it (server/data/content.ts), so the published schema
// and the decoder are one source. test/server/content-schema.test.ts holds them equal on drawn
// values and keeps docs/content.schema.json as generated; `node_modules/.bin/tsx scripts/content-schema.ts`
// rewrites that copy.

/** Where the server publishes the schema of the import file (its `$id`). */
export const CONTENT_SCHEMA_PATH = '/api/content.schema.json';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

// What BoundedText refuses besides the length: a NUL and a lone UTF-16 surrogate (PostgreSQL stores
// neither). Written so that a validator reads it alike with or without the `u` flag: with it, a
// surrogate pair is one character outside the first class; without it, the second branch takes the pair.
const STORABLE_TEXT = '^(?:[^\\u0000\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])*$';

// maxLength counts Unicode code points (RFC 8259 characters), as BoundedText does.
const text = (max: number, description: string): JsonSchema => ({
  type: 'string',
  maxLength: max,
  pattern: STORABLE_TEXT,
  description: `${description} At most ${max.toLocaleString('en')} characters, without NUL (\\u0000) or lone UTF-16 surrogates.`,
});

// A real day of years 0001 to 9999, as DateOnly takes it (PostgreSQL has no year 0): the months'
// lengths, and 29 February of the leap years only (every 4th year but the centuries not divisible by 400).
const MONTH_DAY = '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
const LEAP_YEAR = '(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const DAY_PATTERN = `^(?!0000)(?:\\d{4}-${MONTH_DAY}|${LEAP_YEAR}-02-29)$`;

// ContentPrice's bound: the column is numeric(10, 2), eight digits before the point (PRICE_MAX in content.ts).
const PRICE_MAX = 99_999_999.99;

/**
 * The content codecs built with `new t.Type`, by name: what each one's `validate` accepts, as far
 * as JSON Schema can say it. They go under `$defs` and are referred to, so the texts' pattern is
 * written once. The API's own (WallTime, RecurrenceInterval, RecurrenceCount) come from NAMED_SCHEMAS.
 */
const CONTENT_NAMED: Readonly<Record<string, JsonSchema>> = {
  RowId: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'A key: a whole number from 1 to 2147483647 (a PostgreSQL integer).' },
  Title: text(TEXT_LIMITS.title, 'A title.'),
  // Its byte length once normalised for search is not a length JSON Schema can count: the description says it.
  ContactTitle: text(
    TEXT_LIMITS.title,
    'A contact’s name; once lower-cased, decomposed (NFD) and stripped of its combining marks it must also weigh at most 2,000 bytes in UTF-8 (the name index’s key), which this schema cannot check.',
  ),
  ShortText: text(TEXT_LIMITS.short, 'A short text: an address, a name, a link.'),
  LongText: text(TEXT_LIMITS.long, 'A long text (an article, a register; HTML where the field says so).'),
  EventDescription: text(TEXT_LIMITS.eventDescription, 'An event’s description.'),
  ScopeSlug: text(TEXT_LIMITS.slug, 'A news scope’s slug: any text, the key news and news categories name their scope by.'),
  Postcode: text(20, 'A postcode.'),
  DateOnly: { type: 'string', format: 'date', pattern: DAY_PATTERN, description: 'A calendar day YYYY-MM-DD, from 0001-01-01 to 9999-12-31.' },
  Slug: {
    type: 'string',
    pattern: SLUG_PATTERN.source,
    description: `The last part of a page’s address: lower-case a–z, 0–9 and inner dashes, at most ${TEXT_LIMITS.slug} characters.`,
  },
  Latitude: {
    type: 'number',
    minimum: SWISS_BOUNDS.latitude.min,
    maximum: SWISS_BOUNDS.latitude.max,
    description: 'A latitude in decimal degrees (WGS 84), inside Switzerland’s bounds.',
  },
  Longitude: {
    type: 'number',
    minimum: SWISS_BOUNDS.longitude.min,
    maximum: SWISS_BOUNDS.longitude.max,
    description: 'A longitude in decimal degrees (WGS 84), inside Switzerland’s bounds.',
  },
  // The decoder (Price) also reads decimal text with spaces around it, leading zeros or more zero decimals (" 12.5", "012.50", "12.500"); the schema names only the plain form.
  ContentPrice: {
    description: `A price in francs, at most two decimals, from 0 to ${PRICE_MAX}: a number (12.5), or the same written as decimal text ("12.50").`,
    anyOf: [
      { type: 'number', minimum: 0, maximum: PRICE_MAX, multipleOf: 0.01 },
      { type: 'string', pattern: '^(?:0|[1-9]\\d{0,7})(?:\\.\\d{1,2})?$' },
    ],
  },
  // ContentPlace checks its fields with a codec content.ts keeps to itself (PlaceFields), so they are
  // written out here, field for field; the test draws places and holds this equal to the codec.
  ContentPlace: {
    type: 'object',
    description: 'An event’s place: a name, an address, coordinates inside Switzerland (both or neither) and its accessibility.',
    properties: {
      name: ref('Title'),
      street_address: orNull(ref('ShortText')),
      postcode: orNull(ref('Postcode')),
      locality: orNull(ref('ShortText')),
      latitude: orNull(ref('Latitude')),
      longitude: orNull(ref('Longitude')),
      accessibility: orNull({
        type: 'object',
        properties: {
          step_free: orNull({ type: 'boolean' }),
          induction_loop: orNull({ type: 'boolean' }),
          accessible_toilets: orNull({ type: 'boolean' }),
          note: orNull(ref('ShortText')),
        },
      }),
    },
    required: ['name'],
    // A coordinate that is a number needs the other one as a number: one alone cannot be shown on the map.
    allOf: [
      {
        if: { properties: { latitude: { type: 'number' } }, required: ['latitude'] },
        then: { properties: { longitude: { type: 'number' } }, required: ['longitude'] },
      },
      {
        if: { properties: { longitude: { type: 'number' } }, required: ['longitude'] },
        then: { properties: { latitude: { type: 'number' } }, required: ['latitude'] },
      },
    ],
  },
};

// BoundedText's default name, `Text(n)`, carries its limit.
const BOUNDED_TEXT_NAME = /^Text\((\d+)\)$/;

const namedSchema = (name: string): JsonSchema | undefined => {
  if (Object.hasOwn(CONTENT_NAMED, name)) return CONTENT_NAMED[name];
  const bounded = BOUNDED_TEXT_NAME.exec(name);
  return bounded === null ? undefined : text(Number(bounded[1]), 'A text.');
};

interface NamedNode {
  readonly _tag?: string;
  readonly name: string;
}

// The `$ref` of a content codec known by name. A `new t.Type` of no known name is left to
// jsonSchemaOfCodec, which throws; a `t.brand` of no known name throws here, as the walker would
// otherwise read its base type alone and drop the refinement without a word.
const namedReference: CodecReference = (codec) => {
  const node = codec as unknown as NamedNode;
  if (node._tag !== undefined && node._tag !== 'RefinementType') return undefined;
  if (namedSchema(node.name) !== undefined) return `#/$defs/${node.name}`;
  if (node._tag === 'RefinementType' && !Object.hasOwn(NAMED_SCHEMAS, node.name)) throw new Error(`No JSON Schema for codec ${node.name} (RefinementType)`);
  return undefined;
};

// Every `$defs` name `schema` refers to, and those their schemas refer to, sorted.
const referredNames = (schema: JsonSchema): string[] => {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
          const name = value.slice('#/$defs/'.length);
          const named = namedSchema(name);
          if (named !== undefined && !names.has(name)) {
            names.add(name);
            visit(named);
          }
        } else visit(value);
      }
    }
  };
  visit(schema);
  return [...names].sort();
};

const namedDefinitions = (schema: JsonSchema): Record<string, JsonSchema> =>
  Object.fromEntries(referredNames(schema).map((name) => [name, namedSchema(name) ?? {}]));

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => value !== null && typeof value === 'object' && !Array.isArray(value);

// An object schema as the walker writes `t.type` and `t.partial`: a type, properties, maybe required keys, nothing else.
const isPlainObject = (value: unknown): value is { readonly properties: Readonly<Record<string, unknown>>; readonly required?: readonly string[] } =>
  isRecord(value) &&
  value['type'] === 'object' &&
  isRecord(value['properties']) &&
  Object.keys(value).every((key) => ['type', 'properties', 'required'].includes(key));

// The walker writes `t.intersection([t.type, t.partial])` as an `allOf` of two objects. Open objects with
// distinct keys make one object that takes the same values, and a reader (or an editor) sees each item's
// fields together.
const mergeObjects = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(mergeObjects);
  if (!isRecord(node)) return node;
  const { allOf, ...rest } = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, mergeObjects(value)]));
  if (!Array.isArray(allOf) || !allOf.every(isPlainObject) || 'type' in rest || 'properties' in rest || 'required' in rest)
    return allOf === undefined ? rest : { ...rest, allOf };
  const keys = allOf.flatMap((part) => Object.keys(part.properties));
  if (new Set(keys).size !== keys.length) return { ...rest, allOf };
  const required = allOf.flatMap((part) => part.required ?? []);
  return {
    ...rest,
    type: 'object',
    properties: Object.assign({}, ...allOf.map((part) => part.properties)) as Record<string, unknown>,
    ...(required.length > 0 ? { required } : {}),
  };
};

// The walker's schema of `codec`, its intersections of objects merged.
const walk = (codec: t.Mixed, reference: CodecReference): JsonSchema => mergeObjects(jsonSchemaOfCodec(codec, reference)) as JsonSchema;

/** The JSON Schema of the values `codec` decodes, content codecs known by name under `$defs`; throws on a custom codec of no known name. */
export const contentCodecSchema = (codec: t.Mixed): JsonSchema => {
  const schema = walk(codec, namedReference);
  const defs = namedDefinitions(schema);
  return Object.keys(defs).length === 0 ? schema : { ...schema, $defs: defs };
};

const LIST_DESCRIPTIONS: Readonly<Record<ContentList, string>> = {
  agendas: 'An agenda.',
  agenda_categories: 'A category of events.',
  events: 'An event: its agenda (agenda_id), its first day (bel_date), its agenda categories (ids), its times, place and rule of recurrence.',
  contact_categories: 'A category of contacts; contacts name it by its title.',
  contacts: 'A contact of the directory; categories holds contact category titles; slug is the last part of its page’s address, made from the title when missing.',
  news_scopes: 'A news scope; news categories and news items name it by its slug.',
  news_categories: 'A category of news, in a scope (its slug).',
  news: 'A news item, in a scope (its slug), with its news categories (ids); body is the article as HTML; slug is made from the title when missing.',
  shop_items: 'A publication of the shop, by its variant_id.',
};

// The item schema of a list, without the named definitions it refers to.
const itemSchema = (list: ContentList): JsonSchema => ({ description: LIST_DESCRIPTIONS[list], ...walk(CONTENT_ITEMS[list], namedReference) });

const DESCRIPTION =
  'The content of an institution as `npm run import -- file.json` reads it: nine lists, each item as its list’s $defs entry says. ' +
  'Keys the schema does not name are allowed and dropped, as the decoder drops them. ' +
  'JSON Schema cannot say what the import checks across items, and refuses after decoding: ' +
  'ids unique in each list (variant_id in shop_items), slugs unique among contacts, among news items and among news scopes, contact category titles unique; ' +
  'links to items that exist (an event’s agenda_id and categories, a contact’s categories by title, a news category’s and a news item’s scope by slug, a news item’s categories); ' +
  'an event ending before it starts; a recurrence with both count and until, weekdays on a rule that is not weekly, empty, repeated or without the start’s own day, ' +
  `monthly_by on a rule that is not monthly, an until before the start, more than ${MAX_RECURRENCE_EXCEPTIONS} exception dates; ` +
  'a contact’s name heavier than its index holds once normalised for search.';

/** The JSON Schema (draft 2020-12) of the whole import file, each list's item under `$defs` by the list's name. */
export const contentSchema = (): JsonSchema => {
  // The lists' items are referred to from the file's own codec, so the file's shape is read, not restated.
  const listReference: CodecReference = (codec) => {
    const list = CONTENT_LISTS.find((name) => CONTENT_ITEMS[name] === codec);
    return list === undefined ? undefined : `#/$defs/${list}`;
  };
  const items = Object.fromEntries(CONTENT_LISTS.map((list) => [list, itemSchema(list)]));
  return {
    $schema: DRAFT,
    $id: CONTENT_SCHEMA_PATH,
    title: 'Content import file',
    description: DESCRIPTION,
    ...walk(Content, listReference),
    $defs: { ...items, ...namedDefinitions(items) },
  };
};

/** The JSON Schema (draft 2020-12) of one item of `list`, standalone: the named definitions it refers to under its `$defs`. */
export const contentItemSchema = (list: ContentList): JsonSchema => {
  const item = itemSchema(list);
  return { $schema: DRAFT, title: `An item of ${list} in the content import file`, ...item, $defs: namedDefinitions(item) };
};

/** The text of `contentSchema()` as docs/content.schema.json holds it: JSON, two spaces, a final newline. */
export const contentSchemaText = (): string => `${JSON.stringify(contentSchema(), null, 2)}\n`;
