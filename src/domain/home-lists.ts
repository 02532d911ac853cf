import { dedupeById } from './agenda-grouping';
import { compareEvents, sortEvents, windowEvents } from './agenda-window';
import { zurichToday } from './calendar-days';
import { atOccurrence, comingOccurrences, isComing, type SeriesTimes } from './coming-events';

/** How many events and news items the home page lists: enough to be current, few enough to stay a summary. */
export const HOME_LIST_SIZE = 3;

/**
 * How many events the home page asks for: its list and room for those of today that are over
 * (a session this morning, seen in the afternoon), so three are still named after them.
 */
export const HOME_EVENTS_ASKED = 20;

/** What the next events need of an event: its id, its days and times, and its rule when it repeats. */
interface Dated extends SeriesTimes {
  readonly id: string;
}

/**
 * The next `count` events still coming at `now` (`isComing`), in date order, each once. A
 * reference server answers the events from today on, each once (`occurrences=first`); a legacy
 * backend answers its whole agenda (past events, duplicates, any order), which the same rule
 * reduces to what the reference server would have answered. A recurring event is named once, at
 * its next coming date: a weekly tour is not three of the next three events, and a series whose
 * session of this morning is over is named at its next one. `complete` says the answer holds
 * every event from today on (no further page): else a series moved to a later date than the
 * answer's last event is left out, since events the answer did not hold may come before it.
 */
export const nextEvents = <E extends Dated>(events: readonly E[], now: number, count: number = HOME_LIST_SIZE, complete = true): readonly E[] => {
  const named = new Set<string>();
  const fromToday = windowEvents(sortEvents(dedupeById(events)), 'upcoming', zurichToday(now));
  const last = fromToday.at(-1);
  const coming = fromToday.flatMap((event): E[] => {
    if (isComing(event, now)) return [event];
    const next = comingOccurrences(event, now, 1)[0];
    if (next === undefined) return [];
    const moved = atOccurrence(event, next);
    return complete || (last !== undefined && compareEvents(moved, last) <= 0) ? [moved] : [];
  });
  return sortEvents(coming)
    .filter((event) => !named.has(event.id) && (named.add(event.id), true))
    .slice(0, count);
};

/**
 * The latest `count` news items, each once, in the order the API gives them (newest first, as
 * the news page lists them): the home page's summary never disagrees with the news page's top.
 */
export const latestNews = <N extends { readonly id: string }>(items: readonly N[], count: number = HOME_LIST_SIZE): readonly N[] =>
  dedupeById(items).slice(0, count);
