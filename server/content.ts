import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { isSlug, slugify } from '../src/domain/permalinks';
import { IsoDate, Price, WallTime, dateParts, nullable } from '../src/domain/wire';
import type { Queryable } from './db';
import { feedEventData, recordEventFeedState } from './event-feed-state';
import { normalizeSearch, plainTextSearch, richTextSearch } from './search';

/** A database key: a whole number that fits a PostgreSQL `integer`. */
export const RowId = new t.Type<number, number, unknown>(
  'RowId',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 2147483647,
  (u, c) =>
    typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 2147483647
      ? t.success(u)
      : t.failure(u, c, 'expected a whole number from 1 to 2147483647'),
  t.identity,
);

// Calendar dates only: the columns are `date`, a time part would be silently dropped.
const DateOnly = new t.Type<string, string, unknown>(
  'DateOnly',
  (u): u is string => typeof u === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(u) && dateParts(u) !== null,
  (u, c) =>
    typeof u === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(u) && IsoDate.is(u)
      ? t.success(u)
      : t.failure(u, c, 'expected a date YYYY-MM-DD'),
  t.identity,
);

const text = nullable(t.string);

/** The last part of a page's address (`/actualites/{slug}/`): lower-case letters, digits and inner dashes. */
export const Slug = new t.Type<string, string, unknown>(
  'Slug',
  (u): u is string => typeof u === 'string' && isSlug(u),
  (u, c) =>
    typeof u === 'string' && isSlug(u)
      ? t.success(u)
      : t.failure(u, c, 'expected a slug: a-z, 0-9 and inner dashes, at most 120 characters'),
  t.identity,
);

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

/** An event of the import file: the wire fields plus its agenda and its category ids. */
export const ContentEvent = t.exact(
  t.intersection([
    t.type({ id: RowId, agenda_id: RowId, bel_date: DateOnly, title: t.string, categories: t.array(RowId) }),
    t.partial({
      end_date: nullable(DateOnly),
      start_time: nullable(WallTime),
      end_time: nullable(WallTime),
      place: text,
      description: text,
      link: text,
    }),
  ]),
);
export type ContentEvent = t.TypeOf<typeof ContentEvent>;

