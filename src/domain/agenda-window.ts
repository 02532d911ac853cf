import { addDays, endOfMonth, weekdayNumberOf, type Day } from './calendar-days';

/** The quick ranges beside the month filter, as the address names them (`?periode=semaine`). */
export const QUICK_RANGES = ['aujourdhui', 'weekend', 'semaine', 'mois'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** Whether a value names a quick range. */
export const isQuickRange = (value: unknown): value is QuickRange => typeof value === 'string' && (QUICK_RANGES as readonly string[]).includes(value);

/** Which side of today a list shows: from today on (ascending) or before it (most recent first). */
export type Period = 'upcoming' | 'past';

/** The dates the agenda's server call adds to the filters: `from` and `to`, both inclusive. */
export interface DayRange {
  readonly from: Day;
  readonly to: Day;
}

/**
 * The days a quick range covers, seen from `today`: always from today on, so a range never
 * shows what is over. "Ce week-end" is the coming Saturday and Sunday (today only, on a
 * Sunday; from today, on a Saturday); "Cette semaine" runs to Sunday, as Swiss calendars
 * count weeks (Monday first); "Ce mois" to the end of the month.
 */
export const rangeDays = (range: QuickRange, today: Day): DayRange => {
  const weekday = weekdayNumberOf(today); // 0 Monday … 6 Sunday
  const toSunday = 6 - weekday;
  switch (range) {
    case 'aujourdhui':
      return { from: today, to: today };
    case 'weekend':
      return { from: addDays(today, Math.max(0, 5 - weekday)), to: addDays(today, toSunday) };
    case 'semaine':
      return { from: today, to: addDays(today, toSunday) };
    case 'mois':
      return { from: today, to: endOfMonth(today) };
  }
};

/** The days an event occupies: its `bel_date` to its `end_date` when that is later. Times are ignored. */
const daysOf = (event: { readonly bel_date: string; readonly end_date?: string | null }): { start: Day; end: Day } => {
  const start = event.bel_date.slice(0, 10);
  const end = event.end_date !== undefined && event.end_date !== null && event.end_date.slice(0, 10) > start ? event.end_date.slice(0, 10) : start;
  return { start, end };
};

/**
 * What a list of events shows of a period, as the reference server selects it: `upcoming`
 * keeps the events that start on or after `today` (inside `range` when one is given) in the
 * order given; `past` keeps those that start before `today`, most recent first. A legacy
 * backend answers every event at once; the client windows its answer with this.
 */
export const windowEvents = <E extends { readonly bel_date: string; readonly end_date?: string | null }>(
  events: readonly E[],
  period: Period,
  today: Day,
  range: DayRange | null = null,
): readonly E[] => {
  if (period === 'past') {
    return events.filter((event) => daysOf(event).start < today).reverse();
  }
  return events.filter((event) => {
    const { start } = daysOf(event);
    return start >= today && (range === null || (start >= range.from && start <= range.to));
  });
};

/** What the order of events needs of one: its date, its start time and its id. */
interface Ordered {
  readonly id: string;
  readonly bel_date: string;
  readonly start_time?: string | null;
}

// Ids the reference server orders as numbers; a backend with other ids gets text order, stable either way.
const compareIds = (a: string, b: string): number => {
  const numeric = /^\d+$/.test(a) && /^\d+$/.test(b);
  if (numeric && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The order of every agenda answer of the reference server: the day, then the start time (an
 * event without one last in its day), then the id. A legacy answer is put in this order before
 * it is windowed, so its pages are those the reference server would have answered.
 */
export const compareEvents = (a: Ordered, b: Ordered): number => {
  const dayA = a.bel_date.slice(0, 10);
  const dayB = b.bel_date.slice(0, 10);
  if (dayA !== dayB) return dayA < dayB ? -1 : 1;
  const timeA = a.start_time ?? null;
  const timeB = b.start_time ?? null;
  if (timeA !== timeB) {
    if (timeA === null) return 1;
    if (timeB === null) return -1;
    return timeA < timeB ? -1 : 1;
  }
  return compareIds(a.id, b.id);
};

/** The events in the reference server's order (a new array; equal keys keep their order). */
export const sortEvents = <E extends Ordered>(events: readonly E[]): E[] => [...events].sort(compareEvents);
