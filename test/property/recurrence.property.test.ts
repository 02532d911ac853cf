import fc from 'fast-check';
import ICAL from 'ical.js';
import type { AgendaEvent } from '../../src/domain/agenda';
import { toIcs } from '../../src/domain/ics';
import {
  countOccurrences,
  MAX_RECURRENCE_COUNT,
  occurrencesBefore,
  occurrencesFrom,
  seriesDates,
  WEEKDAYS,
  weekdayOfDate,
  type Recurrence,
} from '../../src/domain/recurrence';
import { runs } from '../support/fuzz-runs';

// The agenda's occurrences against an independent expansion: ical.js reads the VEVENT the
// calendar file writes (RRULE, RDATE, EXDATE, the VTIMEZONE) and its instants are read back as
// Zurich days, around the daylight-saving changes of 2026–2028.

const DAY = 86_400_000;
const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const zurichDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });

// The last Sundays of March and October, when Zurich changes its clocks.
const CHANGES = ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31', '2028-03-26', '2028-10-29'];
const start = fc.oneof(
  fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -10, max: 10 })).map(([day, shift]) => addDays(day, shift)),
  fc.integer({ min: 0, max: 3 * 366 }).map((shift) => addDays('2026-01-01', shift)),
  // The ends of months, where a monthly rule skips or falls on the last weekday.
  fc
    .tuple(fc.integer({ min: 2026, max: 2028 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 28, max: 31 }))
    .map(([year, month, day]) => addDays(`${year}-${String(month).padStart(2, '0')}-01`, Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate()) - 1)),
);
const startTime = fc.constantFrom(null, '02:30', '10:00', '23:30');

/** A rule as the codec takes it, sound for its start (its faults are other tests'), without exceptions yet. */
const ruleFor = (first: string) =>
  fc
    .record({
      frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
      interval: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      weekdays: fc.subarray([...WEEKDAYS]),
      monthly_by: fc.constantFrom(null, 'month_day' as const, 'weekday' as const),
      end: fc.oneof(
        fc.integer({ min: 0, max: 900 }).map((days) => ({ until: addDays(first, days) })),
        fc.integer({ min: 1, max: 60 }).map((count) => ({ count })),
        fc.constant({}),
      ),
      // Now and then a start off a weekly rule's days: RFC 5545 counts it all the same.
      offRule: fc.boolean(),
    })
    .map(({ frequency, interval, weekdays, monthly_by, end, offRule }): Recurrence => {
      const own = weekdayOfDate(first);
      const days = offRule && weekdays.length > 0 ? weekdays.filter((day) => day !== own) : weekdays.includes(own) ? weekdays : [...weekdays, own];
      return {
        frequency,
        ...(interval === undefined ? {} : { interval }),
        ...(frequency === 'weekly' && days.length > 0 ? { weekdays: days } : {}),
        ...(frequency === 'monthly' && monthly_by !== null ? { monthly_by } : {}),
        ...end,
      };
    });

/** An event with a rule whose exception dates are partly real occurrences, partly any day near them. */
const repeatingEvent = start.chain((first) =>
  fc.tuple(fc.constant(first), startTime, ruleFor(first)).chain(([bel_date, time, rule]) => {
    const real = occurrencesFrom(rule, bel_date, { from: bel_date, limit: 40 });
    return fc
      .tuple(
        fc.subarray(real, { maxLength: Math.min(6, real.length) }),
        fc.array(
          fc.integer({ min: 0, max: 400 }).map((days) => addDays(bel_date, days)),
          { maxLength: 2 },
        ),
      )
      .map(([taken, other]): { event: AgendaEvent; rule: Recurrence } => {
        const except = [...taken, ...other];
        const withExceptions = except.length > 0 ? { ...rule, except } : rule;
        return {
          rule: withExceptions,
          event: { id: '1', title: 'Visite guidée', bel_date, start_time: time, end_time: time === null ? null : '23:45', recurrence: withExceptions },
        };
      });
  }),
);

let zoneRegistered = false;

/** The first `limit` days, up to `last`, that ical.js expands from the event's VEVENT as toIcs writes it. */
const icalDays = (event: AgendaEvent, last: string, limit: number): string[] => {
  const calendar = new ICAL.Component(ICAL.parse(toIcs([event], 'valmont.example')) as unknown[]);
  if (!zoneRegistered) {
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    zoneRegistered = true;
  }
  const iterator = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).iterator();
  const days: string[] = [];
  while (days.length < limit) {
    // The iterator's type says it always has a next one; past the rule's end it answers nothing.
    const next = iterator.next() as ICAL.Time | null | undefined;
    if (!next) break;
    const day = next.isDate ? next.toString().slice(0, 10) : zurichDay.format(next.toJSDate());
    if (day > last) break;
    days.push(day);
  }
  return days;
};

