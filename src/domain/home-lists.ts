import { dedupeById } from './agenda-grouping';
import { sortEvents, windowEvents, type Day } from './agenda-window';

/** How many events and news items the home page lists: enough to be current, few enough to stay a summary. */
export const HOME_LIST_SIZE = 3;

/**
 * How many events the home page asks the agenda for: a recurring event's occurrences each take a
 * row of the answer, and the page names each event once, so it asks for more rows than it shows.
 */
export const homeAgendaPageSize = (count: number): number => count * 4;

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
 * exactly these; a legacy backend answers its whole agenda (past events, duplicates, any order),
 * which the same rule reduces to what the reference server would have answered. A recurring
 * event is named once, at its next date: a weekly tour is not three of the next three events.
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
