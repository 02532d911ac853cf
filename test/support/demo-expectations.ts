import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either';
import { PathReporter } from 'io-ts/lib/PathReporter';
import type { ContentEvent } from '../../server/content';
import { buildDemoContent, DEMO_DEFAULTS } from '../../server/demo-content';
import { normalizeSearch } from '../../server/search';

/** The content the test databases hold, rebuilt from the same deterministic generator. */
export const demo = buildDemoContent(DEMO_DEFAULTS);

/** Decodes with a client codec, or throws with io-ts's report naming every failing path. */
export const decodeOrThrow = <C extends t.Mixed>(codec: C, value: unknown): t.TypeOf<C> => {
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

/** Ids of `GET /api/agenda/{id}/`: one row per category link, so multi-category events repeat. */
export const expectedPlainAgenda = (agendaId: number): number[] =>
  demo.events
    .filter((e) => e.agenda_id === agendaId)
    .sort(byEventOrder)
    .flatMap((e) => Array.from({ length: Math.max(1, e.categories.length) }, () => e.id));

/** Ids of `GET /api/agenda/?…`, filtered in plain TypeScript. */
export const expectedEvents = (query: { categories?: number[]; month?: number; title?: string }): number[] =>
  demo.events
    .filter((e) => query.categories === undefined || query.categories.length === 0 || e.categories.some((c) => query.categories?.includes(c)))
    .filter((e) => query.month === undefined || Number(e.bel_date.slice(5, 7)) === query.month)
    .filter((e) => query.title === undefined || normalizeSearch(e.title).includes(normalizeSearch(query.title)))
    .sort(byEventOrder)
    .map((e) => e.id);

/** Ids of `GET /api/contacts/?…`: name contains the text (accents and case ignored) and category. */
export const expectedContacts = (query: { title?: string; category?: string }): number[] =>
  demo.contacts
    .filter((c) => query.title === undefined || normalizeSearch(c.title).includes(normalizeSearch(query.title)))
    .filter((c) => query.category === undefined || query.category === '' || c.categories.includes(query.category))
    .map((c) => ({ id: c.id, key: normalizeSearch(c.title) }))
    .sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.id - b.id))
    .map((c) => c.id);

/** Ids of the news of a scope, or of the news in any of `categories`, newest first. */
export const expectedNews = (query: { scope?: string; categories?: number[] }): number[] =>
  demo.news
    .filter((n) => query.scope === undefined || n.scope === query.scope)
    .filter((n) => query.categories === undefined || query.categories.length === 0 || n.categories.some((c) => query.categories?.includes(c)))
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.id - a.id))
    .map((n) => n.id);
