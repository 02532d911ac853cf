import { fromCallback } from 'xstate';

/** How a change of filters enters the browser history: a new entry, or in place of the current one. */
export type HistoryMode = 'push' | 'replace';

/** Writes a query string to the address bar, keeping the path and the fragment; nothing when it is already there. */
export const writeSearch = (mode: HistoryMode, search: string, win: Window = window): void => {
  if (win.location.search === search) return;
  const url = `${win.location.pathname}${search}${win.location.hash}`;
  if (mode === 'push') win.history.pushState(null, '', url);
  else win.history.replaceState(null, '', url);
};

/** An actor that sends `{ type, search }` each time the visitor goes back or forward in the history. */
export const historyActor = (type: string, win: Window = window) =>
  fromCallback<{ type: string }>(({ sendBack }) => {
    const onPopState = (): void => sendBack({ type, search: win.location.search });
    win.addEventListener('popstate', onPopState);
    return () => win.removeEventListener('popstate', onPopState);
  });
