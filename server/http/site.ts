import type { SiteProfile } from '../../src/domain/site-profile';

/**
 * The agenda and the news scope the site's own pages show, as their containers name them
 * (`data-agenda-id`, `data-news-scope`): the pages, their permalinks and the sitemap agree on them.
 */
export const SITE_AGENDA_ID = '1';
export const SITE_NEWS_SCOPE = 'actualites';

/** The agenda and the news scope a profile's site shows: its pages, search, sitemap, feeds and files read these. */
export interface SiteLists {
  readonly agendaId: string;
  readonly newsScope: string;
}

/** The site lists of a profile (`agendaId`, `newsScope` of its `site.json`). */
export const siteListsOf = ({ settings }: Pick<SiteProfile, 'settings'>): SiteLists => ({ agendaId: String(settings.agendaId), newsScope: settings.newsScope });
