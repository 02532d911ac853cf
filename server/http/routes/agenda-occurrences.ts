import { isLeft } from 'fp-ts/lib/Either';
import { countOccurrences, occurrencesBefore, occurrencesFrom, Recurrence, seriesDates } from '../../../src/domain/recurrence';
import { addDays, endOfMonth } from '../../../src/domain/calendar-days';
import type { Queryable } from '../../data/database';
import type { ExtraRows } from '../paging';

/**
 * How far ahead of today an agenda lists a rule's occurrences: a rule without end (or one of a
 * thousand years) still makes a bounded list, counted and paged like the stored events.
 */
export const RECURRENCE_HORIZON_DAYS = 730;

/** The columns an agenda's rows are read from: a stored event's, or an occurrence's (its day, its end moved with it). */
const EVENT_COLUMNS = 'id, agenda_id, bel_date, end_date, start_time, end_time, title, search_title, place, description, link, lieu, recurrence';

/**
 * The events an agenda lists as they are stored, each marked as no occurrence: `ONE_DATE` keeps
 * those of one date. The condition is the list's, not the subquery's, so that PostgreSQL flattens
 * the union with the occurrences (an append member is one relation without conditions of its own)
 * and reads the stored events straight from the agenda's index.
 */
export const SINGLE_EVENTS = `(select ${EVENT_COLUMNS}, bel_date as series_start, false as occurrence from events) e`;

/** The condition that keeps the events of one date and the occurrences, not the recurring events' stored rows. */
export const ONE_DATE = '(e.recurrence is null or e.occurrence)';

/** Every event as stored, a recurring one at its first date (an event's own answer). */
export const STORED_EVENTS = `(select ${EVENT_COLUMNS}, bel_date as series_start from events) e`;

/** A recurring event as the agenda expands it. */
export interface Rule {
  readonly id: number;
  readonly start: string;
  /** `HH:MM:SS`, or `24:00:00` for an all-day event, as the agenda's key orders it. */
  readonly time: string;
  readonly rule: Recurrence;
}

/** The days an agenda's occurrences may fall on, both inclusive; `from` null: since each rule's start. */
export interface OccurrenceRange {
  readonly from: string | null;
  readonly to: string;
  readonly month?: number | undefined;
  readonly direction: 'asc' | 'desc';
}

/** The range of an agenda's window: from today (upcoming) to the horizon, or before today (past), within `from` and `to`. */
export const occurrenceRange = (
  window: { period?: 'upcoming' | 'past'; from?: string; to?: string },
  today: string,
  month: number | undefined,
): OccurrenceRange | null => {
  const past = window.period === 'past';
  const first = past ? (window.from ?? null) : window.from !== undefined && window.from > today ? window.from : today;
  const limit = past ? addDays(today, -1) : addDays(today, RECURRENCE_HORIZON_DAYS);
  const last = window.to !== undefined && window.to < limit ? window.to : limit;
  if (first !== null && first > last) return null;
  return { from: first, to: last, month, direction: past ? 'desc' : 'asc' };
};

const compareKeys = (a: readonly string[], b: readonly string[]): number => {
  for (let index = 0; index < 2; index++) {
    const left = a[index] ?? '';
    const right = b[index] ?? '';
    if (left !== right) return left < right ? -1 : 1;
  }
  return Number(a[2]) - Number(b[2]);
};

// The spans of days a month filter keeps within [from, to]: that month of each year.
const monthSpans = (from: string, to: string, month: number): [string, string][] => {
  const spans: [string, string][] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const last = endOfMonth(first);
    const start = first < from ? from : first;
    const end = last > to ? to : last;
    if (start <= end) spans.push([start, end]);
  }
  return spans;
};

/** The days of one rule within [from, to] in the range's direction, at most `limit`, the month filter applied. */
const ruleDays = (rule: Rule, from: string, to: string, month: number | undefined, direction: 'asc' | 'desc', limit: number): string[] => {
  if (from < rule.start) from = rule.start;
  if (from > to || limit <= 0) return [];
  const spans = month === undefined ? [[from, to] as [string, string]] : monthSpans(from, to, month);
  if (direction === 'desc') spans.reverse();
  const days: string[] = [];
  for (const [start, end] of spans) {
    const left = limit - days.length;
    if (left <= 0) break;
    days.push(
      ...(direction === 'asc'
        ? occurrencesFrom(rule.rule, rule.start, { from: start, to: end, limit: left })
        : occurrencesBefore(rule.rule, rule.start, { before: addDays(end, 1), from: start, limit: left })),
    );
  }
  return days;
};

