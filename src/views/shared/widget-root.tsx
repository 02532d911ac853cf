import type { IntlShape } from '@formatjs/intl';
import { createContext, StrictMode, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { intlFor, type MessageId } from '../../i18n/intl';
import { readLanguage, subscribeLanguage, type Language } from '../../i18n/language';

interface Locale {
  readonly language: Language;
  readonly intl: IntlShape<string>;
}

const LocaleContext = createContext<Locale>({ language: 'fr', intl: intlFor('fr') });

/** The language of the container, following every change of its `lang` attribute. */
const useContainerLanguage = (container: Element): Language =>
  useSyncExternalStore(
    (onChange) => subscribeLanguage(container, onChange),
    () => readLanguage(container),
  );

/** The root of a React widget: strict mode, and the language of its container for every component. */
export const WidgetRoot = ({ container, children }: { container: Element; children: ReactNode }) => {
  const language = useContainerLanguage(container);
  return (
    <StrictMode>
      <LocaleContext.Provider value={{ language, intl: intlFor(language) }}>{children}</LocaleContext.Provider>
    </StrictMode>
  );
};

/** The page language and a typed message function. */
export const useLocale = (): Locale & { readonly t: (id: MessageId, values?: Record<string, string | number>) => string } => {
  const locale = useContext(LocaleContext);
  return { ...locale, t: (id, values) => locale.intl.formatMessage({ id }, values) };
};
