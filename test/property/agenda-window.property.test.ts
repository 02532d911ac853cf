import fc from 'fast-check';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import { AgendaEvent } from '../../src/domain/agenda';
import { agendaPagePath } from '../../src/domain/agenda-filters';
import { groupByYearMonth } from '../../src/domain/agenda-grouping';
import { QUICK_RANGES, rangeDays, type DayRange, type QuickRange } from '../../src/domain/agenda-window';
import { addDays, zurichToday } from '../../src/domain/calendar-days';
import { agendaMachine } from '../../src/machines/agenda-machine';
import type { AgendaCategoriesEvent, AgendaEventsEvent, AgendaQuery, MoreAgendaEvent, PastAgendaEvent } from '../../src/services/agenda-service';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

// Events near a today, with numeric ids and some repeated (a legacy answer's rows per category link).
const eventsAround = (today: string) =>
  fc.array(
    fc.tuple(decodedArbitrary(AgendaEvent), fc.integer({ min: 1, max: 40 }), fc.integer({ min: -40, max: 40 })).map(([event, id, offset]) => ({
      ...event,
      id: String(id),
      bel_date: addDays(today, offset),
      // A legacy backend knows no rules: each row is an event of one date.
      recurrence: null,
      recurrence_start: null,
    })),
    { maxLength: 60 },
  );

/** The reference server's window, written apart from the client's: keep the first row of each id, the side of today, the range, in key order. */
const serverList = (events: readonly AgendaEvent[], today: string, period: 'upcoming' | 'past', range: DayRange | null): AgendaEvent[] => {
  const seen = new Set<string>();
  const once = events.filter((event) => !seen.has(event.id) && (seen.add(event.id), true));
  const kept = once.filter((event) => {
    const start = event.bel_date.slice(0, 10);
    if (period === 'past') return start < today;
    return start >= today && (range === null || (start >= range.from && start <= range.to));
  });
  const key = (event: AgendaEvent): [string, string, number] => [event.bel_date.slice(0, 10), event.start_time ?? '99:99', Number(event.id)];
  const ordered = kept.sort((a, b) => {
    const [da, ta, ia] = key(a);
    const [db, tb, ib] = key(b);
    return da !== db ? (da < db ? -1 : 1) : ta !== tb ? (ta < tb ? -1 : 1) : ia - ib;
  });
  return period === 'past' ? ordered.reverse() : ordered;
};

const pages = <T>(items: readonly T[], size: number): T[][] =>
  items.length === 0 ? [[]] : Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** An agenda machine whose calls the test answers. */
const started = (today: string, pageSize: number, range: QuickRange | null) => {
  const lists: Subject<AgendaEventsEvent>[] = [];
  const more: Subject<MoreAgendaEvent>[] = [];
  const past: { path: string; answer: Subject<PastAgendaEvent> }[] = [];
  const machine = agendaMachine.provide({
    actors: {
      loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(() => {
        const answer = new Subject<AgendaEventsEvent>();
        lists.push(answer);
        return answer;
      }),
      loadMore: fromEventObservable<MoreAgendaEvent, string>(() => {
        const answer = new Subject<MoreAgendaEvent>();
        more.push(answer);
        return answer;
      }),
      loadPast: fromEventObservable<PastAgendaEvent, string>(({ input }) => {
        const answer = new Subject<PastAgendaEvent>();
        past.push({ path: input, answer });
        return answer;
      }),
      loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(() => new Subject<AgendaCategoriesEvent>()),
    },
  });
  const actor = createActor(machine, { input: { agendaId: '1', today, pageSize, filters: { categories: [], month: null, title: null, range } } });
  actor.start();
  return { actor, lists, more, past };
};

const NEXT = (index: number): string => `/api/agenda/1/?page_size=2&cursor=${index}`;

