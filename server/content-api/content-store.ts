import { createHash } from 'node:crypto';
import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { slugify } from '../../src/domain/permalinks';
import {
  CONTENT_CHANNEL,
  CONTENT_GROUPS,
  CONTENT_ITEMS,
  CONTENT_LISTS,
  contentRows,
  faultLines,
  outlineFaults,
  type ContentKeys,
  type ContentList,
  type ContentOutline,
} from '../data/content';
import type { Queryable } from '../data/database';
import { feedEventData, upsertEventFeedState } from '../data/event-feed-state';
import { normalizeSearch } from '../data/search';

/**
 * One item of the content, read and written alone, by the rules of the import file: what the
 * content API's routes and `npm run import -- --merge` share. Every function runs inside the
 * caller's transaction.
 */

/** An item of the list `L`, as the import file writes it. */
export type ContentItem<L extends ContentList = ContentList> = t.TypeOf<(typeof CONTENT_ITEMS)[L]>;

/** The key of a list's items: `variant_id` for the shop, `id` for the others. */
export const itemKey = (list: ContentList): 'id' | 'variant_id' => (list === 'shop_items' ? 'variant_id' : 'id');

// Each list's fields in the order the import file's codecs name them: an item's JSON, hence its ETag, is one text.
const FIELDS: Readonly<Record<ContentList, readonly string[]>> = {
  agendas: ['id', 'title'],
  agenda_categories: ['id', 'title', 'slug'],
  events: ['id', 'agenda_id', 'bel_date', 'title', 'categories', 'end_date', 'start_time', 'end_time', 'place', 'description', 'link', 'lieu', 'recurrence'],
  contact_categories: ['id', 'title'],
  contacts: [
    'id',
    'title',
    'categories',
    'slug',
    'type_contact',
    'fonction',
    'contact_person',
    'address',
    'email',
    'phone',
    'fax',
    'website',
    'description',
    'registre_interets',
    'parti',
    'commissions',
    'image',
    'img',
    'img_2x',
    'img_wp',
    'img_wp_2x',
    'copyright',
  ],
  news_scopes: ['id', 'slug', 'title'],
  news_categories: ['id', 'scope', 'title', 'slug'],
  news: ['id', 'scope', 'title', 'date', 'categories', 'slug', 'lead', 'body', 'image', 'image_alt', 'link'],
  shop_items: ['variant_id', 'title', 'price', 'description', 'image', 'image_alt'],
};

// What each list's rows are read with, in the import file's terms; `$1` is null (all) or a list of keys.
const SELECT: Readonly<Record<ContentList, string>> = {
  agendas: 'select id, title from agendas a where ($1::int[] is null or id = any($1)) and id > $2 order by id limit $3',
  agenda_categories: 'select id, title, slug from agenda_categories where ($1::int[] is null or id = any($1)) and id > $2 order by id limit $3',
  events: `select e.id, e.agenda_id, to_char(e.bel_date, 'YYYY-MM-DD') as bel_date, e.title,
             array(select ec.category_id from event_categories ec where ec.event_id = e.id order by ec.category_id) as categories,
             to_char(e.end_date, 'YYYY-MM-DD') as end_date, to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time,
             e.place, e.description, e.link, e.lieu, e.recurrence
           from events e where ($1::int[] is null or e.id = any($1)) and e.id > $2 order by e.id limit $3`,
  contact_categories: 'select id, title from contact_categories where ($1::int[] is null or id = any($1)) and id > $2 order by id limit $3',
  contacts: `select c.id, c.title,
               array(select cc.title from contact_category_links l join contact_categories cc on cc.id = l.category_id
                     where l.contact_id = c.id order by cc.title collate "C") as categories,
               c.slug, c.type_contact, c.fonction, c.contact_person, c.address, c.email, c.phone, c.fax, c.website, c.description,
               c.registre_interets, c.parti, c.commissions, c.image, c.img, c.img_2x, c.img_wp, c.img_wp_2x, c.copyright
             from contacts c where ($1::int[] is null or c.id = any($1)) and c.id > $2 order by c.id limit $3`,
  news_scopes: 'select id, slug, title from news_scopes where ($1::int[] is null or id = any($1)) and id > $2 order by id limit $3',
  news_categories: `select c.id, s.slug as scope, c.title, c.slug from news_categories c join news_scopes s on s.id = c.scope_id
                    where ($1::int[] is null or c.id = any($1)) and c.id > $2 order by c.id limit $3`,
  news: `select n.id, s.slug as scope, n.title, to_char(n.date, 'YYYY-MM-DD') as date,
           array(select nc.category_id from news_item_categories nc where nc.news_id = n.id order by nc.category_id) as categories,
           n.slug, n.lead, n.body, n.image, n.image_alt, n.link
         from news_items n join news_scopes s on s.id = n.scope_id
         where ($1::int[] is null or n.id = any($1)) and n.id > $2 order by n.id limit $3`,
  shop_items: `select variant_id, title, price::float8 as price, description, image, image_alt from shop_items
               where ($1::int[] is null or variant_id = any($1)) and variant_id > $2 order by variant_id limit $3`,
};

