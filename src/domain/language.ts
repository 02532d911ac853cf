/**
 * The languages the site speaks, in the order of the header's switch (FR | DE | IT | EN). They
 * live in the domain because addresses carry them (`/de/agenda/`): the permalinks, the server's
 * routes and the sitemap read this list, as the message catalogues do.
 */
export const LANGUAGES = ['fr', 'de', 'it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The site's own language: its addresses have no prefix, and it is the fallback of every other. */
export const FALLBACK_LANGUAGE: Language = 'fr';

/** The languages a site offers, in the switch's order, and its root one, whose addresses carry no prefix. */
export interface SiteLanguages {
  readonly offered: readonly Language[];
  readonly root: Language;
}

/** Every language, French at the root: a widget's when no page says otherwise, and the demo's. */
export const EVERY_LANGUAGE: SiteLanguages = { offered: LANGUAGES, root: FALLBACK_LANGUAGE };

/** The attribute that names the site's root language (the one its addresses carry no prefix for) on a page's `<html>` or a fragment's container. */
export const ROOT_LANGUAGE_ATTRIBUTE = 'data-root-language';

/** Whether a text names one of the site's languages exactly (`de`, not `DE` or `de-CH`). */
export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((language) => language === value);
