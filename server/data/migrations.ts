import { filingLetter, filingWord } from '../../src/domain/directory-letter';
import { uniqueSlugs } from './content';
import type { Database, Queryable } from './database';
import { readFeedEvents, recordEventFeedState } from './event-feed-state';
import { normalizeSearch, plainTextSearch, richTextSearch } from './search';

/** One step of the schema; `version` only grows and an applied step is never edited. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Runs after `sql`, in the same transaction: for what SQL alone cannot compute (slugs need `slugify`). */
  data?: (tx: Queryable) => Promise<void>;
}

// Rows written before slugs existed get them as the seed and the import make them, in id order.
const backfillSlugs = async (tx: Queryable, table: 'contacts' | 'news_items'): Promise<void> => {
  const rows = await tx.query<{ id: number; title: string }>(`select id, title from ${table} order by id`);
  const slugs = uniqueSlugs(rows);
  await tx.query(`update ${table} t set slug = x.slug from jsonb_to_recordset($1::jsonb) as x(id integer, slug text) where t.id = x.id`, [
    JSON.stringify(rows.map((row, index) => ({ id: row.id, slug: slugs[index] }))),
  ]);
  await tx.query(`alter table ${table} alter column slug set not null`);
  await tx.query(`create unique index ${table}_slug on ${table} (slug)`);
};

// Rows written before the site search get its normalised texts as writeContent makes them, a chunk at a time.
const backfillSearch = async (
  tx: Queryable,
  table: 'events' | 'news_items' | 'contacts',
  sources: readonly string[],
  compute: (row: (name: string) => string | null) => Readonly<Record<string, string | null>>,
): Promise<void> => {
  const chunk = 5000;
  for (let after = 0; ;) {
    const rows = await tx.query<Record<string, unknown> & { id: number }>(
      `select id, ${sources.join(', ')} from ${table} where id > $1 order by id limit ${chunk}`,
      [after],
    );
    if (rows.length === 0) return;
    const values = rows.map((row) => ({ id: row.id, ...compute((name) => (typeof row[name] === 'string' ? row[name] : null)) }));
    const columns = Object.keys(values[0] ?? {}).filter((name) => name !== 'id');
    await tx.query(
      `update ${table} t set ${columns.map((name) => `${name} = x.${name}`).join(', ')}
         from jsonb_to_recordset($1::jsonb) as x(id integer, ${columns.map((name) => `${name} text`).join(', ')})
        where t.id = x.id`,
      [JSON.stringify(values)],
    );
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < chunk) return;
  }
};

