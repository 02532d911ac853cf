import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { AgendaCategoryList, AgendaEventList, type AgendaCategory, type AgendaEvent } from '../domain/agenda';
import { agendaRequest, type AgendaFilters } from '../domain/agenda-filters';
import { getJson, type Api, type HttpFailure } from './http';

/** The answers of an agenda call, as events for the agenda machine; `plain` marks `GET /api/agenda/{id}/`. */
export type AgendaEventsEvent =
  | { readonly type: 'AGENDA_LOADED'; readonly events: readonly AgendaEvent[]; readonly plain: boolean }
  | { readonly type: 'AGENDA_FAILED'; readonly error: HttpFailure };

/** The answers of the agenda categories call. */
export type AgendaCategoriesEvent =
  | { readonly type: 'CATEGORIES_LOADED'; readonly categories: readonly AgendaCategory[] }
  | { readonly type: 'CATEGORIES_FAILED'; readonly error: HttpFailure };

/** What an agenda request needs: the container's agenda and the filters in force. */
export interface AgendaQuery {
  readonly agendaId: string;
  readonly filters: AgendaFilters;
}

/** The plain agenda when no filter is set, else the filter call with only the set filters (SPEC §4). */
export const loadAgenda = (base: Api, { agendaId, filters }: AgendaQuery): Observable<AgendaEventsEvent> => {
  const request = agendaRequest(agendaId, filters);
  return getJson(base, request.path, AgendaEventList).pipe(
    map((events): AgendaEventsEvent => ({ type: 'AGENDA_LOADED', events, plain: request.plain })),
    catchError((error: HttpFailure) => of<AgendaEventsEvent>({ type: 'AGENDA_FAILED', error })),
  );
};

/** The categories of the agenda (`GET /api/categories/agenda/`). */
export const loadAgendaCategories = (base: Api): Observable<AgendaCategoriesEvent> =>
  getJson(base, '/api/categories/agenda/', AgendaCategoryList).pipe(
    map((categories): AgendaCategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories })),
    catchError((error: HttpFailure) => of<AgendaCategoriesEvent>({ type: 'CATEGORIES_FAILED', error })),
  );

/** The agenda call as an actor: stopping it (a newer filter) aborts the request. */
export const agendaActor = (base: Api) =>
  fromEventObservable<AgendaEventsEvent, AgendaQuery>(({ input }) => loadAgenda(base, input));

/** The categories call as an actor. */
export const agendaCategoriesActor = (base: Api) =>
  fromEventObservable<AgendaCategoriesEvent, void>(() => loadAgendaCategories(base));