/**
 * The occurrences of `rules` in `range` after `key`, at most `limit`, in the range's order, each as
 * the agenda's key `[day, time, id]`. The days are searched a week at first, then twice as far each
 * time, so a page of a busy agenda expands each rule for a few days only.
 */
export const occurrenceKeys = (rules: readonly Rule[], range: OccurrenceRange, key: readonly string[] | null, limit: number): string[][] => {
  if (rules.length === 0 || limit <= 0) return [];
  const asc = range.direction === 'asc';
  const earliest = range.from ?? rules.reduce((min, rule) => (rule.start < min ? rule.start : min), range.to);
  // The key's own day is searched again: later occurrences of that day may follow it.
  let edge = key === null ? (asc ? earliest : range.to) : asc ? (key[0]! > earliest ? key[0]! : earliest) : key[0]! < range.to ? key[0]! : range.to;
  const found: string[][] = [];
  let span = 7;
  for (;;) {
    const low = asc ? edge : maxDay(earliest, addDays(edge, -span + 1));
    const high = asc ? minDay(range.to, addDays(edge, span - 1)) : edge;
    for (const rule of rules) {
      for (const day of ruleDays(rule, low, high, range.month, range.direction, limit)) {
        const row = [day, rule.time, String(rule.id)];
        if (key === null || (asc ? compareKeys(row, key) > 0 : compareKeys(row, key) < 0)) found.push(row);
      }
    }
    found.sort((a, b) => (asc ? compareKeys(a, b) : compareKeys(b, a)));
    const done = asc ? high >= range.to : low <= earliest;
    if (found.length >= limit || done) return found.slice(0, limit);
    // Not enough in this span: the next starts past it, twice as long.
    edge = asc ? addDays(high, 1) : addDays(low, -1);
    span *= 2;
  }
};

const minDay = (a: string, b: string): string => (a < b ? a : b);
const maxDay = (a: string, b: string): string => (a > b ? a : b);

/** How many occurrences `rules` have in `range`. */
export const occurrenceCount = (rules: readonly Rule[], range: OccurrenceRange): number => (rules.length === 0 ? 0 : countOf(rules, range));

const countOf = (rules: readonly Rule[], range: OccurrenceRange): number =>
  rules.reduce((sum, rule) => {
    const from = range.from === null || range.from < rule.start ? rule.start : range.from;
    return from > range.to ? sum : sum + countOccurrences(rule.rule, rule.start, { from, to: range.to, month: range.month });
  }, 0);

// The rules of a content version and filters, read once: an import is the only thing that changes them;
// their count in a range too (a range moves with the day), as every page of a list asks it again, and
// the occurrences of a page.
const RULE_CACHE_ENTRIES = 64;
const ruleCache = new Map<string, Promise<Rule[]>>();
const countCache = new Map<string, number>();
const pageCache = new Map<string, string[][]>();

const remember = <V>(cache: Map<string, V>, key: string, value: V): V => {
  if (cache.size >= RULE_CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, value);
  return value;
};

/** The recurring events that match `where` (conditions on `e`, with `params`), in the snapshot of `tx`, kept under `cacheKey` (the content version and the filters). */
export const recurringRules = (tx: Queryable, cacheKey: string, where: readonly string[], params: readonly unknown[]): Promise<Rule[]> => {
  const known = ruleCache.get(cacheKey);
  if (known !== undefined) return known;
  const read = tx
    .query<{ id: number; start: string; time: string; recurrence: unknown }>(
      `select e.id, to_char(e.bel_date, 'YYYY-MM-DD') as start, coalesce(e.start_time, time '24:00')::text as time, e.recurrence
         from events e where ${['e.recurrence is not null', ...where].join(' and ')} order by e.id`,
      [...params],
    )
    .then((rows) =>
      rows.flatMap((row) => {
        // The import decoded every rule; one that no longer decodes is left out rather than break the agenda.
        const rule = Recurrence.decode(row.recurrence);
        return isLeft(rule) ? [] : [{ id: row.id, start: row.start, time: row.time, rule: rule.right }];
      }),
    );
  // A failed read is not kept: the next request asks again.
  return remember(
    ruleCache,
    cacheKey,
    read.catch((error: unknown) => {
      ruleCache.delete(cacheKey);
      throw error;
    }),
  );
};

