import fc from 'fast-check';
import { AgendaEvent } from '../../src/domain/agenda';
import { addDays, dayFromParts, dayNumber, isoDay, weekdayOfDay, zurichInstant, zurichOffsetAt, zurichToday } from '../../src/domain/calendar-days';
import { atOccurrence, comingOccurrences, eventOverAt, isComing, nextChangeAt, seriesChangeAt } from '../../src/domain/coming-events';
import { nextOccurrences } from '../../src/domain/recurrence';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { intlZurichWall } from '../support/zurich-wall-clock';

// When an event stops being "coming", against Intl's own reading of Zurich's wall clock.

const intlWall = (at: number): string => intlZurichWall(at);

const event = decodedArbitrary(AgendaEvent);
const MINUTE = 60_000;
const offset = fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 });

/** The wall time an event is over at, written apart: its last day at its end, else its start, else the next day's midnight. */
const expectedWall = (e: AgendaEvent): string => {
  const first = e.bel_date.slice(0, 10);
  const end = e.end_date?.slice(0, 10);
  const last = end !== undefined && end > first ? end : first;
  if (e.end_time) return `${e.start_time && last === first && e.end_time < e.start_time ? addDays(last, 1) : last}T${e.end_time.slice(0, 5)}`;
  if (e.start_time) return `${last}T${e.start_time.slice(0, 5)}`;
  return `${addDays(last, 1)}T00:00`;
};

// The last Sunday of a month: where Zurich changes its clocks (March forward, October back).
const lastSunday = (year: number, month: number): string => {
  let day = dayFromParts(year, month + 1, 0);
  while (weekdayOfDay(day) !== 6) day -= 1;
  return isoDay(day);
};
const pad = (value: number): string => String(value).padStart(2, '0');
const smallHours = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 59 })).map(([hour, minute]) => `${pad(hour)}:${pad(minute)}`);
const changeDay = fc.tuple(fc.integer({ min: 2000, max: 2037 }), fc.constantFrom(3, 10)).map(([year, month]) => lastSunday(year, month));

describe('when an event is over', () => {
  it('is its end in Zurich: the last day at its end time, else at its start time, else the end of its last day', () => {
    fc.assert(
      fc.property(event, (e) => {
        const wall = intlWall(eventOverAt(e));
        const expected = expectedWall(e);
        // A time in the spring's missing hour is one hour on, as the clock reads it.
        const hourOn = `${expected.slice(0, 11)}${pad(Number(expected.slice(11, 13)) + 1)}${expected.slice(13)}`;
        expect([expected, hourOn]).toContain(wall);
      }),
    );
  });

  it('is coming up to that moment and never again after it', () => {
    fc.assert(
      fc.property(event, offset, offset, (e, a, b) => {
        const over = eventOverAt(e);
        expect(isComing(e, over - 1)).toBe(true);
        expect(isComing(e, over)).toBe(false);
        // Once over, over for good: later is never coming when earlier is not.
        const [early, late] = a <= b ? [over + a, over + b] : [over + b, over + a];
        if (!isComing(e, early)) expect(isComing(e, late)).toBe(false);
      }),
    );
  });

  it('is coming all through the days before its first one', () => {
    fc.assert(
      fc.property(event, (e) => {
        const first = dayNumber(e.bel_date) ?? 0;
        expect(isComing(e, zurichInstant(first, 0, 0, 0) - 1)).toBe(true);
      }),
    );
  });

  it('reads the times of the days Zurich changes its clocks: the repeated hour at its first (summer) reading, the missing hour one hour on', () => {
    fc.assert(
      fc.property(changeDay, smallHours, fc.boolean(), (day, time, asEnd) => {
        const e: AgendaEvent = { id: '1', title: 'Nuit', bel_date: day, ...(asEnd ? { start_time: '00:00', end_time: time } : { start_time: time }) };
        const over = eventOverAt(e);
        const hour = Number(time.slice(0, 2));
        const spring = day.slice(5, 7) === '03';
        if (spring && hour === 2) expect(intlWall(over)).toBe(`${day}T03:${time.slice(3)}`);
        else expect(intlWall(over)).toBe(`${day}T${time}`);
        if (!spring && hour === 2) expect(zurichOffsetAt(over)).toBe('+02:00');
        // A minute before, the event is coming; at it, not; both read on the day itself.
        expect(isComing(e, over - MINUTE)).toBe(true);
        expect(zurichToday(over)).toBe(day);
      }),
    );
  });
});

describe('the next change of what is coming', () => {
  it('is the first end after now, and nothing changes before it', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), fc.nat({ max: 40 * 365 }), (events, days) => {
        const now = Date.UTC(2000, 0, 1) + days * 86_400_000;
        const next = nextChangeAt(events, now);
        const ends = events.map(eventOverAt).filter((at) => at > now);
        expect(next).toBe(ends.length === 0 ? null : Math.min(...ends));
        if (next !== null) for (const e of events) expect(isComing(e, next - 1)).toBe(isComing(e, now));
      }),
    );
  });
});

describe("a series' coming dates", () => {
  const weekly = fc.record({
    start: fc.integer({ min: 0, max: 400 }).map((days) => addDays('2026-01-01', days)),
    time: fc.option(
      fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([hour, minute]) => `${pad(hour)}:${pad(minute)}`),
      { nil: null },
    ),
    days: fc.integer({ min: 0, max: 500 }),
    minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  });

  it('are the next dates from today, today’s left out once it is over, in order, each coming', () => {
    fc.assert(
      fc.property(weekly, ({ start, time, days, minute }) => {
        const series: AgendaEvent = { id: '1', title: 'Visite', bel_date: start, start_time: time, recurrence: { frequency: 'weekly' }, recurrence_start: start };
        const today = addDays('2026-01-01', days);
        const now = zurichInstant(dayNumber(today) ?? 0, Math.floor(minute / 60), minute % 60, 0);
        const coming = comingOccurrences(series, now, 3);
        const fromToday = nextOccurrences({ frequency: 'weekly' }, start, today, 4);
        expect(coming.every((day) => isComing(atOccurrence(series, day), now))).toBe(true);
        expect(coming).toEqual(fromToday.filter((day) => isComing(atOccurrence(series, day), now)).slice(0, 3));
        // The list changes when its first date, today's, is over.
        const change = seriesChangeAt([series], now);
        if (change !== null) expect(comingOccurrences(series, change, 1)[0]).not.toBe(coming[0]);
      }),
    );
  });
});
