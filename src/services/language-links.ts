import { FALLBACK_LANGUAGE, isLanguage, ROOT_LANGUAGE_ATTRIBUTE } from '../domain/language';
import { localizedPath, splitLanguage } from '../domain/permalinks';

/**
 * Points the header's language links (`a[data-set-lang]`, written by the server for the address it
 * served) at the address the page shows now, in each language: once a widget moved the address in
 * place (an event's details opened, a filter set, Back), switching language keeps what is shown.
 */
export const followAddressInLanguageLinks = (win: Window = window): void => {
  const named = win.document.documentElement.getAttribute(ROOT_LANGUAGE_ATTRIBUTE);
  const root = isLanguage(named) ? named : FALLBACK_LANGUAGE;
  const { path } = splitLanguage(win.location.pathname, root);
  for (const link of win.document.querySelectorAll<HTMLAnchorElement>('a[data-set-lang]')) {
    const language = link.dataset.setLang;
    if (isLanguage(language)) link.setAttribute('href', `${localizedPath(path, language, root)}${win.location.search}`);
  }
};

/** Follows every address change the browser makes by itself (Back, Forward); stops when called back. */
export const watchAddressForLanguageLinks = (win: Window = window): (() => void) => {
  const follow = (): void => followAddressInLanguageLinks(win);
  win.addEventListener('popstate', follow);
  return () => win.removeEventListener('popstate', follow);
};
