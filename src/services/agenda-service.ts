import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { AgendaCategoryList, AgendaEvent, type AgendaCategory } from '../domain/agenda';
import { agendaEventPath, agendaPagePath, type AgendaFilters, type AgendaPage } from '../domain/agenda-filters';
import { ListAnswer, nextPath, type ListPage } from '../domain/paging';
import { attemptEvents, baseOf, getJson, getJsonAttempts, type Api, type HttpFailure, type RetryProgress } from './http';

/**
 * One answer of an agenda list call: its events, the path of the next page (relative to the
 * API base, `null` at the end) and whether the backend sent the whole list at once (a legacy
 * array, which the machine windows itself).
 */
export interface AgendaAnswer {
  readonly events: readonly AgendaEvent[];
  readonly next: string | null;
  readonly whole: boolean;
  /** How many events the list holds in all, as the API reports it (`count`); missing or `null` when it says not. */
  readonly count?: number | null;
}

/** The answers of the first page of a list, as events for the agenda machine; `AGENDA_RETRYING` before each retry. */
export type AgendaEventsEvent =
  | ({ readonly type: 'AGENDA_RETRYING' } & RetryProgress)
  | ({ readonly type: 'AGENDA_LOADED' } & AgendaAnswer)
  | { readonly type: 'AGENDA_FAILED'; readonly error: HttpFailure };

/** The answers of a further page of upcoming events ("Afficher plus"). */
export type MoreAgendaEvent = ({ readonly type: 'MORE_LOADED' } & AgendaAnswer) | { readonly type: 'MORE_FAILED'; readonly error: HttpFailure };

/** The answers of a page of past events ("Événements passés"). */
export type PastAgendaEvent = ({ readonly type: 'PAST_LOADED' } & AgendaAnswer) | { readonly type: 'PAST_FAILED'; readonly error: HttpFailure };

/** The answer of a permalink's single event: found, or not there (a 404, or a backend without the call). */
export type AgendaPermalinkEvent = { readonly type: 'EVENT_FOUND'; readonly event: AgendaEvent } | { readonly type: 'EVENT_MISSING' };

/** The answers of the agenda categories call. */
export type AgendaCategoriesEvent =
  { readonly type: 'CATEGORIES_LOADED'; readonly categories: readonly AgendaCategory[] } | { readonly type: 'CATEGORIES_FAILED'; readonly error: HttpFailure };

/** What the first page of a list needs: the container's agenda, the filters in force and the page. */
export interface AgendaQuery {
  readonly agendaId: string;
  readonly filters: AgendaFilters;
  readonly page: AgendaPage;
}

/** Which event a permalink names, in which agenda. */
export interface AgendaEventQuery {
  readonly agendaId: string;
  readonly eventId: string;
}

const AGENDA_PATH = '/api/agenda/';
const EventList = ListAnswer(AgendaEvent);

/**
 * The path of a `next` link, relative to the API base; only a link back into the agenda's
 * calls is followed, so an answer cannot send the widget elsewhere.
 */
export const agendaNextPath = (next: string | null, api: Api): string | null => {
  if (next === null || next === '') return null;
  const path = nextPath(next, baseOf(api));
  return path.startsWith(AGENDA_PATH) ? path : null;
};

const asAnswer =
  (api: Api) =>
  (page: ListPage<AgendaEvent>): AgendaAnswer => ({ events: page.items, next: agendaNextPath(page.next, api), whole: page.whole, count: page.count });

/** A list call decoded as one page, whichever shape the backend answers in. */
const listAt = (api: Api, path: string): Observable<AgendaAnswer> => getJson(api, path, EventList).pipe(map(asAnswer(api)));

/** The first page of a list: the plain or the filter call (SPEC §4) with `page_size`, the range's days and the period. */
export const loadAgenda = (api: Api, { agendaId, filters, page }: AgendaQuery): Observable<AgendaEventsEvent> =>
  getJsonAttempts(api, agendaPagePath(agendaId, filters, page), EventList).pipe(
    attemptEvents(
      (progress): AgendaEventsEvent => ({ type: 'AGENDA_RETRYING', ...progress }),
      (list): AgendaEventsEvent => ({ type: 'AGENDA_LOADED', ...asAnswer(api)(list) }),
    ),
    catchError((error: HttpFailure) => of<AgendaEventsEvent>({ type: 'AGENDA_FAILED', error })),
  );

/** A further page of upcoming events, at the path of the previous page's `next`. */
export const loadMoreAgenda = (api: Api, path: string): Observable<MoreAgendaEvent> =>
  listAt(api, path).pipe(
    map((answer): MoreAgendaEvent => ({ type: 'MORE_LOADED', ...answer })),
    catchError((error: HttpFailure) => of<MoreAgendaEvent>({ type: 'MORE_FAILED', error })),
  );

/** A page of past events: the first `period=past` page, or the path of the previous one's `next`. */
export const loadPastAgenda = (api: Api, path: string): Observable<PastAgendaEvent> =>
  listAt(api, path).pipe(
    map((answer): PastAgendaEvent => ({ type: 'PAST_LOADED', ...answer })),
    catchError((error: HttpFailure) => of<PastAgendaEvent>({ type: 'PAST_FAILED', error })),
  );

/** A permalink's event (`GET /api/agenda/{id}/events/{eventId}/`); any failure means the machine looks no further. */
export const loadAgendaEvent = (api: Api, { agendaId, eventId }: AgendaEventQuery): Observable<AgendaPermalinkEvent> =>
  getJson(api, agendaEventPath(agendaId, eventId), AgendaEvent).pipe(
    map((event): AgendaPermalinkEvent => (event.id === eventId ? { type: 'EVENT_FOUND', event } : { type: 'EVENT_MISSING' })),
    catchError(() => of<AgendaPermalinkEvent>({ type: 'EVENT_MISSING' })),
  );

/** The categories of the agenda (`GET /api/categories/agenda/`). */
export const loadAgendaCategories = (api: Api): Observable<AgendaCategoriesEvent> =>
  getJson(api, '/api/categories/agenda/', AgendaCategoryList).pipe(
    map((categories): AgendaCategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories })),
    catchError((error: HttpFailure) => of<AgendaCategoriesEvent>({ type: 'CATEGORIES_FAILED', error })),
  );

/** The agenda call as an actor: stopping it (a newer filter) aborts the request. */
export const agendaActor = (api: Api) => fromEventObservable<AgendaEventsEvent, AgendaQuery>(({ input }) => loadAgenda(api, input));

/** The further-page call as an actor; its input is the page's path. Stopping it aborts the request. */
export const moreAgendaActor = (api: Api) => fromEventObservable<MoreAgendaEvent, string>(({ input }) => loadMoreAgenda(api, input));

/** The past-page call as an actor; its input is the page's path. */
export const pastAgendaActor = (api: Api) => fromEventObservable<PastAgendaEvent, string>(({ input }) => loadPastAgenda(api, input));

/** The permalink's event call as an actor. */
export const agendaEventActor = (api: Api) => fromEventObservable<AgendaPermalinkEvent, AgendaEventQuery>(({ input }) => loadAgendaEvent(api, input));

/** The categories call as an actor. */
export const agendaCategoriesActor = (api: Api) => fromEventObservable<AgendaCategoriesEvent, void>(() => loadAgendaCategories(api));