describe('recurrence', () => {
  it('lists the days ical.js expands from the RRULE, RDATE and EXDATE of the calendar file, across daylight-saving changes', () => {
    fc.assert(
      fc.property(repeatingEvent, ({ event, rule }) => {
        const last = addDays(event.bel_date, 3 * 365);
        expect(occurrencesFrom(rule, event.bel_date, { from: event.bel_date, to: last, limit: 60 })).toEqual(icalDays(event, last, 60));
      }),
      { numRuns: runs(400) },
    );
  });

  it('says when a series next repeats and when it last did, in one month when asked, as ical.js expands it (count and until kept to)', () => {
    fc.assert(
      fc.property(
        repeatingEvent,
        fc.integer({ min: -30, max: 900 }),
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        ({ event, rule }, shift, span, month) => {
          const day = addDays(event.bel_date, shift);
          const to = addDays(day, span);
          const days = icalDays(event, to, 5000).filter((date) => month === undefined || Number(date.slice(5, 7)) === month);
          expect(seriesDates(rule, event.bel_date, { day, to, month })).toEqual({
            next: days.find((date) => date >= day) ?? null,
            last: days.filter((date) => date < day).at(-1) ?? null,
          });
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('says a series ended by its count or its until repeats no more after its last date, whatever the month', () => {
    fc.assert(
      fc.property(repeatingEvent, fc.integer({ min: 1, max: 400 }), ({ event, rule }, after) => {
        const ending: Recurrence = rule.count || rule.until ? rule : { ...rule, count: 12 };
        const all = occurrencesFrom(ending, event.bel_date, { from: event.bel_date, limit: MAX_RECURRENCE_COUNT + 10 });
        const last = all.at(-1);
        if (last === undefined) return;
        const day = addDays(last, after);
        expect(seriesDates(ending, event.bel_date, { day, to: addDays(day, 3 * 366) })).toEqual({ next: null, last });
        for (const month of [1, 8]) expect(seriesDates(ending, event.bel_date, { day, to: addDays(day, 3 * 366), month }).next).toBeNull();
      }),
      { numRuns: runs(200) },
    );
  });

  it('jumps to the period holding `from` and lists what a walk from the start lists after it', () => {
    fc.assert(
      fc.property(repeatingEvent, fc.integer({ min: -30, max: 800 }), fc.integer({ min: 0, max: 200 }), ({ rule, event }, shift, span) => {
        const from = addDays(event.bel_date, shift);
        const to = addDays(from, span);
        const all = occurrencesFrom(rule, event.bel_date, { from: event.bel_date, to, limit: 2000 });
        expect(occurrencesFrom(rule, event.bel_date, { from, to, limit: 2000 })).toEqual(all.filter((day) => day >= from));
      }),
      { numRuns: runs(300) },
    );
  });

  it('lists the past in the reverse order of the future over the same range', () => {
    fc.assert(
      fc.property(repeatingEvent, fc.integer({ min: -30, max: 600 }), fc.integer({ min: 0, max: 300 }), ({ rule, event }, shift, span) => {
        const from = addDays(event.bel_date, shift);
        const before = addDays(from, span);
        const forwards = occurrencesFrom(rule, event.bel_date, { from, to: addDays(before, -1), limit: 2000 });
        expect(occurrencesBefore(rule, event.bel_date, { before, from, limit: 2000 })).toEqual([...forwards].reverse());
        // Without `from`, the latest ones first, as many as asked.
        const latest = occurrencesBefore(rule, event.bel_date, { before, limit: 5 });
        expect(latest).toEqual(
          occurrencesFrom(rule, event.bel_date, { from: event.bel_date, to: addDays(before, -1), limit: 2000 })
            .reverse()
            .slice(0, 5),
        );
      }),
      { numRuns: runs(300) },
    );
  });

  it('counts what it lists, in a month of any year when asked', () => {
    fc.assert(
      fc.property(
        repeatingEvent,
        fc.integer({ min: -30, max: 600 }),
        fc.integer({ min: 0, max: 500 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        ({ rule, event }, shift, span, month) => {
          const from = addDays(event.bel_date, shift);
          const to = addDays(from, span);
          const listed = occurrencesFrom(rule, event.bel_date, { from, to, limit: 5000 }).filter((day) => month === undefined || Number(day.slice(5, 7)) === month);
          expect(countOccurrences(rule, event.bel_date, { from, to, ...(month === undefined ? {} : { month }) })).toBe(listed.length);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('keeps to until and count, lists no exception date, and starts on the start', () => {
    fc.assert(
      fc.property(repeatingEvent, ({ rule, event }) => {
        const days = occurrencesFrom(rule, event.bel_date, { from: '2000-01-01', limit: MAX_RECURRENCE_COUNT + 10 });
        const except = new Set(rule.except ?? []);
        if (rule.until) expect(days.every((day) => day <= rule.until!)).toBe(true);
        if (rule.count) {
          // Exception dates that are occurrences take their place in the count.
          const excluded = occurrencesFrom({ ...rule, except: [] }, event.bel_date, { from: event.bel_date, limit: rule.count + 1 }).filter((day) =>
            except.has(day),
          );
          expect(days.length + excluded.length).toBe(rule.count);
        }
        expect(days.filter((day) => except.has(day))).toEqual([]);
        expect(days.every((day, i) => i === 0 || days[i - 1]! < day)).toBe(true);
        if (!except.has(event.bel_date)) expect(days[0]).toBe(event.bel_date);
      }),
      { numRuns: runs(300) },
    );
  });

  it('bounds an endless rule by the limit, however far the range', () => {
    fc.assert(
      fc.property(repeatingEvent, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 20_000 }), ({ rule, event }, limit, shift) => {
        const endless: Recurrence = { ...rule, until: null, count: null };
        const from = addDays(event.bel_date, shift);
        const days = occurrencesFrom(endless, event.bel_date, { from, limit });
        expect(days.length).toBeLessThanOrEqual(limit);
        expect(occurrencesBefore(endless, event.bel_date, { before: from, limit }).length).toBeLessThanOrEqual(limit);
        // A daily or weekly rule never runs dry: it fills the limit.
        if (endless.frequency !== 'monthly') expect(days).toHaveLength(limit);
      }),
      { numRuns: runs(200) },
    );
  });
});
