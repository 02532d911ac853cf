import type { Language } from '../domain/language';
import { WIDGET_MESSAGE_PARTS, type WidgetMessagePart } from './message-parts';

/** A part of the catalogue in one language, as its chunk brings it. */
export interface LanguageMessages {
  readonly language: Language;
  readonly messages: object;
}

type PartLoader = () => Promise<{ readonly default?: object }>;

// Parcel resolves a JSON chunk's import() with the catalogue itself (its module's exports), where
// an ES module loader gives it as `default`: either is the catalogue. No message is named `default`.
const catalogueOf = (loaded: { readonly default?: object }): object => loaded.default ?? loaded;

// One chunk a part and a language: a page in German fetches the German agenda only (some 2 KB
// gzip), not the four languages a chunk carried before (5.5 KB).
const PART_LOADERS: Readonly<Record<WidgetMessagePart, Readonly<Record<Language, PartLoader>>>> = {
  agenda: {
    fr: () => import('./compiled/parts/fr-agenda.json'),
    de: () => import('./compiled/parts/de-agenda.json'),
    it: () => import('./compiled/parts/it-agenda.json'),
    en: () => import('./compiled/parts/en-agenda.json'),
  },
  directory: {
    fr: () => import('./compiled/parts/fr-directory.json'),
    de: () => import('./compiled/parts/de-directory.json'),
    it: () => import('./compiled/parts/it-directory.json'),
    en: () => import('./compiled/parts/en-directory.json'),
  },
};

/** Loads the message parts of a widget (by its `data-widget` name) in each of `languages`; nothing for a widget that has none of its own. */
export const loadWidgetMessages = (widget: string, languages: readonly Language[]): Promise<readonly LanguageMessages[]> =>
  Promise.all(
    (WIDGET_MESSAGE_PARTS[widget] ?? []).flatMap((part) =>
      languages.map((language) => PART_LOADERS[part][language]().then((loaded) => ({ language, messages: catalogueOf(loaded) }))),
    ),
  );
