import fc from 'fast-check';
import ICAL from 'ical.js';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import { AgendaEvent } from '../../src/domain/agenda';
import { addCategory, agendaFiltersFromSearch, agendaFiltersToSearch, agendaPagePath, agendaRequest, type AgendaFilters } from '../../src/domain/agenda-filters';
import { agendaEvents, dedupeById, eventKey, firstEvents, groupByYearMonth } from '../../src/domain/agenda-grouping';
import { QUICK_RANGES, rangeDays } from '../../src/domain/agenda-window';
import { toIcs, wholeSeries } from '../../src/domain/ics';
import { dateParts } from '../../src/domain/wire';
import { agendaMachine } from '../../src/machines/agenda-machine';
import type { AgendaCategoriesEvent, AgendaEventsEvent, AgendaQuery } from '../../src/services/agenda-service';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

const event = decodedArbitrary(AgendaEvent);
// Few ids, so that repeated ids are common.
const eventWithSmallId = fc.tuple(event, fc.integer({ min: 1, max: 8 })).map(([e, id]) => ({ ...e, id: String(id) }));
const categoryId = fc.constantFrom('1', '2', '3', '4', '5');
const filters: fc.Arbitrary<AgendaFilters> = fc.record({
  categories: fc.uniqueArray(categoryId, { maxLength: 4 }),
  month: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  title: fc.option(fc.string({ unit: 'grapheme', maxLength: 12 }), { nil: null }),
  range: fc.option(fc.constantFrom(...QUICK_RANGES), { nil: null }),
});

// Events without a time come last in their day, as the server orders its pages.
const sortKey = (e: AgendaEvent): string => `${e.bel_date.slice(0, 10)}T${e.start_time ?? '~'}`;

describe('grouping by year and month', () => {
  it('puts every event in exactly one bucket matching its bel_date, in date order, losing nothing', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const grouped = groupByYearMonth(events);
        for (const year of grouped) {
          expect(String(year.year)).toMatch(/^\d{4}$/);
          for (const month of year.months) {
            expect(month.month).toBeGreaterThanOrEqual(1);
            expect(month.month).toBeLessThanOrEqual(12);
            for (const e of month.events) expect(dateParts(e.bel_date)).toMatchObject({ year: year.year, month: month.month });
          }
        }
        const flat = agendaEvents(grouped);
        expect(flat).toHaveLength(events.length);
        expect(new Set(flat)).toEqual(new Set(events));
        for (let i = 1; i < flat.length; i += 1) expect(sortKey(flat[i - 1]!) <= sortKey(flat[i]!)).toBe(true);
        // One bucket a year and a month: no bucket repeats.
        const keys = grouped.flatMap((y) => y.months.map((m) => `${y.year}-${m.month}`));
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});

describe('the first events of a grouped agenda, as a list rendered in steps shows them', () => {
  it('gives a prefix of the display order under the same year and month headings, and all of it at the end', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), fc.nat({ max: 70 }), (events, count) => {
        const grouped = groupByYearMonth(events);
        const first = firstEvents(grouped, count);
        expect(agendaEvents(first)).toEqual(agendaEvents(grouped).slice(0, count));
        for (const year of first) {
          const whole = grouped.find((candidate) => candidate.year === year.year);
          for (const month of year.months) {
            expect(month.events.length).toBeGreaterThan(0);
            expect(whole?.months.find((candidate) => candidate.month === month.month)?.events.slice(0, month.events.length)).toEqual(month.events);
          }
        }
        expect(firstEvents(grouped, events.length)).toEqual(grouped);
      }),
    );
  });
});

