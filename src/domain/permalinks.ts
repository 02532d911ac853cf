/**
 * The addresses of things that have a page of their own: a contact (`/annuaire/{slug}/`), an
 * event (`/agenda/{id}-{slug}/`) and a news item (`/actualites/{slug}/`). The server, the
 * sitemap and the widgets build and read them here, so they never disagree.
 */

import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from './language';

/** A title as an address part: lower case, accents dropped, words joined by `-`, at most 80 characters. */
export const slugify = (title: string): string => {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug === '' ? 'sans-titre' : slug;
};

/** A slug as the site accepts it in an address. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;

/** Whether a text is a well-formed slug. */
export const isSlug = (value: string): boolean => SLUG_PATTERN.test(value);

/** The slug of a contact: the one the API gives, else its title's. */
export const contactSlug = (contact: { readonly title: string; readonly slug?: string | null | undefined }): string =>
  contact.slug !== undefined && contact.slug !== null && isSlug(contact.slug) ? contact.slug : slugify(contact.title);

/** The page of a contact. */
export const contactPath = (contact: { readonly title: string; readonly slug?: string | null | undefined }): string => `/annuaire/${contactSlug(contact)}/`;

/** The page of an event: its id keeps the address unique, the title's slug makes it readable. */
export const eventPath = (event: { readonly id: string; readonly title: string }): string => `/agenda/${encodeURIComponent(event.id)}-${slugify(event.title)}/`;

/** The slug of a news item: the one the API gives, else its id and title's. */
export const newsSlug = (item: { readonly id: string; readonly title?: string | null | undefined; readonly slug?: string | null | undefined }): string =>
  item.slug !== undefined && item.slug !== null && isSlug(item.slug) ? item.slug : `${slugify(item.id)}-${slugify(item.title ?? '')}`;

/** The page of a news item. */
export const newsPath = (item: { readonly id: string; readonly title?: string | null | undefined; readonly slug?: string | null | undefined }): string =>
  `/actualites/${newsSlug(item)}/`;

/** What a site path names: a section page, or one thing of a section. */
export type SitePath =
  | { readonly kind: 'page'; readonly page: SitePage }
  | { readonly kind: 'contact'; readonly slug: string }
  | { readonly kind: 'event'; readonly id: string; readonly slug: string }
  | { readonly kind: 'news'; readonly slug: string };

/** The pages of the site. */
export type SitePage = 'home' | 'directory' | 'agenda' | 'news' | 'shop' | 'cart' | 'accessibility' | 'search' | 'legal' | 'privacy' | 'sitemap' | 'data';

/** The path of each page, in French, the site's language. */
export const PAGE_PATHS: Readonly<Record<SitePage, string>> = {
  home: '/',
  directory: '/annuaire/',
  agenda: '/agenda/',
  news: '/actualites/',
  shop: '/boutique/',
  cart: '/panier/',
  accessibility: '/accessibilite/',
  search: '/recherche/',
  legal: '/mentions-legales/',
  privacy: '/protection-des-donnees/',
  sitemap: '/plan-du-site/',
  data: '/donnees/',
};

const SECTION_OF: Readonly<Record<string, SitePage>> = Object.fromEntries(Object.entries(PAGE_PATHS).map(([page, path]) => [path, page as SitePage]));

/** What a path (without language prefix or query) names, or `null` when it names nothing of the site. */
export const parseSitePath = (path: string): SitePath | null => {
  const normalized = path.endsWith('/') ? path : `${path}/`;
  const page = SECTION_OF[normalized];
  if (page !== undefined) return { kind: 'page', page };
  const match = /^\/(annuaire|agenda|actualites)\/([^/]+)\/$/.exec(normalized);
  if (!match) return null;
  const [, section, last] = match as unknown as [string, string, string];
  if (section === 'agenda') {
    const event = /^(\d{1,10})-([a-z0-9-]{1,120})$/.exec(last);
    return event ? { kind: 'event', id: event[1]!, slug: event[2]! } : null;
  }
  if (!isSlug(last)) return null;
  return section === 'annuaire' ? { kind: 'contact', slug: last } : { kind: 'news', slug: last };
};

/**
 * A site path in a language: the site's root language (French unless its profile says otherwise)
 * without a prefix, any other under its own (`/de/annuaire/`).
 */
export const localizedPath = (path: string, language: string, root: Language = FALLBACK_LANGUAGE): string => (language === root ? path : `/${language}${path}`);

// `/de`, `/fr/…`, `/it/…`: a language's prefix, then the rest of the path.
const LANGUAGE_PREFIX = new RegExp(`^/(${LANGUAGES.join('|')})(/.*)?$`);

/**
 * A path without its language prefix (`/de/annuaire/` → `/annuaire/`), that prefix's language (the
 * root language when none), and whether it had one: the root language's own prefix (`/fr/…` on a
 * French site) is no address of the site, which its caller tells by `prefixed`.
 */
export const splitLanguage = (
  pathname: string,
  root: Language = FALLBACK_LANGUAGE,
): { readonly language: Language; readonly path: string; readonly prefixed: boolean } => {
  const match = LANGUAGE_PREFIX.exec(pathname);
  const language = match?.[1];
  return match && isLanguage(language) ? { language, path: match[2] ?? '/', prefixed: true } : { language: root, path: pathname, prefixed: false };
};
