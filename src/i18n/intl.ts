import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type fr from './compiled/fr.json';
import deEntry from './compiled/parts/de-entry.json';
import enEntry from './compiled/parts/en-entry.json';
import frEntry from './compiled/parts/fr-entry.json';
import itEntry from './compiled/parts/it-entry.json';
import { LANGUAGES, swissLocale, type Language } from './language';

/** A message key: the French catalogue is the reference every other language must match. */
export type MessageId = keyof typeof fr;

type Catalogue = Partial<Record<MessageId, MessageFormatElement[]>>;

// The entry carries the shell's, the cart's and the shop's messages; the agenda, the directory,
// the news, the search and the home add theirs, in the page's language, from chunks of their own. The formatters read these same
// objects at each call, so messages added later are found. The compiled JSON is typed loosely by
// the JSON import; its shape is the formatjs AST.
const catalogues: Record<Language, Catalogue> = {
  fr: { ...(frEntry as Catalogue) },
  de: { ...(deEntry as Catalogue) },
  it: { ...(itEntry as Catalogue) },
  en: { ...(enEntry as Catalogue) },
};

/** Adds messages of one language to the page's catalogue of it: the loader brings a widget's parts in the page's language (src/i18n/message-loaders.ts). */
export const addLanguageMessages = (language: Language, messages: object): void => {
  Object.assign(catalogues[language], messages);
};

/** Adds messages in every language: the server's renderer and the tests render any widget in any language. */
export const addMessages = (messages: Readonly<Record<Language, object>>): void => {
  for (const language of LANGUAGES) addLanguageMessages(language, messages[language]);
};

const cache = createIntlCache();
const instances = new Map<Language, IntlShape>();

/** The formatter of a language, in its Swiss locale (numbers, amounts, dates), created once and shared by every widget of the page. */
export const intlFor = (language: Language): IntlShape => {
  const existing = instances.get(language);
  if (existing) return existing;
  const created = createIntl({ locale: swissLocale(language), defaultLocale: swissLocale('fr'), messages: catalogues[language], onError: reportMissing }, cache);
  instances.set(language, created);
  return created;
};

/** A message of the catalogue, with typed keys. */
export const translate = (intl: IntlShape, id: MessageId, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);

// A missing message is a defect caught by the catalogue test; in the page it must not break rendering.
const reportMissing = (error: Error): void => {
  if (process.env.NODE_ENV !== 'production') console.warn(error.message);
};