/** The schema history, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'content tables',
    sql: `
      create table agendas (
        id integer primary key,
        title text not null
      );
      create table agenda_categories (
        id integer primary key,
        title text not null,
        slug text
      );
      create table events (
        id integer primary key,
        agenda_id integer not null references agendas (id) on delete cascade,
        bel_date date not null,
        end_date date,
        start_time time,
        end_time time,
        title text not null,
        -- Lower-case, accent-free title, computed in TypeScript so both backends search alike.
        search_title text not null,
        place text,
        description text,
        link text
      );
      create index events_agenda_date on events (agenda_id, bel_date, start_time, id);
      create index events_date on events (bel_date, start_time, id);
      create table event_categories (
        event_id integer not null references events (id) on delete cascade,
        category_id integer not null references agenda_categories (id) on delete cascade,
        primary key (event_id, category_id)
      );
      create index event_categories_category on event_categories (category_id, event_id);

      create table contact_categories (
        id integer primary key,
        title text not null unique
      );
      create table contacts (
        id integer primary key,
        title text not null,
        search_title text not null,
        type_contact text,
        fonction text,
        contact_person text,
        address text,
        email text,
        phone text,
        fax text,
        website text,
        description text,
        registre_interets text,
        parti text,
        commissions text[] not null default '{}',
        image text,
        img text,
        img_2x text,
        img_wp text,
        img_wp_2x text,
        copyright text
      );
      create index contacts_name on contacts (search_title, id);
      create table contact_category_links (
        contact_id integer not null references contacts (id) on delete cascade,
        category_id integer not null references contact_categories (id) on delete cascade,
        primary key (contact_id, category_id)
      );
      create index contact_category_links_category on contact_category_links (category_id, contact_id);

      create table news_scopes (
        id integer primary key,
        slug text not null unique,
        title text not null
      );
      create table news_categories (
        id integer primary key,
        scope_id integer not null references news_scopes (id) on delete cascade,
        title text not null,
        slug text
      );
      create table news_items (
        id integer primary key,
        scope_id integer not null references news_scopes (id) on delete cascade,
        title text not null,
        date date not null,
        lead text,
        image text,
        image_alt text,
        link text
      );
      create index news_items_scope_date on news_items (scope_id, date desc, id desc);
      create index news_items_date on news_items (date desc, id desc);
      create table news_item_categories (
        news_id integer not null references news_items (id) on delete cascade,
        category_id integer not null references news_categories (id) on delete cascade,
        primary key (news_id, category_id)
      );
      create index news_item_categories_category on news_item_categories (category_id, news_id);

      create table shop_items (
        variant_id integer primary key,
        title text not null,
        price numeric(10, 2) not null check (price >= 0),
        description text,
        image text,
        image_alt text
      );

      -- Which generator filled the content, so a test template can tell it is current.
      create table content_meta (
        key text primary key,
        value text not null
      );
    `,
  },
  {
    version: 2,
    name: 'slugs of contacts and news, article bodies',
    sql: `
      alter table contacts add column slug text;
      alter table news_items add column slug text;
      -- The article as HTML; the lists do not send it.
      alter table news_items add column body text
    `,
    data: async (tx) => {
      await backfillSlugs(tx, 'contacts');
      await backfillSlugs(tx, 'news_items');
    },
  },
  {
    version: 3,
    name: 'indexes of bounded answers and name search, the signing key of cursors',
    sql: `
      -- In public, so that every schema (a test's own) finds the same operator classes.
      create extension if not exists pg_trgm schema public;
      -- Substring search on the normalised names: LIKE '%…%' through a trigram index.
      create index contacts_search_trgm on contacts using gin (search_title public.gin_trgm_ops);
      create index events_search_trgm on events using gin (search_title public.gin_trgm_ops);
      -- The keys the lists page on: all-day events (no start time) come last in their day.
      create index events_agenda_key on events (agenda_id, bel_date, (coalesce(start_time, time '24:00')), id);
      create index events_key on events (bel_date, (coalesce(start_time, time '24:00')), id);
      create index contacts_key on contacts ((search_title collate "C"), id);
      -- Secrets of the site, shared by every instance on this database; content imports never touch it.
      create table site_secrets (
        key text primary key,
        value text not null
      );
      insert into site_secrets (key, value)
        values ('cursor', md5(random()::text || clock_timestamp()::text) || md5(random()::text || clock_timestamp()::text))
    `,
  },
  {
    version: 4,
    name: "the calendar feeds' memory of events: sequence, last change and cancellations",
    sql: `
      -- No foreign key: an event taken off the agenda outlives its row here, as a cancellation.
      create table event_feed_state (
        event_id integer primary key,
        -- What the feed writes of the event, hashed: a new hash at an import is a new SEQUENCE.
        hash text not null,
        sequence integer not null default 0,
        modified_at timestamptz not null,
        -- Set when an import no longer holds the event; forgotten after TOMBSTONE_DAYS.
        cancelled_at timestamptz,
        -- The event as the feed last wrote it, categories and search title included.
        data jsonb not null
      );
      create index event_feed_state_cancelled on event_feed_state (cancelled_at) where cancelled_at is not null
    `,
    // Events already in the tables start at SEQUENCE 0, changed as of now.
    data: async (tx) => recordEventFeedState(tx, await readFeedEvents(tx), new Date()),
  },
  {
    version: 5,
    name: 'site search: normalised places, news titles and leads, interests registers',
    sql: `
      -- Lower-case, accent-free copies computed in TypeScript (server/data/search.ts), as search_title is.
      alter table events add column search_place text;
      alter table news_items add column search_title text;
      alter table news_items add column search_lead text;
      -- The register's text without its markup, so a tag or an attribute never matches.
      alter table contacts add column search_interests text;
      create index events_place_trgm on events using gin (search_place public.gin_trgm_ops);
      create index news_items_search_trgm on news_items using gin (search_title public.gin_trgm_ops);
      create index news_items_lead_trgm on news_items using gin (search_lead public.gin_trgm_ops);
      create index contacts_interests_trgm on contacts using gin (search_interests public.gin_trgm_ops)
    `,
    data: async (tx) => {
      await backfillSearch(tx, 'events', ['place'], (column) => ({ search_place: plainTextSearch(column('place')) }));
      await backfillSearch(tx, 'news_items', ['title', 'lead'], (column) => ({
        search_title: normalizeSearch(column('title') ?? ''),
        search_lead: plainTextSearch(column('lead')),
      }));
      await backfillSearch(tx, 'contacts', ['registre_interets'], (column) => ({ search_interests: richTextSearch(column('registre_interets')) }));
      await tx.query('alter table news_items alter column search_title set not null');
    },
  },
  {
    version: 6,
    name: "events' places: name, address, coordinates and accessibility",
    sql: `
      -- An event's place as the import gives it (server/data/content.ts ContentPlace), null when it has none:
      -- the answers send it whole as lieu, so one column keeps it (nothing filters or sorts on it).
      alter table events add column lieu jsonb
    `,
  },
  {
    version: 7,
    name: 'filing letter of contacts',
    // The letter of the directory's index, computed in TypeScript by the rule the browser shows
    // (src/domain/directory-letter.ts); the index keeps a letter's page in name order.
    sql: `
      alter table contacts add column filing_letter text;
      create index contacts_letter_key on contacts (filing_letter, (search_title collate "C"), id)
    `,
    data: async (tx) => {
      await backfillSearch(tx, 'contacts', ['title', 'type_contact'], (column) => ({ filing_letter: filingLetter(column('title') ?? '', column('type_contact')) }));
    },
  },
  {
    version: 8,
    name: 'filing word of contacts',
    // The directory's order is a printed directory's: by the word a contact is filed under (a
    // person's family name, an organisation's first significant word), then by the whole name.
    sql: `
      alter table contacts add column filing_word text not null default '';
      drop index contacts_letter_key;
      create index contacts_filing_key on contacts ((filing_word collate "C"), (search_title collate "C"), id);
      create index contacts_letter_key on contacts (filing_letter, (filing_word collate "C"), (search_title collate "C"), id)
    `,
    data: async (tx) => {
      await backfillSearch(tx, 'contacts', ['title', 'type_contact'], (column) => ({ filing_word: filingWord(column('title') ?? '', column('type_contact')) }));
    },
  },
  {
    version: 9,
    name: 'recurring events',
    // An event's rule as the import gives it (src/domain/recurrence.ts), null for an event of one
    // date. Occurrences are not stored: the agenda expands the few rules of a page's range, so the
    // partial index lists only the rules, by agenda.
    sql: `
      alter table events add column recurrence jsonb;
      create index events_recurring on events (agenda_id, id) where recurrence is not null
    `,
  },
  {
    version: 10,
    name: 'content API: tokens, journal of writes',
    sql: `
      -- Who may write the content over HTTP (server/content-api): a token's SHA-256 only, never the token.
      create table api_tokens (
        name text primary key,
        hash text not null unique,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      );
      -- Every write of the content API and of a merge import: who, what, and the item's ETag before and after.
      create table content_journal (
        id bigserial primary key,
        at timestamptz not null default now(),
        token_name text not null,
        kind text not null,
        item_id text not null,
        action text not null,
        etag_before text,
        etag_after text
      );
      create index content_journal_kind_item on content_journal (kind, item_id)
    `,
  },
  {
    version: 11,
    name: 'events of one date: indexes of their own',
    sql: `
      -- An agenda counts and lists its events of one date (the recurring ones are expanded apart):
      -- with the condition in the index, the count is an index-only scan, not a visit of every
      -- row from today on. On the large database, agenda 1's upcoming count went from 80 to 7 ms,
      -- and the content API's writes of events make the agenda's answers anew at each write.
      create index events_single_agenda_key on events (agenda_id, bel_date, (coalesce(start_time, time '24:00')), id) where recurrence is null;
      create index events_single_key on events (bel_date, (coalesce(start_time, time '24:00')), id) where recurrence is null
    `,
  },
];

/** Applies the pending migrations (of `migrations`, a test may stop early), each in its own transaction, and returns their versions. */
export const migrate = async (db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> => {
  await db.query(
    `create table if not exists schema_migrations (
       version integer primary key,
       name text not null,
       applied_at timestamptz not null default now()
     )`,
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      // Two servers starting on one PostgreSQL must not both apply a step.
      await tx.query('select pg_advisory_xact_lock(727001)');
      const rows = await tx.query<{ version: number }>('select version from schema_migrations where version = $1', [migration.version]);
      if (rows.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      if (migration.data !== undefined) await migration.data(tx);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
};

// Extended-protocol queries take one statement each; migrations hold no semicolons in literals.
const splitStatements = (sql: string): string[] =>
  sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