// The list's fields always written, empty or not: the codecs require them.
const REQUIRED_LISTS = new Set(['categories']);

/** A row as the import file writes it: the list's fields in their order, those without a value left out. */
const itemOfRow = (list: ContentList, row: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const item: Record<string, unknown> = {};
  for (const field of FIELDS[list]) {
    const value = row[field];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0 && !REQUIRED_LISTS.has(field)) continue;
    item[field] = value;
  }
  return item;
};

/** The strong ETag of an item: a hash of its JSON as the API sends it. */
export const itemEtag = (item: unknown): string => `"${createHash('sha256').update(JSON.stringify(item)).digest('base64url').slice(0, 32)}"`;

const PAGE = 1000;

/** The items of `list` whose keys are `ids`, in key order, `lock`ed for the transaction when asked. */
export const readItems = async (db: Queryable, list: ContentList, ids: readonly number[], lock = false): Promise<Record<string, unknown>[]> => {
  if (lock && ids.length > 0) {
    // Two writers of one item wait for each other here: the second reads what the first committed.
    await db.query(`select 1 from ${TABLES[list]} where ${itemKey(list)} = any($1) for update`, [ids]);
  }
  const rows = await db.query<Record<string, unknown>>(SELECT[list], [ids, 0, Math.max(ids.length, 1)]);
  return rows.map((row) => itemOfRow(list, row));
};

/** Every item of `list`, a page at a time, in key order (the export's). */
export async function* allItems(db: Queryable, list: ContentList): AsyncGenerator<Record<string, unknown>[]> {
  for (let after = 0; ;) {
    const rows = await db.query<Record<string, unknown>>(SELECT[list], [null, after, PAGE]);
    if (rows.length === 0) return;
    yield rows.map((row) => itemOfRow(list, row));
    const last = rows[rows.length - 1]?.[itemKey(list)];
    if (typeof last !== 'number' || rows.length < PAGE) return;
    after = last;
  }
}

/** The table of each list. */
export const TABLES: Readonly<Record<ContentList, string>> = {
  agendas: 'agendas',
  agenda_categories: 'agenda_categories',
  events: 'events',
  contact_categories: 'contact_categories',
  contacts: 'contacts',
  news_scopes: 'news_scopes',
  news_categories: 'news_categories',
  news: 'news_items',
  shop_items: 'shop_items',
};

/** Why an item cannot be written or deleted, in the terms of the content API's problem details. */
export type ItemRefusal =
  /** Fields that do not decode, or that name what does not exist: each with its path in the item (`/bel_date`) and why. */
  | { readonly kind: 'invalid'; readonly errors: readonly { readonly path: string; readonly message: string }[] }
  /** A slug or title another item holds, or items that still use the one to delete: each named `list/id`. */
  | { readonly kind: 'conflict'; readonly detail: string; readonly items: readonly string[] };

