import { addMessages, intlFor } from '../../i18n/intl';
import { resolveLanguage, readLanguage, readRootLanguage, subscribeLanguage, type Language } from '../../i18n/language';
import { localizedPath, splitLanguage } from '../../domain/permalinks';
import { translateStatic } from './static-text';
import { SHELL_MESSAGES } from '../../i18n/shell-messages';

// The footer's and the menu's words: only a page no server rendered translates them here.
addMessages(SHELL_MESSAGES);

/**
 * The language of the page is the `lang` of its widget containers: the switch sets it on
 * every container, and the header follows the main one, so one attribute drives it all.
 */
const setPageLanguage = (doc: Document, language: Language): void => {
  for (const container of doc.querySelectorAll('[data-widget]')) container.setAttribute('lang', language);
};

const showCartCount = (doc: Document, count: number): void => {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-cart-count] [data-i18n="cart.count"]')) {
    element.dataset.i18nCount = String(count);
  }
  for (const element of doc.querySelectorAll<HTMLElement>('[data-cart-count]')) element.dataset.cartCount = String(count);
};

/**
 * The site's name as the page says it: its `<meta name="application-name">`, else its title's last
 * part after " – " (`Agenda – Commune de Seeberg`). A content system's page that says neither gets no
 * name: the widgets carry none of their own, so the institution is named only where the host page names it.
 */
export const siteNameOf = (doc: Document): string | null => {
  const declared = doc.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim();
  if (declared) return declared;
  const at = doc.title.lastIndexOf(' – ');
  return at < 0 ? null : doc.title.slice(at + ' – '.length).trim() || null;
};

/** What the header needs of the page's cart: its item count, now and at every change. */
export interface CartCount {
  readonly current: () => number;
  readonly subscribe: (listener: (count: number) => void) => void;
}

/**
 * Starts the header of a page no server rendered (a content system's, the development
 * server's): language switch in place, translated static text, current page, and the count of
 * the page's one cart (the same actor the shop and cart widgets change). A page the server
 * rendered has all of it in its HTML, and never loads this.
 */
export const startShell = (doc: Document, cart: CartCount | Promise<CartCount>): void => {
  const source = doc.querySelector('main [data-widget]') ?? doc.documentElement;
  const page = doc.documentElement.dataset.page;
  // Read before the first render rewrites the title.
  const siteName = siteNameOf(doc);
  const root = readRootLanguage(doc.documentElement);
  for (const link of doc.querySelectorAll<HTMLElement>('[data-nav]')) {
    if (link.dataset.nav === page) link.setAttribute('aria-current', 'page');
  }

  const render = (): void => {
    const language = readLanguage(source);
    const intl = intlFor(language);
    // Written only when it changes: on a page without widgets the header follows <html lang> itself,
    // and each write would call this again.
    if (doc.documentElement.lang !== language) doc.documentElement.lang = language;
    translateStatic(doc, intl);
    const heading = doc.querySelector('main h1');
    if (heading) doc.title = siteName === null ? heading.textContent : `${heading.textContent} – ${siteName}`;
    for (const link of doc.querySelectorAll<HTMLElement>('[data-set-lang]')) {
      if (link.dataset.setLang === language) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    // The site's own pages exist in each language: the navigation leads to those of the language shown.
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-nav], a[data-localized-href]')) {
      link.setAttribute('href', localizedPath(splitLanguage(link.getAttribute('href') ?? '/', root).path, language, root));
    }
    // So does the site search: its form sends the query to the search page of that language.
    for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-site-search]')) {
      form.setAttribute('action', localizedPath(splitLanguage(form.getAttribute('action') ?? '/recherche/', root).path, language, root));
    }
  };

  let shownCount: number | null = null;
  const showCount = (count: number): void => {
    if (count === shownCount) return;
    shownCount = count;
    showCartCount(doc, count);
    render();
  };

  // Here the page is the browser's alone (no server has it in the other language): the switch's links change it in place.
  for (const link of doc.querySelectorAll<HTMLElement>('[data-set-lang]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      setPageLanguage(doc, resolveLanguage(link.dataset.setLang));
    });
  }
  subscribeLanguage(source, render);
  render();
  // The cart follows other tabs itself (the `storage` event), so the count does too.
  Promise.resolve(cart)
    .then((running) => {
      showCount(running.current());
      running.subscribe(showCount);
    })
    // Without its cart the header keeps the count the page was served with; the cause goes to the console.
    .catch((error: unknown) => console.error(error));
};
