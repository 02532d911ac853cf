import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { jsonText, parseJson } from '../../src/domain/json';
import { filingLetter, filingWord } from '../../src/domain/directory-letter';
import { isSlug, slugify } from '../../src/domain/permalinks';
import { recurrenceFaults, recurrenceOf } from '../../src/domain/recurrence';
import { SWISS_BOUNDS } from '../../src/domain/swiss-coordinates';
import { IsoDate, Price, WallTime, dateParts, nullable } from '../../src/domain/wire';
import type { Queryable } from './database';
import { closeEventFeedState, feedEventData, upsertEventFeedState } from './event-feed-state';
import { normalizeSearch, plainTextSearch, richTextSearch } from './search';

/** A database key: a whole number that fits a PostgreSQL `integer`. */
export const RowId = new t.Type<number, number, unknown>(
  'RowId',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 2147483647,
  (u, c) =>
    typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 2147483647 ? t.success(u) : t.failure(u, c, 'expected a whole number from 1 to 2147483647'),
  t.identity,
);

// Calendar dates only: the columns are `date`, a time part would be silently dropped. PostgreSQL
// has no year 0 (1 BC comes before 1 AD), so the years run from 0001.
const isDateShaped = (u: unknown): u is string => typeof u === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(u) && IsoDate.is(u);
const isDateOnly = (u: unknown): u is string => isDateShaped(u) && (dateParts(u)?.year ?? 0) >= 1;

/** Whether `value` is a day `YYYY-MM-DD` that a PostgreSQL `date` holds: a real day, years 0001 to 9999. */
export const isDatabaseDay = (value: string): boolean => isDateOnly(value);
const DateOnly = new t.Type<string, string, unknown>(
  'DateOnly',
  isDateOnly,
  (u, c) =>
    isDateOnly(u) ? t.success(u) : t.failure(u, c, isDateShaped(u) ? 'expected a date from 0001-01-01 (PostgreSQL has no year 0)' : 'expected a date YYYY-MM-DD'),
  t.identity,
);

/**
 * The lengths the database and the import can hold, in characters. A title is indexed (a B-tree
 * row holds at most ~2,700 bytes, 4 a character at worst); short fields are addresses, names and
 * links; an event's description travels in the calendar feeds' state, 5,000 events a `jsonb`
 * value of at most 256 MB; the other long texts (articles, registers) go a few rows at a time.
 */
export const TEXT_LIMITS = { title: 500, slug: 120, short: 2_000, eventDescription: 10_000, long: 1_000_000 } as const;

// What an indexed name may weigh once normalised for search (NFD can lengthen it): under the B-tree's ~2,700 bytes.
const SEARCH_KEY_MAX_BYTES = 2_000;

// A lone surrogate is not Unicode: PostgreSQL refuses the `\ud800` that JSON.stringify writes for it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// The first reason the database would refuse `value`, or null.
const textFault = (value: string, max: number): string | null => {
  if (value.includes('\u0000')) return 'holds a NUL character (\\u0000), which PostgreSQL text cannot store';
  if (LONE_SURROGATE.test(value)) return 'holds a lone UTF-16 surrogate, which is not valid Unicode';
  // Counted in code points, as a reader counts characters; only computed when the UTF-16 length is over.
  if (value.length > max && [...value].length > max) return `longer than ${max} characters`;
  return null;
};

/** Text the database stores as it is: no NUL, no lone surrogate, at most `max` characters. */
export const BoundedText = (max: number, name = `Text(${max})`) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && textFault(u, max) === null,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'expected text');
      const fault = textFault(u, max);
      return fault === null ? t.success(u) : t.failure(u, c, fault);
    },
    t.identity,
  );

const Title = BoundedText(TEXT_LIMITS.title, 'Title');

// A contact's name is indexed as its normalised form (contacts_name, contacts_key).
const ContactTitle = new t.Type<string, string, unknown>(
  'ContactTitle',
  (u): u is string => Title.is(u) && Buffer.byteLength(normalizeSearch(u)) <= SEARCH_KEY_MAX_BYTES,
  (u, c) => {
    if (!Title.is(u)) return Title.validate(u, c);
    return Buffer.byteLength(normalizeSearch(u)) <= SEARCH_KEY_MAX_BYTES
      ? t.success(u)
      : t.failure(u, c, `longer than ${SEARCH_KEY_MAX_BYTES} bytes once normalised for search, more than the name index holds`);
  },
  t.identity,
);

