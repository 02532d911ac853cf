import { cartQuantity } from '../../domain/cart-arithmetic';
import { intlFor } from '../../i18n/intl';
import { resolveLanguage, readLanguage, subscribeLanguage, type Language } from '../../i18n/language';
import { CART_ITEMS_KEY, readStoredCart } from '../../services/cart-storage';
import { translateStatic } from './static-text';

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

/** Starts the site header: language switch, translated static text, current page and cart count. */
export const startShell = (doc: Document, storage: Pick<Storage, 'getItem'> | null): void => {
  const source = doc.querySelector('main [data-widget]') ?? doc.documentElement;
  const page = doc.documentElement.dataset.page;
  for (const link of doc.querySelectorAll<HTMLElement>('[data-nav]')) {
    if (link.dataset.nav === page) link.setAttribute('aria-current', 'page');
  }

  const render = (): void => {
    const language = readLanguage(source);
    const intl = intlFor(language);
    doc.documentElement.lang = language;
    translateStatic(doc, intl);
    const heading = doc.querySelector('main h1');
    doc.title = heading ? `${heading.textContent} – ${intl.formatMessage({ id: 'site.name' })}` : doc.title;
    for (const button of doc.querySelectorAll<HTMLElement>('[data-set-lang]')) {
      button.setAttribute('aria-pressed', String(button.dataset.setLang === language));
    }
  };

  const refreshCount = (): void => {
    showCartCount(doc, storage ? cartQuantity(readStoredCart(storage).items) : 0);
    render();
  };

  for (const button of doc.querySelectorAll<HTMLElement>('[data-set-lang]')) {
    button.addEventListener('click', () => setPageLanguage(doc, resolveLanguage(button.dataset.setLang)));
  }
  subscribeLanguage(source, render);
  // Another tab changed the cart: its count must show here too.
  doc.defaultView?.addEventListener('storage', (event) => {
    if (event.key === null || event.key === CART_ITEMS_KEY) refreshCount();
  });
  refreshCount();
};
