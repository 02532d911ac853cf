import fc from 'fast-check';
import { notModifiedSince, parseHttpDate } from '../../server/cache/http-date';
import { runs } from '../support/fuzz-runs';

// Issue 42: `Date.parse` read `If-Modified-Since: 3000` as the year 3000, and the answer was a 304.

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (value: number): string => String(value).padStart(2, '0');

/** A moment in each of the three forms of RFC 9110 §5.6.7, written here apart from the parser. */
const forms = (time: number): { readonly imf: string; readonly rfc850: string; readonly asctime: string } => {
  const date = new Date(time);
  const [day, month] = [date.toUTCString().slice(0, 3), date.toUTCString().slice(8, 11)];
  const clock = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return {
    imf: date.toUTCString(),
    rfc850: `${LONG_DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())}-${month}-${two(date.getUTCFullYear() % 100)} ${clock} GMT`,
    asctime: `${day} ${month} ${String(date.getUTCDate()).padStart(2, ' ')} ${clock} ${date.getUTCFullYear()}`,
  };
};

// Whole seconds from 1970 to 9999, as an HTTP-date holds them.
const moment = fc.integer({ min: 0, max: 253_402_300_799 }).map((seconds) => seconds * 1000);

describe('an HTTP-date', () => {
  it('reads the three forms of RFC 9110’s example', () => {
    const time = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(time);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(time);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW)).toBe(time);
  });

  it('reads a two-digit year more than 50 years ahead as the last one in the past with those digits', () => {
    expect(parseHttpDate('Wednesday, 01-Jan-76 00:00:00 GMT', NOW)).toBe(Date.UTC(2076, 0, 1));
    expect(parseHttpDate('Saturday, 01-Jan-77 00:00:00 GMT', NOW)).toBe(Date.UTC(1977, 0, 1));
    expect(parseHttpDate('Saturday, 01-Jan-00 00:00:00 GMT', NOW)).toBe(Date.UTC(2000, 0, 1));
  });

  it.each([
    '3000',
    '1',
    '0',
    '',
    '3000-01-01',
    '2026-11-28T12:00:00Z',
    'Sat, 28 Nov 2026 12:00:00',
    'Sat, 28 Nov 2026 12:00:00 UTC',
    'Sat, 28 Nov 2026 12:00:00 +0000',
    'sat, 28 nov 2026 12:00:00 gmt',
    'Sat,  28 Nov 2026 12:00:00 GMT',
    'Sat, 28 Nov 26 12:00:00 GMT',
    'Sat, 8 Nov 2026 12:00:00 GMT',
    'Fri, 28 Nov 2026 12:00:00 GMT',
    'Sun, 31 Nov 2026 12:00:00 GMT',
    'Sun, 00 Nov 2026 12:00:00 GMT',
    'Sat, 28 Nov 2026 24:00:00 GMT',
    'Sat, 28 Nov 2026 12:60:00 GMT',
    'Sat, 28 Nov 2026 12:00:61 GMT',
    'Sat, 28 Nov 2026 12:00:00 GMT, Sat, 28 Nov 2026 12:00:00 GMT',
    ' Sat, 28 Nov 2026 12:00:00 GMT',
    'Sat, 28-Nov-26 12:00:00 GMT',
    'Saturday, 28 Nov 2026 12:00:00 GMT',
    'Sat Nov 28 12:00:00 2026 GMT',
  ])('is not %j', (text) => {
    expect(parseHttpDate(text, NOW)).toBeNull();
  });

  it('reads back any moment in each of its forms (property)', () => {
    fc.assert(
      fc.property(moment, (time) => {
        const { imf, rfc850, asctime } = forms(time);
        expect(parseHttpDate(imf, NOW)).toBe(time);
        expect(parseHttpDate(asctime, NOW)).toBe(time);
        // Two digits name a year within 50 years of now, ahead or behind.
        const year = new Date(time).getUTCFullYear();
        if (year > 1976 && year <= 2076) expect(parseHttpDate(rfc850, NOW)).toBe(time);
      }),
      { numRuns: runs(1_000) },
    );
  });

  it('is a valid date or nothing, whatever the text (property)', () => {
    const text = fc.oneof(
      fc.string(),
      moment.map((time) => forms(time).imf),
      fc.tuple(moment, fc.nat(40), fc.string({ maxLength: 2 })).map(([time, at, noise]) => {
        const imf = forms(time).imf;
        return `${imf.slice(0, at)}${noise}${imf.slice(at + noise.length)}`;
      }),
    );
    fc.assert(
      fc.property(text, (value) => {
        const time = parseHttpDate(value, NOW);
        // Whatever it reads is that moment written in one of the forms (a leap second, `:60`, is read as the next minute's first).
        if (time !== null && !value.includes(':60')) expect([forms(time).imf, forms(time).rfc850, forms(time).asctime]).toContain(value);
      }),
      { numRuns: runs(2_000) },
    );
  });
});

describe('If-Modified-Since', () => {
  const modified = Date.UTC(2026, 10, 1);

  it('lets a 304 be sent for a valid date at or after the last change, and not later than the clock', () => {
    expect(notModifiedSince({ 'if-modified-since': 'Sun, 01 Nov 2026 00:00:00 GMT' }, modified, NOW)).toBe(true);
    expect(notModifiedSince({ 'if-modified-since': 'Sat, 28 Nov 2026 12:00:00 GMT' }, modified, NOW)).toBe(true);
    expect(notModifiedSince({ 'if-modified-since': 'Sat, 31 Oct 2026 23:59:59 GMT' }, modified, NOW)).toBe(false);
  });

  it('is ignored later than the clock, invalid, or beside If-None-Match', () => {
    expect(notModifiedSince({ 'if-modified-since': 'Sat, 28 Nov 2026 12:00:01 GMT' }, modified, NOW)).toBe(false);
    expect(notModifiedSince({ 'if-modified-since': '3000' }, modified, NOW)).toBe(false);
    expect(notModifiedSince({ 'if-modified-since': 'Sun, 01 Nov 2026 00:00:00 GMT', 'if-none-match': '"x"' }, modified, NOW)).toBe(false);
    expect(notModifiedSince({}, modified, NOW)).toBe(false);
  });
});
