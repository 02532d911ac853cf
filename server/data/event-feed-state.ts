import { createHash } from 'node:crypto';
import type { Queryable } from './database';

/**
 * What a calendar feed remembers of each event across imports (migration 4's `event_feed_state`):
 * a hash of what the feed writes of it, its SEQUENCE and the time it last changed, and, once an
 * import no longer holds it, when it was cancelled, with its last data to write it once more as
 * STATUS:CANCELLED. An import replaces the content tables whole; this table is what carries over.
 */

/**
 * How long an event taken off the agenda stays in the feeds as cancelled. Calendars poll every hour
 * or day; one that polls less than once a month misses the cancellation and keeps the event, which
 * is then over anyway (the feed starts 30 days back, `CALENDAR_FEED_PAST_DAYS`).
 */
export const TOMBSTONE_DAYS = 30;

/** An event as the feed writes it: the fields that, when any changes, make a new SEQUENCE. */
export interface FeedEventData {
  readonly agenda_id: number;
  readonly bel_date: string;
  readonly end_date: string | null;
  readonly start_time: string | null;
  readonly end_time: string | null;
  readonly title: string;
  /** The normalised title the agenda searches: a cancelled event is found by the same filters. */
  readonly search_title: string;
  readonly place: string | null;
  readonly description: string | null;
  readonly link: string | null;
  /** Its place, as the import gave it (`ContentPlace`); missing in the data of events recorded before places existed. */
  readonly lieu?: unknown;
  /** How it repeats, as the import gave it (`Recurrence`); missing in the data of events recorded before rules existed. */
  readonly recurrence?: unknown;
  /** Its categories, by id ascending, with their titles (a renamed category changes the event as calendars show it). */
  readonly categories: readonly { readonly id: number; readonly title: string }[];
}

/** An event of the content being written, with its id. */
export interface FeedEventRecord {
  readonly id: number;
  readonly data: FeedEventData;
}

// `18:30` and `18:30:00` are one time column value: compared as the database gives it back.
const seconds = (time: string | null | undefined): string | null => (time === null || time === undefined ? null : time.length === 5 ? `${time}:00` : time);

/** The feed's data of an event, in one form whatever it was read from (an import file or the tables). */
export const feedEventData = (
  event: {
    readonly agenda_id: number;
    readonly bel_date: string;
    readonly end_date?: string | null | undefined;
    readonly start_time?: string | null | undefined;
    readonly end_time?: string | null | undefined;
    readonly title: string;
    readonly place?: string | null | undefined;
    readonly description?: string | null | undefined;
    readonly link?: string | null | undefined;
    readonly lieu?: unknown;
    readonly recurrence?: unknown;
  },
  searchTitle: string,
  categories: readonly { readonly id: number; readonly title: string }[],
): FeedEventData => ({
  agenda_id: event.agenda_id,
  bel_date: event.bel_date,
  end_date: event.end_date ?? null,
  start_time: seconds(event.start_time),
  end_time: seconds(event.end_time),
  title: event.title,
  search_title: searchTitle,
  place: event.place ?? null,
  description: event.description ?? null,
  link: event.link ?? null,
  lieu: event.lieu ?? null,
  recurrence: event.recurrence ?? null,
  categories: [...categories].sort((a, b) => a.id - b.id),
});

/** The hash that tells whether an event changed between two imports. */
export const feedEventHash = (data: FeedEventData): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        data.agenda_id,
        data.bel_date,
        data.end_date,
        data.start_time,
        data.end_time,
        data.title,
        data.place,
        data.description,
        data.link,
        data.categories.map((category) => [category.id, category.title]),
        // Only an event with a place hashes it: the others keep the hash (and SEQUENCE) they had before places existed.
        ...(data.lieu === undefined || data.lieu === null ? [] : [data.lieu]),
        // So does only a recurring event its rule: a new rule, or one changed, is a new SEQUENCE.
        ...(data.recurrence === undefined || data.recurrence === null ? [] : [{ recurrence: data.recurrence }]),
      ]),
    )
    .digest('base64url');

