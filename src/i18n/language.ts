import { FALLBACK_LANGUAGE, LANGUAGES, ROOT_LANGUAGE_ATTRIBUTE, type Language } from '../domain/language';

// The list is the domain's (addresses carry a language); widgets and views read it from here.
export { FALLBACK_LANGUAGE, LANGUAGES, ROOT_LANGUAGE_ATTRIBUTE, type Language };

/**
 * The locale each language formats numbers, amounts and dates in: the Swiss one (`fr-CH`, `de-CH`,
 * `it-CH`, `en-CH`), as a Swiss institution writes them ("CHF 0.90" in German, Italian and English,
 * "0.90 CHF" in French; "12'345.5"). The `lang` attributes keep the plain language code.
 */
export const SWISS_LOCALES: Readonly<Record<Language, string>> = { fr: 'fr-CH', de: 'de-CH', it: 'it-CH', en: 'en-CH' };

/** The Swiss locale of a page language, the one place every number, amount and date formatter asks. */
export const swissLocale = (language: Language): string => SWISS_LOCALES[language];

/** The site language for a `lang` attribute value: `de-CH` gives `de`; missing or unsupported gives French. */
export const resolveLanguage = (value: string | null | undefined): Language => {
  const primary = (value ?? '').trim().toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => language === primary) ?? FALLBACK_LANGUAGE;
};

/** The language of an element, read from its own `lang` attribute. */
export const readLanguage = (element: Element): Language => resolveLanguage(element.getAttribute('lang'));

/**
 * The root language of the site an element is part of, read from the nearest element that names it:
 * French where none does (a widget in a content system's page), as the specification says.
 */
export const readRootLanguage = (element: Element): Language =>
  resolveLanguage(element.closest(`[${ROOT_LANGUAGE_ATTRIBUTE}]`)?.getAttribute(ROOT_LANGUAGE_ATTRIBUTE));

/**
 * Calls `onChange` each time the element's `lang` attribute changes, so a widget
 * follows a language switch without a reload. Returns the unsubscribe function.
 */
export const subscribeLanguage = (element: Element, onChange: () => void): (() => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(element, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
};