const ShortText = BoundedText(TEXT_LIMITS.short, 'ShortText');
const LongText = BoundedText(TEXT_LIMITS.long, 'LongText');
const text = nullable(ShortText);
const longText = nullable(LongText);

// numeric(10, 2): eight digits before the point.
const PRICE_MAX = 99_999_999.99;
const ContentPrice = new t.Type<number, number, unknown>(
  'ContentPrice',
  (u): u is number => Price.is(u) && u <= PRICE_MAX,
  (u, c) => {
    const decoded = Price.validate(u, c);
    if (isLeft(decoded)) return decoded;
    return decoded.right <= PRICE_MAX ? decoded : t.failure(u, c, `expected a price of at most ${PRICE_MAX}`);
  },
  t.identity,
);

/** The last part of a page's address (`/actualites/{slug}/`): lower-case letters, digits and inner dashes. */
export const Slug = new t.Type<string, string, unknown>(
  'Slug',
  (u): u is string => typeof u === 'string' && isSlug(u),
  (u, c) => (typeof u === 'string' && isSlug(u) ? t.success(u) : t.failure(u, c, 'expected a slug: a-z, 0-9 and inner dashes, at most 120 characters')),
  t.identity,
);

// A news scope's slug is the unique key news and categories name it by (a B-tree index).
const ScopeSlug = BoundedText(TEXT_LIMITS.slug, 'ScopeSlug');

/**
 * The slug of each item, in order: its own when it has one, else its title's, made unique by
 * `-2`, `-3`… in order of appearance. Own slugs are reserved first, so a title never takes one.
 */
export const uniqueSlugs = (items: readonly { readonly title: string; readonly slug?: string | null | undefined }[]): string[] => {
  const used = new Set(items.flatMap((item) => (item.slug === undefined || item.slug === null ? [] : [item.slug])));
  // The next suffix to try for each base: a title shared by thousands of rows stays linear.
  const next = new Map<string, number>();
  return items.map((item) => {
    if (item.slug !== undefined && item.slug !== null) return item.slug;
    const base = slugify(item.title);
    let candidate = base;
    let suffix = next.get(base) ?? 2;
    while (used.has(candidate)) {
      candidate = `${base}-${suffix}`;
      suffix += 1;
    }
    next.set(base, suffix);
    used.add(candidate);
    return candidate;
  });
};

// An event's coordinates outside Switzerland are a fault of the file: the geoportal and the LV95 formulas stop at its borders.
const Coordinate = (axis: 'latitude' | 'longitude') => {
  const { min, max } = SWISS_BOUNDS[axis];
  const inside = (u: unknown): u is number => typeof u === 'number' && Number.isFinite(u) && u >= min && u <= max;
  return new t.Type<number, number, unknown>(
    axis === 'latitude' ? 'Latitude' : 'Longitude',
    inside,
    (u, c) =>
      inside(u)
        ? t.success(u)
        : t.failure(
            u,
            c,
            typeof u === 'number' ? `outside Switzerland: expected a ${axis} from ${min} to ${max} (WGS 84)` : `expected a ${axis} in degrees (WGS 84)`,
          ),
    t.identity,
  );
};

const PlaceFields = t.exact(
  t.intersection([
    t.type({ name: Title }),
    t.partial({
      street_address: text,
      postcode: nullable(BoundedText(20, 'Postcode')),
      locality: text,
      latitude: nullable(Coordinate('latitude')),
      longitude: nullable(Coordinate('longitude')),
      accessibility: nullable(
        t.exact(
          t.partial({
            step_free: nullable(t.boolean),
            induction_loop: nullable(t.boolean),
            accessible_toilets: nullable(t.boolean),
            note: text,
          }),
        ),
      ),
    }),
  ]),
);

