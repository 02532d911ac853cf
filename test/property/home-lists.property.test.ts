import fc from 'fast-check';
import { AgendaEvent } from '../../src/domain/agenda';
import { addDays, dayNumber, zurichInstant, zurichWallTime } from '../../src/domain/calendar-days';
import { HOME_LIST_SIZE, latestNews, nextEvents } from '../../src/domain/home-lists';
import { NewsItem } from '../../src/domain/news';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

// A legacy backend's whole agenda around a today: any order, past events, ids repeated.
const agendaAround = (today: string) =>
  fc.array(
    fc.tuple(decodedArbitrary(AgendaEvent), fc.integer({ min: 1, max: 30 }), fc.integer({ min: -20, max: 20 })).map(([event, id, offset]) => ({
      ...event,
      id: String(id),
      bel_date: addDays(today, offset),
      // A legacy backend knows no rules: each row is an event of one date.
      recurrence: null,
      recurrence_start: null,
    })),
    { maxLength: 40 },
  );

/** What the reference server answers, written apart: the first row of each id, from today on, by day, time (none last) and id. */
const serverUpcoming = (events: readonly AgendaEvent[], today: string): AgendaEvent[] => {
  const seen = new Set<string>();
  const key = (event: AgendaEvent): [string, string, number] => [event.bel_date.slice(0, 10), event.start_time ?? '99:99', Number(event.id)];
  return events
    .filter((event) => !seen.has(event.id) && (seen.add(event.id), true))
    .filter((event) => event.bel_date.slice(0, 10) >= today)
    .sort((a, b) => {
      const [da, ta, ia] = key(a);
      const [db, tb, ib] = key(b);
      return da !== db ? (da < db ? -1 : 1) : ta !== tb ? (ta < tb ? -1 : 1) : ia - ib;
    });
};

const count = fc.integer({ min: 1, max: 6 });

// A moment of `today` in Zurich, to the minute; the small hours of the clock changes (02:00–03:59) are left to the rule's own properties.
const momentOn = (today: string) =>
  fc
    .integer({ min: 0, max: 24 * 60 - 121 })
    .map((minute) => (minute < 120 ? minute : minute + 120))
    .map((minute) => zurichInstant(dayNumber(today) ?? 0, Math.floor(minute / 60), minute % 60, 0));

/** Whether an event is still coming at `now`, written apart from the rule: its end as a wall time against Zurich's wall time. */
const comingAt = (event: AgendaEvent, now: number): boolean => {
  const first = event.bel_date.slice(0, 10);
  const end = event.end_date?.slice(0, 10);
  const last = end !== undefined && end > first ? end : first;
  const overnight = Boolean(event.end_time && event.start_time && last === first && event.end_time < event.start_time);
  const time = event.end_time ?? event.start_time ?? '24:00';
  return `${overnight ? addDays(last, 1) : last}T${time}` > zurichWallTime(now).slice(0, 16);
};

/** A day, a moment of it, and what else a property needs of that day. */
const around = <T>(more: (today: string) => fc.Arbitrary<T>) => day.chain((today) => fc.tuple(fc.constant(today), momentOn(today), more(today)));

describe('the next events of the home page', () => {
  it('are the first ones the reference server would answer for any legacy agenda that are still coming, in date order, each once', () => {
    fc.assert(
      fc.property(around(agendaAround), count, ([today, now, events], size) => {
        expect(nextEvents(events, now, size)).toEqual(
          serverUpcoming(events, today)
            .filter((event) => comingAt(event, now))
            .slice(0, size),
        );
      }),
    );
  });

  it("leave a reference server's page as it is", () => {
    fc.assert(
      fc.property(around(agendaAround), ([today, now, events]) => {
        const page = serverUpcoming(events, today)
          .filter((event) => comingAt(event, now))
          .slice(0, HOME_LIST_SIZE);
        expect(nextEvents(page, now)).toEqual(page);
      }),
    );
  });

  it('are never more than asked, never before today nor over, never twice the same', () => {
    fc.assert(
      fc.property(around(agendaAround), count, ([today, now, events], size) => {
        const next = nextEvents(events, now, size);
        expect(next.length).toBeLessThanOrEqual(size);
        expect(next.every((event) => event.bel_date.slice(0, 10) >= today && comingAt(event, now))).toBe(true);
        expect(new Set(next.map((event) => event.id)).size).toBe(next.length);
      }),
    );
  });
});

describe('the next events of the home page, with recurring events', () => {
  // A reference server's page: occurrences of a few weekly rules and single events, by day, time and id.
  const pageAround = (today: string) =>
    fc
      .array(
        fc.tuple(decodedArbitrary(AgendaEvent), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 30 })).map(([event, id, offset]) => {
          // Odd ids repeat every week from today; even ids are events of one date.
          const weekly = id % 2 === 1;
          return {
            ...event,
            id: String(id),
            bel_date: addDays(today, weekly ? 7 * Math.floor(offset / 7) : offset),
            start_time: null,
            end_time: null,
            recurrence: weekly ? ({ frequency: 'weekly' } as const) : null,
            recurrence_start: weekly ? today : null,
          };
        }),
        { maxLength: 30 },
      )
      .map((events) => [...events].sort((a, b) => (a.bel_date < b.bel_date ? -1 : a.bel_date > b.bel_date ? 1 : Number(a.id) - Number(b.id))));

  it('name each event once, at its first date in the answer, in date order', () => {
    fc.assert(
      fc.property(
        around(pageAround),
        count,
        // Events without a time are coming all their day: any moment of today names the same.
        ([, now, events], size) => {
          const next = nextEvents(events, now, size);
          const ids = next.map((event) => event.id);
          expect(new Set(ids).size).toBe(ids.length);
          // No other event is left out for a repetition: the first `size` distinct ids of the answer.
          const distinct = [...new Set(events.map((event) => event.id))];
          expect(ids).toEqual(distinct.slice(0, size));
          for (const event of next) expect(event.bel_date).toBe(events.find((other) => other.id === event.id)?.bel_date);
        },
      ),
    );
  });
});

describe('the latest news of the home page', () => {
  it("are the first items of the API's order, each once, at most as many as asked", () => {
    const items = fc.array(
      fc.tuple(decodedArbitrary(NewsItem), fc.integer({ min: 1, max: 8 })).map(([item, id]) => ({ ...item, id: String(id) })),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(items, count, (news, size) => {
        const latest = latestNews(news, size);
        const firstIds = [...new Set(news.map((item) => item.id))].slice(0, size);
        expect(latest.map((item) => item.id)).toEqual(firstIds);
        // Each is the first row of its id, as the news page keeps it.
        for (const item of latest) expect(item).toBe(news.find((other) => other.id === item.id));
      }),
    );
  });
});
