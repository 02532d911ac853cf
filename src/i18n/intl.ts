import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from './compiled/en.json';
import fr from './compiled/fr.json';
import type { Language } from './language';

/** A message key: the French catalogue is the reference every other language must match. */
export type MessageId = keyof typeof fr;

type Catalogue = Record<MessageId, MessageFormatElement[]>;

// The compiled JSON is typed loosely by the JSON import; its shape is the formatjs AST.
const catalogues: Record<Language, Catalogue> = {
  fr: fr as unknown as Catalogue,
  en: en as unknown as Catalogue,
};

const cache = createIntlCache();
const instances = new Map<Language, IntlShape<string>>();

/** The formatter of a language, created once and shared by every widget of the page. */
export const intlFor = (language: Language): IntlShape<string> => {
  const existing = instances.get(language);
  if (existing) return existing;
  const created = createIntl(
    { locale: language, defaultLocale: 'fr', messages: catalogues[language], onError: reportMissing },
    cache,
  );
  instances.set(language, created);
  return created;
};

/** A message of the catalogue, with typed keys. */
export const translate = (
  intl: IntlShape<string>,
  id: MessageId,
  values?: Record<string, string | number>,
): string => intl.formatMessage({ id }, values);

// A missing message is a defect caught by the catalogue test; in the page it must not break rendering.
const reportMissing = (error: Error): void => {
  if (process.env.NODE_ENV !== 'production') console.warn(error.message);
};