/** An event's place in the import file (`lieu`): a name, an address, coordinates inside Switzerland (both or neither) and its accessibility. */
export const ContentPlace = new t.Type<t.TypeOf<typeof PlaceFields>, t.OutputOf<typeof PlaceFields>, unknown>(
  'ContentPlace',
  (u): u is t.TypeOf<typeof PlaceFields> => PlaceFields.is(u) && ((u.latitude ?? null) === null) === ((u.longitude ?? null) === null),
  (u, c) => {
    // The fields' paths go on from the place's own, as if it were the object codec itself (see faultLines).
    const last = c[c.length - 1];
    const decoded = PlaceFields.validate(u, last === undefined ? c : [...c.slice(0, -1), { ...last, type: PlaceFields }]);
    if (isLeft(decoded)) return decoded;
    const place = decoded.right;
    // A point needs both: one alone cannot be shown on the map nor written as GEO.
    if (((place.latitude ?? null) === null) !== ((place.longitude ?? null) === null)) {
      const missing = (place.latitude ?? null) === null ? 'latitude' : 'longitude';
      return t.failure(
        (u as Record<string, unknown>)[missing],
        [...c, { key: missing, type: PlaceFields, actual: undefined }],
        'latitude and longitude go together: give both or neither',
      );
    }
    return t.success(place);
  },
  PlaceFields.encode,
);
export type ContentPlace = t.TypeOf<typeof ContentPlace>;

/** An event's rule in the import file: the API's, its dates days the database holds. */
const ContentRecurrence = recurrenceOf(DateOnly);

/** An event of the import file: the wire fields plus its agenda and its category ids. */
export const ContentEvent = t.exact(
  t.intersection([
    t.type({ id: RowId, agenda_id: RowId, bel_date: DateOnly, title: Title, categories: t.array(RowId) }),
    t.partial({
      end_date: nullable(DateOnly),
      start_time: nullable(WallTime),
      end_time: nullable(WallTime),
      place: text,
      description: nullable(BoundedText(TEXT_LIMITS.eventDescription, 'EventDescription')),
      link: text,
      lieu: nullable(ContentPlace),
      recurrence: nullable(ContentRecurrence),
    }),
  ]),
);
export type ContentEvent = t.TypeOf<typeof ContentEvent>;

/** A contact of the import file; `categories` holds contact category titles, as on the wire. */
export const ContentContact = t.exact(
  t.intersection([
    t.type({ id: RowId, title: ContactTitle, categories: t.array(Title) }),
    t.partial({
      slug: nullable(Slug),
      type_contact: text,
      fonction: text,
      contact_person: text,
      address: longText,
      email: text,
      phone: text,
      fax: text,
      website: text,
      description: longText,
      registre_interets: longText,
      parti: text,
      commissions: t.array(ShortText),
      image: text,
      img: text,
      img_2x: text,
      img_wp: text,
      img_wp_2x: text,
      copyright: text,
    }),
  ]),
);
export type ContentContact = t.TypeOf<typeof ContentContact>;

/**
 * A news item of the import file; `scope` is the slug of its news scope, `slug` the last part of
 * its page's address (made from the title when missing) and `body` the article as HTML.
 */
export const ContentNews = t.exact(
  t.intersection([
    t.type({ id: RowId, scope: ScopeSlug, title: Title, date: DateOnly, categories: t.array(RowId) }),
    t.partial({ slug: nullable(Slug), lead: longText, body: longText, image: text, image_alt: text, link: text }),
  ]),
);
export type ContentNews = t.TypeOf<typeof ContentNews>;

/** A shop item (a publication) of the import file. */
export const ContentShopItem = t.exact(
  t.intersection([t.type({ variant_id: RowId, title: Title, price: ContentPrice }), t.partial({ description: longText, image: text, image_alt: text })]),
);
export type ContentShopItem = t.TypeOf<typeof ContentShopItem>;

/** The codec of one item of each list of the content, by the list's name in the import file. */
export const CONTENT_ITEMS = {
  agendas: t.exact(t.type({ id: RowId, title: Title })),
  agenda_categories: t.exact(t.intersection([t.type({ id: RowId, title: Title }), t.partial({ slug: text })])),
  events: ContentEvent,
  contact_categories: t.exact(t.type({ id: RowId, title: Title })),
  contacts: ContentContact,
  news_scopes: t.exact(t.type({ id: RowId, slug: ScopeSlug, title: Title })),
  news_categories: t.exact(t.intersection([t.type({ id: RowId, scope: ScopeSlug, title: Title }), t.partial({ slug: text })])),
  news: ContentNews,
  shop_items: ContentShopItem,
} as const;

type ItemOf<L extends keyof typeof CONTENT_ITEMS> = t.TypeOf<(typeof CONTENT_ITEMS)[L]>;
type ContentAgenda = ItemOf<'agendas'>;
type ContentAgendaCategory = ItemOf<'agenda_categories'>;
type ContentContactCategory = ItemOf<'contact_categories'>;
type ContentNewsScope = ItemOf<'news_scopes'>;
type ContentNewsCategory = ItemOf<'news_categories'>;

