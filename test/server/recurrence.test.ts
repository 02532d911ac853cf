import fc from 'fast-check';
import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { AgendaEvent } from '../../src/domain/agenda';
import { addDays } from '../../src/domain/calendar-days';
import { HOME_EVENTS_ASKED, HOME_LIST_SIZE, nextEvents } from '../../src/domain/home-lists';
import { zurichWallTime } from '../../src/domain/calendar-days';
import { CSV_PATHS } from '../../src/domain/open-data-export';
import { CSV_DELIMITER } from '../../src/domain/directory-export';
import { occurrencesBefore, occurrencesFrom, Recurrence, WEEKDAYS, weekdayOfDate } from '../../src/domain/recurrence';
import { buildApp } from '../../server/http/app';
import { RECURRENCE_HORIZON_DAYS } from '../../server/http/routes/agenda-occurrences';
import { decodeContent, type Content, type ContentEvent } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { importContent } from '../../server/operations/seed';
import { closeOpened } from '../support/close-opened';
import { eventually } from '../support/eventually';
import { decodeOrThrow, demo, DEMO_NOW, DEMO_TODAY, expectedAgenda } from '../support/demo-expectations';
import { parseCsv } from '../support/csv';
import { runs } from '../support/fuzz-runs';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';

// Opening a copy of the test database takes seconds when other test files run beside this one.
jest.setTimeout(180_000);

const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;

const faults = (content: unknown): string[] => {
  const result = decodeContent(content);
  return result.ok ? [] : result.errors;
};

const tour = demo.events.find((event) => event.recurrence?.frequency === 'weekly')!;
const session = demo.events.find((event) => event.recurrence?.frequency === 'monthly')!;

interface Page {
  count: number;
  next: string | null;
  results: unknown[];
}

/** Every page of a list from its first address, the rows decoded as the client decodes them. */
const walk = async (client: TestClient, first: string): Promise<{ count: number; events: AgendaEvent[] }> => {
  let path: string | null = first;
  const events: AgendaEvent[] = [];
  let count = -1;
  while (path !== null) {
    const { status, body } = await client.getJson(path);
    expect(status).toBe(200);
    const page = body as Page;
    if (count < 0) count = page.count;
    events.push(...page.results.map((row) => decodeOrThrow(AgendaEvent, row)));
    path = page.next === null ? null : page.next.replace(/^https?:\/\/[^/]+/, '');
  }
  return { count, events };
};

describe('recurring events in the import file', () => {
  it('accepts the demo, whose weekly tour and monthly session repeat', () => {
    expect(faults(copy())).toEqual([]);
    expect(tour.recurrence).toMatchObject({ frequency: 'weekly', weekdays: ['SA'] });
    expect(session.recurrence).toMatchObject({ frequency: 'monthly', monthly_by: 'weekday' });
  });

  it('refuses a malformed rule, naming the path of each field', () => {
    const content = copy();
    const events = content.events as unknown as Record<string, unknown>[];
    events[1]!['recurrence'] = { frequency: 'yearly' };
    events[2]!['recurrence'] = { frequency: 'weekly', count: 0 };
    events[3]!['recurrence'] = { frequency: 'daily', until: '2026-02-30' };
    expect(faults(content)).toEqual([
      expect.stringMatching(/^events\/1\/recurrence\/frequency: .*\(got "yearly"\)$/),
      expect.stringMatching(/^events\/2\/recurrence\/count: expected a whole number from 1 to 1000 \(got 0\)$/),
      expect.stringMatching(/^events\/3\/recurrence\/until: expected a date/),
    ]);
  });

  it('refuses a rule that cannot hold for its event, naming the field', () => {
    const content = copy();
    const first = content.events[0]!;
    first.recurrence = { frequency: 'daily', until: addDays(first.bel_date, -1) };
    const second = content.events[1]!;
    second.recurrence = { frequency: 'daily', count: 3, until: addDays(second.bel_date, 10) };
    expect(faults(content)).toEqual([
      expect.stringMatching(/^events\/0\/recurrence\/until: ends before the event starts/),
      expect.stringMatching(/^events\/1\/recurrence\/count: /),
    ]);
  });
});