describe('de-duplication by id', () => {
  it('keeps the first event of each id (and day, for an occurrence of a rule), in order, and changes nothing a second time', () => {
    fc.assert(
      fc.property(fc.array(eventWithSmallId, { maxLength: 30 }), (events) => {
        const once = dedupeById(events);
        expect(once.map(eventKey)).toEqual([...new Set(events.map(eventKey))]);
        for (const kept of once) expect(kept).toBe(events.find((e) => eventKey(e) === eventKey(kept)));
        // Events without a rule: one an id, as SPEC §5 says.
        const plain = events.filter((e) => !e.recurrence);
        expect(dedupeById(plain).map((e) => e.id)).toEqual([...new Set(plain.map((e) => e.id))]);
        expect(dedupeById(once)).toEqual(once);
      }),
    );
  });
});

describe('the agenda request', () => {
  it('asks for the plain agenda when nothing is set, else for exactly the set filters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,3}$/), filters, (agendaId, f) => {
        const request = agendaRequest(agendaId, f);
        const monthSet = f.month !== null;
        const titleSet = f.title !== null && f.title !== '';
        if (f.categories.length === 0 && !monthSet && !titleSet) {
          expect(request).toEqual({ path: `/api/agenda/${agendaId}/`, plain: true });
          return;
        }
        expect(request.plain).toBe(false);
        const [path, query = ''] = request.path.split('?');
        expect(path).toBe('/api/agenda/');
        const params = new URLSearchParams(query);
        expect(params.getAll('categories')).toEqual(f.categories);
        expect(params.getAll('month')).toEqual(monthSet ? [String(f.month)] : []);
        expect(params.getAll('title')).toEqual(titleSet ? [f.title] : []);
        expect([...new Set(params.keys())].every((key) => ['categories', 'month', 'title'].includes(key))).toBe(true);
      }),
    );
  });

  it('keeps the filters in the page address, the quick range as periode, and reads them back', () => {
    fc.assert(
      fc.property(filters, (f) => {
        const search = agendaFiltersToSearch(f);
        expect(new URLSearchParams(search).getAll('periode')).toEqual(f.range ? [f.range] : []);
        const { range, ...rest } = f;
        const back = agendaFiltersFromSearch(search);
        expect(back).toEqual({ ...rest, title: f.title === '' ? null : f.title, ...(range ? { range } : {}) });
      }),
    );
  });

  it('reads no range from an unknown periode', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((text) => !(QUICK_RANGES as readonly string[]).includes(text)),
        (periode) => {
          expect(agendaFiltersFromSearch(`?periode=${encodeURIComponent(periode)}`).range).toBeUndefined();
        },
      ),
    );
  });

  it('asks for one page: the same call with page_size always, period=past for the past, and a range’s days for upcoming events', () => {
    fc.assert(
      fc.property(filters, fc.constantFrom('upcoming' as const, 'past' as const), fc.integer({ min: 1, max: 100 }), (f, period, pageSize) => {
        const today = '2026-12-01';
        const path = agendaPagePath('1', f, { period, today, pageSize });
        const [base, query = ''] = path.split('?');
        const params = new URLSearchParams(query);
        const request = agendaRequest('1', f);
        expect(`${base}`).toBe(request.path.split('?')[0]);
        for (const name of ['categories', 'month', 'title']) expect(params.getAll(name)).toEqual(new URLSearchParams(request.path.split('?')[1] ?? '').getAll(name));
        expect(params.getAll('page_size')).toEqual([String(pageSize)]);
        expect(params.getAll('period')).toEqual(period === 'past' ? ['past'] : []);
        const days = f.range && period === 'upcoming' ? rangeDays(f.range, today) : null;
        expect(params.getAll('from')).toEqual(days ? [days.from] : []);
        expect(params.getAll('to')).toEqual(days ? [days.to] : []);
      }),
    );
  });

  it('leaves one copy of a category added twice', () => {
    fc.assert(
      fc.property(fc.uniqueArray(categoryId), categoryId, (selected, id) =>
        expect(addCategory(addCategory(selected, id), id).filter((c) => c === id)).toHaveLength(1),
      ),
    );
  });
});