describe('windowing a legacy backend’s whole answer', () => {
  it('shows, page after page, the events the reference server’s pages give, in the same year and month groups', () => {
    fc.assert(
      fc.property(
        day.chain((today) => fc.tuple(fc.constant(today), eventsAround(today))),
        fc.integer({ min: 1, max: 7 }),
        fc.option(fc.constantFrom(...QUICK_RANGES), { nil: null }),
        ([today, events], pageSize, range) => {
          const expected = serverList(events, today, 'upcoming', range === null ? null : rangeDays(range, today));
          const server = pages(expected, pageSize);

          // Against the reference server: its pages, concatenated by "Afficher plus".
          const paged = started(today, pageSize, range);
          paged.lists.at(-1)!.next({ type: 'AGENDA_LOADED', events: server[0]!, next: server.length > 1 ? NEXT(1) : null, whole: false });
          for (let index = 1; index < server.length; index += 1) {
            paged.actor.send({ type: 'LOAD_MORE' });
            paged.more.at(-1)!.next({ type: 'MORE_LOADED', events: server[index]!, next: index + 1 < server.length ? NEXT(index + 1) : null, whole: false });
          }

          // Against a legacy backend: the whole array, windowed here and revealed a page at a time.
          const legacy = started(today, pageSize, range);
          legacy.lists.at(-1)!.next({ type: 'AGENDA_LOADED', events, next: null, whole: true });
          if (expected.length > 0) expect(legacy.actor.getSnapshot().context.upcoming).toEqual(server[0]);
          for (let index = 1; index < server.length; index += 1) {
            legacy.actor.send({ type: 'LOAD_MORE' });
            expect(legacy.actor.getSnapshot().context.upcoming).toEqual(server.slice(0, index + 1).flat());
          }

          const shown = (made: typeof paged) => made.actor.getSnapshot().context;
          // A range that holds nothing loads the next events without it: the same on both sides.
          if (expected.length === 0) {
            expect(legacy.actor.getSnapshot().matches({ events: range === null ? 'empty' : 'nextEvents' })).toBe(true);
          } else {
            expect(shown(legacy).upcoming).toEqual(expected);
            expect(shown(legacy).heldUpcoming).toEqual([]);
            expect(shown(legacy).agenda).toEqual(shown(paged).agenda);
            expect(shown(legacy).agenda).toEqual(groupByYearMonth(expected));
          }
          paged.actor.stop();
          legacy.actor.stop();
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('shows the past, most recent first, as the reference server’s past pages give it, above the upcoming events', () => {
    fc.assert(
      fc.property(
        day.chain((today) => fc.tuple(fc.constant(today), eventsAround(today))),
        fc.integer({ min: 1, max: 7 }),
        ([today, events], pageSize) => {
          const upcoming = serverList(events, today, 'upcoming', null);
          const expected = serverList(events, today, 'past', null);
          const server = pages(expected, pageSize);

          const legacy = started(today, pageSize, null);
          legacy.lists.at(-1)!.next({ type: 'AGENDA_LOADED', events, next: null, whole: true });
          const paged = started(today, pageSize, null);
          paged.lists.at(-1)!.next({ type: 'AGENDA_LOADED', events: upcoming, next: null, whole: false });
          // The first past page of the reference server is the period=past call with the same filters.
          expect(paged.actor.getSnapshot().context.pastNext).toBe(
            agendaPagePath('1', { categories: [], month: null, title: null, range: null }, { period: 'past', today, pageSize }),
          );
          // "Événements passés" is offered by the legacy answer only when it holds a past; the server is asked anyway.
          expect(legacy.actor.getSnapshot().can({ type: 'LOAD_PAST' })).toBe(expected.length > 0);
          server.forEach((page, index) => {
            if (expected.length > 0) legacy.actor.send({ type: 'LOAD_PAST' });
            paged.actor.send({ type: 'LOAD_PAST' });
            paged.past.at(-1)!.answer.next({ type: 'PAST_LOADED', events: page, next: index + 1 < server.length ? NEXT(index + 1) : null, whole: false });
            expect(legacy.actor.getSnapshot().context.past).toEqual(server.slice(0, index + 1).flat());
            expect(paged.actor.getSnapshot().context.past).toEqual(server.slice(0, index + 1).flat());
          });
          while (legacy.actor.getSnapshot().context.heldUpcoming.length > 0) legacy.actor.send({ type: 'LOAD_MORE' });
          const context = legacy.actor.getSnapshot().context;
          expect(context.heldPast).toEqual([]);
          expect(paged.actor.getSnapshot().context.pastNext).toBeNull();
          if (upcoming.length + expected.length > 0) {
            expect(context.agenda).toEqual(groupByYearMonth([...expected, ...upcoming]));
            expect(context.agenda).toEqual(paged.actor.getSnapshot().context.agenda);
          }
          legacy.actor.stop();
          paged.actor.stop();
        },
      ),
      { numRuns: runs(150) },
    );
  });
});

describe('the quick ranges', () => {
  it('cover days from today to at most 31 days on, today included but for the coming weekend', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...QUICK_RANGES), (today, range) => {
        const { from, to } = rangeDays(range, today);
        expect(from >= today).toBe(true);
        expect(from <= to).toBe(true);
        expect(to <= addDays(today, 31)).toBe(true);
        if (range !== 'weekend') expect(from).toBe(today);
        // The weekend is Saturday and Sunday: two days, or Sunday alone seen from a Sunday.
        if (range === 'weekend') {
          expect([6, 0]).toContain(new Date(`${from}T00:00:00Z`).getUTCDay());
          expect(new Date(`${to}T00:00:00Z`).getUTCDay()).toBe(0);
          expect(to <= addDays(today, 7)).toBe(true);
        }
      }),
    );
  });

  it('start on the day it is in Zurich, whatever the instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }), (instant) => {
        const today = zurichToday(instant.getTime());
        const zurich = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
        expect(today).toBe(zurich);
      }),
    );
  });
});

describe('a newer filter while a page loads', () => {
  it('stops the further or past page under way and asks for the first page of the new filters', () => {
    fc.assert(
      fc.property(fc.constantFrom('LOAD_MORE' as const, 'LOAD_PAST' as const), fc.integer({ min: 1, max: 12 }), (load, month) => {
        const made = started('2026-12-01', 2, null);
        made.lists.at(-1)!.next({ type: 'AGENDA_LOADED', events: [{ id: '1', bel_date: '2026-12-02', title: 'Séance' }], next: NEXT(1), whole: false });
        made.actor.send({ type: load });
        const page = load === 'LOAD_MORE' ? made.more.at(-1)! : made.past.at(-1)!.answer;
        expect(page.observed).toBe(true);
        made.actor.send({ type: 'SELECT_MONTH', month });
        // Unsubscribed: the service's request is aborted, and a late answer reaches nobody.
        expect(page.observed).toBe(false);
        expect(made.actor.getSnapshot().matches({ events: 'loading' })).toBe(true);
        expect(made.lists).toHaveLength(2);
        made.actor.stop();
      }),
      { numRuns: runs(20) },
    );
  });
});
