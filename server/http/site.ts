import type { Language, SiteLanguages } from '../../src/domain/language';
import { wordsIn, type Sections, type SiteProfile } from '../../src/domain/site-profile';

/**
 * The agenda and the news scope a profile's site shows, as its containers name them (`data-agenda-id`,
 * `data-news-scope`), its sections and its languages: its pages, permalinks, search, sitemap, feeds and files agree on them.
 */
export interface SiteLists {
  readonly agendaId: string;
  readonly newsScope: string;
  /** The sections switched on: one off has no route, link or entry anywhere. */
  readonly sections: Sections;
  /** The languages offered, and the root one, whose addresses carry no prefix. */
  readonly languages: SiteLanguages;
}

/** The site lists of a profile (`agendaId`, `newsScope`, `sections` and `languages` of its `site.json`). */
export const siteListsOf = ({ settings }: Pick<SiteProfile, 'settings'>): SiteLists => ({
  agendaId: String(settings.agendaId),
  newsScope: settings.newsScope,
  sections: settings.sections,
  languages: { offered: settings.languages.offered, root: settings.languages.default },
});

/** What the feeds and files say of the institution: its lists, the authority of their ids, and its name. */
export interface SiteIdentity extends SiteLists {
  /** `identifiers.authority`: the `tag:` ids of the feeds, the UIDs and PRODID of the calendars. */
  readonly authority: string;
  /** The language of what carries none (the feeds): the profile's default. */
  readonly language: Language;
  /** The institution's full name in a language (in the default language when the profile does not offer that one). */
  readonly name: (language: Language) => string;
}

/** The identity a profile gives the feeds and files. */
export const siteIdentityOf = (profile: Pick<SiteProfile, 'settings'>): SiteIdentity => ({
  ...siteListsOf(profile),
  authority: profile.settings.identifiers.authority,
  language: profile.settings.languages.default,
  name: (language) => wordsIn(profile.settings, profile.settings.institution.name.full, language),
});
