import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../domain/language';

// The list is the domain's (addresses carry a language); widgets and views read it from here.
export { FALLBACK_LANGUAGE, LANGUAGES, type Language };

/** The site language for a `lang` attribute value: `de-CH` gives `de`; missing or unsupported gives French. */
export const resolveLanguage = (value: string | null | undefined): Language => {
  const primary = (value ?? '').trim().toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => language === primary) ?? FALLBACK_LANGUAGE;
};

/** The language of an element, read from its own `lang` attribute. */
export const readLanguage = (element: Element): Language => resolveLanguage(element.getAttribute('lang'));

/**
 * Calls `onChange` each time the element's `lang` attribute changes, so a widget
 * follows a language switch without a reload. Returns the unsubscribe function.
 */
export const subscribeLanguage = (element: Element, onChange: () => void): (() => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(element, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
};
