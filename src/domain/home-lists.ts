import { dedupeById } from './agenda-grouping';
import { sortEvents, windowEvents } from './agenda-window';
import type { Day } from './calendar-days';

/** How many events and news items the home page lists: enough to be current, few enough to stay a summary. */
export const HOME_LIST_SIZE = 3;

/** What the next events need of an event: its id, its days, its start time and whether it repeats. */
interface Dated {
  readonly id: string;
  readonly bel_date: string;
  readonly end_date?: string | null;
  readonly start_time?: string | null;
  readonly recurrence?: unknown;
}

/**
 * The next `count` events from `today` on, in date order, each once. A reference server answers
 * exactly these when asked for each event once (`occurrences=first`); a legacy backend answers its
 * whole agenda (past events, duplicates, any order), which the same rule reduces to what the
 * reference server would have answered. A recurring event is named once, at its next date: a
 * weekly tour is not three of the next three events.
 */
export const nextEvents = <E extends Dated>(events: readonly E[], today: Day, count: number = HOME_LIST_SIZE): readonly E[] => {
  const named = new Set<string>();
  return windowEvents(sortEvents(dedupeById(events)), 'upcoming', today)
    .filter((event) => !named.has(event.id) && (named.add(event.id), true))
    .slice(0, count);
};

/**
 * The latest `count` news items, each once, in the order the API gives them (newest first, as
 * the news page lists them): the home page's summary never disagrees with the news page's top.
 */
export const latestNews = <N extends { readonly id: string }>(items: readonly N[], count: number = HOME_LIST_SIZE): readonly N[] =>
  dedupeById(items).slice(0, count);
