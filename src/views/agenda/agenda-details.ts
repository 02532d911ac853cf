import { createContext } from 'react';

/** Which event's details a permalink opens, and whom to tell when the visitor opens or closes one. */
export interface AgendaDetails {
  readonly openEvent: string | null;
  readonly onDetails?: ((event: { id: string; title: string }, open: boolean) => void) | undefined;
}

/** The agenda's details state for its events, deep in the memoised list. */
export const AgendaDetailsContext = createContext<AgendaDetails>({ openEvent: null });
