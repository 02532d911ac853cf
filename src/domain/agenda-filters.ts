import { toQueryString } from './query';

/** The agenda's filters (SPEC §3 `currentCategories`, and the month and title of §4). */
export interface AgendaFilters {
  readonly categories: readonly string[];
  /** A month number 1–12, or `null` for every month. */
  readonly month: number | null;
  readonly title: string | null;
}

/** No filter: the plain agenda. */
export const NO_AGENDA_FILTERS: AgendaFilters = { categories: [], month: null, title: null };

/** Whether a month or a title counts as set: neither null nor empty (SPEC §5). */
export const isSet = (value: string | number | null | undefined): boolean => value !== null && value !== undefined && value !== '';

/** Whether any filter is set; without one, the plain agenda is fetched again (SPEC §4). */
export const hasAgendaFilters = (filters: AgendaFilters): boolean =>
  filters.categories.length > 0 || isSet(filters.month) || isSet(filters.title);

/** The selection with one more category, unless it is already there (SPEC §4: no duplicates). */
export const addCategory = (categories: readonly string[], id: string): readonly string[] =>
  categories.includes(id) ? categories : [...categories, id];

/** The selection without a category. */
export const removeCategory = (categories: readonly string[], id: string): readonly string[] =>
  categories.filter((category) => category !== id);

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

/** The page's query string that keeps the filters in the URL (`?categories=…&mois=…&titre=…`). */
export const agendaFiltersToSearch = (filters: AgendaFilters): string =>
  toQueryString({
    categories: filters.categories,
    mois: isSet(filters.month) ? filters.month : undefined,
    titre: isSet(filters.title) ? filters.title : undefined,
  });

/** The filters a page address holds; a month outside 1–12 is ignored. */
export const agendaFiltersFromSearch = (search: string): AgendaFilters => {
  const params = new URLSearchParams(search);
  const month = Number(params.get('mois'));
  const title = params.get('titre');
  return {
    categories: setCategories(params.getAll('categories').filter((id) => id !== '')),
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    title: title === null || title === '' ? null : title,
  };
};