/** A contact of the import file; `categories` holds contact category titles, as on the wire. */
export const ContentContact = t.exact(
  t.intersection([
    t.type({ id: RowId, title: t.string, categories: t.array(t.string) }),
    t.partial({
      slug: nullable(Slug),
      type_contact: text,
      fonction: text,
      contact_person: text,
      address: text,
      email: text,
      phone: text,
      fax: text,
      website: text,
      description: text,
      registre_interets: text,
      parti: text,
      commissions: t.array(t.string),
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
    t.type({ id: RowId, scope: t.string, title: t.string, date: DateOnly, categories: t.array(RowId) }),
    t.partial({ slug: nullable(Slug), lead: text, body: text, image: text, image_alt: text, link: text }),
  ]),
);
export type ContentNews = t.TypeOf<typeof ContentNews>;

/** A shop item (a publication) of the import file. */
export const ContentShopItem = t.exact(
  t.intersection([
    t.type({ variant_id: RowId, title: t.string, price: Price }),
    t.partial({ description: text, image: text, image_alt: text }),
  ]),
);
export type ContentShopItem = t.TypeOf<typeof ContentShopItem>;

/** The whole content of an institution: what `npm run import -- file.json` loads. */
export const Content = t.exact(
  t.type({
    agendas: t.array(t.exact(t.type({ id: RowId, title: t.string }))),
    agenda_categories: t.array(
      t.exact(t.intersection([t.type({ id: RowId, title: t.string }), t.partial({ slug: text })])),
    ),
    events: t.array(ContentEvent),
    contact_categories: t.array(t.exact(t.type({ id: RowId, title: t.string }))),
    contacts: t.array(ContentContact),
    news_scopes: t.array(t.exact(t.type({ id: RowId, slug: t.string, title: t.string }))),
    news_categories: t.array(
      t.exact(t.intersection([t.type({ id: RowId, scope: t.string, title: t.string }), t.partial({ slug: text })])),
    ),
    news: t.array(ContentNews),
    shop_items: t.array(ContentShopItem),
  }),
);
export type Content = t.TypeOf<typeof Content>;

/** Decodes an import file, or returns one message a line naming the path of each fault. */
export const decodeContent = (input: unknown): { ok: true; content: Content } | { ok: false; errors: string[] } => {
  const result = Content.decode(input);
  if (isLeft(result)) {
    const errors = result.left.slice(0, 20).map((error) => {
      // A key under an intersection or a union names a member codec, not a place in the file.
      const path = error.context
        .filter((_entry, index, all) => {
          let parent = all[index - 1]?.type as { _tag?: string; type?: unknown } | undefined;
          while (parent?._tag === 'ExactType') parent = parent.type as { _tag?: string; type?: unknown };
          return index > 0 && parent?._tag !== 'IntersectionType' && parent?._tag !== 'UnionType';
        })
        .map((entry) => entry.key)
        .join('/');
      const shown = JSON.stringify(error.value);
      return `${path || '(root)'}: ${error.message ?? 'invalid value'} (got ${shown === undefined ? 'nothing' : shown.slice(0, 80)})`;
    });
    return { ok: false, errors: [...new Set(errors)] };
  }
  const referenceErrors = checkReferences(result.right);
  return referenceErrors.length > 0 ? { ok: false, errors: referenceErrors } : { ok: true, content: result.right };
};

// Keys and links the database would reject, reported with their path before any write.
const checkReferences = (content: Content): string[] => {
  const errors: string[] = [];
  const duplicates = (name: string, ids: readonly number[]) => {
    const seen = new Set<number>();
    ids.forEach((id, index) => {
      if (seen.has(id)) errors.push(`${name}/${index}/id: duplicate id ${id}`);
      seen.add(id);
    });
    return seen;
  };
  const agendas = duplicates('agendas', content.agendas.map((a) => a.id));
  const agendaCategories = duplicates('agenda_categories', content.agenda_categories.map((c) => c.id));
  duplicates('events', content.events.map((e) => e.id));
  duplicates('contact_categories', content.contact_categories.map((c) => c.id));
  duplicates('contacts', content.contacts.map((c) => c.id));
  duplicates('news_scopes', content.news_scopes.map((s) => s.id));
  const newsCategories = duplicates('news_categories', content.news_categories.map((c) => c.id));
  duplicates('news', content.news.map((n) => n.id));
  duplicates('shop_items', content.shop_items.map((s) => s.variant_id));
  const duplicateSlugs = (name: string, slugs: readonly (string | null | undefined)[]) => {
    const seen = new Set<string>();
    slugs.forEach((slug, index) => {
      if (slug === undefined || slug === null) return;
      if (seen.has(slug)) errors.push(`${name}/${index}/slug: duplicate slug "${slug}"`);
      seen.add(slug);
    });
  };
  duplicateSlugs('contacts', content.contacts.map((c) => c.slug));
  duplicateSlugs('news', content.news.map((n) => n.slug));
  const scopes = new Set(content.news_scopes.map((s) => s.slug));
  const contactCategories = new Set(content.contact_categories.map((c) => c.title));
  content.events.forEach((event, index) => {
    if (!agendas.has(event.agenda_id)) errors.push(`events/${index}/agenda_id: unknown agenda ${event.agenda_id}`);
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
  return errors.slice(0, 20);
};

// Rows travel as one JSON parameter a chunk: set-based, and no limit on bound parameters.
const CHUNK = 5000;

const insertJson = async (
  tx: Queryable,
  table: string,
  columns: string,
  rows: readonly object[],
  select = '*',
): Promise<void> => {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const names = columns
      .split(',')
      .map((c) => c.trim().split(' ')[0])
      .join(', ');
    await tx.query(
      `insert into ${table} (${names}) select ${select} from jsonb_to_recordset($1::jsonb) as x(${columns})`,
      [JSON.stringify(chunk)],
    );
  }
};

/** The notification channel on which each write of the content is announced (payload: the new version). */
export const CONTENT_CHANNEL = 'content_changed';

/**
 * Replaces every content table with `content`; call it inside a transaction. `importedAt` is when
 * the calendar feeds see the events that changed, appeared or went (their LAST-MODIFIED).
 */
export const writeContent = async (tx: Queryable, content: Content, label: string, importedAt: Date = new Date()): Promise<void> => {
  await tx.query(
    `truncate agendas, agenda_categories, events, event_categories, contact_categories, contacts,
       contact_category_links, news_scopes, news_categories, news_items, news_item_categories,
       shop_items, content_meta`,
  );
  await insertJson(tx, 'agendas', 'id integer, title text', content.agendas);
  await insertJson(tx, 'agenda_categories', 'id integer, title text, slug text', content.agenda_categories);
  await insertJson(
    tx,
    'events',
    `id integer, agenda_id integer, bel_date date, end_date date, start_time time, end_time time,
     title text, search_title text, place text, description text, link text, search_place text`,
    content.events.map((e) => ({ ...e, categories: undefined, search_title: normalizeSearch(e.title), search_place: plainTextSearch(e.place) })),
  );
  await insertJson(
    tx,
    'event_categories',
    'event_id integer, category_id integer',
    content.events.flatMap((e) => [...new Set(e.categories)].map((category_id) => ({ event_id: e.id, category_id }))),
  );
  await insertJson(tx, 'contact_categories', 'id integer, title text', content.contact_categories);
  const contactSlugs = uniqueSlugs(content.contacts);
  await insertJson(
    tx,
    'contacts',
    `id integer, slug text, title text, search_title text, type_contact text, fonction text, contact_person text,
     address text, email text, phone text, fax text, website text, description text,
     registre_interets text, parti text, commissions jsonb, image text, img text, img_2x text,
     img_wp text, img_wp_2x text, copyright text, search_interests text`,
    content.contacts.map((c, index) => ({
      ...c,
      slug: contactSlugs[index],
      categories: undefined,
      commissions: c.commissions ?? [],
      search_title: normalizeSearch(c.title),
      search_interests: richTextSearch(c.registre_interets),
    })),
    `id, slug, title, search_title, type_contact, fonction, contact_person, address, email, phone, fax, website,
     description, registre_interets, parti,
     array(select jsonb_array_elements_text(commissions)), image, img, img_2x, img_wp, img_wp_2x, copyright, search_interests`,
  );
  const categoryIds = new Map(content.contact_categories.map((c) => [c.title, c.id]));
  await insertJson(
    tx,
    'contact_category_links',
    'contact_id integer, category_id integer',
    content.contacts.flatMap((c) =>
      [...new Set(c.categories)].map((title) => ({ contact_id: c.id, category_id: categoryIds.get(title) })),
    ),
  );
  await insertJson(tx, 'news_scopes', 'id integer, slug text, title text', content.news_scopes);
  const scopeIds = new Map(content.news_scopes.map((s) => [s.slug, s.id]));
  await insertJson(
    tx,
    'news_categories',
    'id integer, scope_id integer, title text, slug text',
    content.news_categories.map((c) => ({ ...c, scope: undefined, scope_id: scopeIds.get(c.scope) })),
  );
  const newsSlugs = uniqueSlugs(content.news);
  await insertJson(
    tx,
    'news_items',
    'id integer, scope_id integer, slug text, title text, date date, lead text, body text, image text, image_alt text, link text, search_title text, search_lead text',
    content.news.map((n, index) => ({
      ...n,
      slug: newsSlugs[index],
      search_title: normalizeSearch(n.title),
      search_lead: plainTextSearch(n.lead),
      categories: undefined,
      scope: undefined,
      scope_id: scopeIds.get(n.scope),
    })),
  );
  await insertJson(
    tx,
    'news_item_categories',
    'news_id integer, category_id integer',
    content.news.flatMap((n) => [...new Set(n.categories)].map((category_id) => ({ news_id: n.id, category_id }))),
  );
  await insertJson(
    tx,
    'shop_items',
    'variant_id integer, title text, price numeric, description text, image text, image_alt text',
    content.shop_items,
  );
  // Not truncated above: the feeds' SEQUENCE and cancellations carry over from one import to the next.
  const agendaCategoryTitles = new Map(content.agenda_categories.map((c) => [c.id, c.title]));
  await recordEventFeedState(
    tx,
    content.events.map((e) => ({
      id: e.id,
      data: feedEventData(e, normalizeSearch(e.title), [...new Set(e.categories)].map((id) => ({ id, title: agendaCategoryTitles.get(id) ?? '' }))),
    })),
    importedAt,
  );
  await tx.query('insert into content_meta (key, value) values ($1, $2)', ['content', label]);
  // Sent on commit only, to every instance on this database: their cached answers name the old version.
  await tx.query(`select pg_notify($1, value || ':' || xmin::text) from content_meta where key = 'content'`, [CONTENT_CHANNEL]);
};
