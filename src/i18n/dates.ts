import { dateParts } from '../domain/wire';
import { dateFormat } from './date-format';
import type { Language } from './language';

/**
 * The locale each language writes dates in: a Swiss institution's English is British ("Tuesday 1
 * December 2026"), its French, German and Italian the languages' own ("mardi 1 décembre 2026",
 * "Dienstag, 1. Dezember 2026", "martedì 1 dicembre 2026").
 */
export const DATE_LOCALES: Readonly<Record<Language, string>> = { fr: 'fr', de: 'de', it: 'it', en: 'en-GB' };

/** A calendar date (`2026-12-01`) written out in the page language, weekday included. */
export const formatLongDate = (isoDate: string, language: Language): string => {
  const parts = dateParts(isoDate);
  if (!parts) return isoDate;
  return dateFormat(DATE_LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(parts.year, parts.month - 1, parts.day));
};

/** A wall-clock time (`18:30` or `18:30:00`) in the page language's way. */
export const formatTime = (time: string, language: Language): string =>
  dateFormat(DATE_LOCALES[language], { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))),
  );
