import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { dateParts, Id, IsoDate, nullable, Price, WallTime } from '../../src/domain/wire';

const messageOf = (decoded: t.Validation<unknown>): string | undefined => (isLeft(decoded) ? decoded.left[0]?.message : undefined);

describe('Id', () => {
  it('decodes a finite number or a non-empty string to its trimmed string form', () => {
    expect(Id.decode(3)).toStrictEqual({ _tag: 'Right', right: '3' });
    expect(Id.decode(0)).toStrictEqual({ _tag: 'Right', right: '0' });
    expect(Id.decode(' abc ')).toStrictEqual({ _tag: 'Right', right: 'abc' });
  });

  it('refuses an empty or blank string, a number that is not finite, and anything else', () => {
    for (const value of ['', '   ', Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}]) {
      expect({ value, message: messageOf(Id.decode(value)) }).toStrictEqual({ value, message: 'an id must be a number or a non-empty string' });
    }
  });

  it('is a non-empty string once decoded', () => {
    expect([Id.is('a'), Id.is(''), Id.is(3), Id.is(['a']), Id.is({ length: 1 })]).toStrictEqual([true, false, false, false, false]);
  });
});

describe('dateParts', () => {
  it('reads the day of a date or of a date-time', () => {
    expect(dateParts('2026-12-31')).toStrictEqual({ year: 2026, month: 12, day: 31 });
    expect(dateParts('2026-01-01T18:30:00+01:00')).toStrictEqual({ year: 2026, month: 1, day: 1 });
    expect(dateParts('2026-01-01 18:30')).toStrictEqual({ year: 2026, month: 1, day: 1 });
    expect(dateParts('2028-02-29')).toStrictEqual({ year: 2028, month: 2, day: 29 });
  });

  it('refuses a day, a month or a form that does not exist', () => {
    for (const value of ['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-12-3', '2026-12-31x', 'x2026-12-31', '12026-01-01', '']) {
      expect({ value, parts: dateParts(value) }).toStrictEqual({ value, parts: null });
    }
  });

  it('is what IsoDate accepts, kept as sent', () => {
    expect(IsoDate.decode('2026-12-31T18:30:00+01:00')).toStrictEqual({ _tag: 'Right', right: '2026-12-31T18:30:00+01:00' });
    expect(messageOf(IsoDate.decode('2026-02-30'))).toBe('expected an ISO date such as 2026-12-31');
    expect(messageOf(IsoDate.decode(20261231))).toBe('expected an ISO date such as 2026-12-31');
    expect([IsoDate.is('2026-12-31'), IsoDate.is('2026-12-32'), IsoDate.is(1), IsoDate.is(['2026-12-31'])]).toStrictEqual([true, false, false, false]);
    expect(messageOf(IsoDate.decode(['2026-12-31']))).toBe('expected an ISO date such as 2026-12-31');
  });
});

describe('WallTime', () => {
  it('accepts HH:MM and HH:MM:SS of a day', () => {
    for (const value of ['00:00', '09:05', '19:59', '23:59', '23:59:59', '00:00:00']) expect({ value, ok: WallTime.is(value) }).toStrictEqual({ value, ok: true });
  });

  it('refuses any other time or form, and says what it expected', () => {
    for (const value of ['24:00', '7:00', '12:60', '12:00:60', '12:00:5', ' 12:00', '12:00 ', '12h00', '', 1200, ['18:30']]) {
      expect({ value, ok: WallTime.is(value), message: messageOf(WallTime.decode(value)) }).toStrictEqual({ value, ok: false, message: 'expected a time HH:MM' });
    }
    expect(WallTime.decode('18:30')).toStrictEqual({ _tag: 'Right', right: '18:30' });
  });
});

describe('Price', () => {
  it('decodes a non-negative amount of at most two decimals, a numeric string as its number', () => {
    expect(Price.decode(12.5)).toStrictEqual({ _tag: 'Right', right: 12.5 });
    expect(Price.decode(0)).toStrictEqual({ _tag: 'Right', right: 0 });
    expect(Price.decode(' 12.50 ')).toStrictEqual({ _tag: 'Right', right: 12.5 });
    expect(Price.decode(0.1 + 0.2)).toStrictEqual({ _tag: 'Right', right: 0.1 + 0.2 });
  });

  it('refuses a negative amount, a fraction of a cent, a blank string and anything not finite', () => {
    for (const value of [
      -0.01,
      1.005,
      0.001,
      1e-8,
      '',
      '  ',
      'x',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      '1e400',
      '1e1',
      '0x10',
      '+5',
      '-0',
      '12.',
      '.5',
      'Infinity',
    ]) {
      expect({ value, message: messageOf(Price.decode(value)) }).toStrictEqual({ value, message: 'expected a non-negative price with at most two decimals' });
    }
  });

  it('is a finite number of at least 0 once decoded', () => {
    expect([Price.is(0), Price.is(3.5), Price.is(-1), Price.is(Number.POSITIVE_INFINITY), Price.is('1')]).toStrictEqual([true, true, false, false, false]);
  });
});

describe('nullable', () => {
  it('lets a value be missing or null, and nothing else', () => {
    const codec = nullable(WallTime);
    expect([codec.is(null), codec.is(undefined), codec.is('10:00'), codec.is('x')]).toStrictEqual([true, true, true, false]);
  });
});
