import type { AgendaCategory, AgendaEvent } from '../../src/domain/agenda';
import type { HttpFailure } from '../../src/services/http';

/** Agenda categories as the API gives them. */
export const AGENDA_CATEGORIES: readonly AgendaCategory[] = [
  { id: '1', title: 'Séance plénière' },
  { id: '2', title: 'Culture' },
];

/** The day the tests' agenda opens on: a Tuesday, so "Cette semaine" runs to Sunday 6 December. */
export const AGENDA_TODAY = '2026-12-01';

/** How many events a page holds in the tests, small so that a few events make several pages. */
export const AGENDA_PAGE_SIZE = 2;

/** Events over a year's end, with a repeated id as a legacy backend sends it (one row per category link). */
export const AGENDA_EVENTS: readonly AgendaEvent[] = [
  { id: '10', bel_date: '2027-01-01', title: 'Réception du Nouvel An', place: 'Château', categories: [{ id: '2', title: 'Culture' }] },
  {
    id: '11',
    bel_date: '2026-12-31',
    start_time: '18:30',
    end_time: '20:00',
    title: 'Séance de fin d’année',
    description: '<p>Ordre du jour</p>',
    link: 'https://valmont.example/seance',
    categories: [{ id: '1', title: 'Séance plénière' }],
  },
  { id: '10', bel_date: '2027-01-01', title: 'Réception du Nouvel An (doublon)' },
];

/** The event further on, which a permalink names: not in the first page. */
export const LATER_EVENT: AgendaEvent = { id: '12', bel_date: '2027-02-14', start_time: '10:00', title: 'Journée portes ouvertes', place: 'Hôtel de ville' };

/** The next page of upcoming events, repeating one already shown. */
export const MORE_EVENTS: readonly AgendaEvent[] = [LATER_EVENT, { id: '10', bel_date: '2027-01-01', title: 'Réception du Nouvel An' }];

/** Events before the tests' today, most recent first, as a page of `period=past` answers them. */
export const PAST_EVENTS: readonly AgendaEvent[] = [
  { id: '5', bel_date: '2026-11-20', title: 'Séance d’automne', categories: [{ id: '1', title: 'Séance plénière' }] },
  { id: '6', bel_date: '2026-10-02', start_time: '19:00', title: 'Concert d’automne', categories: [{ id: '2', title: 'Culture' }] },
];

/**
 * What a legacy backend answers: the whole agenda at once, past and upcoming, out of order, with
 * a repeated id. With today's date and pages of two, the client shows 11 and 10, holds 12 for
 * "Afficher plus", and 5 then 6 for "Événements passés".
 */
export const LEGACY_AGENDA: readonly AgendaEvent[] = [LATER_EVENT, ...AGENDA_EVENTS, PAST_EVENTS[1]!, PAST_EVENTS[0]!];

/** The path a server's `next` link leads to, as the service gives it. */
export const AGENDA_NEXT_PAGE = '/api/agenda/1/?page_size=2&period=upcoming&cursor=c2';

/** A failure as the HTTP service reports it. */
export const AGENDA_FAILURE: HttpFailure = { _tag: 'NetworkError', url: '/api/agenda/1/', message: 'offline' };

/** The answer to a cursor the server no longer accepts: the content changed since the first page. */
export const STALE_CURSOR: HttpFailure = { _tag: 'HttpError', url: AGENDA_NEXT_PAGE, status: 400 };
