/**
 * The sections a site switches on (its profile's `sections`), as the pages and widgets read them:
 * a section off has no page, no link and no entry. Kept apart from the profile's codec, so a
 * widget's code reads them without it.
 */
import type { SitePage } from './permalinks';

/** The sections, in the order a container's `data-sections` lists them. */
export const SECTION_NAMES = ['agenda', 'directory', 'interestsRegister', 'news', 'shop', 'search', 'openData'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** Each section, on or off. */
export type SiteSections = Readonly<Record<SectionName, boolean>>;

/** Every section on: a widget's sections when no page says otherwise (a content system's page), and the demo's. */
export const EVERY_SECTION: SiteSections = { agenda: true, directory: true, interestsRegister: true, news: true, shop: true, search: true, openData: true };

/** The attribute of a page's `<html>` (or a fragment's container) that lists the sections on. */
export const SECTIONS_ATTRIBUTE = 'data-sections';

/** The sections on, as `data-sections` lists them (`agenda directory news`). */
export const sectionsAttribute = (sections: SiteSections): string => SECTION_NAMES.filter((name) => sections[name]).join(' ');

/** The sections a `data-sections` value lists; every one when there is no such attribute. */
export const sectionsFromAttribute = (value: string | null | undefined): SiteSections => {
  if (value === null || value === undefined) return EVERY_SECTION;
  const listed = new Set(value.trim().split(/\s+/));
  return Object.fromEntries(SECTION_NAMES.map((name) => [name, listed.has(name)])) as Record<SectionName, boolean>;
};

/** The section each page belongs to, which must be on for the page to exist; `null`: a page every site has. */
export const SECTION_OF_PAGE: Readonly<Record<SitePage, SectionName | null>> = {
  home: null,
  directory: 'directory',
  agenda: 'agenda',
  news: 'news',
  shop: 'shop',
  cart: 'shop',
  accessibility: null,
  search: 'search',
  legal: null,
  privacy: null,
  sitemap: null,
  data: 'openData',
};

/** Whether a page exists under a site's sections. */
export const pageIsOn = (sections: SiteSections, page: SitePage): boolean => {
  const section = SECTION_OF_PAGE[page];
  return section === null || sections[section];
};

/** What a page's description names of the site: the sections on that it lists, and the open data's formats. */
export interface DescribedSections {
  /** The sections the home page names, in the menu's order. */
  readonly home: readonly ('agenda' | 'directory' | 'news' | 'shop')[];
  /** The kinds the site search finds. */
  readonly search: readonly ('directory' | 'interestsRegister' | 'agenda' | 'news')[];
  /** The data sets the open data page offers. */
  readonly data: readonly ('agenda' | 'directory' | 'news' | 'shop')[];
  /** The files the open data page offers: CSV and JSON for any set, then each one's own. */
  readonly formats: readonly ('CSV' | 'JSON' | 'iCalendar' | 'Atom' | 'vCard')[];
}

/** What the descriptions of a site's pages name (a site without a shop does not announce publications). */
export const describedSections = (sections: SiteSections): DescribedSections => {
  const home = (['agenda', 'directory', 'news', 'shop'] as const).filter((name) => sections[name]);
  const own = { agenda: 'iCalendar', news: 'Atom', directory: 'vCard' } as const;
  return {
    home,
    search: (['directory', 'interestsRegister', 'agenda', 'news'] as const).filter((name) => sections[name]),
    data: home,
    formats: home.length === 0 ? [] : ['CSV', 'JSON', ...(['agenda', 'news', 'directory'] as const).filter((name) => sections[name]).map((name) => own[name])],
  };
};
