import type { AgendaEvent } from '../../src/domain/agenda';
import { toIcs } from '../../src/domain/ics';
import {
  countOccurrences,
  exdateLines,
  MAX_RECURRENCE_EXCEPTIONS,
  monthWeekOf,
  nextOccurrences,
  occurrencesBefore,
  occurrencesFrom,
  rdateLines,
  recurrenceFaults,
  rruleValue,
  type Recurrence,
} from '../../src/domain/recurrence';
import { eventJsonLd } from '../../src/domain/structured-data';
import { AGENDA_MESSAGES } from '../../src/i18n/agenda-messages';
import { addMessages, intlFor } from '../../src/i18n/intl';
import type { Language } from '../../src/i18n/language';
import { recurrenceWords } from '../../src/i18n/recurrence-words';

/** The institution the pages name, as a site profile gives it. */
const BY = { name: 'Commune de Seeberg', postalAddress: ['Dorfplatz 1', '3999 Seeberg'] } as const;

addMessages(AGENDA_MESSAGES);

const TUESDAYS: Recurrence = { frequency: 'weekly', until: '2027-06-30' };

describe('recurrenceFaults', () => {
  it('finds nothing wrong in a sound rule, nor in exception dates that are not occurrences', () => {
    expect(recurrenceFaults({ frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH'], count: 10, except: ['2026-09-02'] }, '2026-09-01')).toEqual([]);
    expect(recurrenceFaults({ frequency: 'monthly', monthly_by: 'weekday', until: '2026-09-01' }, '2026-09-01')).toEqual([]);
  });

  it('names each fault by its field, with what it got', () => {
    expect(recurrenceFaults({ frequency: 'daily', count: 3, until: '2027-01-01' }, '2026-09-01')).toEqual([
      'count: cannot be given with until, a rule ends one way (got count 3 and until 2027-01-01)',
    ]);
    expect(recurrenceFaults({ frequency: 'monthly', weekdays: ['MO', 'TU'] }, '2026-09-01')).toEqual([
      'weekdays: only a weekly rule has weekdays (got MO, TU on a monthly rule)',
    ]);
    expect(recurrenceFaults({ frequency: 'weekly', weekdays: [] }, '2026-09-01')).toEqual(['weekdays: lists no day (got an empty list)']);
    expect(recurrenceFaults({ frequency: 'weekly', weekdays: ['TU', 'TH', 'TU'] }, '2026-09-01')).toEqual([
      'weekdays: lists a day more than once (got TU twice in TU, TH, TU)',
    ]);
    expect(recurrenceFaults({ frequency: 'weekly', weekdays: ['MO', 'TH'] }, '2026-09-01')).toEqual([
      'weekdays: must include the day the event starts (got MO, TH, bel_date 2026-09-01 is a TU)',
    ]);
    expect(recurrenceFaults({ frequency: 'daily', monthly_by: 'weekday' }, '2026-09-01')).toEqual([
      'monthly_by: only a monthly rule has monthly_by (got weekday on a daily rule)',
    ]);
    expect(recurrenceFaults({ frequency: 'weekly', until: '2026-01-01' }, '2026-02-01')).toEqual([
      'until: ends before the event starts (2026-01-01, before bel_date 2026-02-01)',
    ]);
    const many = Array.from({ length: MAX_RECURRENCE_EXCEPTIONS + 1 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10));
    expect(recurrenceFaults({ frequency: 'daily', except: many }, '2026-09-01')).toEqual(['except: lists more than 366 dates (got 367)']);
  });
});

describe('occurrences', () => {
  it('lists the Tuesdays from a day, leaves out exception dates and stops at until', () => {
    const rule: Recurrence = { ...TUESDAYS, except: ['2026-12-08', '2026-12-09'] };
    expect(occurrencesFrom(rule, '2026-09-01', { from: '2026-12-01', limit: 3 })).toEqual(['2026-12-01', '2026-12-15', '2026-12-22']);
    expect(occurrencesFrom(rule, '2026-09-01', { from: '2027-06-20', limit: 10 })).toEqual(['2027-06-22', '2027-06-29']);
    expect(occurrencesBefore(rule, '2026-09-01', { before: '2026-09-16', limit: 10 })).toEqual(['2026-09-15', '2026-09-08', '2026-09-01']);
    expect(nextOccurrences(rule, '2026-09-01', '2026-12-02', 2)).toEqual(['2026-12-15', '2026-12-22']);
  });

  it('counts an exception date toward the count, and the start always', () => {
    expect(occurrencesFrom({ frequency: 'daily', count: 3, except: ['2026-09-02'] }, '2026-09-01', { from: '2026-01-01', limit: 10 })).toEqual([
      '2026-09-01',
      '2026-09-03',
    ]);
  });

  it('skips the months without the start’s day, and falls on the last weekday from the 29th', () => {
    expect(occurrencesFrom({ frequency: 'monthly' }, '2027-01-31', { from: '2027-01-01', limit: 4 })).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
      '2027-07-31',
    ]);
    expect(monthWeekOf('2026-10-30')).toBe(-1);
    expect(monthWeekOf('2026-10-23')).toBe(4);
    expect(monthWeekOf('2026-12-01')).toBe(1);
    expect(occurrencesFrom({ frequency: 'monthly', monthly_by: 'weekday' }, '2026-10-30', { from: '2026-10-01', limit: 3 })).toEqual([
      '2026-10-30',
      '2026-11-27',
      '2026-12-25',
    ]);
  });

  it('counts the occurrences of a month in a range', () => {
    expect(countOccurrences({ frequency: 'weekly' }, '2026-09-01', { from: '2026-09-01', to: '2027-08-31', month: 12 })).toBe(5);
    expect(countOccurrences({ frequency: 'weekly' }, '2026-09-01', { from: '2026-09-01', to: '2026-09-30' })).toBe(5);
  });

  it('answers in a moment for a thousand endless rules asked about a day far ahead', () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) occurrencesFrom({ frequency: i % 2 === 0 ? 'daily' : 'weekly' }, '2026-01-06', { from: '2126-01-01', limit: 20 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('rruleValue and exdateLines', () => {
  it('writes UNTIL as the end of the until day in Zurich, in UTC, summer or winter, and as a date for a day-long event', () => {
    expect(rruleValue({ frequency: 'weekly', interval: 2, weekdays: ['TH', 'TU'], until: '2027-06-30' }, '2026-09-01', '10:00')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630T215959Z',
    );
    expect(rruleValue({ frequency: 'weekly', until: '2027-12-21' }, '2026-09-01', '10:00')).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20271221T225959Z');
    // The last Sunday of October: the day ends in winter time.
    expect(rruleValue({ frequency: 'daily', until: '2026-10-25' }, '2026-09-01', '10:00')).toBe('FREQ=DAILY;UNTIL=20261025T225959Z');
    expect(rruleValue({ frequency: 'daily', until: '2026-03-29' }, '2026-03-01', '10:00')).toBe('FREQ=DAILY;UNTIL=20260329T215959Z');
    expect(rruleValue({ frequency: 'weekly', until: '2027-06-30' }, '2026-09-01', null)).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630');
  });

  it('writes a monthly rule by weekday or by day of the month, and a count', () => {
    expect(rruleValue({ frequency: 'monthly', monthly_by: 'weekday' }, '2026-12-01', null)).toBe('FREQ=MONTHLY;BYDAY=1TU');
    expect(rruleValue({ frequency: 'monthly', monthly_by: 'weekday', until: '2027-12-18' }, '2026-10-30', '19:00')).toBe(
      'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271218T225959Z',
    );
    expect(rruleValue({ frequency: 'monthly', interval: 3, count: 4 }, '2026-01-15', null)).toBe('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15;COUNT=4');
  });

  it('lists as EXDATE only the exception dates that are occurrences, at the start time', () => {
    const rule: Recurrence = { frequency: 'weekly', except: ['2026-12-15', '2026-12-09', '2026-12-08'] };
    expect(exdateLines(rule, '2026-09-01', '10:00')).toEqual(['EXDATE;TZID=Europe/Zurich:20261208T100000,20261215T100000']);
    expect(exdateLines(rule, '2026-09-01', null)).toEqual(['EXDATE;VALUE=DATE:20261208,20261215']);
    expect(exdateLines({ frequency: 'weekly', except: ['2026-12-09'] }, '2026-09-01', null)).toEqual([]);
  });

  it('writes a start off a weekly rule’s days as an RDATE, outside the count', () => {
    expect(rruleValue({ frequency: 'weekly', weekdays: ['TH'], count: 3 }, '2026-09-01', '10:00')).toBe('FREQ=WEEKLY;BYDAY=TH;COUNT=2');
    expect(rdateLines({ frequency: 'weekly', weekdays: ['TH'] }, '2026-09-01', '10:00')).toEqual(['RDATE;TZID=Europe/Zurich:20260901T100000']);
    expect(rdateLines({ frequency: 'weekly', weekdays: ['TU'] }, '2026-09-01', '10:00')).toEqual([]);
  });

  it('writes one VEVENT with its RRULE and EXDATE after DTSTART', () => {
    const event: AgendaEvent = { id: '7', bel_date: '2026-09-01', title: 'Visite guidée', start_time: '10:00', recurrence: { ...TUESDAYS, except: ['2026-12-08'] } };
    const lines = toIcs([event], 'valmont.example', new Date(Date.UTC(2026, 0, 1))).split('\r\n');
    const start = lines.indexOf('DTSTART;TZID=Europe/Zurich:20260901T100000');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.slice(start + 1, start + 3)).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T215959Z', 'EXDATE;TZID=Europe/Zurich:20261208T100000']);
  });
});

describe('recurrenceWords', () => {
  const words = (language: Language, rule: Recurrence, start: string) => recurrenceWords(intlFor(language), rule, start);

  it('says a rule in French', () => {
    expect(words('fr', TUESDAYS, '2026-09-01')).toBe("chaque mardi jusqu'au 30 juin 2027");
    expect(words('fr', { frequency: 'daily', count: 10 }, '2026-09-01')).toBe('chaque jour, 10 fois');
    expect(words('fr', { frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH'] }, '2026-09-01')).toBe('toutes les 2 semaines, le mardi et le jeudi');
    expect(words('fr', { frequency: 'monthly', monthly_by: 'weekday' }, '2026-12-01')).toBe('le premier mardi de chaque mois');
    expect(words('fr', { frequency: 'monthly' }, '2026-01-15')).toBe('le 15 de chaque mois');
    expect(words('fr', { frequency: 'monthly', interval: 2 }, '2026-10-01')).toBe('tous les 2 mois, le 1er');
    expect(words('fr', { frequency: 'monthly', monthly_by: 'weekday', until: '2027-12-18' }, '2026-10-30')).toBe(
      "le dernier vendredi de chaque mois jusqu'au 18 décembre 2027",
    );
    expect(words('fr', { frequency: 'weekly', weekdays: ['MO', 'WE'] }, '2026-09-07')).toBe('chaque semaine, le lundi et le mercredi');
    expect(words('fr', { frequency: 'weekly', except: ['2026-12-08', '2026-12-09'] }, '2026-09-01')).toBe('chaque mardi, sauf le 8 décembre 2026');
  });

  it('names three exception dates, then how many more', () => {
    const except = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05'];
    expect(words('fr', { frequency: 'weekly', except }, '2026-09-01')).toBe(
      'chaque mardi, sauf le 8 décembre 2026, le 15 décembre 2026, le 22 décembre 2026 et 2 autres dates',
    );
    expect(words('en', { frequency: 'weekly', except: except.slice(0, 4) }, '2026-09-01')).toBe(
      'every Tuesday, except 8 December 2026, 15 December 2026, 22 December 2026 and 1 other date',
    );
  });

  it('says the same rules in German, Italian and English', () => {
    expect(words('de', TUESDAYS, '2026-09-01')).toBe('jeden Dienstag bis 30. Juni 2027');
    expect(words('it', TUESDAYS, '2026-09-01')).toBe('ogni martedì fino al 30 giugno 2027');
    expect(words('en', TUESDAYS, '2026-09-01')).toBe('every Tuesday until 30 June 2027');
    expect(words('de', { frequency: 'daily', count: 10 }, '2026-09-01')).toBe('jeden Tag, 10-mal');
    expect(words('it', { frequency: 'daily', count: 10 }, '2026-09-01')).toBe('ogni giorno, 10 volte');
    expect(words('en', { frequency: 'daily', count: 10 }, '2026-09-01')).toBe('every day, 10 times');
    expect(words('de', { frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH'] }, '2026-09-01')).toBe('alle 2 Wochen am Dienstag und Donnerstag');
    expect(words('it', { frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH'] }, '2026-09-01')).toBe('ogni 2 settimane, il martedì e il giovedì');
    expect(words('en', { frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH'] }, '2026-09-01')).toBe('every 2 weeks on Tuesday and Thursday');
    expect(words('de', { frequency: 'monthly', monthly_by: 'weekday' }, '2026-12-01')).toBe('am ersten Dienstag jeden Monats');
    expect(words('it', { frequency: 'monthly', monthly_by: 'weekday' }, '2026-12-01')).toBe('il primo martedì di ogni mese');
    expect(words('en', { frequency: 'monthly', monthly_by: 'weekday' }, '2026-12-01')).toBe('on the first Tuesday of every month');
    expect(words('de', { frequency: 'monthly' }, '2026-01-15')).toBe('am 15. jeden Monats');
    expect(words('it', { frequency: 'monthly' }, '2026-01-15')).toBe('il giorno 15 di ogni mese');
    expect(words('en', { frequency: 'monthly' }, '2026-01-22')).toBe('on the 22nd of every month');
    expect(words('en', { frequency: 'monthly' }, '2026-10-01')).toBe('on the 1st of every month');
    expect(words('de', { frequency: 'monthly', interval: 3 }, '2026-10-01')).toBe('alle 3 Monate am 1.');
    expect(words('de', { frequency: 'monthly', monthly_by: 'weekday', until: '2027-12-18' }, '2026-10-30')).toBe(
      'am letzten Freitag jeden Monats bis 18. Dezember 2027',
    );
    expect(words('it', { frequency: 'monthly', monthly_by: 'weekday', until: '2027-12-18' }, '2026-10-30')).toBe(
      "l'ultimo venerdì di ogni mese fino al 18 dicembre 2027",
    );
    expect(words('en', { frequency: 'monthly', monthly_by: 'weekday', until: '2027-12-18' }, '2026-10-30')).toBe(
      'on the last Friday of every month until 18 December 2027',
    );
    expect(words('de', { frequency: 'weekly', except: ['2026-12-08'] }, '2026-09-01')).toBe('jeden Dienstag, ausser am 8. Dezember 2026');
    expect(words('it', { frequency: 'weekly', except: ['2026-12-08'] }, '2026-09-01')).toBe("ogni martedì, tranne l'8 dicembre 2026");
    expect(words('en', { frequency: 'weekly', except: ['2026-12-08'] }, '2026-09-01')).toBe('every Tuesday, except 8 December 2026');
  });

  it('agrees Italian words with the feminine Sunday', () => {
    expect(words('it', { frequency: 'monthly', monthly_by: 'weekday' }, '2026-09-06')).toBe('la prima domenica di ogni mese');
    expect(words('it', { frequency: 'monthly', monthly_by: 'weekday' }, '2026-11-29')).toBe("l'ultima domenica di ogni mese");
    expect(words('it', { frequency: 'monthly', monthly_by: 'weekday', until: '2027-08-11' }, '2026-09-08')).toBe(
      "il secondo martedì di ogni mese fino all'11 agosto 2027",
    );
    expect(words('it', { frequency: 'weekly', weekdays: ['SA', 'SU'] }, '2026-09-06')).toBe('ogni settimana, il sabato e la domenica');
  });
});

describe('eventJsonLd of a repeating event', () => {
  it('has a schema.org Schedule', () => {
    const event: AgendaEvent = {
      id: '7',
      bel_date: '2026-09-01',
      title: 'Visite guidée',
      start_time: '10:00',
      end_time: '11:30',
      recurrence: { frequency: 'weekly', interval: 2, weekdays: ['TU', 'TH'], until: '2027-06-30', except: ['2026-12-08', '2026-12-09'] },
    };
    expect(eventJsonLd(event, 'https://www.canton.example/agenda/7-visite/', BY).eventSchedule).toEqual({
      '@type': 'Schedule',
      repeatFrequency: 'P2W',
      byDay: ['https://schema.org/Tuesday', 'https://schema.org/Thursday'],
      startDate: '2026-09-01',
      endDate: '2027-06-30',
      exceptDate: '2026-12-08',
      startTime: '10:00:00',
      endTime: '11:30:00',
      scheduleTimezone: 'Europe/Zurich',
    });
  });

  it('says a monthly rule by week of the month, by its last weekday or by day, and a count', () => {
    const schedule = (recurrence: Recurrence, bel_date: string) =>
      eventJsonLd({ id: '8', bel_date, title: 'Séance', recurrence }, 'https://www.canton.example/agenda/8/', BY).eventSchedule;
    expect(schedule({ frequency: 'monthly', monthly_by: 'weekday', count: 6 }, '2026-12-01')).toEqual({
      '@type': 'Schedule',
      repeatFrequency: 'P1M',
      byDay: 'https://schema.org/Tuesday',
      byMonthWeek: 1,
      startDate: '2026-12-01',
      repeatCount: 6,
      scheduleTimezone: 'Europe/Zurich',
    });
    expect(schedule({ frequency: 'monthly', monthly_by: 'weekday' }, '2026-10-30')).toMatchObject({ byDay: '-1FR' });
    expect(schedule({ frequency: 'monthly' }, '2026-01-15')).toMatchObject({ repeatFrequency: 'P1M', byMonthDay: 15 });
    expect(schedule({ frequency: 'daily', interval: 3 }, '2026-01-15')).toMatchObject({ repeatFrequency: 'P3D' });
    expect(eventJsonLd({ id: '9', bel_date: '2026-01-15', title: 'Une fois' }, 'https://www.canton.example/agenda/9/', BY).eventSchedule).toBeUndefined();
  });
});
