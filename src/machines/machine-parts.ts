import { throwError, type Observable } from 'rxjs';
import { fromEventObservable, type EventObject } from 'xstate';
import type { HistoryMode } from '../services/history-service';

/**
 * A service actor the machine declares by name and the widget gives with `machine.provide`:
 * until then it fails at once, naming what is missing, rather than waiting for ever.
 */
export const providedLater = <TEvent extends EventObject, TInput>(machine: string, name: string) =>
  fromEventObservable<TEvent, TInput>((): Observable<TEvent> =>
    throwError(() => new Error(`The ${machine} machine needs the actor "${name}": give it with machine.provide().`)),
  );

/** The action that writes the filters to the address bar, as a new entry (`push`) or in place (`replace`). */
export const toHistory = (mode: HistoryMode) => ({ type: 'writeHistory', params: { mode } }) as const;
