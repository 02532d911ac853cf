import { parseJson } from '../../domain/json';
import { resolveLanguage, swissLocale } from '../../i18n/language';
import { storedCartCount } from '../../services/stored-cart';

/** The attribute of the header's count text that holds its message's plural forms in the page's language, written by the server. */
export const COUNT_FORMS_ATTRIBUTE = 'data-count-forms';

/** A plural message's forms by ICU selector (`=0`, `one`, `other`), `#` standing for the number. */
export type CountForms = Readonly<Record<string, string>>;

const formsOf = (element: Element): CountForms | null => {
  try {
    const forms = parseJson(element.getAttribute(COUNT_FORMS_ATTRIBUTE) ?? '');
    if (typeof forms !== 'object' || forms === null || Array.isArray(forms)) return null;
    return Object.values(forms).every((form) => typeof form === 'string') ? (forms as CountForms) : null;
  } catch {
    return null;
  }
};

/** A count said with its plural forms, as ICU chooses: an exact `=n` form first, then the language's plural category, the number in its Swiss locale. */
export const formatCount = (forms: CountForms, language: string, count: number): string => {
  const locale = swissLocale(resolveLanguage(language));
  const form = forms[`=${count}`] ?? forms[new Intl.PluralRules(locale).select(count)] ?? forms.other ?? '';
  return form.replace(/#/g, new Intl.NumberFormat(locale).format(count));
};

/** Shows a cart's item count in every header count of the page (`[data-cart-count]`), in the page's language. */
export const showHeaderCount = (doc: Document, count: number): void => {
  for (const holder of doc.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    holder.dataset.cartCount = String(count);
    const text = holder.querySelector<HTMLElement>(`[${COUNT_FORMS_ATTRIBUTE}]`);
    const forms = text === null ? null : formsOf(text);
    if (text === null || forms === null) continue;
    text.dataset.i18nCount = String(count);
    text.textContent = formatCount(forms, doc.documentElement.lang || 'fr', count);
  }
};

const storageOf = (win: Window): Storage | null => {
  try {
    return win.localStorage;
  } catch {
    // Storage disabled by the browser's privacy settings: the cart is empty here.
    return null;
  }
};

/**
 * Shows the stored cart's count in the header before any widget runs (no React, no machine),
 * and again when another tab changes it; once the page's cart runs, it keeps the count itself.
 */
export const showStoredCartCount = (doc: Document, win: Window): void => {
  const show = (): void => showHeaderCount(doc, storedCartCount(storageOf(win)));
  show();
  win.addEventListener('storage', show);
};
