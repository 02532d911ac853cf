import { dateParts } from './wire';

/**
 * Calendar days and the institution's time zone, in one place. A day is walked as a number (days
 * since 1970-01-01 on the proleptic Gregorian calendar), so moving a day is adding to it and a
 * rule's walk allocates nothing; the platform's `Date` reads a number's month and writes its ISO
 * date. The zone's offsets come from the time-zone database through `Intl`, never from a rule written here.
 */

/** A calendar day `YYYY-MM-DD`. */
export type Day = string;

/** The institution's time zone: the agenda's days and wall-clock times are read in it. */
export const TIME_ZONE = 'Europe/Zurich';

const DAY_MS = 86_400_000;

/** The day number of a calendar date (month 1–12; a day past the month's end runs into the next). */
export const dayFromParts = (year: number, month: number, day: number): number => {
  // Not Date.UTC: it reads the years 0–99 as 1900–1999, and PostgreSQL's dates start at 0001-01-01.
  const date = new Date(0);
  return date.setUTCFullYear(year, month - 1, day) / DAY_MS;
};

/** The day number of an ISO date (`2026-12-31`, a date-time's date part too), or `null` when it is no real day. */
export const dayNumber = (isoDate: string): number | null => {
  const parts = dateParts(isoDate);
  return parts ? dayFromParts(parts.year, parts.month, parts.day) : null;
};

// A day number's date at midnight UTC: the platform's calendar, proleptic Gregorian, leap years included.
const dateOf = (day: number): Date => new Date(day * DAY_MS);

/** The ISO date of a day number (years 0000–9999). */
export const isoDay = (day: number): Day => dateOf(day).toISOString().slice(0, 10);

/** The month (1–12) of a day number. */
export const monthOfDay = (day: number): number => dateOf(day).getUTCMonth() + 1;

/** The day of its month (1–31) of a day number. */
export const dayOfMonth = (day: number): number => dateOf(day).getUTCDate();

/** The months from January of year 0 to a day number's month: the arithmetic of a monthly rule. */
export const monthIndexOf = (day: number): number => {
  const date = dateOf(day);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/** The weekday of a day number, Monday 0 … Sunday 6 (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 3) % 7) + 7) % 7;

/** How many days a month (1–12) of a year has. */
export const daysInMonth = (year: number, month: number): number => dayOfMonth(dayFromParts(year, month + 1, 0));

// A day that does not read (none reaches here past the codecs) stays where it is rather than become NaN.
const parsed = (day: Day): number => dayNumber(day) ?? 0;

/** `day` moved by `days` (negative goes back). */
export const addDays = (day: Day, days: number): Day => isoDay(parsed(day) + days);

/** How many days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Day, to: Day): number => parsed(to) - parsed(from);

/** The last day of `day`'s month. */
export const endOfMonth = (day: Day): Day => {
  const date = dateOf(parsed(day));
  return isoDay(dayFromParts(date.getUTCFullYear(), date.getUTCMonth() + 2, 0));
};

/** The weekday of an ISO date, Monday 0 … Sunday 6. */
export const weekdayNumberOf = (day: Day): number => weekdayOfDay(parsed(day));

// ——— The zone ———

let offsetFormat: Intl.DateTimeFormat | null = null;

const HOUR_MS = 3_600_000;
// The zone changes its offset on a whole UTC hour only (01:00 UTC, as Europe's summer time does):
// the offset of an hour, once read, serves every instant of it. A server asks for "now" at each
// request, and the formatter costs a few microseconds a call: the last hours read are kept.
const OFFSETS_KEPT = 64;
const offsetOfHour = new Map<number, number>();

const readOffsetMinutes = (instant: number): number => {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name);
  // "GMT" alone is the zone's own time being UTC.
  return match === null ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
};

/** Zurich's offset from UTC at an instant (milliseconds), in minutes: 60 in winter, 120 in summer, as the time-zone database says. */
export const zurichOffsetMinutes = (instant: number): number => {
  const hour = Math.floor(instant / HOUR_MS);
  const known = offsetOfHour.get(hour);
  if (known !== undefined) return known;
  const minutes = readOffsetMinutes(hour * HOUR_MS);
  if (offsetOfHour.size >= OFFSETS_KEPT) offsetOfHour.delete(offsetOfHour.keys().next().value ?? hour);
  offsetOfHour.set(hour, minutes);
  return minutes;
};

/** Zurich's offset at an instant as ISO 8601 writes it (`+01:00`, `+02:00`). */
export const zurichOffsetAt = (instant: number): string => {
  const minutes = zurichOffsetMinutes(instant);
  const size = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
};

/** The day it is in Zurich at an instant: the institution's "today", whoever asks. */
export const zurichToday = (instant: number): Day => isoDay(Math.floor((instant + zurichOffsetMinutes(instant) * 60_000) / DAY_MS));

/** Zurich's wall-clock date and time at an instant, `YYYY-MM-DDTHH:MM:SS` (whole seconds). */
export const zurichWallTime = (instant: number): string =>
  new Date(Math.floor(instant / 1000) * 1000 + zurichOffsetMinutes(instant) * 60_000).toISOString().slice(0, 19);

/**
 * The instant of a wall-clock date and time in Zurich. In the autumn's repeated hour the earlier
 * (summer) one is taken; a time of the spring's missing hour is read with the offset before the
 * change, so it lands one hour on: Temporal's 'compatible' disambiguation.
 */
export const zurichInstant = (day: number, hour: number, minute: number, second: number): number => {
  const asUtc = day * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000;
  const before = zurichOffsetMinutes(asUtc - DAY_MS);
  const after = zurichOffsetMinutes(asUtc + DAY_MS);
  const fits = (offset: number): boolean => zurichOffsetMinutes(asUtc - offset * 60_000) === offset;
  // The larger offset is the earlier instant: it wins when both read the wall time.
  for (const offset of before >= after ? [before, after] : [after, before]) if (fits(offset)) return asUtc - offset * 60_000;
  return asUtc - before * 60_000;
};