describe('the agenda machine', () => {
  const harness = (initial: AgendaFilters) => {
    const requests: AgendaQuery[] = [];
    const answers: Subject<AgendaEventsEvent>[] = [];
    const machine = agendaMachine.provide({
      actors: {
        loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(({ input }) => {
          requests.push(input);
          const answer = new Subject<AgendaEventsEvent>();
          answers.push(answer);
          return answer;
        }),
        loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(() => new Subject<AgendaCategoriesEvent>()),
      },
    });
    const actor = createActor(machine, { input: { agendaId: '1', today: '2026-12-01', filters: initial } });
    actor.start();
    return { actor, requests, answers };
  };

  it('does nothing on a search with a null or empty title: no request, no change of state', () => {
    fc.assert(
      fc.property(filters, fc.constantFrom(null, ''), fc.boolean(), (initial, title, answered) => {
        const { actor, requests, answers } = harness({ ...initial, title });
        if (answered) answers.at(-1)!.next({ type: 'AGENDA_LOADED', events: [], next: null, whole: false });
        const before = actor.getSnapshot();
        const count = requests.length;
        actor.send({ type: 'SEARCH' });
        expect(requests).toHaveLength(count);
        expect(actor.getSnapshot().value).toEqual(before.value);
        expect(actor.getSnapshot().context).toBe(before.context);
        actor.stop();
      }),
    );
  });

  it('asks for the title only on a search with a title', () => {
    fc.assert(
      fc.property(filters, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }), (initial, title) => {
        const { actor, requests } = harness(initial);
        actor.send({ type: 'TITLE_CHANGED', title });
        actor.send({ type: 'SEARCH' });
        expect(requests.at(-1)!.filters).toEqual({ categories: [], month: null, title, range: null });
        actor.stop();
      }),
    );
  });

  it('never asks twice for a category added twice', () => {
    fc.assert(
      fc.property(categoryId, (id) => {
        const { actor, requests } = harness({ categories: [], month: null, title: null });
        actor.send({ type: 'ADD_CATEGORY', id });
        actor.send({ type: 'ADD_CATEGORY', id });
        expect(requests).toHaveLength(2);
        expect(actor.getSnapshot().context.currentCategories).toEqual([id]);
        actor.stop();
      }),
    );
  });
});

// An event's place as a calendar reads it: its name, street and postcode with locality when it has one, else its place text.
const expectedLocation = (event: AgendaEvent): string | null => {
  if (!event.lieu) return event.place ? event.place : null;
  const town = [event.lieu.postcode, event.lieu.locality].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
  const text = [event.lieu.name, event.lieu.street_address, town].filter((part) => part !== null && part !== undefined && part !== '').join(', ');
  return text === '' ? null : text;
};

describe('the calendar export', () => {
  it('parses back, with a well-kept parser, to the same events at the same times', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), (events) => {
        const calendar = new ICAL.Component(ICAL.parse(toIcs(events, 'valmont.example')) as unknown[]);
        const vevents = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
        // A recurring event's occurrences are one VEVENT, its series from its first date.
        const written = wholeSeries(events);
        expect(vevents).toHaveLength(written.length);
        vevents.forEach((parsed, index) => {
          const original = written[index]!;
          expect(parsed.uid).toBe(`${original.id}@valmont.example`);
          expect(parsed.summary).toBe(original.title);
          expect(parsed.component.hasProperty('location') ? parsed.location : null).toBe(expectedLocation(original));
          const start = parsed.startDate;
          expect([start.year, start.month, start.day]).toEqual(Object.values(dateParts(original.bel_date)!));
          if (original.start_time) {
            expect([start.hour, start.minute]).toEqual([Number(original.start_time.slice(0, 2)), Number(original.start_time.slice(3, 5))]);
            expect(parsed.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Zurich');
          } else {
            expect(start.isDate).toBe(true);
          }
        });
      }),
      { numRuns: runs(60) },
    );
  });
});
