import type { AgendaEvent } from './agenda';
import { addDays, daysBetween } from './calendar-days';

/** The events of one month (1–12) of a year. */
export interface AgendaMonth {
  readonly month: number;
  readonly events: readonly AgendaEvent[];
}

/** The events of one year (four digits), month by month. */
export interface AgendaYear {
  readonly year: number;
  readonly months: readonly AgendaMonth[];
}

/** The agenda as SPEC §3 keeps it: events grouped by year, then by month number. */
export type GroupedAgenda = readonly AgendaYear[];

/**
 * What tells an agenda's rows apart: the event's id, and for a recurring event's occurrence its
 * day too (one event, many dates).
 */
export const eventKey = (event: { readonly id: string; readonly bel_date?: string; readonly recurrence?: unknown }): string =>
  event.recurrence === null || event.recurrence === undefined || event.bel_date === undefined ? event.id : `${event.id}@${event.bel_date.slice(0, 10)}`;

/** The events without repeated ids, keeping the first of each (SPEC §5, plain fetch); a recurring event's occurrences are each kept once. */
export const dedupeById = <T extends { readonly id: string; readonly bel_date?: string; readonly recurrence?: unknown }>(items: readonly T[]): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = eventKey(item);
    return seen.has(key) ? false : (seen.add(key), true);
  });
};

/** A recurring event's occurrence as its whole series (from its first date, the end moved back with it); any other event as it is. */
export const seriesOf = (event: AgendaEvent): AgendaEvent => {
  const start = event.recurrence_start;
  if (event.recurrence === null || event.recurrence === undefined || start === null || start === undefined) return event;
  const shift = daysBetween(event.bel_date.slice(0, 10), start.slice(0, 10));
  const moved = (day: string): string => addDays(day.slice(0, 10), shift);
  return { ...event, bel_date: start.slice(0, 10), end_date: event.end_date ? moved(event.end_date) : event.end_date };
};

// Sort key: the date, then the time (an event without a time comes last in its day, as the server
// orders its pages, so a further page never slips above what is shown), stable otherwise.
const sortKey = (event: AgendaEvent): string => `${event.bel_date.slice(0, 10)}T${event.start_time ?? '~'}`;

/**
 * The events grouped by year, then month, from `bel_date`, in date order: every event in
 * exactly one bucket, none lost. Events whose `bel_date` the codec let through are always
 * valid dates, so none is dropped here.
 */
export const groupByYearMonth = (events: readonly AgendaEvent[]): GroupedAgenda => {
  const sorted = events.map((event, index) => ({ event, index, key: sortKey(event) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  const years: { year: number; months: { month: number; events: AgendaEvent[] }[] }[] = [];
  for (const { event, key } of sorted) {
    // The codec let only valid ISO dates through: the key starts with `YYYY-MM`.
    const yearNumber = Number(key.slice(0, 4));
    const monthNumber = Number(key.slice(5, 7));
    let year = years.at(-1);
    if (year?.year !== yearNumber) {
      year = { year: yearNumber, months: [] };
      years.push(year);
    }
    let month = year.months.at(-1);
    if (month?.month !== monthNumber) {
      month = { month: monthNumber, events: [] };
      year.months.push(month);
    }
    month.events.push(event);
  }
  return years;
};

/** Every event of a grouped agenda, in display order. */
export const agendaEvents = (agenda: GroupedAgenda): AgendaEvent[] => agenda.flatMap((year) => year.months.flatMap((month) => month.events));

/**
 * The first `count` events of a grouped agenda, in their years and months: a prefix of the
 * display order, so a list rendered in steps keeps each heading above its own events.
 */
export const firstEvents = (agenda: GroupedAgenda, count: number): GroupedAgenda => {
  const years: AgendaYear[] = [];
  let left = count;
  for (const year of agenda) {
    if (left <= 0) break;
    const months: AgendaMonth[] = [];
    for (const month of year.months) {
      if (left <= 0) break;
      // Whole months keep their array, so memoised children see the same props as before.
      months.push(month.events.length <= left ? month : { month: month.month, events: month.events.slice(0, left) });
      left -= month.events.length;
    }
    years.push(months.length === year.months.length && months.every((month, i) => month === year.months[i]) ? year : { year: year.year, months });
  }
  return years;
};
