/**
 * The addresses of the agenda's calendar files, which the reference server writes
 * (`server/render/export-routes.ts`): one event (`/agenda/calendrier/1/42.ics`) and the events a
 * list address shows (`/agenda/calendrier/1.ics?categories=3&mois=5&page=2`). They are what
 * "Ajouter à mon calendrier" and "Exporter ces événements" lead to before the script runs (or
 * without it); a subscription to the agenda is a feed, under `/flux/`.
 */

/** Where the calendar files live. */
export const CALENDAR_FILES_ROOT = '/agenda/calendrier';

/** The calendar file of one event of an agenda. */
export const eventCalendarPath = (agendaId: string, eventId: string): string =>
  `${CALENDAR_FILES_ROOT}/${encodeURIComponent(agendaId)}/${encodeURIComponent(eventId)}.ics`;

/** The calendar file of the events an agenda page shows for a query string (`''` or `?…`: its filters and pages). */
export const listCalendarPath = (agendaId: string, search: string): string => `${CALENDAR_FILES_ROOT}/${encodeURIComponent(agendaId)}.ics${search}`;
