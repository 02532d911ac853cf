import { dateParts } from './wire';

/**
 * Calendar days and the institution's time zone, in one place. A day is walked as a number (days
 * since 1970-01-01 on the proleptic Gregorian calendar), so day arithmetic allocates no `Date`;
 * the zone's offsets come from the time-zone database through `Intl`, never from a rule written here.
 */

/** A calendar day `YYYY-MM-DD`. */
export type Day = string;

/** The institution's time zone: the agenda's days and wall-clock times are read in it. */
export const TIME_ZONE = 'Europe/Zurich';

const DAY_MS = 86_400_000;

/** The day number of a calendar date (month 1–12; a day past the month's end runs into the next). */
export const dayFromParts = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / DAY_MS;

/** The day number of an ISO date (`2026-12-31`, a date-time's date part too), or `null` when it is no real day. */
export const dayNumber = (isoDate: string): number | null => {
  const parts = dateParts(isoDate);
  return parts ? dayFromParts(parts.year, parts.month, parts.day) : null;
};

/** The civil date of a day number, written as year * 10000 + month * 100 + day (H. Hinnant's `civil_from_days`). */
export const civilOf = (day: number): number => {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return (yoe + era * 400 + (m <= 2 ? 1 : 0)) * 10000 + m * 100 + d;
};

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

/** The ISO date of a day number. */
export const isoDay = (day: number): Day => {
  const c = civilOf(day);
  return `${String(Math.floor(c / 10000)).padStart(4, '0')}-${pad2(Math.floor(c / 100) % 100)}-${pad2(c % 100)}`;
};

/** The month (1–12) of a day number. */
export const monthOfDay = (day: number): number => Math.floor(civilOf(day) / 100) % 100;

/** The weekday of a day number, Monday 0 … Sunday 6 (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 3) % 7) + 7) % 7;

/** How many days a month (1–12) of a year has. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

// A day that does not read (none reaches here past the codecs) stays where it is rather than become NaN.
const parsed = (day: Day): number => dayNumber(day) ?? 0;

/** `day` moved by `days` (negative goes back). */
export const addDays = (day: Day, days: number): Day => isoDay(parsed(day) + days);

/** How many days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Day, to: Day): number => parsed(to) - parsed(from);

/** The last day of `day`'s month. */
export const endOfMonth = (day: Day): Day => {
  const c = civilOf(parsed(day));
  const year = Math.floor(c / 10000);
  const month = Math.floor(c / 100) % 100;
  return isoDay(dayFromParts(year, month, daysInMonth(year, month)));
};

/** The weekday of an ISO date, Monday 0 … Sunday 6. */
export const weekdayNumberOf = (day: Day): number => weekdayOfDay(parsed(day));

// ——— The zone ———

let offsetFormat: Intl.DateTimeFormat | null = null;

/** Zurich's offset from UTC at an instant (milliseconds), in minutes: 60 in winter, 120 in summer, as the time-zone database says. */
export const zurichOffsetMinutes = (instant: number): number => {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name);
  // "GMT" alone is the zone's own time being UTC.
  return match === null ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
};

/** Zurich's offset at an instant as ISO 8601 writes it (`+01:00`, `+02:00`). */
export const zurichOffsetAt = (instant: number): string => {
  const minutes = zurichOffsetMinutes(instant);
  const size = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad2(Math.floor(size / 60))}:${pad2(size % 60)}`;
};

/** The day it is in Zurich at an instant: the institution's "today", whoever asks. */
export const zurichToday = (instant: number): Day => isoDay(Math.floor((instant + zurichOffsetMinutes(instant) * 60_000) / DAY_MS));

/** Zurich's wall-clock date and time at an instant, `YYYY-MM-DDTHH:MM:SS` (whole seconds). */
export const zurichWallTime = (instant: number): string => {
  const wall = Math.floor((instant + zurichOffsetMinutes(instant) * 60_000) / 1000);
  const seconds = ((wall % 86_400) + 86_400) % 86_400;
  return `${isoDay(Math.floor(wall / 86_400))}T${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
};

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