// The occurrences' side is one subquery (a join is no append member); the list's ONE_DATE condition keeps them.
const occurrenceRows = (rows: readonly (readonly string[])[], params: unknown[]): string => {
  params.push(
    rows.map((row) => Number(row[2])),
    rows.map((row) => row[0]),
  );
  const ids = `$${params.length - 1}::int[]`;
  const days = `$${params.length}::date[]`;
  return `(select ${EVENT_COLUMNS}, bel_date as series_start, false as occurrence from events
           union all
           select * from (select e.id, e.agenda_id, o.day, e.end_date + (o.day - e.bel_date), e.start_time, e.end_time, e.title, e.search_title,
                                 e.place, e.description, e.link, e.lieu, e.recurrence, e.bel_date, true
                            from unnest(${ids}, ${days}) as o(id, day) join events e on e.id = o.id) as occurrences) e`;
};

/**
 * The occurrences an agenda list merges with its stored events: counted in its range, the first of
 * them after a page's key, and the rows of the page's query (the stored single events, and each
 * occurrence as its event on its day).
 */
export const agendaOccurrences = (rules: readonly Rule[], range: OccurrenceRange | null, cacheKey: string): ExtraRows => ({
  count:
    range === null
      ? 0
      : (countCache.get(`${cacheKey}${JSON.stringify(range)}`) ?? remember(countCache, `${cacheKey}${JSON.stringify(range)}`, occurrenceCount(rules, range))),
  after: (key, limit) => {
    if (range === null) return [];
    // A page's occurrences are the same for everyone who asks it in this content version and day: the first page above all.
    const pageKey = `${cacheKey}${JSON.stringify([range, key, limit])}`;
    return pageCache.get(pageKey) ?? remember(pageCache, pageKey, occurrenceKeys(rules, range, key, limit));
  },
  from: occurrenceRows,
});

/**
 * Each rule's first occurrence in `range`, in the range's order (upcoming: its next date; past: its
 * latest), as `seriesDates` says, each as the agenda's key `[day, time, id]`: a rule without a date in the range has none.
 */
export const firstOccurrenceKeys = (rules: readonly Rule[], range: OccurrenceRange): string[][] => {
  const asc = range.direction === 'asc';
  const keys = rules.flatMap((rule) => {
    const dates = asc
      ? seriesDates(rule.rule, rule.start, { day: range.from === null || range.from < rule.start ? rule.start : range.from, to: range.to, month: range.month })
      : seriesDates(rule.rule, rule.start, { day: addDays(range.to, 1), to: range.to, month: range.month });
    const day = asc ? dates.next : dates.last;
    return day === null || (!asc && range.from !== null && day < range.from) ? [] : [[day, rule.time, String(rule.id)]];
  });
  return keys.sort((a, b) => (asc ? compareKeys(a, b) : compareKeys(b, a)));
};

/**
 * The rows a list that names each event once merges with its stored events (`occurrences=first`):
 * each recurring event at its first occurrence in the range, so a daily series is one row, not a page of them.
 */
export const firstOccurrences = (rules: readonly Rule[], range: OccurrenceRange | null, cacheKey: string): ExtraRows => {
  const keysKey = `first${cacheKey}${JSON.stringify(range)}`;
  const keys = (): string[][] => (range === null ? [] : (pageCache.get(keysKey) ?? remember(pageCache, keysKey, firstOccurrenceKeys(rules, range))));
  const asc = range?.direction !== 'desc';
  return {
    count: keys().length,
    after: (key, limit) =>
      (key === null ? keys() : keys().filter((row) => (asc ? compareKeys(row, key) > 0 : compareKeys(row, key) < 0))).slice(0, Math.max(0, limit)),
    from: occurrenceRows,
  };
};
