import type { AgendaCategory, AgendaEvent } from '../../src/domain/agenda';
import type { HttpFailure } from '../../src/services/http';

/** Agenda categories as the API gives them. */
export const AGENDA_CATEGORIES: readonly AgendaCategory[] = [
  { id: '1', title: 'Séance plénière' },
  { id: '2', title: 'Culture' },
];

/** Events over a year's end, with a repeated id as the plain agenda call sends it. */
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

/** A failure as the HTTP service reports it. */
export const AGENDA_FAILURE: HttpFailure = { _tag: 'NetworkError', url: '/api/agenda/1/', message: 'offline' };
