import type { Language } from '../../src/domain/language';
import { wordsIn, type SiteProfile } from '../../src/domain/site-profile';

/**
 * The agenda and the news scope a profile's site shows, as its containers name them (`data-agenda-id`,
 * `data-news-scope`): its pages, permalinks, search, sitemap, feeds and files agree on them.
 */
export interface SiteLists {
  readonly agendaId: string;
  readonly newsScope: string;
}

/** The site lists of a profile (`agendaId`, `newsScope` of its `site.json`). */
export const siteListsOf = ({ settings }: Pick<SiteProfile, 'settings'>): SiteLists => ({ agendaId: String(settings.agendaId), newsScope: settings.newsScope });

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
