import { dateParts } from '../domain/wire';
import { dateFormat } from './date-format';
import { swissLocale, type Language } from './language';

/** A calendar date (`2026-12-01`) written out in the page language's Swiss way, weekday included ("mardi, 1 décembre 2026"). */
export const formatLongDate = (isoDate: string, language: Language): string => {
  const parts = dateParts(isoDate);
  if (!parts) return isoDate;
  return dateFormat(swissLocale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(parts.year, parts.month - 1, parts.day));
};

/** A wall-clock time (`18:30` or `18:30:00`) in the page language's way. */
export const formatTime = (time: string, language: Language): string =>
  dateFormat(swissLocale(language), { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))),
  );
