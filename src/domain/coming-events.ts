import { addDays, dayNumber, daysBetween, zurichInstant, zurichToday, type Day } from './calendar-days';
import { nextOccurrences, type Recurrence } from './recurrence';

/**
 * When an event stops being "coming" (docs/features.md, "Coming events"): the one rule the home
 * page, the site search and a series' next dates read, on the server and in the browser alike.
 * The agenda's list stays by day; only what a page calls coming or next is decided here.
 */

/** What the rule reads of an event, or of one occurrence of a series: its days and its wall-clock times in Zurich. */
export interface EventTimes {
  readonly bel_date: string;
  readonly end_date?: string | null;
  readonly start_time?: string | null;
  readonly end_time?: string | null;
}

/** A recurring event as the agenda answers it: its occurrence's days and times, its rule and where the rule starts. */
export interface SeriesTimes extends EventTimes {
  readonly recurrence?: Recurrence | null;
  readonly recurrence_start?: string | null;
}

// The instant of a wall-clock time `HH:MM[:SS]` on a day in Zurich.
const instantOf = (day: Day, time: string): number =>
  zurichInstant(dayNumber(day) ?? 0, Number(time.slice(0, 2)), Number(time.slice(3, 5)), time.length >= 8 ? Number(time.slice(6, 8)) : 0);

const lastDayOf = (event: EventTimes): Day => {
  const first = event.bel_date.slice(0, 10);
  const end = event.end_date?.slice(0, 10);
  return end !== undefined && end > first ? end : first;
};

/**
 * The instant (ms) an event is over, in Zurich: its last day (`end_date`, else `bel_date`) at its
 * `end_time`; without one, at its `start_time` (a session under way is no longer coming); without
 * any time, at the end of its last day. An end time before the start time on an event of one day
 * is the next morning's (an evening running past midnight), not a moment before it began.
 */
export const eventOverAt = (event: EventTimes): number => {
  const last = lastDayOf(event);
  const { start_time: start, end_time: end } = event;
  if (end) {
    const overnight = last === event.bel_date.slice(0, 10) && start !== null && start !== undefined && end < start;
    return instantOf(overnight ? addDays(last, 1) : last, end);
  }
  if (start) return instantOf(last, start);
  return instantOf(addDays(last, 1), '00:00');
};

/** Whether an event (or one occurrence) is still coming at `now`: it is, until it is over (`eventOverAt`). */
export const isComing = (event: EventTimes, now: number): boolean => now < eventOverAt(event);

/**
 * The next moment after `now` at which one of `events` stops being coming, or `null` when none
 * will: until then, whatever a page lists as coming stays true (its cached copy may be kept).
 */
export const nextChangeAt = (events: readonly EventTimes[], now: number): number | null => {
  let soonest: number | null = null;
  for (const event of events) {
    const at = eventOverAt(event);
    if (at > now && (soonest === null || at < soonest)) soonest = at;
  }
  return soonest;
};

/** The event at another of its dates: `bel_date` moved to `day`, `end_date` with it (the occurrence keeps its length). */
export const atOccurrence = <E extends EventTimes>(event: E, day: Day): E => {
  const own = event.bel_date.slice(0, 10);
  const end = event.end_date?.slice(0, 10);
  return { ...event, bel_date: day, end_date: end === undefined ? event.end_date : addDays(day, daysBetween(own, end)) };
};

/**
 * The next `n` dates of a series that are still coming at `now`: from today in Zurich on, its
 * exception dates left out, today's left out once that occurrence is over (`isComing`).
 */
export const comingOccurrences = (event: SeriesTimes, now: number, n: number): Day[] => {
  const rule = event.recurrence;
  if (rule === null || rule === undefined) return [];
  const start = (event.recurrence_start ?? event.bel_date).slice(0, 10);
  // Only today's occurrence can be over among those from today on: one more date is enough.
  const dates = nextOccurrences(rule, start, zurichToday(now), n + 1);
  return dates.filter((day) => isComing(atOccurrence(event, day), now)).slice(0, n);
};

/**
 * The next moment after `now` a series among `events` loses a next date (today's occurrence is
 * over, and its next dates move on), or `null`: what a list showing their next dates changes at.
 */
export const seriesChangeAt = (events: readonly SeriesTimes[], now: number): number | null =>
  nextChangeAt(
    events.flatMap((event) => {
      const next = comingOccurrences(event, now, 1)[0];
      return next === undefined ? [] : [atOccurrence(event, next)];
    }),
    now,
  );
