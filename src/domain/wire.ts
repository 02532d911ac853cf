import * as t from 'io-ts';

/** A value the wire may omit or send as `null`; the decoded type keeps `null | undefined`. */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

/**
 * An identifier. Backends differ (numbers, numeric strings, slugs), so the client
 * accepts a number or a non-empty string and always works with the string form.
 */
export const Id = new t.Type<string, string, unknown>(
  'Id',
  (u): u is string => typeof u === 'string' && u.length > 0,
  (u, c) => {
    if (typeof u === 'number' && Number.isFinite(u)) return t.success(String(u));
    if (typeof u === 'string' && u.trim().length > 0) return t.success(u.trim());
    return t.failure(u, c, 'an id must be a number or a non-empty string');
  },
  t.identity,
);
export type Id = t.TypeOf<typeof Id>;

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** Calendar parts of an ISO date or date-time string, or `null` when it is not one. */
export const dateParts = (value: string): { year: number; month: number; day: number } | null => {
  const match = DATE_PREFIX.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one, leap years included.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay ? { year, month, day } : null;
};

/** An ISO 8601 date (`2026-12-31`) or date-time (`2026-12-31T18:30:00+01:00`), kept as sent. */
export const IsoDate = new t.Type<string, string, unknown>(
  'IsoDate',
  (u): u is string => typeof u === 'string' && dateParts(u) !== null,
  (u, c) => (typeof u === 'string' && dateParts(u) !== null ? t.success(u) : t.failure(u, c, 'expected an ISO date such as 2026-12-31')),
  t.identity,
);

const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;

/** A wall-clock time `HH:MM` or `HH:MM:SS`, in the institution's time zone. */
export const WallTime = new t.Type<string, string, unknown>(
  'WallTime',
  (u): u is string => typeof u === 'string' && TIME.test(u),
  (u, c) => (typeof u === 'string' && TIME.test(u) ? t.success(u) : t.failure(u, c, 'expected a time HH:MM')),
  t.identity,
);

// A price written as text (a decimal field's JSON, "12.50"): digits and a decimal point, nothing else Number() reads ("0x10", "1e1", "+5").
const DECIMAL_TEXT = /^\s*\d+(?:\.\d+)?\s*$/;

/** A finite amount of money of at most two decimals, in the currency's main unit (francs): a number, or plain decimal text. */
export const Price = new t.Type<number, number, unknown>(
  'Price',
  (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= 0,
  (u, c) => {
    const n = typeof u === 'string' ? (DECIMAL_TEXT.test(u) ? Number(u) : Number.NaN) : u;
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6
      ? t.success(n)
      : t.failure(u, c, 'expected a non-negative price with at most two decimals');
  },
  t.identity,
);
