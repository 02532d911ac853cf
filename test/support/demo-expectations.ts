import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { PathReporter } from 'io-ts/lib/PathReporter';
import { type Period } from '../../src/domain/agenda-window';
import { addDays, zurichToday } from '../../src/domain/calendar-days';
import { occurrencesBefore, occurrencesFrom } from '../../src/domain/recurrence';
import { RECURRENCE_HORIZON_DAYS } from '../../server/http/routes/agenda-occurrences';
import type { ContentEvent } from '../../server/data/content';
import { buildDemoContent, DEMO_DEFAULTS, demoYear } from '../../server/operations/demo-content';
import { normalizeSearch } from '../../server/data/search';
import { filingWord } from '../../src/domain/directory-letter';

/** The content the test databases hold, rebuilt from the same deterministic generator (around this year). */
export const demo = buildDemoContent(DEMO_DEFAULTS);

/**
 * A fixed instant for tests that give the server a clock: noon in Zurich on 23 November of the
 * demo's year, so the agenda has events on both sides of today and at the turn of the year after.
 */
export const DEMO_NOW = Date.UTC(demoYear(DEMO_DEFAULTS), 10, 23, 11);

/** The day `DEMO_NOW` is in Zurich. */
export const DEMO_TODAY = zurichToday(DEMO_NOW);

/** Decodes with a client codec, or throws with io-ts's report naming every failing path. */
export const decodeOrThrow = <A>(codec: t.Decoder<unknown, A>, value: unknown): A => {
  const result = codec.decode(value);
  if (isLeft(result)) throw new Error(PathReporter.report(result).slice(0, 5).join('\n'));
  return result.right;
};

const byEventOrder = (a: ContentEvent, b: ContentEvent): number => {
  if (a.bel_date !== b.bel_date) return a.bel_date < b.bel_date ? -1 : 1;
  const at = a.start_time ?? null;
  const bt = b.start_time ?? null;
  if (at !== bt) {
    if (at === null) return 1;
    if (bt === null) return -1;
    return at < bt ? -1 : 1;
  }
  return a.id - b.id;
};

/** The filters and window of an agenda answer, as the API takes them (`agendaId` for `GET /api/agenda/{id}/`). */
export interface AgendaExpectation {
  agendaId?: number;
  categories?: number[];
  month?: number;
  title?: string;
  period?: Period;
  from?: string;
  to?: string;
}

/**
 * Ids of an agenda answer walked to its end, filtered in plain TypeScript: each event once;
 * `upcoming` (the default) from `today` on in date order, `past` before it, most recent first.
 */
export const expectedAgenda = (query: AgendaExpectation, today: string = zurichToday(Date.now())): number[] => {
  const { agendaId, categories, month, title, period = 'upcoming', from, to } = query;
  const kept = demo.events
    .filter((e) => agendaId === undefined || e.agenda_id === agendaId)
    .filter((e) => categories === undefined || categories.length === 0 || e.categories.some((c) => categories.includes(c)))
    .filter((e) => title === undefined || normalizeSearch(e.title).includes(normalizeSearch(title)))
    // A recurring event is listed on each of its dates: an occurrence as its event on that day.
    .flatMap((e) => (e.recurrence ? occurrenceDays(e, period, today).map((day) => ({ ...e, bel_date: day })) : [e]))
    .filter((e) => month === undefined || Number(e.bel_date.slice(5, 7)) === month)
    .filter((e) => (period === 'past' ? e.bel_date < today : e.bel_date >= today))
    .filter((e) => (from === undefined || e.bel_date >= from) && (to === undefined || e.bel_date <= to))
    .sort(byEventOrder);
  return (period === 'past' ? kept.reverse() : kept).map((e) => e.id);
};

// Every day of a rule on its side of today, upcoming ones up to the agenda's horizon (listed in full: no limit is reached).
const occurrenceDays = (event: ContentEvent, period: Period, today: string): string[] => {
  const rule = event.recurrence;
  if (!rule) return [event.bel_date];
  return period === 'past'
    ? occurrencesBefore(rule, event.bel_date, { before: today, limit: 100_000 })
    : occurrencesFrom(rule, event.bel_date, { from: today, to: addDays(today, RECURRENCE_HORIZON_DAYS), limit: 100_000 });
};

/** Ids of `GET /api/agenda/{id}/` walked to its end: the agenda's upcoming events, each once. */
export const expectedPlainAgenda = (agendaId: number, today: string = zurichToday(Date.now())): number[] => expectedAgenda({ agendaId }, today);

/** Ids of `GET /api/agenda/?…` walked to its end, filtered in plain TypeScript (upcoming unless said). */
export const expectedEvents = (query: Omit<AgendaExpectation, 'agendaId'>, today: string = zurichToday(Date.now())): number[] => expectedAgenda(query, today);

// The search's rank (server/data/search.ts): the name starts with the text, a word of it does, or it holds it elsewhere.
const searchRank = (name: string, text: string): number => (name.startsWith(text) ? 0 : name.includes(` ${text}`) ? 1 : 2);

/**
 * Ids of `GET /api/contacts/?…` walked to its end: name contains the text (accents and case
 * ignored) and category; by rank when searching, then by filing word and name (bytes of the folded word and of the normalised name), then id.
 */
export const expectedContacts = (query: { title?: string; category?: string }): number[] => {
  const text = query.title === undefined || query.title === '' ? null : normalizeSearch(query.title);
  return demo.contacts
    .filter((c) => text === null || normalizeSearch(c.title).includes(text))
    .filter((c) => query.category === undefined || query.category === '' || c.categories.includes(query.category))
    .map((c) => ({
      id: c.id,
      word: Buffer.from(filingWord(c.title, c.type_contact)),
      key: Buffer.from(normalizeSearch(c.title)),
      rank: text === null ? 0 : searchRank(normalizeSearch(c.title), text),
    }))
    .sort((a, b) => a.rank - b.rank || Buffer.compare(a.word, b.word) || Buffer.compare(a.key, b.key) || a.id - b.id)
    .map((c) => c.id);
};

/** Ids of the news of a scope, or of the news in any of `categories`, newest first. */
export const expectedNews = (query: { scope?: string; categories?: number[] }): number[] =>
  demo.news
    .filter((n) => query.scope === undefined || n.scope === query.scope)
    .filter((n) => query.categories === undefined || query.categories.length === 0 || n.categories.some((c) => query.categories?.includes(c)))
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.id - a.id))
    .map((n) => n.id);
