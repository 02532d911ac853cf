/**
 * The agenda and the news scope the site's own pages show, as their containers name them
 * (`data-agenda-id`, `data-news-scope`): the pages, their permalinks and the sitemap agree on them.
 */
export const SITE_AGENDA_ID = '1';
export const SITE_NEWS_SCOPE = 'actualites';
