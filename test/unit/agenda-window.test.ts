import { compareEvents, isQuickRange, rangeDays, sortEvents, windowEvents } from '../../src/domain/agenda-window';
import { addDays, endOfMonth, zurichToday } from '../../src/domain/calendar-days';

// Wednesday 25 November 2026.
const WEDNESDAY = '2026-11-25';

const event = (id: string, bel_date: string, start_time: string | null = null) => ({ id, bel_date, start_time });

describe('the days of the agenda', () => {
  it('start on the day it is in Zurich: an hour ahead of UTC in winter, two in summer', () => {
    expect(zurichToday(Date.UTC(2026, 0, 15, 22, 30))).toBe('2026-01-15');
    expect(zurichToday(Date.UTC(2026, 0, 15, 23, 30))).toBe('2026-01-16');
    expect(zurichToday(Date.UTC(2026, 6, 15, 21, 30))).toBe('2026-07-15');
    expect(zurichToday(Date.UTC(2026, 6, 15, 22, 30))).toBe('2026-07-16');
  });

  it('move by whole days across months and years, and end a month on its last day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-11-30')).toBe('2026-11-30');
  });

  it('know the quick ranges by their address names only', () => {
    expect(['aujourdhui', 'weekend', 'semaine', 'mois'].map(isQuickRange)).toStrictEqual([true, true, true, true]);
    expect(['', 'Semaine', 'annee', null, 3].map(isQuickRange)).toStrictEqual([false, false, false, false, false]);
  });

  it('cover today, the coming weekend, the week to Sunday and the month to its end', () => {
    expect(rangeDays('aujourdhui', WEDNESDAY)).toStrictEqual({ from: WEDNESDAY, to: WEDNESDAY });
    expect(rangeDays('weekend', WEDNESDAY)).toStrictEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(rangeDays('weekend', '2026-11-28')).toStrictEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(rangeDays('weekend', '2026-11-29')).toStrictEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(rangeDays('semaine', WEDNESDAY)).toStrictEqual({ from: WEDNESDAY, to: '2026-11-29' });
    expect(rangeDays('semaine', '2026-11-29')).toStrictEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(rangeDays('mois', WEDNESDAY)).toStrictEqual({ from: WEDNESDAY, to: '2026-11-30' });
  });
});

describe('windowEvents', () => {
  const events = [event('1', '2026-11-24T20:00:00+01:00'), event('2', WEDNESDAY), event('3', '2026-11-29T18:00:00+01:00'), event('4', '2026-11-30')];

  it('keeps the events from today on, by their day whatever their time, inside a range when one is given', () => {
    expect(windowEvents(events, 'upcoming', WEDNESDAY).map(({ id }) => id)).toStrictEqual(['2', '3', '4']);
    expect(windowEvents(events, 'upcoming', WEDNESDAY, { from: WEDNESDAY, to: '2026-11-29' }).map(({ id }) => id)).toStrictEqual(['2', '3']);
    expect(windowEvents(events, 'upcoming', WEDNESDAY, { from: '2026-11-29', to: '2026-11-30' }).map(({ id }) => id)).toStrictEqual(['3', '4']);
  });

  it('keeps the events before today for the past, most recent first', () => {
    expect(windowEvents(events, 'past', '2026-11-30').map(({ id }) => id)).toStrictEqual(['3', '2', '1']);
  });
});

describe('compareEvents', () => {
  it('orders by day, whatever the time written in the date', () => {
    expect(compareEvents(event('1', '2026-11-24'), event('2', '2026-11-25'))).toBe(-1);
    expect(compareEvents(event('2', '2026-11-25'), event('1', '2026-11-24'))).toBe(1);
    expect(compareEvents(event('1', '2026-11-25T08:00:00+01:00', '20:00'), event('2', '2026-11-25T23:00:00+01:00', '09:00'))).toBe(1);
    expect(compareEvents(event('1', '2026-11-25T08:00:00+01:00', '08:00'), event('2', WEDNESDAY, '09:00'))).toBe(-1);
  });

  it('then by start time, an event without one last in its day', () => {
    expect(compareEvents(event('1', WEDNESDAY, '09:00'), event('2', WEDNESDAY, '10:00'))).toBe(-1);
    expect(compareEvents(event('1', WEDNESDAY, '10:00'), event('2', WEDNESDAY, '09:00'))).toBe(1);
    expect(compareEvents(event('1', WEDNESDAY), event('2', WEDNESDAY, '09:00'))).toBe(1);
    expect(compareEvents(event('1', WEDNESDAY, '09:00'), event('2', WEDNESDAY))).toBe(-1);
  });

  it('then by id: as numbers when both are digits, as text otherwise, and 0 for the same id', () => {
    expect(compareEvents(event('9', WEDNESDAY), event('10', WEDNESDAY))).toBeLessThan(0);
    expect(compareEvents(event('10', WEDNESDAY), event('9', WEDNESDAY))).toBeGreaterThan(0);
    expect(compareEvents(event('12', WEDNESDAY), event('13', WEDNESDAY))).toBe(-1);
    expect(compareEvents(event('13', WEDNESDAY), event('12', WEDNESDAY))).toBe(1);
    expect(compareEvents(event('12', WEDNESDAY, '09:00'), event('12', WEDNESDAY, '09:00'))).toBe(0);
    for (const text of ['a9', '9a']) {
      expect(compareEvents(event(text, WEDNESDAY), event('100', WEDNESDAY))).toBe(1);
      expect(compareEvents(event('100', WEDNESDAY), event(text, WEDNESDAY))).toBe(-1);
    }
    expect(sortEvents(['a9', '100', '9a', '10', 'a', 'b', '2'].map((id) => event(id, WEDNESDAY))).map(({ id }) => id)).toStrictEqual([
      '2',
      '10',
      '100',
      '9a',
      'a',
      'a9',
      'b',
    ]);
  });
});
