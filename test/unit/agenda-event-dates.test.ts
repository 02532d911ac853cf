import fc from 'fast-check';
import type { AgendaEvent } from '../../src/domain/agenda';
import { dayNumber, zurichInstant } from '../../src/domain/calendar-days';
import { NEXT_DATES_SHOWN, eventDates } from '../../src/machines/agenda-machine';

// The agenda's moment at a wall-clock time of a day in Zurich (midnight unless said).
const at = (day: string, hour = 0, minute = 0): number => zurichInstant(dayNumber(day) ?? 0, hour, minute, 0);

// What an event's item shows of its dates: the day it is dated and, for a recurring event, the next
// dates its details list. The agenda's view reads them; it computes none of them.

const TUESDAYS: AgendaEvent = {
  id: '7',
  bel_date: '2026-09-08',
  title: 'Visite guidée',
  recurrence: { frequency: 'weekly', until: '2026-12-31' },
  recurrence_start: '2026-09-01',
};

describe('the dates an agenda event shows', () => {
  it('shows an event of one date on its date, with no next dates, in the list and on its page', () => {
    const once: AgendaEvent = { id: '3', bel_date: '2026-10-15', title: 'Séance' };
    expect(eventDates(once, at('2026-10-01'), false)).toEqual({ day: '2026-10-15', seriesStart: '2026-10-15', nextDates: [] });
    expect(eventDates(once, at('2026-10-01'), true)).toEqual({ day: '2026-10-15', seriesStart: '2026-10-15', nextDates: [] });
  });

  it('lists a recurring event’s next five dates from the agenda’s today, from where its rule starts', () => {
    expect(eventDates(TUESDAYS, at('2026-10-01'), false)).toEqual({
      day: '2026-09-08',
      seriesStart: '2026-09-01',
      nextDates: ['2026-10-06', '2026-10-13', '2026-10-20', '2026-10-27', '2026-11-03'],
    });
  });

  it('shows a recurring event on its own page on the first of its next dates, and on its occurrence’s date in the list', () => {
    expect(eventDates(TUESDAYS, at('2026-10-07'), true).day).toBe('2026-10-13');
    expect(eventDates(TUESDAYS, at('2026-10-07'), false).day).toBe('2026-09-08');
  });

  it('leaves out today’s occurrence once it is over: a 10:00 session, without end time, is no next date from 10:00', () => {
    const morning: AgendaEvent = { ...TUESDAYS, start_time: '10:00' };
    expect(eventDates(morning, at('2026-10-06', 9, 59), true).nextDates[0]).toBe('2026-10-06');
    expect(eventDates(morning, at('2026-10-06', 10), true).nextDates[0]).toBe('2026-10-13');
    expect(eventDates(morning, at('2026-10-06', 17, 19), true)).toMatchObject({
      day: '2026-10-13',
      nextDates: ['2026-10-13', '2026-10-20', '2026-10-27', '2026-11-03', '2026-11-10'],
    });
  });

  it('keeps today’s occurrence with an end time until it ends, and a day-long one until midnight', () => {
    const session: AgendaEvent = { ...TUESDAYS, start_time: '10:00', end_time: '12:00' };
    expect(eventDates(session, at('2026-10-06', 10), true).nextDates[0]).toBe('2026-10-06');
    expect(eventDates(session, at('2026-10-06', 11, 59), true).nextDates[0]).toBe('2026-10-06');
    expect(eventDates(session, at('2026-10-06', 17, 19), true).nextDates[0]).toBe('2026-10-13');
    expect(eventDates(TUESDAYS, at('2026-10-06', 23, 59), true).nextDates[0]).toBe('2026-10-06');
  });

  it('shows a series that has ended on its own date, with no next dates', () => {
    expect(eventDates(TUESDAYS, at('2027-01-05'), true)).toEqual({ day: '2026-09-08', seriesStart: '2026-09-01', nextDates: [] });
  });

  it('counts from the event’s own date when the agenda has no today', () => {
    expect(eventDates(TUESDAYS, undefined, false).nextDates[0]).toBe('2026-09-08');
  });

  it('lists at most five next dates, each from today on and in order, and shows the page on the first', () => {
    const day = fc.integer({ min: 0, max: 700 }).map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        day,
        day,
        fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
        fc.integer({ min: 1, max: 3 }),
        (start, today, frequency, interval) => {
          const event: AgendaEvent = { id: '1', bel_date: start, title: 'Cours', recurrence: { frequency, interval }, recurrence_start: start };
          const { nextDates, day: shown } = eventDates(event, at(today), true);
          expect(nextDates.length).toBeLessThanOrEqual(NEXT_DATES_SHOWN);
          expect(nextDates.every((next) => next >= today && next >= start)).toBe(true);
          expect([...nextDates].sort()).toEqual(nextDates);
          expect(shown).toBe(nextDates[0] ?? start);
        },
      ),
    );
  });
});