describe('the agenda lists each occurrence on its date', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;

  beforeAll(async () => {
    db = await openTestDatabase();
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await closeOpened(db);
  });

  it('pages through the occurrences within the same keyset paging, counted like events', async () => {
    const { count, events } = await walk(client, '/api/agenda/1/?page_size=37');
    expect(events.map((event) => Number(event.id))).toEqual(expectedAgenda({ agendaId: 1 }, DEMO_TODAY));
    expect(count).toBe(events.length);
    // The tour on each Saturday from today to the horizon, but for its exception dates.
    const tourDays = events.filter((event) => event.id === String(tour.id)).map((event) => event.bel_date);
    expect(tourDays.length).toBeGreaterThan(20);
    for (const day of tourDays) expect(weekdayOfDate(day)).toBe('SA');
    for (const day of tour.recurrence?.except ?? []) expect(tourDays).not.toContain(day);
    expect(tourDays.every((day) => day >= DEMO_TODAY && day <= addDays(DEMO_TODAY, RECURRENCE_HORIZON_DAYS))).toBe(true);
    // Each occurrence carries the rule and the first date it starts from.
    const occurrence = events.find((event) => event.id === String(tour.id))!;
    expect(occurrence.recurrence).toEqual(tour.recurrence);
    expect(occurrence.recurrence_start).toBe(tour.bel_date);
  });

  it('applies the month filter and the categories to each occurrence, and lists the past most recent first', async () => {
    const august = await walk(client, '/api/agenda/?month=8&categories=1&page_size=50');
    expect(august.events.map((event) => Number(event.id))).toEqual(expectedAgenda({ month: 8, categories: [1] }, DEMO_TODAY));
    // The session rests in August.
    expect(august.events.some((event) => event.id === String(session.id))).toBe(false);
    const past = await walk(client, '/api/agenda/1/?period=past&page_size=50');
    expect(past.events.map((event) => Number(event.id))).toEqual(expectedAgenda({ agendaId: 1, period: 'past' }, DEMO_TODAY));
    expect(past.events.filter((event) => event.id === String(session.id)).length).toBeGreaterThan(5);
  });

  it('keeps a range within its days', async () => {
    const from = DEMO_TODAY;
    const to = addDays(DEMO_TODAY, 20);
    const { events } = await walk(client, `/api/agenda/?from=${from}&to=${to}&page_size=10`);
    expect(events.map((event) => Number(event.id))).toEqual(expectedAgenda({ from, to }, DEMO_TODAY));
    expect(events.filter((event) => event.id === String(tour.id)).length).toBe(3);
  });

  it('names each event once with occurrences=first: upcoming at its next date, past at its latest, and refuses another value', async () => {
    const upcoming = await walk(client, '/api/agenda/1/?occurrences=first&page_size=7');
    const upcomingIds = upcoming.events.map((event) => event.id);
    expect(new Set(upcomingIds).size).toBe(upcomingIds.length);
    expect(upcoming.count).toBe(upcomingIds.length);
    expect(upcomingIds).toEqual([...new Set(expectedAgenda({ agendaId: 1 }, DEMO_TODAY).map(String))]);
    const horizon = addDays(DEMO_TODAY, RECURRENCE_HORIZON_DAYS);
    expect(upcoming.events.find((event) => event.id === String(tour.id))?.bel_date).toBe(
      occurrencesFrom(Recurrence.encode(tour.recurrence!), tour.bel_date, { from: DEMO_TODAY, to: horizon, limit: 1 })[0],
    );
    const past = await walk(client, '/api/agenda/1/?period=past&occurrences=first&page_size=7');
    const pastIds = past.events.map((event) => event.id);
    expect(pastIds).toEqual([...new Set(expectedAgenda({ agendaId: 1, period: 'past' }, DEMO_TODAY).map(String))]);
    expect(past.events.find((event) => event.id === String(session.id))?.bel_date).toBe(
      occurrencesBefore(Recurrence.encode(session.recurrence!), session.bel_date, { before: DEMO_TODAY, limit: 1 })[0],
    );
    const refused = await client.getJson('/api/agenda/1/?occurrences=some');
    expect(refused.status).toBe(400);
  });

  it('answers the event itself at its first date, with its rule', async () => {
    const { status, body } = await client.getJson(`/api/agenda/${tour.agenda_id}/events/${tour.id}/`);
    expect(status).toBe(200);
    const event = decodeOrThrow(AgendaEvent, body);
    expect(event.bel_date).toBe(tour.bel_date);
    expect(event.recurrence).toEqual(tour.recurrence);
  });

  it('writes one VEVENT with RRULE and EXDATE in the calendar feed, not one an occurrence', async () => {
    const { status, text: body } = await client.get(`/flux/agenda/${tour.agenda_id}.ics`);
    expect(status).toBe(200);
    const entries = body.split('BEGIN:VEVENT').filter((entry) => entry.includes(`UID:${tour.agenda_id}-${tour.id}@`) || entry.includes(`-${tour.id}@`));
    const own = entries.filter((entry) => entry.includes('Visite guidée du Parlement'));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=\d{8}T\d{6}Z/);
    expect(own[0]).toMatch(/EXDATE;TZID=Europe\/Zurich:\d{8}T100000/);
  });
});

