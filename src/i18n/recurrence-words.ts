import type { IntlShape } from '@formatjs/intl';
import { exceptedOccurrences, monthlyBy, monthWeekOf, ruleWeekdays, weekdayOfDate, type Recurrence } from '../domain/recurrence';
import { dateParts } from '../domain/wire';
import { dateFormat } from './date-format';
import { translate } from './intl';

/** How many exception dates the words name before "and N other dates". */
export const NAMED_EXCEPTIONS = 3;

const WEEK_NAMES = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;

// A day as the page's Swiss locale writes it in a sentence ("30 juin 2027", "30. Juni 2027"), without its weekday.
const longDay = (intl: IntlShape, isoDate: string): string => {
  const parts = dateParts(isoDate);
  return parts
    ? dateFormat(intl.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(parts.year, parts.month - 1, parts.day))
    : isoDate;
};

// The day of the month of a date: Italian elides the article before 8 and 11 ("fino all'8 dicembre").
const dayOfMonth = (isoDate: string): number => dateParts(isoDate)?.day ?? 0;

const ruleAlone = (intl: IntlShape, rule: Recurrence, start: string): string => {
  const interval = rule.interval ?? 1;
  if (rule.frequency === 'daily') return translate(intl, 'agenda.recurrence.daily', { interval });
  if (rule.frequency === 'weekly') {
    const days = ruleWeekdays(rule, start);
    if (interval === 1 && days.length === 1) return translate(intl, 'agenda.recurrence.everyWeekday', { day: days[0]! });
    const named = intl.formatList(
      days.map((day) => translate(intl, 'agenda.recurrence.onWeekday', { day })),
      { type: 'conjunction' },
    );
    return translate(intl, 'agenda.recurrence.weekly', { interval, days: named });
  }
  if (monthlyBy(rule) === 'weekday')
    return translate(intl, 'agenda.recurrence.monthWeek', { interval, week: WEEK_NAMES[monthWeekOf(start)], day: weekdayOfDate(start) });
  return translate(intl, 'agenda.recurrence.monthDay', { interval, day: dayOfMonth(start) });
};

/**
 * A rule in words in the formatter's language ("chaque mardi jusqu'au 30 juin 2027", "le premier
 * mardi de chaque mois, sauf le 8 décembre 2026"), for an event starting on `start`: its end,
 * then the exception dates that are occurrences (at most `NAMED_EXCEPTIONS`, then how many more).
 */
export const recurrenceWords = (intl: IntlShape, rule: Recurrence, start: string): string => {
  let words = ruleAlone(intl, rule, start);
  if (rule.count) words = translate(intl, 'agenda.recurrence.count', { rule: words, count: rule.count });
  else if (rule.until) words = translate(intl, 'agenda.recurrence.until', { rule: words, date: longDay(intl, rule.until), day: dayOfMonth(rule.until) });
  const excepted = exceptedOccurrences(rule, start);
  if (excepted.length === 0) return words;
  const named = excepted
    .slice(0, NAMED_EXCEPTIONS)
    .map((date) => translate(intl, 'agenda.recurrence.exceptDate', { date: longDay(intl, date), day: dayOfMonth(date) }));
  if (excepted.length > NAMED_EXCEPTIONS) named.push(translate(intl, 'agenda.recurrence.otherDates', { count: excepted.length - NAMED_EXCEPTIONS }));
  return translate(intl, 'agenda.recurrence.except', { rule: words, dates: intl.formatList(named, { type: 'conjunction' }) });
};
