import { fromCallback } from 'xstate';
import { followAddressInLanguageLinks } from './language-links';

/** How a change of filters enters the browser history: a new entry, or in place of the current one. */
export type HistoryMode = 'push' | 'replace';

/** The address parameters of the developer tools (`?journal`, `?inspect`), which a page keeps while its filters rewrite the query. */
export const TOOL_PARAMETERS: readonly string[] = ['journal', 'inspect'];

const nameOf = (part: string): string => {
  const name = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/**
 * The query string `search` with the developer tools' parameters of `current` added after it when it
 * lacks them, written as they were (`?categorie=3&journal`); `search` itself is left as its machine wrote it.
 */
export const keepToolParameters = (search: string, current: string): string => {
  const wanted = new Set(search.replace(/^\?/, '').split('&').filter(Boolean).map(nameOf));
  const kept = current
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && TOOL_PARAMETERS.includes(nameOf(part)) && !wanted.has(nameOf(part)));
  if (kept.length === 0) return search;
  return search === '' || search === '?' ? `?${kept.join('&')}` : `${search}&${kept.join('&')}`;
};

/**
 * Writes a query string to the address bar, keeping the path, the fragment and the developer tools'
 * parameters (`?journal` stays recording across filter changes); nothing when it is already there.
 */
export const writeSearch = (mode: HistoryMode, plainSearch: string, win: Window = window): void => {
  const search = keepToolParameters(plainSearch, win.location.search);
  if (win.location.search === search) return;
  const url = `${win.location.pathname}${search}${win.location.hash}`;
  if (mode === 'push') win.history.pushState(null, '', url);
  else win.history.replaceState(null, '', url);
  // The header's language switch keeps the filters shown.
  followAddressInLanguageLinks(win);
};

/** An actor that sends `{ type, search }` each time the visitor goes back or forward in the history. */
export const historyActor = (type: string, win: Window = window) =>
  fromCallback<{ type: string }>(({ sendBack }) => {
    const onPopState = (): void => {
      followAddressInLanguageLinks(win);
      sendBack({ type, search: win.location.search });
    };
    win.addEventListener('popstate', onPopState);
    return () => win.removeEventListener('popstate', onPopState);
  });
