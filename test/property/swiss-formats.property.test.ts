import fc from 'fast-check';
import { formatLongDate, formatTime } from '../../src/i18n/dates';
import { intlFor } from '../../src/i18n/intl';
import { LANGUAGES, resolveLanguage, swissLocale, type Language } from '../../src/i18n/language';
import { monthName } from '../../src/i18n/months';
import { runs } from '../support/fuzz-runs';

// The page languages format numbers, amounts and dates as Switzerland writes them: the expected
// texts are the runtime's own Intl answers for the Swiss locales, never strings copied by hand.
const language = fc.constantFrom(...LANGUAGES);
// Whole centimes, as the shop's prices are: 0.05 to a million francs.
const amount = fc.integer({ min: 0, max: 100_000_000 }).map((centimes) => centimes / 100);
const day = fc
  .date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const chf = (locale: string, value: number): string => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' }).format(value);

describe('the Swiss locale of each page language', () => {
  it('is the language with CH, and reads back as the same language', () => {
    expect(LANGUAGES.map(swissLocale)).toEqual(['fr-CH', 'de-CH', 'it-CH', 'en-CH']);
    for (const each of LANGUAGES) expect(resolveLanguage(swissLocale(each))).toBe(each);
  });

  it('is the formatter’s locale, so messages’ numbers follow it too', () => {
    for (const each of LANGUAGES) expect(intlFor(each).locale).toBe(swissLocale(each));
  });

  it('writes an amount as Intl writes it for the Swiss locale, in every language', () => {
    fc.assert(
      fc.property(language, amount, (each, value) => {
        expect(intlFor(each).formatNumber(value, { style: 'currency', currency: 'CHF' })).toBe(chf(swissLocale(each), value));
      }),
      { numRuns: runs(300) },
    );
  });

  it('puts CHF first in German, Italian and English, last in French, with a decimal point in all four', () => {
    const written = (each: Language): string => intlFor(each).formatNumber(0.9, { style: 'currency', currency: 'CHF' }).replace(/\s/gu, ' ');
    expect(LANGUAGES.map(written)).toEqual(['0.90 CHF', 'CHF 0.90', 'CHF 0.90', 'CHF 0.90']);
    // The thousands as the Swiss locales group them: an apostrophe in German and English.
    expect(intlFor('de').formatNumber(1234.5, { style: 'currency', currency: 'CHF' })).toBe(chf('de-CH', 1234.5));
    expect(intlFor('de').formatNumber(1234.5, { style: 'currency', currency: 'CHF' })).toContain("1'234.50");
  });

  it('writes plain numbers in messages as the Swiss locale groups them', () => {
    fc.assert(
      fc.property(language, fc.integer({ min: 0, max: 10_000_000 }), (each, count) => {
        expect(intlFor(each).formatNumber(count)).toBe(new Intl.NumberFormat(swissLocale(each)).format(count));
      }),
      { numRuns: runs(200) },
    );
  });

  it('writes dates, times and month names as Intl writes them for the Swiss locale', () => {
    fc.assert(
      fc.property(language, day, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (each, iso, hour, minute) => {
        const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
        const utc = Date.UTC(year, month - 1, date);
        const locale = swissLocale(each);
        expect(formatLongDate(iso, each)).toBe(
          new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc),
        );
        expect(monthName(month, each)).toBe(new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(utc));
        const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        expect(formatTime(time, each)).toBe(
          new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour, minute)),
        );
      }),
      { numRuns: runs(300) },
    );
  });

  it('gives the long dates Switzerland writes', () => {
    expect(LANGUAGES.map((each) => formatLongDate('2026-12-01', each))).toEqual([
      'mardi, 1 décembre 2026',
      'Dienstag, 1. Dezember 2026',
      'martedì, 1 dicembre 2026',
      'Tuesday, 1 December 2026',
    ]);
  });
});