/** The name of a list of the content. */
export type ContentList = keyof typeof CONTENT_ITEMS;

/** The part of the site a list belongs to: what a change of it makes stale (server/cache/content-version.ts). */
export const CONTENT_GROUPS: Readonly<Record<ContentList, ContentGroup>> = {
  agendas: 'agenda',
  agenda_categories: 'agenda',
  events: 'agenda',
  contact_categories: 'directory',
  contacts: 'directory',
  news_scopes: 'news',
  news_categories: 'news',
  news: 'news',
  shop_items: 'shop',
};

/** A part of the site whose cached answers and pages change together. */
export type ContentGroup = 'agenda' | 'directory' | 'news' | 'shop';

/** The lists of the content, in the order they are written (a list's links point to those before it). */
export const CONTENT_LISTS = Object.keys(CONTENT_ITEMS) as ContentList[];

/** The whole content of an institution: what `npm run import -- file.json` loads. */
export const Content = t.exact(
  t.type({
    agendas: t.array(CONTENT_ITEMS.agendas),
    agenda_categories: t.array(CONTENT_ITEMS.agenda_categories),
    events: t.array(CONTENT_ITEMS.events),
    contact_categories: t.array(CONTENT_ITEMS.contact_categories),
    contacts: t.array(CONTENT_ITEMS.contacts),
    news_scopes: t.array(CONTENT_ITEMS.news_scopes),
    news_categories: t.array(CONTENT_ITEMS.news_categories),
    news: t.array(CONTENT_ITEMS.news),
    shop_items: t.array(CONTENT_ITEMS.shop_items),
  }),
);
export type Content = t.TypeOf<typeof Content>;

/** The lists of the content that stay small whatever the institution (agendas, categories, scopes, the shop): written first, from memory. */
export type SmallContent = Pick<Content, 'agendas' | 'agenda_categories' | 'contact_categories' | 'news_scopes' | 'news_categories' | 'shop_items'>;

/**
 * What the checks across items read of the content: keys, links, slugs and titles, an event's
 * dates and times. A streamed import keeps this much of a large list, not its texts.
 */
export interface ContentOutline {
  readonly agendas: readonly { readonly id: number }[];
  readonly agenda_categories: readonly { readonly id: number }[];
  readonly events: readonly Pick<ContentEvent, 'id' | 'agenda_id' | 'categories' | 'bel_date' | 'end_date' | 'start_time' | 'end_time' | 'recurrence'>[];
  readonly contact_categories: readonly { readonly id: number; readonly title: string }[];
  readonly contacts: readonly Pick<ContentContact, 'id' | 'slug' | 'title' | 'categories'>[];
  readonly news_scopes: readonly { readonly id: number; readonly slug: string }[];
  readonly news_categories: readonly { readonly id: number; readonly scope: string }[];
  readonly news: readonly Pick<ContentNews, 'id' | 'slug' | 'title' | 'scope' | 'categories'>[];
  readonly shop_items: readonly { readonly variant_id: number }[];
}

// Enough to fix a file in one go; the rest is counted, so a reader knows more wait behind.
const MAX_REPORTED = 100;

const capped = (errors: readonly string[]): string[] =>
  errors.length <= MAX_REPORTED ? [...errors] : [...errors.slice(0, MAX_REPORTED), `… and ${errors.length - MAX_REPORTED} more faults`];

/** The outcome of decoding an import file: the content, or one message a line naming the path of each fault. */
export type DecodedContent = { ok: true; content: Content } | { ok: false; errors: string[] };

