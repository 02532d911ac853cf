import fc from 'fast-check';
import {
  addDays,
  daysBetween,
  endOfMonth,
  weekdayNumberOf,
  zurichInstant,
  zurichOffsetAt,
  zurichToday,
  zurichWallTime,
  dayNumber,
} from '../../src/domain/calendar-days';
import { runs } from '../support/fuzz-runs';
import { intlZurichWall } from '../support/zurich-wall-clock';

// Day arithmetic against the platform's Date, and the zone against Intl's own formatting of Zurich's wall clock.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const day = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const instant = fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }).map((date) => date.getTime());

const intlWall = (at: number): string => intlZurichWall(at, { seconds: true });

describe('calendar days', () => {
  it('move a day as the calendar does, months and leap years included', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -2000, max: 2000 }), (from, days) => {
        const moved = new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
        expect(addDays(from, days)).toBe(moved);
        expect(daysBetween(from, moved)).toBe(days);
      }),
      { numRuns: runs(500) },
    );
  });

  it('read and write the first years of the calendar as themselves', () => {
    expect(addDays('0001-01-01', 0)).toBe('0001-01-01');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(dayNumber('0001-01-01')! < dayNumber('1900-01-01')!).toBe(true);
  });

  it("end a month on its last day and know each day's weekday, Monday first", () => {
    fc.assert(
      fc.property(day, (date) => {
        const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
        expect(endOfMonth(date)).toBe(new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10));
        expect(weekdayNumberOf(date)).toBe((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7);
        expect(dayNumber(date)).toBe(Date.parse(`${date}T00:00:00Z`) / DAY);
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('the Europe/Zurich zone', () => {
  it("reads Zurich's wall clock, day and offset at any instant as Intl does, the years without summer time included", () => {
    fc.assert(
      fc.property(instant, (at) => {
        const wall = intlWall(at);
        expect(zurichWallTime(at)).toBe(wall);
        expect(zurichToday(at)).toBe(wall.slice(0, 10));
        // The offset is what separates the wall clock from UTC.
        const minutes = (Date.parse(`${wall}Z`) - Math.floor(at / 1000) * 1000) / 60_000;
        expect(zurichOffsetAt(at)).toBe(`+${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
      }),
      { numRuns: runs(1000) },
    );
  });

  // Wall-clock times of any day, and of the small hours around the clock changes, where the gap and the repeated hour are.
  const CHANGES = ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31', '1996-10-27', '2040-03-25'];
  const wallTime = fc.oneof(
    instant.map((at) => new Date(Math.floor(at / 1000) * 1000).toISOString().slice(0, 19)),
    fc
      .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 59 }))
      .map(([date, hour, minute]) => `${date}T0${hour}:${String(minute).padStart(2, '0')}:00`),
  );

  it('finds the instant of any wall-clock time: the earlier of a repeated hour, one hour on in the spring gap', () => {
    fc.assert(
      fc.property(wallTime, (wall) => {
        const found = zurichInstant(dayNumber(wall)!, Number(wall.slice(11, 13)), Number(wall.slice(14, 16)), Number(wall.slice(17, 19)));
        if (intlWall(found) === wall) {
          // In a repeated hour, the earlier: an hour before reads another time.
          expect(intlWall(found - HOUR)).not.toBe(wall);
        } else {
          // Only a time Zurich skips: read in winter time, it lands one hour on, in summer time.
          expect(found).toBe(Date.parse(`${wall}+01:00`));
          expect(intlWall(found)).toBe(new Date(Date.parse(`${wall}Z`) + HOUR).toISOString().slice(0, 19));
          expect(zurichOffsetAt(found)).toBe('+02:00');
        }
      }),
      { numRuns: runs(1000) },
    );
  });

  it.each([
    ['2026-10-25T02:30:00', '2026-10-25T00:30:00Z'],
    ['2026-03-29T02:30:00', '2026-03-29T01:30:00Z'],
    ['2026-07-01T00:00:00', '2026-06-30T22:00:00Z'],
  ])('reads the wall-clock time %s as %s', (wall, utc) => {
    expect(zurichInstant(dayNumber(wall)!, Number(wall.slice(11, 13)), Number(wall.slice(14, 16)), 0)).toBe(Date.parse(utc));
  });

  it.each([
    ['2026-03-29T01:00:00Z', '2026-03-29T03:00:00', '+02:00'],
    ['2026-03-29T00:59:59Z', '2026-03-29T01:59:59', '+01:00'],
    ['2026-10-25T00:30:00Z', '2026-10-25T02:30:00', '+02:00'],
    ['2026-10-25T01:30:00Z', '2026-10-25T02:30:00', '+01:00'],
    ['1980-07-01T12:00:00Z', '1980-07-01T13:00:00', '+01:00'],
    ['1981-07-01T12:00:00Z', '1981-07-01T14:00:00', '+02:00'],
  ])('writes %s as %s%s in Zurich', (utc, wall, offset) => {
    expect(zurichWallTime(Date.parse(utc))).toBe(wall);
    expect(zurichOffsetAt(Date.parse(utc))).toBe(offset);
  });
});
