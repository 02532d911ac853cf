import * as t from 'io-ts';
import { IsoDate, nullable } from './wire';

/** A day of the week as iCalendar names it (RFC 5545 `BYDAY`). */
export const Weekday = t.keyof({ MO: null, TU: null, WE: null, TH: null, FR: null, SA: null, SU: null });
export type Weekday = t.TypeOf<typeof Weekday>;

const boundedInteger = (name: string, min: number, max: number) =>
  new t.Type<number, number, unknown>(
    name,
    (u): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max,
    (u, c) => (Number.isInteger(u) && (u as number) >= min && (u as number) <= max ? t.success(u as number) : t.failure(u, c, `expected a whole number from ${min} to ${max}`)),
    t.identity,
  );

/** The most occurrences a rule with a count may have: an import cannot ask for an endless list by number. */
export const MAX_RECURRENCE_COUNT = 1000;

/** The most exception dates a rule may list. */
export const MAX_RECURRENCE_EXCEPTIONS = 366;

/**
 * How an event repeats (an extension of SPEC §7): every `interval` days, weeks or months from
 * its `bel_date`, until a day (inclusive) or a number of times (exception dates count), or without
 * end; a weekly rule on `weekdays` (the start's own day when none), a monthly one on the start's
 * day of the month (`month_day`, months without it skipped) or on the same weekday of the month
 * (`weekday`: the start's 1st to 4th weekday of its month, or the month's last one when the start is on the 29th or later).
 * `day` decodes its dates: the wire's ISO dates, or the import's stricter days.
 */
export const recurrenceOf = (day: t.Type<string, string, unknown>) =>
  t.exact(
    t.intersection([
      t.type({ frequency: t.keyof({ daily: null, weekly: null, monthly: null }) }),
      t.partial({
        interval: nullable(boundedInteger('RecurrenceInterval', 1, 99)),
        weekdays: nullable(t.array(Weekday)),
        monthly_by: nullable(t.keyof({ month_day: null, weekday: null })),
        until: nullable(day),
        count: nullable(boundedInteger('RecurrenceCount', 1, MAX_RECURRENCE_COUNT)),
        except: nullable(t.array(day)),
      }),
    ]),
  );

/** An event's rule as the API sends it (see `recurrenceOf`). */
export const Recurrence = recurrenceOf(IsoDate);
export type Recurrence = t.TypeOf<typeof Recurrence>;