/** One line a fault of a decode, `path: message (got …)`, the path in the file starting at `prefix` (`events/3` for an item decoded alone). */
export const faultLines = (errors: t.Errors, prefix: readonly string[]): string[] => {
  // Per path, in order: a codec's own message wins over a union member's bare "no".
  const faults = new Map<string, { messages: string[]; expected: string; shown: string }>();
  for (const error of errors) {
    // A key under an intersection or a union names a member codec, not a place in the file.
    const kept = error.context.filter((_entry, index, all) => {
      let parent = all[index - 1]?.type as { _tag?: string; type?: unknown } | undefined;
      while (parent?._tag === 'ExactType') parent = parent.type as { _tag?: string; type?: unknown };
      return index > 0 && parent?._tag !== 'IntersectionType' && parent?._tag !== 'UnionType';
    });
    const path = [...prefix, ...kept.map((entry) => entry.key)].join('/') || '(root)';
    const shown = jsonText(error.value);
    const fault = faults.get(path) ?? {
      messages: [],
      expected: `expected ${kept[kept.length - 1]?.type.name ?? error.context[0]?.type.name ?? 'valid content'}`,
      shown: shown === undefined ? 'nothing' : shown.slice(0, 80),
    };
    if (error.message !== undefined && !fault.messages.includes(error.message)) fault.messages.push(error.message);
    faults.set(path, fault);
  }
  // A union's bare "no" at an object (a nullable place) says less than its fields' faults below it.
  const parents = new Set([...faults.keys()].flatMap((path) => path.split('/').map((_part, index, parts) => parts.slice(0, index).join('/'))));
  return [...faults]
    .filter(([path, fault]) => fault.messages.length > 0 || !parents.has(path))
    .flatMap(([path, fault]) => (fault.messages.length > 0 ? fault.messages : [fault.expected]).map((message) => `${path}: ${message} (got ${fault.shown})`));
};

/**
 * Decodes an import file, or returns one message a line naming the path of each fault: every
 * value the database would refuse (a length, a NUL, a date, a duplicate key, a missing link) is
 * caught here, before any SQL.
 */
export const decodeContent = (input: unknown): DecodedContent => {
  const result = Content.decode(input);
  if (isLeft(result)) return { ok: false, errors: capped(faultLines(result.left, [])) };
  const referenceErrors = outlineFaults(result.right);
  return referenceErrors.length > 0 ? { ok: false, errors: capped(referenceErrors) } : { ok: true, content: result.right };
};

/** One item of a list decoded alone (a streamed import's), or the faults of it, each with its path in the file (`events/3/bel_date: …`). */
export const decodeContentItem = <L extends ContentList>(
  list: L,
  index: number,
  value: unknown,
): { readonly ok: true; readonly item: t.TypeOf<(typeof CONTENT_ITEMS)[L]> } | { readonly ok: false; readonly errors: string[] } => {
  const codec: t.Decoder<unknown, t.TypeOf<(typeof CONTENT_ITEMS)[L]>> = CONTENT_ITEMS[list];
  const result = codec.decode(value);
  return isLeft(result) ? { ok: false, errors: faultLines(result.left, [list, String(index)]) } : { ok: true, item: result.right };
};