// Rows travel as one JSON parameter a chunk, as the content's do.
const CHUNK = 5000;

/**
 * Brings the feed state up to the events just written, at `at` (the import's time): an unchanged
 * event keeps its SEQUENCE and time; a changed or reappearing one gets SEQUENCE + 1 and `at`; a
 * new one SEQUENCE 0 and `at`; one the content no longer holds is cancelled at `at` with
 * SEQUENCE + 1, its last data kept; cancellations older than `TOMBSTONE_DAYS` are forgotten.
 * Call it in the transaction that wrote the events.
 */
export const recordEventFeedState = async (tx: Queryable, events: readonly FeedEventRecord[], at: Date): Promise<void> => {
  await upsertEventFeedState(tx, events, at);
  await closeEventFeedState(tx, at);
};

/** The first half of `recordEventFeedState`, for a part of the events: call it for each part, then `closeEventFeedState` once. */
export const upsertEventFeedState = async (tx: Queryable, events: readonly FeedEventRecord[], at: Date): Promise<void> => {
  const stamp = at.toISOString();
  for (let start = 0; start < events.length; start += CHUNK) {
    const rows = events.slice(start, start + CHUNK).map((event) => ({ event_id: event.id, hash: feedEventHash(event.data), data: event.data }));
    await tx.query(
      `insert into event_feed_state as s (event_id, hash, sequence, modified_at, cancelled_at, data)
       select x.event_id, x.hash, 0, $2::timestamptz, null, x.data from jsonb_to_recordset($1::jsonb) as x(event_id integer, hash text, data jsonb)
       on conflict (event_id) do update set
         sequence = case when s.hash = excluded.hash and s.cancelled_at is null then s.sequence else s.sequence + 1 end,
         modified_at = case when s.hash = excluded.hash and s.cancelled_at is null then s.modified_at else excluded.modified_at end,
         hash = excluded.hash,
         data = excluded.data,
         cancelled_at = null`,
      [JSON.stringify(rows), stamp],
    );
  }
};

/** The second half of `recordEventFeedState`, once every event is written: the events gone are cancelled, old cancellations forgotten. */
export const closeEventFeedState = async (tx: Queryable, at: Date): Promise<void> => {
  const stamp = at.toISOString();
  await tx.query(
    `update event_feed_state s set cancelled_at = $1::timestamptz, modified_at = $1::timestamptz, sequence = s.sequence + 1
     where s.cancelled_at is null and not exists (select 1 from events e where e.id = s.event_id)`,
    [stamp],
  );
  await tx.query(`delete from event_feed_state where cancelled_at < $1::timestamptz - interval '${TOMBSTONE_DAYS} days'`, [stamp]);
};

/** The feed data of the events in the tables, for a database that had events before the feed state existed (migration 4). */
export const readFeedEvents = async (tx: Queryable): Promise<FeedEventRecord[]> => {
  const rows = await tx.query<{
    id: number;
    agenda_id: number;
    bel_date: string;
    end_date: string | null;
    start_time: string | null;
    end_time: string | null;
    title: string;
    search_title: string;
    place: string | null;
    description: string | null;
    link: string | null;
    categories: { id: number; title: string }[];
  }>(
    `select e.id, e.agenda_id, to_char(e.bel_date, 'YYYY-MM-DD') as bel_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
            to_char(e.start_time, 'HH24:MI:SS') as start_time, to_char(e.end_time, 'HH24:MI:SS') as end_time,
            e.title, e.search_title, e.place, e.description, e.link,
            coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id)
                      from event_categories ec join agenda_categories c on c.id = ec.category_id
                      where ec.event_id = e.id), '[]'::json) as categories
     from events e order by e.id`,
  );
  return rows.map((row) => ({ id: row.id, data: feedEventData(row, row.search_title, row.categories) }));
};
