import { followAddressInLanguageLinks } from './language-links';

/** What the address bar follows: the permalink of what is open, or the list's path when nothing is. */
export interface PermalinkState {
  readonly subscribe: (listener: () => void) => () => void;
  readonly permalink: () => string | null;
  readonly listPath: () => string;
}

// Marks the history entries this page added for an opened item, so closing it can go back.
const OPENED = 'permalink-opened';

/**
 * Keeps the address on the permalink of the open item: opening adds a history entry (so a
 * shared address or a reload opens the same item, and Back closes it); closing goes back to
 * the entry before it when this page added it, else replaces the address with the list's.
 * It writes only when the address and the state differ, so following Back writes nothing.
 */
export const syncPermalink = (state: PermalinkState, win: Window = window): (() => void) => {
  const follow = (): void => {
    const wanted = state.permalink();
    const path = win.location.pathname;
    if (wanted !== null && path !== wanted) {
      win.history.pushState({ [OPENED]: true }, '', `${wanted}${win.location.search}`);
    } else if (wanted === null && path !== state.listPath()) {
      const opened = (win.history.state as Record<string, unknown> | null)?.[OPENED] === true;
      if (opened) win.history.back();
      else win.history.replaceState(null, '', `${state.listPath()}${win.location.search}${win.location.hash}`);
    }
    // The header's language switch leads to what is open, in each language (Back moves the address itself: the popstate below).
    followAddressInLanguageLinks(win);
  };
  const onPopState = (): void => followAddressInLanguageLinks(win);
  win.addEventListener('popstate', onPopState);
  const stop = state.subscribe(follow);
  return () => {
    stop();
    win.removeEventListener('popstate', onPopState);
  };
};

/**
 * The same rule for an item the page opens in place (an event's details): opening shows its
 * permalink in a new history entry; closing goes back to it, or to the list's address.
 */
export const showPermalink = (permalink: string | null, listPath: string, win: Window = window): void =>
  syncPermalink({ subscribe: (listener) => (listener(), () => undefined), permalink: () => permalink, listPath: () => listPath }, win)();