/** Decodes the text of an import file as `npm run import` reads it: JSON without prototype keys, then `decodeContent`. */
export const decodeImportText = (text: string): DecodedContent => {
  let input: unknown;
  try {
    input = parseJson(text);
  } catch (error) {
    return { ok: false, errors: [`(root): not JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  return decodeContent(input);
};

/** The faults across items, each with its path, found before any write: keys twice, links to nothing, an event ending before it starts. */
export const outlineFaults = (content: ContentOutline): string[] => {
  const errors: string[] = [];
  const duplicates = (name: string, ids: readonly number[], field = 'id') => {
    const seen = new Set<number>();
    ids.forEach((id, index) => {
      if (seen.has(id)) errors.push(`${name}/${index}/${field}: duplicate id ${id}`);
      seen.add(id);
    });
    return seen;
  };
  const agendas = duplicates(
    'agendas',
    content.agendas.map((a) => a.id),
  );
  const agendaCategories = duplicates(
    'agenda_categories',
    content.agenda_categories.map((c) => c.id),
  );
  duplicates(
    'events',
    content.events.map((e) => e.id),
  );
  duplicates(
    'contact_categories',
    content.contact_categories.map((c) => c.id),
  );
  duplicates(
    'contacts',
    content.contacts.map((c) => c.id),
  );
  duplicates(
    'news_scopes',
    content.news_scopes.map((s) => s.id),
  );
  const newsCategories = duplicates(
    'news_categories',
    content.news_categories.map((c) => c.id),
  );
  duplicates(
    'news',
    content.news.map((n) => n.id),
  );
  duplicates(
    'shop_items',
    content.shop_items.map((s) => s.variant_id),
    'variant_id',
  );
  const duplicateSlugs = (name: string, slugs: readonly (string | null | undefined)[]) => {
    const seen = new Set<string>();
    slugs.forEach((slug, index) => {
      if (slug === undefined || slug === null) return;
      if (seen.has(slug)) errors.push(`${name}/${index}/slug: duplicate slug "${slug.slice(0, 80)}"`);
      seen.add(slug);
    });
  };
  duplicateSlugs(
    'contacts',
    content.contacts.map((c) => c.slug),
  );
  duplicateSlugs(
    'news',
    content.news.map((n) => n.slug),
  );
  duplicateSlugs(
    'news_scopes',
    content.news_scopes.map((s) => s.slug),
  );
  // Contacts name their categories by title: a unique key of the table.
  const titles = new Set<string>();
  content.contact_categories.forEach((category, index) => {
    if (titles.has(category.title)) errors.push(`contact_categories/${index}/title: duplicate title "${category.title.slice(0, 80)}"`);
    titles.add(category.title);
  });
  const scopes = new Set(content.news_scopes.map((s) => s.slug));
  const contactCategories = new Set(content.contact_categories.map((c) => c.title));
  content.events.forEach((event, index) => {
    if (!agendas.has(event.agenda_id)) errors.push(`events/${index}/agenda_id: unknown agenda ${event.agenda_id}`);
    // The event ends on end_date, or on its first day without one (as its calendar file says, src/domain/ics.ts).
    const lastDay = event.end_date ?? event.bel_date;
    if (lastDay < event.bel_date) errors.push(`events/${index}/end_date: ends before the event starts (${lastDay}, before bel_date ${event.bel_date})`);
    else if (lastDay === event.bel_date && event.start_time && event.end_time && event.end_time < event.start_time) {
      errors.push(
        `events/${index}/end_time: ends before the event starts (${event.end_time}, before start_time ${event.start_time} the same day; past midnight, give its end_date)`,
      );
    }
    if (event.recurrence) {
      for (const fault of recurrenceFaults(event.recurrence, event.bel_date)) errors.push(`events/${index}/recurrence/${fault}`);
    }
    event.categories.forEach((id, k) => {
      if (!agendaCategories.has(id)) errors.push(`events/${index}/categories/${k}: unknown agenda category ${id}`);
    });
  });
  content.contacts.forEach((contact, index) =>
    contact.categories.forEach((title, k) => {
      if (!contactCategories.has(title)) errors.push(`contacts/${index}/categories/${k}: unknown contact category "${title}"`);
    }),
  );
  content.news_categories.forEach((category, index) => {
    if (!scopes.has(category.scope)) errors.push(`news_categories/${index}/scope: unknown news scope "${category.scope}"`);
  });
  content.news.forEach((item, index) => {
    if (!scopes.has(item.scope)) errors.push(`news/${index}/scope: unknown news scope "${item.scope}"`);
    item.categories.forEach((id, k) => {
      if (!newsCategories.has(id)) errors.push(`news/${index}/categories/${k}: unknown news category ${id}`);
    });
  });
  return errors;
};

// Rows travel as one JSON parameter a chunk: set-based, and no limit on bound parameters. A
// chunk also stops at CHUNK_BYTES of JSON, far below what one `jsonb` value holds (256 MB),
// however long the articles are.
const CHUNK = 5000;
const CHUNK_BYTES = 16 * 1024 * 1024;

const insertJson = async (tx: Queryable, table: string, columns: string, rows: readonly object[], select = '*', conflictKey?: string): Promise<void> => {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(' ')[0])
    .join(', ');
  // An item written over another of its key (the content API): its row changes in place, so the rows that link to it stay.
  const conflict =
    conflictKey === undefined
      ? ''
      : ` on conflict (${conflictKey}) do update set ${names
          .split(', ')
          .filter((name) => name !== conflictKey)
          .map((name) => `${name} = excluded.${name}`)
          .join(', ')}`;
  const send = (chunk: readonly string[]) =>
    tx.query(`insert into ${table} (${names}) select ${select} from jsonb_to_recordset($1::jsonb) as x(${columns})${conflict}`, [`[${chunk.join(',')}]`]);
  let chunk: string[] = [];
  let length = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (chunk.length > 0 && (chunk.length >= CHUNK || length + json.length > CHUNK_BYTES)) {
      await send(chunk);
      chunk = [];
      length = 0;
    }
    chunk.push(json);
    length += json.length + 1;
  }
  if (chunk.length > 0) await send(chunk);
};

/** The label of the content in the database (`demo:v3:…` or `import:…`), or null when empty. */
export const contentLabel = async (db: Queryable): Promise<string | null> => {
  const rows = await db.query<{ value: string }>("select value from content_meta where key = 'content'");
  return rows[0]?.value ?? null;
};

/** The notification channel on which each write of the content is announced (payload: the new version). */
export const CONTENT_CHANNEL = 'content_changed';

/**
 * Replaces every content table with `content`; call it inside a transaction. `importedAt` is when
 * the calendar feeds see the events that changed, appeared or went (their LAST-MODIFIED).
 */
export const writeContent = async (tx: Queryable, content: Content, label: string, importedAt: Date = new Date()): Promise<void> => {
  const writer = await contentWriter(tx, content, importedAt);
  await writer.events(content.events);
  await writer.contacts(content.contacts, uniqueSlugs(content.contacts));
  await writer.news(content.news, uniqueSlugs(content.news));
  await writer.end(label);
};

/** Writes the large lists of the content, a part at a time, after the small ones: see `contentWriter`. */
export interface ContentWriter {
  readonly events: (events: readonly ContentEvent[]) => Promise<void>;
  /** Contacts with their slugs (`uniqueSlugs` of the whole list, in the same order). */
  readonly contacts: (contacts: readonly ContentContact[], slugs: readonly string[]) => Promise<void>;
  readonly news: (news: readonly ContentNews[], slugs: readonly string[]) => Promise<void>;
  /** Once every part is written: the feeds' state, the content's label, the notification. */
  readonly end: (label: string) => Promise<void>;
}

/** What the rows of an item are written with besides the item: the keys the import file names by slug or title. */
export interface ContentKeys {
  /** A news scope's id by its slug. */
  readonly scopeIds: ReadonlyMap<string, number>;
  /** A contact category's id by its title. */
  readonly contactCategoryIds: ReadonlyMap<string, number>;
  /** An agenda category's title by its id: the calendar feeds write it. */
  readonly agendaCategoryTitles: ReadonlyMap<number, string>;
}

/** The keys of `small`, as its lists give them (an import's). */
export const contentKeysOf = (small: Pick<SmallContent, 'news_scopes' | 'contact_categories' | 'agenda_categories'>): ContentKeys => ({
  scopeIds: new Map(small.news_scopes.map((scope) => [scope.slug, scope.id])),
  contactCategoryIds: new Map(small.contact_categories.map((c) => [c.title, c.id])),
  agendaCategoryTitles: new Map(small.agenda_categories.map((c) => [c.id, c.title])),
});

/**
 * The writers of each list's rows, shared by the import and the content API (server/content-api),
 * so both store an item alike. With `replace`, an item of the small lists takes the place of the
 * row of its id (the rows that link to it stay); the large lists' rows must be deleted first.
 * `at` is the feeds' LAST-MODIFIED of the events written.
 */
export const contentRows = (tx: Queryable, keys: ContentKeys, at: Date, replace = false) => {
  const onKey = (key: string) => (replace ? key : undefined);
  return {
    agendas: (list: readonly ContentAgenda[]) => insertJson(tx, 'agendas', 'id integer, title text', list, '*', onKey('id')),
    agenda_categories: (list: readonly ContentAgendaCategory[]) => insertJson(tx, 'agenda_categories', 'id integer, title text, slug text', list, '*', onKey('id')),
    contact_categories: (list: readonly ContentContactCategory[]) => insertJson(tx, 'contact_categories', 'id integer, title text', list, '*', onKey('id')),
    news_scopes: (list: readonly ContentNewsScope[]) => insertJson(tx, 'news_scopes', 'id integer, slug text, title text', list, '*', onKey('id')),
    news_categories: (list: readonly ContentNewsCategory[]) =>
      insertJson(
        tx,
        'news_categories',
        'id integer, scope_id integer, title text, slug text',
        list.map((c) => ({ ...c, scope: undefined, scope_id: keys.scopeIds.get(c.scope) })),
        '*',
        onKey('id'),
      ),
    shop_items: (list: readonly ContentShopItem[]) =>
      insertJson(tx, 'shop_items', 'variant_id integer, title text, price numeric, description text, image text, image_alt text', list, '*', onKey('variant_id')),
    events: async (list: readonly ContentEvent[]): Promise<void> => {
      await insertJson(
        tx,
        'events',
        `id integer, agenda_id integer, bel_date date, end_date date, start_time time, end_time time,
       title text, search_title text, place text, description text, link text, search_place text, lieu jsonb, recurrence jsonb`,
        list.map((e) => ({ ...e, categories: undefined, search_title: normalizeSearch(e.title), search_place: plainTextSearch(e.place) })),
      );
      await insertJson(
        tx,
        'event_categories',
        'event_id integer, category_id integer',
        list.flatMap((e) => [...new Set(e.categories)].map((category_id) => ({ event_id: e.id, category_id }))),
      );
      // The feeds' SEQUENCE and cancellations carry over from one write to the next (never truncated).
      await upsertEventFeedState(
        tx,
        list.map((e) => ({
          id: e.id,
          data: feedEventData(
            e,
            normalizeSearch(e.title),
            [...new Set(e.categories)].map((id) => ({ id, title: keys.agendaCategoryTitles.get(id) ?? '' })),
          ),
        })),
        at,
      );
    },
    contacts: async (list: readonly ContentContact[], slugs: readonly string[]): Promise<void> => {
      await insertJson(
        tx,
        'contacts',
        `id integer, slug text, title text, search_title text, type_contact text, fonction text, contact_person text,
       address text, email text, phone text, fax text, website text, description text,
       registre_interets text, parti text, commissions jsonb, image text, img text, img_2x text,
       img_wp text, img_wp_2x text, copyright text, search_interests text, filing_letter text, filing_word text`,
        list.map((c, index) => ({
          ...c,
          slug: slugs[index],
          categories: undefined,
          commissions: c.commissions ?? [],
          search_title: normalizeSearch(c.title),
          search_interests: richTextSearch(c.registre_interets),
          filing_letter: filingLetter(c.title, c.type_contact),
          filing_word: filingWord(c.title, c.type_contact),
        })),
        `id, slug, title, search_title, type_contact, fonction, contact_person, address, email, phone, fax, website,
       description, registre_interets, parti,
       array(select jsonb_array_elements_text(commissions)), image, img, img_2x, img_wp, img_wp_2x, copyright, search_interests, filing_letter, filing_word`,
      );
      await insertJson(
        tx,
        'contact_category_links',
        'contact_id integer, category_id integer',
        list.flatMap((c) => [...new Set(c.categories)].map((title) => ({ contact_id: c.id, category_id: keys.contactCategoryIds.get(title) }))),
      );
    },
    news: async (list: readonly ContentNews[], slugs: readonly string[]): Promise<void> => {
      await insertJson(
        tx,
        'news_items',
        'id integer, scope_id integer, slug text, title text, date date, lead text, body text, image text, image_alt text, link text, search_title text, search_lead text',
        list.map((n, index) => ({
          ...n,
          slug: slugs[index],
          search_title: normalizeSearch(n.title),
          search_lead: plainTextSearch(n.lead),
          categories: undefined,
          scope: undefined,
          scope_id: keys.scopeIds.get(n.scope),
        })),
      );
      await insertJson(
        tx,
        'news_item_categories',
        'news_id integer, category_id integer',
        list.flatMap((n) => [...new Set(n.categories)].map((category_id) => ({ news_id: n.id, category_id }))),
      );
    },
  };
};

/**
 * Empties every content table and writes the small lists (inside a transaction); the writer it
 * resolves with takes the events, contacts and news in parts of any size, in any order, so a
 * large import never holds them whole. `importedAt` is the feeds' LAST-MODIFIED of what changed.
 */
export const contentWriter = async (tx: Queryable, small: SmallContent, importedAt: Date): Promise<ContentWriter> => {
  await tx.query(
    `truncate agendas, agenda_categories, events, event_categories, contact_categories, contacts,
       contact_category_links, news_scopes, news_categories, news_items, news_item_categories,
       shop_items, content_meta`,
  );
  const rows = contentRows(tx, contentKeysOf(small), importedAt);
  await rows.agendas(small.agendas);
  await rows.agenda_categories(small.agenda_categories);
  await rows.contact_categories(small.contact_categories);
  await rows.news_scopes(small.news_scopes);
  await rows.news_categories(small.news_categories);
  await rows.shop_items(small.shop_items);

  const end = async (label: string): Promise<void> => {
    await closeEventFeedState(tx, importedAt);
    await tx.query('insert into content_meta (key, value) values ($1, $2)', ['content', label]);
    // The open-data catalogue's `dct:modified`: when this content was written.
    await tx.query('insert into content_meta (key, value) values ($1, $2)', ['imported_at', importedAt.toISOString()]);
    // Sent on commit only, to every instance on this database: their cached answers name the old version.
    await tx.query(`select pg_notify($1, value || ':' || xmin::text) from content_meta where key = 'content'`, [CONTENT_CHANNEL]);
  };

  return { events: rows.events, contacts: rows.contacts, news: rows.news, end };
};
