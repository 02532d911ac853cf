import { createContext } from 'react';

/** What the events of the list share: where a link lands, their calendar files, and whom to tell when the visitor opens or closes details. */
export interface AgendaDetails {
  /** The event a followed "Afficher plus" or "Événements passés" link scrolls to: the first of the latest addition. */
  readonly anchorEvent?: string | null;
  /** The address of an event's calendar file on this site's server; `null` where the agenda comes from another API. */
  readonly calendarHref?: ((eventId: string) => string) | null;
  readonly onDetails?: ((event: { id: string; title: string }, open: boolean) => void) | undefined;
  /** The agenda's moment (ms): a recurring event's next dates are those still coming then. */
  readonly now?: number;
}

/** The agenda's details state for its events, deep in the memoised list. */
export const AgendaDetailsContext = createContext<AgendaDetails>({});
