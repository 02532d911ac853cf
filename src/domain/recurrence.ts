import * as t from 'io-ts';
import { dayFromParts, dayNumber, dayOfMonth, daysInMonth, isoDay, monthIndexOf, monthOfDay, TIME_ZONE, weekdayOfDay, zurichOffsetMinutes } from './calendar-days';
import { IsoDate, dateParts, nullable } from './wire';

/** A day of the week as iCalendar names it (RFC 5545 `BYDAY`). */
export const Weekday = t.keyof({ MO: null, TU: null, WE: null, TH: null, FR: null, SA: null, SU: null });
export type Weekday = t.TypeOf<typeof Weekday>;

const boundedInteger = (name: string, min: number, max: number) =>
  new t.Type<number, number, unknown>(
    name,
    (u): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max,
    (u, c) =>
      Number.isInteger(u) && (u as number) >= min && (u as number) <= max
        ? t.success(u as number)
        : t.failure(u, c, `expected a whole number from ${min} to ${max}`),
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
export const recurrenceOf = (day: t.Type<string>) =>
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

// ——— Days as numbers ———
// Occurrences are walked as day numbers (calendar-days.ts), so that a list of a thousand daily or
// weekly rules allocates nothing but the dates returned, as strings.

/** The week's days in iCalendar order, Monday first (the RFC 5545 default WKST). */
export const WEEKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

// ——— The rule, ready to walk ———

/** Where a monthly rule by weekday falls: the 1st to 4th such weekday of the month, or the last one (-1). */
export type MonthWeek = 1 | 2 | 3 | 4 | -1;

/** The week of the month of a date, as a monthly rule by weekday reads it from the start (the 29th or later is the last). */
export const monthWeekOf = (start: string): MonthWeek => {
  const day = dateParts(start)?.day ?? 1;
  return day >= 29 ? -1 : (Math.ceil(day / 7) as MonthWeek);
};

/** The weekday of an ISO date. */
export const weekdayOfDate = (isoDate: string): Weekday => WEEKDAYS[weekdayOfDay(dayNumber(isoDate) ?? 0)]!;

/** The days a weekly rule falls on, Monday first, without repeats: its `weekdays`, or the start's own day when it lists none. */
export const ruleWeekdays = (rule: Recurrence, start: string): Weekday[] => {
  const listed = rule.weekdays ?? [];
  return listed.length === 0 ? [weekdayOfDate(start)] : WEEKDAYS.filter((day) => listed.includes(day));
};

/** How a monthly rule falls: by weekday only when it says so (the day of the month otherwise). */
export const monthlyBy = (rule: Recurrence): 'month_day' | 'weekday' => (rule.monthly_by === 'weekday' ? 'weekday' : 'month_day');

interface Plan {
  readonly frequency: Recurrence['frequency'];
  readonly interval: number;
  readonly start: number;
  /** Weekly: the Monday of the start's week; bit `n` of `mask` is weekday `n`. */
  readonly weekStart: number;
  readonly mask: number;
  /** Monthly: the start's month index, its day, and the week of the month and weekday of a rule by weekday. */
  readonly startMonth: number;
  readonly monthDay: number;
  readonly byWeekday: boolean;
  readonly monthWeek: MonthWeek;
  readonly weekday: number;
  readonly until: number;
  readonly count: number;
}

const planOf = (rule: Recurrence, startDate: string): Plan | null => {
  const start = dayNumber(startDate);
  if (start === null) return null;
  const until = rule.until ? dayNumber(rule.until) : null;
  let mask = 0;
  for (const day of ruleWeekdays(rule, startDate)) mask |= 1 << WEEKDAYS.indexOf(day);
  return {
    frequency: rule.frequency,
    interval: rule.interval ?? 1,
    start,
    weekStart: start - weekdayOfDay(start),
    mask,
    startMonth: monthIndexOf(start),
    monthDay: dayOfMonth(start),
    byWeekday: monthlyBy(rule) === 'weekday',
    monthWeek: monthWeekOf(startDate),
    weekday: weekdayOfDay(start),
    until: until ?? Infinity,
    count: rule.count ?? Infinity,
  };
};

// The rule's dates of period `k` (a day, a week or a month after `interval` of them), ascending, in
// `out`; their number is returned. The start is always one (RFC 5545: DTSTART is the first instance).
const periodDates = (plan: Plan, k: number, out: number[]): number => {
  if (plan.frequency === 'daily') {
    out[0] = plan.start + k * plan.interval;
    return 1;
  }
  if (plan.frequency === 'weekly') {
    const base = plan.weekStart + k * 7 * plan.interval;
    let n = 0;
    for (let weekday = 0; weekday < 7; weekday++) {
      const day = base + weekday;
      if (day === plan.start || ((plan.mask & (1 << weekday)) !== 0 && day > plan.start)) out[n++] = day;
    }
    return n;
  }
  const index = plan.startMonth + k * plan.interval;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const length = daysInMonth(year, month);
  if (!plan.byWeekday) {
    if (plan.monthDay > length) return 0;
    out[0] = dayFromParts(year, month, plan.monthDay);
    return 1;
  }
  if (plan.monthWeek === -1) {
    const last = dayFromParts(year, month, length);
    out[0] = last - ((weekdayOfDay(last) - plan.weekday + 7) % 7);
  } else {
    const first = dayFromParts(year, month, 1);
    out[0] = first + ((plan.weekday - weekdayOfDay(first) + 7) % 7) + (plan.monthWeek - 1) * 7;
  }
  return 1;
};

// The period holding `day` (or the one before it: it may be empty of dates ≥ day), never before the first.
const periodAt = (plan: Plan, day: number): number => {
  const k =
    plan.frequency === 'daily'
      ? Math.floor((day - plan.start) / plan.interval)
      : plan.frequency === 'weekly'
        ? Math.floor((day - plan.weekStart) / (7 * plan.interval))
        : Math.floor((monthIndexOf(day) - plan.startMonth) / plan.interval);
  return Math.max(0, k);
};

// A monthly rule on the 31st (or the 29th of February) skips months; so many empty periods in a row mean it never falls again (as ical.js stops).
const MAX_EMPTY_PERIODS = 400;

/**
 * Visits the rule's dates in [from, to], ascending, exception dates included, until `visit` says
 * stop. Without a count it starts at the period holding `from`; with one it counts from the start.
 */
const walk = (plan: Plan, from: number, to: number, visit: (day: number) => boolean): void => {
  const end = Math.min(to, plan.until);
  const counted = plan.count !== Infinity;
  const buffer: number[] = [];
  let seen = 0;
  let empty = 0;
  for (let k = counted ? 0 : periodAt(plan, from); ; k++) {
    const n = periodDates(plan, k, buffer);
    empty = n === 0 ? empty + 1 : 0;
    if (empty >= MAX_EMPTY_PERIODS) return;
    for (let i = 0; i < n; i++) {
      const day = buffer[i]!;
      if (day > end) return;
      seen++;
      if (day >= from && !visit(day)) return;
      if (seen >= plan.count) return;
    }
  }
};

/** Visits the rule's dates in [from, to], descending, exception dates included, until `visit` says stop. */
const walkBack = (plan: Plan, from: number, to: number, visit: (day: number) => boolean): void => {
  const end = Math.min(to, plan.until);
  if (end < plan.start) return;
  if (plan.count !== Infinity) {
    // At most MAX_RECURRENCE_COUNT dates: counted forwards, then read backwards.
    const dates: number[] = [];
    walk(plan, plan.start, end, (day) => dates.push(day) > 0);
    for (let i = dates.length - 1; i >= 0; i--) if (dates[i]! < from || !visit(dates[i]!)) return;
    return;
  }
  const buffer: number[] = [];
  for (let k = periodAt(plan, end); k >= 0; k--) {
    const n = periodDates(plan, k, buffer);
    for (let i = n - 1; i >= 0; i--) {
      const day = buffer[i]!;
      if (day > end) continue;
      if (day < from || !visit(day)) return;
    }
  }
};

const exceptionSet = (rule: Recurrence): ReadonlySet<number> | null => {
  if (!rule.except || rule.except.length === 0) return null;
  const days = new Set<number>();
  for (const date of rule.except) {
    const day = dayNumber(date);
    if (day !== null) days.add(day);
  }
  return days;
};

/** The options of `occurrencesFrom`: the first day, the last one when given (both inclusive), and the most dates wanted. */
export interface OccurrencesFrom {
  readonly from: string;
  readonly to?: string;
  readonly limit: number;
}

/**
 * The dates an event starting on `start` occurs on from `from` (and up to `to`), ascending, at
 * most `limit`, exception dates left out (they still count toward `count`, RFC 5545). The start
 * is always the first occurrence. `limit` and `to` bound an endless rule.
 */
export const occurrencesFrom = (rule: Recurrence, start: string, { from, to, limit }: OccurrencesFrom): string[] => {
  const plan = planOf(rule, start);
  const fromDay = dayNumber(from);
  const toDay = to === undefined ? Infinity : dayNumber(to);
  const dates: string[] = [];
  if (plan === null || fromDay === null || toDay === null || limit <= 0) return dates;
  const except = exceptionSet(rule);
  walk(plan, fromDay, toDay, (day) => {
    if (!except?.has(day)) dates.push(isoDay(day));
    return dates.length < limit;
  });
  return dates;
};

/** The options of `occurrencesBefore`: dates before `before` (exclusive), from `from` (inclusive) when given, at most `limit`. */
export interface OccurrencesBefore {
  readonly before: string;
  readonly from?: string;
  readonly limit: number;
}

/** The dates an event occurred on before `before` (and from `from`), latest first, at most `limit`, exception dates left out: the agenda's past. */
export const occurrencesBefore = (rule: Recurrence, start: string, { before, from, limit }: OccurrencesBefore): string[] => {
  const plan = planOf(rule, start);
  const beforeDay = dayNumber(before);
  const fromDay = from === undefined ? -Infinity : dayNumber(from);
  const dates: string[] = [];
  if (plan === null || beforeDay === null || fromDay === null || limit <= 0) return dates;
  const except = exceptionSet(rule);
  walkBack(plan, fromDay, beforeDay - 1, (day) => {
    if (!except?.has(day)) dates.push(isoDay(day));
    return dates.length < limit;
  });
  return dates;
};

/** The range `countOccurrences` counts in (both days inclusive; `to` bounds an endless rule), and optionally only one month (1–12) of any year. */
export interface OccurrenceRange {
  readonly from: string;
  readonly to: string;
  readonly month?: number;
}

/** How many times an event occurs in [from, to], exception dates left out, only in `month` when given (the agenda's month filter). */
export const countOccurrences = (rule: Recurrence, start: string, { from, to, month }: OccurrenceRange): number => {
  const plan = planOf(rule, start);
  const fromDay = dayNumber(from);
  const toDay = dayNumber(to);
  if (plan === null || fromDay === null || toDay === null) return 0;
  const except = exceptionSet(rule);
  let count = 0;
  walk(plan, fromDay, toDay, (day) => {
    if (!except?.has(day) && (month === undefined || monthOfDay(day) === month)) count++;
    return true;
  });
  return count;
};

/** The next `n` dates of an event from `today` (inclusive), exception dates left out. */
export const nextOccurrences = (rule: Recurrence, start: string, today: string, n: number): string[] => occurrencesFrom(rule, start, { from: today, limit: n });

/** Where `seriesDates` looks from: `day`, the last day a next date may fall on (`to`, which bounds an endless rule), and optionally one month (1–12) of any year. */
export interface SeriesAround {
  readonly day: string;
  readonly to: string;
  readonly month?: number | undefined;
}

/** When a series next repeats and when it last did, as `seriesDates` answers; `null` when it does not. */
export interface SeriesDates {
  readonly next: string | null;
  readonly last: string | null;
}

/**
 * Does this series still repeat? `next` is its first date from `day` on (up to `to`), `last` its
 * latest date before `day`; both in `month` only when one is given, exception dates left out, a
 * rule's `until` and `count` kept to. The one answer the agenda's feeds, files, search and home read.
 */
export const seriesDates = (rule: Recurrence, start: string, { day, to, month }: SeriesAround): SeriesDates => {
  const plan = planOf(rule, start);
  const dayNo = dayNumber(day);
  const toDay = dayNumber(to);
  if (plan === null || dayNo === null || toDay === null) return { next: null, last: null };
  const except = exceptionSet(rule);
  const counts = (date: number): boolean => !except?.has(date) && (month === undefined || monthOfDay(date) === month);
  const next: number[] = [];
  const last: number[] = [];
  walk(plan, dayNo, toDay, (date) => !(counts(date) && next.push(date)));
  walkBack(plan, -Infinity, dayNo - 1, (date) => !(counts(date) && last.push(date)));
  return { next: next[0] === undefined ? null : isoDay(next[0]), last: last[0] === undefined ? null : isoDay(last[0]) };
};

// ——— Faults ———

/**
 * What is wrong with a rule that its codec cannot see, for an event starting on `start`: each
 * message `field: what is wrong (got …)`, the field named within the rule. Empty when it is sound.
 * Exception dates that are not occurrences are allowed: they exclude nothing.
 */
export const recurrenceFaults = (rule: Recurrence, start: string): string[] => {
  const faults: string[] = [];
  const weekdays = rule.weekdays;
  if (rule.count !== null && rule.count !== undefined && rule.until !== null && rule.until !== undefined)
    faults.push(`count: cannot be given with until, a rule ends one way (got count ${rule.count} and until ${rule.until})`);
  if (weekdays !== null && weekdays !== undefined) {
    if (rule.frequency !== 'weekly') faults.push(`weekdays: only a weekly rule has weekdays (got ${weekdays.join(', ') || 'none'} on a ${rule.frequency} rule)`);
    else if (weekdays.length === 0) faults.push('weekdays: lists no day (got an empty list)');
    else {
      const twice = WEEKDAYS.filter((day) => weekdays.indexOf(day) !== weekdays.lastIndexOf(day));
      if (twice.length > 0) faults.push(`weekdays: lists a day more than once (got ${twice.join(', ')} twice in ${weekdays.join(', ')})`);
      const own = weekdayOfDate(start);
      // RFC 5545 leaves a start off the rule undefined, and calendars disagree on it: the start must be one of its days.
      if (!weekdays.includes(own)) faults.push(`weekdays: must include the day the event starts (got ${weekdays.join(', ')}, bel_date ${start} is a ${own})`);
    }
  }
  if (rule.monthly_by !== null && rule.monthly_by !== undefined && rule.frequency !== 'monthly')
    faults.push(`monthly_by: only a monthly rule has monthly_by (got ${rule.monthly_by} on a ${rule.frequency} rule)`);
  if (rule.until) {
    const until = dayNumber(rule.until);
    const first = dayNumber(start);
    if (until !== null && first !== null && until < first) faults.push(`until: ends before the event starts (${rule.until}, before bel_date ${start})`);
  }
  if (rule.except && rule.except.length > MAX_RECURRENCE_EXCEPTIONS)
    faults.push(`except: lists more than ${MAX_RECURRENCE_EXCEPTIONS} dates (got ${rule.except.length})`);
  return faults;
};

// ——— iCalendar ———

const compact = (day: number): string => isoDay(day).replace(/-/g, '');

const compactTime = (time: string): string => `${time.slice(0, 2)}${time.slice(3, 5)}${time.length >= 8 ? time.slice(6, 8) : '00'}`;

// An instant as iCalendar's UTC date-time (`20270630T215959Z`).
const utcStamp = (instant: number): string => new Date(instant).toISOString().replace(/[-:]|\.\d{3}/g, '');

// RFC 5545 §3.3.10: with a zoned DTSTART, UNTIL is UTC: here the end (23:59:59) of the until day in Zurich.
// Zurich changes its clocks in the small hours, so the offset two hours before the day's end is the end's own.
const untilValue = (until: number, timed: boolean): string => {
  if (!timed) return compact(until);
  const wall = (until + 1) * 86_400_000 - 1000;
  return utcStamp(wall - zurichOffsetMinutes(wall - 7_200_000) * 60_000);
};

const isTimed = (startTime: string | null | undefined): startTime is string => typeof startTime === 'string' && startTime !== '';

// Whether a weekly rule's days leave out the start: RFC 5545 leaves such a set undefined, and ical.js or libical skip the start.
const startOffRule = (plan: Plan): boolean => plan.frequency === 'weekly' && (plan.mask & (1 << weekdayOfDay(plan.start))) === 0;

/**
 * The iCalendar RRULE value of a rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630T215959Z`):
 * UNTIL is a UTC date-time (the end of the until day in Zurich) for a timed event, a DATE for a
 * day-long one. A start off the rule's days is written as an RDATE (`rdateLines`) and not counted in COUNT.
 */
export const rruleValue = (rule: Recurrence, start: string, startTime: string | null): string => {
  const plan = planOf(rule, start);
  if (plan === null) return 'FREQ=DAILY;COUNT=1';
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`];
  if (plan.interval > 1) parts.push(`INTERVAL=${plan.interval}`);
  if (rule.frequency === 'weekly') parts.push(`BYDAY=${ruleWeekdays(rule, start).join(',')}`);
  if (rule.frequency === 'monthly') parts.push(plan.byWeekday ? `BYDAY=${plan.monthWeek}${WEEKDAYS[plan.weekday]}` : `BYMONTHDAY=${plan.monthDay}`);
  let count = plan.count;
  if (count !== Infinity && plan.until !== Infinity) {
    // Both given (a fault): whichever ends the rule first is the one written, so the set is the same.
    let last = plan.start;
    walk({ ...plan, until: Infinity }, plan.start, Infinity, (day) => ((last = day), true));
    if (last > plan.until) count = Infinity;
  }
  if (count !== Infinity) {
    const ruled = startOffRule(plan) ? count - 1 : count;
    // Only the start: a daily rule of one, which every reader takes as the start alone.
    if (ruled === 0) return 'FREQ=DAILY;COUNT=1';
    parts.push(`COUNT=${ruled}`);
  } else if (plan.until !== Infinity) parts.push(`UNTIL=${untilValue(plan.until, isTimed(startTime))}`);
  return parts.join(';');
};

const dateList = (days: readonly number[], startTime: string | null): string =>
  isTimed(startTime)
    ? `;TZID=${TIME_ZONE}:${days.map((day) => `${compact(day)}T${compactTime(startTime)}`).join(',')}`
    : `;VALUE=DATE:${days.map(compact).join(',')}`;

/** The RDATE line of a weekly event whose start is not on one of its days (the start is an occurrence all the same), else none. */
export const rdateLines = (rule: Recurrence, start: string, startTime: string | null): string[] => {
  const plan = planOf(rule, start);
  if (plan === null || !startOffRule(plan) || rule.count === 1) return [];
  return [`RDATE${dateList([plan.start], startTime)}`];
};

// The exception dates that are occurrences (the others exclude nothing), ascending.
const exceptedDays = (plan: Plan | null, except: ReadonlySet<number> | null): number[] => {
  const real: number[] = [];
  if (plan === null || except === null) return real;
  let first = Infinity;
  let last = -Infinity;
  for (const day of except) {
    first = Math.min(first, day);
    last = Math.max(last, day);
  }
  walk(plan, first, last, (day) => (except.has(day) && real.push(day), true));
  return real;
};

/** The exception dates of a rule that are occurrences of it, ascending: those the agenda and the words speak of. */
export const exceptedOccurrences = (rule: Recurrence, start: string): string[] => exceptedDays(planOf(rule, start), exceptionSet(rule)).map(isoDay);

/** The EXDATE line of a rule's exception dates that are real occurrences (`EXDATE;TZID=Europe/Zurich:20261208T100000,…` or `EXDATE;VALUE=DATE:…`), else none. */
export const exdateLines = (rule: Recurrence, start: string, startTime: string | null): string[] => {
  const real = exceptedDays(planOf(rule, start), exceptionSet(rule));
  return real.length === 0 ? [] : [`EXDATE${dateList(real, startTime)}`];
};

/** The content lines an event's rule adds to its VEVENT after DTSTART: RRULE, then RDATE and EXDATE when needed. */
export const recurrenceLines = (rule: Recurrence, start: string, startTime: string | null): string[] => [
  `RRULE:${rruleValue(rule, start, startTime)}`,
  ...rdateLines(rule, start, startTime),
  ...exdateLines(rule, start, startTime),
];
