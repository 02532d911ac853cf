import type { FastifyRequest } from 'fastify';

/**
 * HTTP-dates read strictly (RFC 9110 §5.6.7): `Date.parse` takes `3000` or `1` for a date, and
 * an `If-Modified-Since: 3000` then made a 304 of any answer. No well-kept package reads the three
 * forms strictly (`fresh` and `@fastify/send` use `Date.parse` too).
 */

const DAYS: readonly string[] = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS: readonly string[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const DAY = `(?<weekday>${DAYS.join('|')})`;
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';
/** The three forms: `Sun, 06 Nov 1994 08:49:37 GMT`, the one every sender must use, then the obsolete `Sunday, 06-Nov-94 08:49:37 GMT` and `Sun Nov  6 08:49:37 1994`, still to be read. */
const FORMS: readonly RegExp[] = [
  new RegExp(`^${DAY}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(`^(?<longWeekday>${LONG_DAYS.join('|')}), (?<day>\\d{2})-${MONTH}-(?<shortYear>\\d{2}) ${TIME} GMT$`),
  new RegExp(`^${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

// A two-digit year more than 50 years ahead of `now` is the last one in the past with those digits (§5.6.7).
const fullYear = (twoDigits: number, now: number): number => {
  const thisYear = new Date(now).getUTCFullYear();
  const candidate = thisYear - (thisYear % 100) + twoDigits;
  return candidate > thisYear + 50 ? candidate - 100 : candidate;
};

/**
 * The time an HTTP-date names, in milliseconds, or `null` when `text` is not one: another form,
 * a day the month does not have, a weekday that is not that day's, an hour past 23. A leap
 * second (`:60`) is read as the next minute's first.
 */
export const parseHttpDate = (text: string, now: number = Date.now()): number | null => {
  const fields = FORMS.map((form) => form.exec(text)?.groups).find((groups) => groups !== undefined);
  if (fields === undefined) return null;
  const field = (name: string): string => (fields[name] ?? '').trim();
  const year = fields['shortYear'] === undefined ? Number(field('year')) : fullYear(Number(field('shortYear')), now);
  const weekday = fields['longWeekday'] === undefined ? DAYS.indexOf(field('weekday')) : LONG_DAYS.indexOf(field('longWeekday'));
  const month = MONTHS.indexOf(field('month'));
  const [day, hour, minute, second] = ['day', 'hour', 'minute', 'second'].map((name) => Number(field(name))) as [number, number, number, number];
  if (hour > 23 || minute > 59 || second > 60) return null;
  const midnight = new Date(Date.UTC(year, month, day));
  // Date.UTC reads the years 0 to 99 as 1900 to 1999.
  midnight.setUTCFullYear(year);
  if (day < 1 || midnight.getUTCDate() !== day || midnight.getUTCMonth() !== month || midnight.getUTCDay() !== weekday) return null;
  return midnight.getTime() + ((hour * 60 + minute) * 60 + second) * 1000;
};

/**
 * Whether a GET's `If-Modified-Since` lets a 200 with `lastModified` (milliseconds, whole seconds as
 * the header) be a 304 (RFC 9110 §13.1.3): only without `If-None-Match`, and only for a valid
 * HTTP-date that is not later than the server's clock; any other value is ignored.
 */
export const notModifiedSince = (headers: FastifyRequest['headers'], lastModified: number, now: number = Date.now()): boolean => {
  const since = headers['if-modified-since'];
  if (headers['if-none-match'] !== undefined || since === undefined) return false;
  const time = parseHttpDate(since, now);
  return time !== null && time <= now && lastModified <= time;
};