const ZURICH_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });
let zoneRegistered = false;

/** The days ical.js expands from a calendar file's first VEVENT, from `from` to `to`. */
const icalDays = (ics: string, from: string, to: string): string[] => {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (!zoneRegistered && zone) {
    ICAL.TimezoneService.register(zone);
    zoneRegistered = true;
  }
  const iterator = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).iterator();
  const days: string[] = [];
  for (let steps = 0; steps < 5000; steps++) {
    const next = iterator.next() as ICAL.Time | null | undefined;
    if (!next) break;
    const day = next.isDate ? next.toString().slice(0, 10) : ZURICH_DAY.format(next.toJSDate());
    if (day > to) break;
    if (day >= from) days.push(day);
  }
  return days;
};

describe('the agenda’s occurrences against ical.js', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;
  const base = copy();

  beforeAll(async () => {
    db = await openTestDatabase();
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await closeOpened(db);
  });

  // Rules around the clock changes, timed or all-day, ending by a day, a count or not at all, with exceptions drawn from their days.
  const changes = ['-03-29', '-10-25', '-03-28', '-10-31'].map((day, index) => `${Number(DEMO_TODAY.slice(0, 4)) + (index < 2 ? 0 : 1)}${day}`);
  const repeating = fc
    .record({
      start: fc.tuple(fc.constantFrom(DEMO_TODAY, ...changes), fc.integer({ min: -40, max: 10 })).map(([day, shift]) => addDays(day, shift)),
      time: fc.constantFrom(null, '02:30', '10:00', '23:30'),
      frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
      interval: fc.integer({ min: 1, max: 3 }),
      weekdays: fc.subarray([...WEEKDAYS], { minLength: 1, maxLength: 3 }),
      monthlyBy: fc.constantFrom('month_day' as const, 'weekday' as const),
      end: fc.oneof(
        fc.integer({ min: 1, max: 500 }).map((days) => ({ days })),
        fc.integer({ min: 1, max: 80 }).map((count) => ({ count })),
        fc.constant({}),
      ),
      skipped: fc.array(fc.nat({ max: 30 }), { maxLength: 4 }),
    })
    .map(({ start, time, frequency, interval, weekdays, monthlyBy, end, skipped }) => {
      const days = weekdays.includes(weekdayOfDate(start)) ? weekdays : [...weekdays, weekdayOfDate(start)];
      const rule: Recurrence = {
        frequency,
        interval,
        ...(frequency === 'weekly' ? { weekdays: days } : {}),
        ...(frequency === 'monthly' ? { monthly_by: monthlyBy } : {}),
        ...('days' in end ? { until: addDays(start, end.days) } : 'count' in end ? { count: end.count } : {}),
      };
      const real = occurrencesFrom(rule, start, { from: start, limit: 31 });
      const except = [...new Set(skipped.flatMap((index) => (real[index] === undefined ? [] : [real[index]])))];
      return { start, time, rule: except.length > 0 ? { ...rule, except } : rule };
    });

  it('lists, through the API’s pages, the days ical.js expands from the event’s calendar file', async () => {
    await fc.assert(
      fc.asyncProperty(repeating, async ({ start, time, rule }) => {
        const event: ContentEvent = {
          id: 90_001,
          agenda_id: 1,
          bel_date: start,
          start_time: time,
          end_time: null,
          title: 'Visite guidée',
          categories: [],
          recurrence: rule,
        };
        // Only the rule in its agenda's answer: the demo's events stay, filtered out by the title.
        await importContent(db, { ...base, events: [...base.events, event] }, 'recurrence.json');
        const to = addDays(DEMO_TODAY, 400);
        await eventually(async () => {
          const { events, count } = await walk(client, `/api/agenda/?title=${encodeURIComponent('visite guidee')}&from=${DEMO_TODAY}&to=${to}&page_size=25`);
          const listed = events.filter((row) => row.id === String(event.id)).map((row) => row.bel_date);
          const calendar = await client.get(`/agenda/calendrier/${event.agenda_id}/${event.id}.ics`);
          expect(calendar.status).toBe(200);
          expect(listed).toEqual(icalDays(calendar.text, DEMO_TODAY, to));
          expect(count).toBe(events.length);
        });
      }),
      { numRuns: runs(12) },
    );
  });
});