/** A write refused before anything changed. */
export class ItemRefusedError extends Error {
  constructor(readonly refusal: ItemRefusal) {
    super(refusal.kind === 'conflict' ? refusal.detail : refusal.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
    this.name = 'ItemRefusedError';
  }
}

// A fault line of the import (`events/0/bel_date: …` or `(root): …`) as a path in the item and its reason.
const itemFault = (line: string, list: ContentList): { path: string; message: string } => {
  const prefix = `${list}/0`;
  const colon = line.indexOf(': ');
  const where = colon < 0 ? '' : line.slice(0, colon);
  const message = colon < 0 ? line : line.slice(colon + 2);
  const path = where.startsWith(prefix) ? where.slice(prefix.length) : where === '(root)' ? '' : `/${where}`;
  return { path: path === '' ? '/' : path, message };
};

/** Decodes `value` as an item of `list` with the import's codec; throws `ItemRefusedError` listing each fault. */
export const decodeItem = <L extends ContentList>(list: L, value: unknown): ContentItem<L> => {
  const codec: t.Decoder<unknown, ContentItem<L>> = CONTENT_ITEMS[list];
  const result = codec.decode(value);
  if (isLeft(result)) throw new ItemRefusedError({ kind: 'invalid', errors: faultLines(result.left, [list, '0']).map((line) => itemFault(line, list)) });
  return result.right;
};

const ids = async (db: Queryable, sql: string, params: readonly unknown[]): Promise<number[]> => (await db.query<{ id: number }>(sql, params)).map((row) => row.id);

const none: ContentOutline = {
  agendas: [],
  agenda_categories: [],
  events: [],
  contact_categories: [],
  contacts: [],
  news_scopes: [],
  news_categories: [],
  news: [],
  shop_items: [],
};

/**
 * The import's checks across items (`outlineFaults`), run on the item and the rows of the
 * database it names: an agenda, categories or a scope that do not exist, an event ending before it starts.
 */
const referenceFaults = async (tx: Queryable, list: ContentList, item: ContentItem): Promise<{ path: string; message: string }[]> => {
  const outline: { -readonly [K in keyof ContentOutline]: ContentOutline[K] } = { ...none };
  if (list === 'events') {
    const event = item as ContentItem<'events'>;
    outline.events = [event];
    outline.agendas = (await ids(tx, 'select id from agendas where id = $1', [event.agenda_id])).map((id) => ({ id }));
    outline.agenda_categories = (await ids(tx, 'select id from agenda_categories where id = any($1)', [event.categories])).map((id) => ({ id }));
  } else if (list === 'contacts') {
    const contact = item as ContentItem<'contacts'>;
    outline.contacts = [{ ...contact, slug: null }];
    outline.contact_categories = await tx.query<{ id: number; title: string }>('select id, title from contact_categories where title = any($1)', [
      contact.categories,
    ]);
  } else if (list === 'news') {
    const news = item as ContentItem<'news'>;
    outline.news = [{ ...news, slug: null }];
    outline.news_scopes = await tx.query<{ id: number; slug: string }>('select id, slug from news_scopes where slug = $1', [news.scope]);
    outline.news_categories = await tx.query<{ id: number; scope: string }>(
      'select c.id, s.slug as scope from news_categories c join news_scopes s on s.id = c.scope_id where c.id = any($1)',
      [news.categories],
    );
  } else if (list === 'news_categories') {
    const category = item as ContentItem<'news_categories'>;
    outline.news_categories = [category];
    outline.news_scopes = await tx.query<{ id: number; slug: string }>('select id, slug from news_scopes where slug = $1', [category.scope]);
  }
  return outlineFaults(outline).map((line) => itemFault(line, list));
};

// Where a list's items are unique besides their key: the column, the item's field, and how the import file names the fault.
const UNIQUE: Partial<Readonly<Record<ContentList, { readonly column: string; readonly field: string }>>> = {
  contacts: { column: 'slug', field: 'slug' },
  news: { column: 'slug', field: 'slug' },
  news_scopes: { column: 'slug', field: 'slug' },
  contact_categories: { column: 'title', field: 'title' },
};

// The rows that still name an item: a category, an agenda or a scope in use cannot go.
const USERS: Partial<Readonly<Record<ContentList, readonly { readonly list: ContentList; readonly sql: string }[]>>> = {
  agendas: [{ list: 'events', sql: 'select id from events where agenda_id = $1 order by id limit 20' }],
  agenda_categories: [{ list: 'events', sql: 'select event_id as id from event_categories where category_id = $1 order by event_id limit 20' }],
  contact_categories: [{ list: 'contacts', sql: 'select contact_id as id from contact_category_links where category_id = $1 order by contact_id limit 20' }],
  news_scopes: [
    { list: 'news_categories', sql: 'select id from news_categories where scope_id = $1 order by id limit 20' },
    { list: 'news', sql: 'select id from news_items where scope_id = $1 order by id limit 20' },
  ],
  news_categories: [{ list: 'news', sql: 'select news_id as id from news_item_categories where category_id = $1 order by news_id limit 20' }],
};

// The slug of a new contact or news item without one: its title's, made unique against the table (`-2`, `-3`…).
const freeSlug = async (tx: Queryable, table: string, title: string): Promise<string> => {
  const base = slugify(title);
  const taken = new Set(
    (await tx.query<{ slug: string }>(`select slug from ${table} where slug = $1 or slug like $2`, [base, `${base.replace(/[\\%_]/g, '\\$&')}-%`])).map(
      (row) => row.slug,
    ),
  );
  let candidate = base;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${base}-${suffix}`;
  return candidate;
};

const keysFor = async (tx: Queryable, list: ContentList, item: ContentItem): Promise<ContentKeys> => {
  const scopes = list === 'news' || list === 'news_categories' ? await tx.query<{ id: number; slug: string }>('select id, slug from news_scopes') : [];
  const contactCategories = list === 'contacts' ? await tx.query<{ id: number; title: string }>('select id, title from contact_categories') : [];
  const agendaCategories =
    list === 'events'
      ? await tx.query<{ id: number; title: string }>('select id, title from agenda_categories where id = any($1)', [(item as ContentItem<'events'>).categories])
      : [];
  return {
    scopeIds: new Map(scopes.map((s) => [s.slug, s.id])),
    contactCategoryIds: new Map(contactCategories.map((c) => [c.title, c.id])),
    agendaCategoryTitles: new Map(agendaCategories.map((c) => [c.id, c.title])),
  };
};

// The feed state of the events of an agenda category, written again from the tables (upsertEventFeedState gives a changed one a new SEQUENCE).
const refreshFeedsOfCategory = async (tx: Queryable, category: number, at: Date): Promise<void> => {
  const eventIds = await ids(tx, 'select event_id as id from event_categories where category_id = $1 order by event_id', [category]);
  const titles = new Map((await tx.query<{ id: number; title: string }>('select id, title from agenda_categories')).map((c) => [c.id, c.title]));
  for (let start = 0; start < eventIds.length; start += PAGE) {
    const events = (await readItems(tx, 'events', eventIds.slice(start, start + PAGE))) as unknown as ContentItem<'events'>[];
    await upsertEventFeedState(
      tx,
      events.map((event) => ({
        id: event.id,
        data: feedEventData(
          event,
          normalizeSearch(event.title),
          event.categories.map((id) => ({ id, title: titles.get(id) ?? '' })),
        ),
      })),
      at,
    );
  }
};

/** What a write did: the item's ETag before (null: it was created) and after (null: deleted). */
export interface ItemWrite {
  readonly list: ContentList;
  readonly id: number;
  readonly action: 'create' | 'replace' | 'delete';
  readonly before: string | null;
  readonly after: string | null;
}

/**
 * Writes `item` as the item `id` of `list`, created or replaced whole, after the import's checks
 * and the database's (a slug or title another item holds). An item without a slug keeps the one
 * it had, so its address stays. Resolves with the item as now stored and its write.
 */
export const putItem = async (
  tx: Queryable,
  list: ContentList,
  id: number,
  item: ContentItem,
  at: Date,
  /** The item as it is now, when the caller has read and locked it already (`null`: there is none). */
  known?: Record<string, unknown> | null,
): Promise<{ item: Record<string, unknown>; write: ItemWrite }> => {
  const current = known === undefined ? (await readItems(tx, list, [id], true))[0] : (known ?? undefined);
  const faults = await referenceFaults(tx, list, item);
  if (faults.length > 0) throw new ItemRefusedError({ kind: 'invalid', errors: faults });
  let stored: ContentItem = item;
  const table = TABLES[list];
  if (list === 'contacts' || list === 'news') {
    const own = (item as { slug?: string | null }).slug;
    const slug = own ?? (typeof current?.['slug'] === 'string' ? current['slug'] : await freeSlug(tx, table, item.title));
    stored = { ...item, slug };
  }
  const unique = UNIQUE[list];
  const value = (stored as unknown as Record<string, unknown>)[unique?.field ?? ''];
  if (unique !== undefined && typeof value === 'string') {
    const [other] = await ids(tx, `select id from ${table} where ${unique.column} = $1 and id <> $2 limit 1`, [value, id]);
    if (other !== undefined) {
      throw new ItemRefusedError({
        kind: 'conflict',
        detail: `the ${unique.field} "${value.slice(0, 80)}" is taken by ${list}/${other}`,
        items: [`${list}/${other}`],
      });
    }
  }
  const rows = contentRows(tx, await keysFor(tx, list, stored), at, true);
  switch (list) {
    case 'events':
      await tx.query('delete from events where id = $1', [id]);
      await rows.events([stored as ContentItem<'events'>]);
      break;
    case 'contacts':
      await tx.query('delete from contacts where id = $1', [id]);
      await rows.contacts([stored as ContentItem<'contacts'>], [(stored as { slug: string }).slug]);
      break;
    case 'news':
      await tx.query('delete from news_items where id = $1', [id]);
      await rows.news([stored as ContentItem<'news'>], [(stored as { slug: string }).slug]);
      break;
    case 'agendas':
      await rows.agendas([stored as ContentItem<'agendas'>]);
      break;
    case 'agenda_categories':
      await rows.agenda_categories([stored as ContentItem<'agenda_categories'>]);
      // The calendar feeds write each event's categories by title: a renamed category is a new SEQUENCE of its events.
      if (current !== undefined && current['title'] !== stored.title) await refreshFeedsOfCategory(tx, id, at);
      break;
    case 'contact_categories':
      await rows.contact_categories([stored as ContentItem<'contact_categories'>]);
      break;
    case 'news_scopes':
      await rows.news_scopes([stored as ContentItem<'news_scopes'>]);
      break;
    case 'news_categories':
      await rows.news_categories([stored as ContentItem<'news_categories'>]);
      break;
    case 'shop_items':
      await rows.shop_items([stored as ContentItem<'shop_items'>]);
      break;
  }
  const [written] = await readItems(tx, list, [id]);
  if (written === undefined) throw new Error(`${list}/${id} was written but cannot be read back`);
  return {
    item: written,
    write: { list, id, action: current === undefined ? 'create' : 'replace', before: current === undefined ? null : itemEtag(current), after: itemEtag(written) },
  };
};

/** Deletes the item `id` of `list` unless other items still use it; resolves with its write, or null when there was none. */
export const deleteItem = async (tx: Queryable, list: ContentList, id: number, at: Date): Promise<ItemWrite | null> => {
  const [current] = await readItems(tx, list, [id], true);
  if (current === undefined) return null;
  for (const user of USERS[list] ?? []) {
    const users = await ids(tx, user.sql, [id]);
    if (users.length > 0) {
      throw new ItemRefusedError({
        kind: 'conflict',
        detail: `${list}/${id} is still used by ${users.map((other) => `${user.list}/${other}`).join(', ')}${users.length === 20 ? ' and perhaps more' : ''}: change or delete them first`,
        items: users.map((other) => `${user.list}/${other}`),
      });
    }
  }
  await tx.query(`delete from ${TABLES[list]} where ${itemKey(list)} = $1`, [id]);
  if (list === 'events') {
    // The calendar feeds write it once more, as STATUS:CANCELLED with a new SEQUENCE.
    await tx.query(
      `update event_feed_state set cancelled_at = $2::timestamptz, modified_at = $2::timestamptz, sequence = sequence + 1
        where event_id = $1 and cancelled_at is null`,
      [id, at.toISOString()],
    );
  }
  return { list, id, action: 'delete', before: itemEtag(current), after: null };
};

/**
 * Records `writes` in the journal under `by` (a token's name), moves the version of each part of
 * the site they changed and announces it to every process on this database once committed.
 */
export const recordWrites = async (tx: Queryable, writes: readonly (ItemWrite & { readonly patched?: boolean })[], by: string, at: Date): Promise<void> => {
  if (writes.length === 0) return;
  await tx.query(
    `insert into content_journal (at, token_name, kind, item_id, action, etag_before, etag_after)
     select $1::timestamptz, $2, x.kind, x.item_id, x.action, x.etag_before, x.etag_after
       from jsonb_to_recordset($3::jsonb) as x(kind text, item_id text, action text, etag_before text, etag_after text)`,
    [
      at.toISOString(),
      by,
      JSON.stringify(
        writes.map((w) => ({ kind: w.list, item_id: String(w.id), action: w.patched === true ? 'patch' : w.action, etag_before: w.before, etag_after: w.after })),
      ),
    ],
  );
  const groups = [...new Set(writes.map((w) => CONTENT_GROUPS[w.list]))];
  // The rows every write shares (the versions, the catalogue's `modified`) are locked until the commit: one statement, at the end,
  // so that concurrent writers wait for each other's commit only, not for each other's whole work.
  await tx.query(
    `with label as (
       -- A content written only through the API has a label too: the cached answers are kept under it.
       insert into content_meta (key, value) values ('content', 'api') on conflict (key) do nothing returning 1
     ), versions as (
       insert into content_meta (key, value) select key, $1 from unnest($2::text[]) as key
       on conflict (key) do update set value = excluded.value returning 1
     )
     select pg_notify($3, $4)`,
    [at.toISOString(), ['imported_at', ...groups.map((group) => `changed:${group}`)], CONTENT_CHANNEL, `changed:${groups.join(',')}`],
  );
};

/**
 * The whole content in the import file's format, a piece at a time: each list in the import's
 * order, one item a line, in key order, so that two exports of one content are the same bytes
 * and an export imported and exported again too.
 */
export async function* exportContent(db: Queryable): AsyncGenerator<string> {
  yield '{\n';
  for (const [index, list] of CONTENT_LISTS.entries()) {
    yield `${JSON.stringify(list)}: [`;
    let first = true;
    for await (const page of allItems(db, list)) {
      const lines = page.map((item) => `,\n${JSON.stringify(item)}`).join('');
      yield first ? lines.slice(1) : lines;
      first = false;
    }
    yield `${first ? '' : '\n'}]${index === CONTENT_LISTS.length - 1 ? '' : ','}\n`;
  }
  yield '}\n';
}
