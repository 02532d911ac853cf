import { dateFormat } from './date-format';
import { swissLocale, type Language } from './language';

/** The twelve month numbers of the grouping format (SPEC §9: 1 to 12). */
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type MonthNumber = (typeof MONTHS)[number];

/** The name of a month (1–12) in a language, from `Intl`, e.g. `décembre` or `December`. */
export const monthName = (month: number, language: Language): string =>
  dateFormat(swissLocale(language), { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));

/** The month-number-to-name map of a language (SPEC §3). */
export const monthNames = (language: Language): Readonly<Record<MonthNumber, string>> =>
  Object.fromEntries(MONTHS.map((month) => [month, monthName(month, language)])) as Record<MonthNumber, string>;

/** The French month names, from January to December (SPEC §3). */
export const FRENCH_MONTH_NAMES: readonly string[] = MONTHS.map((month) => monthName(month, 'fr'));