describe('whether a series still repeats: one answer for the feed, the CSV, the search and the home page', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;
  const base = copy();

  beforeAll(async () => {
    db = await openTestDatabase();
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await closeOpened(db);
  });

  const csvIds = async (path: string): Promise<string[]> => {
    const answer = await client.get(path);
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return parseCsv(answer.text.replace(/^\uFEFF/, ''), CSV_DELIMITER)
      .slice(1)
      .filter((row) => row.length > 1)
      .map((row) => row[0]!);
  };

  const horizon = addDays(DEMO_TODAY, RECURRENCE_HORIZON_DAYS);
  const siteSeries = base.events.filter((event) => event.agenda_id === 1 && event.recurrence);

  it("puts a series in a month's CSV when one of its dates is in that month: the Saturday tour in August, not the session that rests in August", async () => {
    const august = await csvIds(`${CSV_PATHS.agenda}?mois=8`);
    expect(august).toContain(String(tour.id));
    expect(august).not.toContain(String(session.id));
    for (const month of [1, 8, 9, 12]) {
      const ids = new Set(await csvIds(`${CSV_PATHS.agenda}?mois=${month}`));
      const inMonth = siteSeries.filter((event) =>
        occurrencesFrom(Recurrence.encode(event.recurrence!), event.bel_date, { from: DEMO_TODAY, to: horizon, limit: 10_000 }).some(
          (day) => Number(day.slice(5, 7)) === month,
        ),
      );
      expect({ month, series: siteSeries.filter((event) => ids.has(String(event.id))).map((event) => event.id) }).toEqual({
        month,
        series: inMonth.map((event) => event.id),
      });
    }
  });

  it('leaves out of the feed and the CSV a series its count ended, and searches it in the past at its last date', async () => {
    // Two weekly workshops begun four months ago: one ended by its count three months ago, one whose count runs past today.
    const start = addDays(DEMO_TODAY, -120);
    const workshop = (id: number, title: string, count: number): ContentEvent => ({
      id,
      agenda_id: 1,
      bel_date: start,
      start_time: '18:00',
      end_time: '20:00',
      title,
      categories: [],
      recurrence: { frequency: 'weekly', count },
    });
    const ended = workshop(90_101, 'Atelier de reliure', 5);
    const running = workshop(90_102, 'Atelier de gravure', 40);
    await importContent(db, { ...base, events: [...base.events, ended, running] }, 'workshops.json');
    await eventually(async () => {
      const feed = await client.get('/flux/agenda/1.ics');
      expect(feed.status).toBe(200);
      const uids = new ICAL.Component(ICAL.parse(feed.text) as unknown[]).getAllSubcomponents('vevent').map((vevent) => String(vevent.getFirstPropertyValue('uid')));
      expect(uids.some((uid) => uid.startsWith(`event-1-${running.id}@`))).toBe(true);
      expect(uids.some((uid) => uid.startsWith(`event-1-${ended.id}@`))).toBe(false);
      const file = await csvIds(CSV_PATHS.agenda);
      expect(file).toContain(String(running.id));
      expect(file).not.toContain(String(ended.id));
      const { body } = await client.getJson('/api/search/?q=atelier&kind=events&limit=20');
      const results = (body as { groups: { results: { title: string; date: string; upcoming: boolean }[] }[] }).groups[0]!.results;
      expect(results.find((result) => result.title === running.title)).toMatchObject({
        date: occurrencesFrom(running.recurrence!, start, { from: DEMO_TODAY, limit: 1 })[0],
        upcoming: true,
      });
      expect(results.find((result) => result.title === ended.title)).toMatchObject({ date: addDays(start, 4 * 7), upcoming: false });
    });
  });

  // An agenda of events of one date and series of every kind, dense daily ones above all, around today.
  const time = fc.constantFrom(null, '09:00', '18:30');
  const series = fc.record({
    offset: fc.integer({ min: -30, max: 10 }),
    time,
    frequency: fc.constantFrom('daily' as const, 'daily' as const, 'weekly' as const, 'monthly' as const),
    interval: fc.constantFrom(1, 1, 2),
    end: fc.oneof(
      fc.constant({}),
      fc.integer({ min: 1, max: 40 }).map((count) => ({ count })),
      fc.integer({ min: 0, max: 60 }).map((days) => ({ days })),
    ),
  });
  const single = fc.record({ offset: fc.integer({ min: -5, max: 40 }), time });
  const agenda = fc.record({ series: fc.array(series, { maxLength: 4 }), singles: fc.array(single, { maxLength: 6 }) }).map(({ series: rules, singles }) => [
    ...rules.map(({ offset, time: startTime, frequency, interval, end }, index): ContentEvent => ({
      id: 91_000 + index,
      agenda_id: 1,
      bel_date: addDays(DEMO_TODAY, offset),
      start_time: startTime,
      title: `Série ${index + 1}`,
      categories: [],
      recurrence: {
        frequency,
        interval,
        ...('days' in end ? { until: addDays(DEMO_TODAY, offset + end.days) } : 'count' in end ? { count: end.count } : {}),
      },
    })),
    ...singles.map(({ offset, time: startTime }, index): ContentEvent => ({
      id: 92_000 + index,
      agenda_id: 1,
      bel_date: addDays(DEMO_TODAY, offset),
      start_time: startTime,
      title: `Séance ${index + 1}`,
      categories: [],
    })),
  ]);

  // Zurich's wall time at the test's clock (12:00): a session of 09:00 today is over, one of 18:30 or without time is not.
  const wallNow = zurichWallTime(DEMO_NOW).slice(11, 16);
  const comingOn = (day: string, time: string | null | undefined): boolean => day > DEMO_TODAY || (day === DEMO_TODAY && (time ?? '24:00') > wallNow);

  /**
   * Each event at its next date from today (within the agenda's horizon), in the agenda's order: written apart from the server.
   * `coming`: at its next date still coming at the clock's moment, today's session that is over left out (the home's rule).
   */
  const nextDates = (events: readonly ContentEvent[], coming = false): [string, string][] =>
    events
      .flatMap((event) => {
        const day = event.recurrence
          ? occurrencesFrom(event.recurrence, event.bel_date, { from: DEMO_TODAY, to: horizon, limit: 2 }).find(
              (date) => !coming || comingOn(date, event.start_time),
            )
          : event.bel_date >= DEMO_TODAY && (!coming || comingOn(event.bel_date, event.start_time))
            ? event.bel_date
            : undefined;
        return day === undefined ? [] : [{ id: event.id, day, time: event.start_time ?? '24:00' }];
      })
      .sort((a, b) => (a.day !== b.day ? (a.day < b.day ? -1 : 1) : a.time !== b.time ? (a.time < b.time ? -1 : 1) : a.id - b.id))
      .map(({ id, day }) => [String(id), day]);

  it('gives the home page the next three distinct events of any agenda, two daily series or not, and each event once page after page', async () => {
    await fc.assert(
      fc.asyncProperty(agenda, async (events) => {
        await importContent(db, { ...base, events }, 'home-agenda.json');
        const expected = nextDates(events);
        await eventually(async () => {
          const { status, body } = await client.getJson(`/api/agenda/1/?page_size=${HOME_EVENTS_ASKED}&occurrences=first`);
          expect(status).toBe(200);
          const page = body as Page;
          const shown = nextEvents(
            page.results.map((row) => decodeOrThrow(AgendaEvent, row)),
            DEMO_NOW,
            HOME_LIST_SIZE,
            page.next === null,
          ).map((event) => [event.id, event.bel_date]);
          expect(shown).toEqual(nextDates(events, true).slice(0, HOME_LIST_SIZE));
          expect(page.count).toBe(expected.length);
          const walked = await walk(client, '/api/agenda/1/?page_size=2&occurrences=first');
          expect(walked.events.map((event) => [event.id, event.bel_date])).toEqual(expected);
        });
      }),
      { numRuns: runs(10) },
    );
  });
});
