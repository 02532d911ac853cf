import { isQuickRange, rangeDays, type Period, type QuickRange } from './agenda-window';
import type { Day } from './calendar-days';
import { toQueryString } from './query';

/** The agenda's filters (SPEC §3 `currentCategories`, and the month and title of §4), and a quick range of days. */
export interface AgendaFilters {
  readonly categories: readonly string[];
  /** A month number 1–12, or `null` for every month: the next such month, since the list starts today. */
  readonly month: number | null;
  readonly title: string | null;
  /** "Aujourd'hui", "Ce week-end", … (`?periode=`); missing or `null` for none. */
  readonly range?: QuickRange | null;
}

/** No filter: the plain agenda. */
export const NO_AGENDA_FILTERS: AgendaFilters = { categories: [], month: null, title: null };

/** The quick range of a set of filters, `null` for none. */
export const rangeOf = (filters: AgendaFilters): QuickRange | null => filters.range ?? null;

/** Whether a month or a title counts as set: neither null nor empty (SPEC §5). */
export const isSet = (value: string | number | null | undefined): boolean => value !== null && value !== undefined && value !== '';

/** Whether any filter is set; without one, the plain agenda is fetched again (SPEC §4). */
export const hasAgendaFilters = (filters: AgendaFilters): boolean => filters.categories.length > 0 || isSet(filters.month) || isSet(filters.title);

/** Whether anything narrows the list, a quick range included: what "Réinitialiser les filtres" can clear. */
export const hasAnyAgendaFilter = (filters: AgendaFilters): boolean => hasAgendaFilters(filters) || rangeOf(filters) !== null;

/** The selection with one more category, unless it is already there (SPEC §4: no duplicates). */
export const addCategory = (categories: readonly string[], id: string): readonly string[] => (categories.includes(id) ? categories : [...categories, id]);

/** The selection without a category. */
export const removeCategory = (categories: readonly string[], id: string): readonly string[] => categories.filter((category) => category !== id);

/** A selection set wholesale, its duplicates dropped. */
export const setCategories = (categories: readonly string[]): readonly string[] => [...new Set(categories)];

/** The plain agenda call (`GET /api/agenda/{id}/`). */
export const plainAgendaPath = (agendaId: string): string => `/api/agenda/${encodeURIComponent(agendaId)}/`;

/** The filter call: only the filters that are set, lists as repeated parameters (SPEC §7). */
export const filteredAgendaPath = (filters: AgendaFilters): string =>
  `/api/agenda/${toQueryString({
    categories: filters.categories,
    month: isSet(filters.month) ? filters.month : undefined,
    title: isSet(filters.title) ? filters.title : undefined,
  })}`;

/** The search call: the title only (SPEC §7). */
export const searchAgendaPath = (title: string): string => `/api/agenda/${toQueryString({ title })}`;

/** What to ask for a set of filters: the plain agenda when none is set, else the filter call. */
export const agendaRequest = (agendaId: string, filters: AgendaFilters): { path: string; plain: boolean } =>
  hasAgendaFilters(filters) ? { path: filteredAgendaPath(filters), plain: false } : { path: plainAgendaPath(agendaId), plain: true };

/** What one page of the agenda is: the side of today, the widget's `today`, and how many events. */
export interface AgendaPage {
  readonly period: Period;
  readonly today: Day;
  readonly pageSize: number;
  /** `first`: each recurring event once, at its first date in the window (a reference-server extension); each occurrence otherwise. */
  readonly occurrences?: 'first';
}

/**
 * The call of the first page of a list (the plain or the filter call of SPEC §7, as
 * `agendaRequest` chooses), with the paging the reference server reads: `page_size` always,
 * `period=past` for the past (the server takes no period as upcoming), and a quick range's
 * `from`/`to` days. `today` only decides those days, so the path stays the same all day:
 * the page the server rendered and the browser that hydrates it ask for the same paths.
 */
export const agendaPagePath = (agendaId: string, filters: AgendaFilters, page: AgendaPage): string => {
  const { path } = agendaRequest(agendaId, filters);
  const range = rangeOf(filters);
  const days = range !== null && page.period === 'upcoming' ? rangeDays(range, page.today) : null;
  const paging = toQueryString({
    page_size: page.pageSize,
    period: page.period === 'past' ? 'past' : undefined,
    from: days?.from,
    to: days?.to,
    occurrences: page.occurrences,
  });
  return `${path}${path.includes('?') ? `&${paging.slice(1)}` : paging}`;
};

/** The single event of an agenda, for a permalink (`GET /api/agenda/{id}/events/{eventId}/`, a reference-server extension). */
export const agendaEventPath = (agendaId: string, eventId: string): string => `${plainAgendaPath(agendaId)}events/${encodeURIComponent(eventId)}/`;

/** The page's query string that keeps the filters in the URL (`?categories=…&mois=…&titre=…&periode=…`). */
export const agendaFiltersToSearch = (filters: AgendaFilters): string =>
  toQueryString({
    categories: filters.categories,
    mois: isSet(filters.month) ? filters.month : undefined,
    titre: isSet(filters.title) ? filters.title : undefined,
    periode: rangeOf(filters) ?? undefined,
  });

/** The filters a page address holds; a month outside 1–12 and an unknown `periode` are ignored. */
export const agendaFiltersFromSearch = (search: string): AgendaFilters => {
  const params = new URLSearchParams(search);
  const month = Number(params.get('mois'));
  const title = params.get('titre');
  const range = params.get('periode');
  return {
    categories: setCategories(params.getAll('categories').filter((id) => id !== '')),
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    title: title === null || title === '' ? null : title,
    // Left out when none, so filters read from an address compare equal to those written without a range.
    ...(isQuickRange(range) ? { range } : {}),
  };
};

/** How many filters are in force, as the filters' button says it: each category, the month, the title and the quick range. */
export const activeFilterCount = (filters: AgendaFilters): number =>
  filters.categories.length + (isSet(filters.month) ? 1 : 0) + (isSet(filters.title?.trim()) ? 1 : 0) + (rangeOf(filters) !== null ? 1 : 0);
