import type { SiteSections } from '../../src/domain/site-sections';
import type { ApiRoute } from './query-schemas';
import { AGENDA_ROUTES } from './routes/agenda-routes';
import { CONTACT_ROUTES } from './routes/contacts-routes';
import { NEWS_ROUTES } from './routes/news-routes';
import { SEARCH_ROUTES } from './routes/search-routes';
import { SHOP_ROUTES } from './routes/shop-routes';

/** Every GET route of the reference API, as the app registers them (`registerApiRoutes`). */
export const API_ROUTES: readonly ApiRoute[] = [...AGENDA_ROUTES, ...CONTACT_ROUTES, ...NEWS_ROUTES, ...SHOP_ROUTES, ...SEARCH_ROUTES];

/** The routes of the sections a site switches on: a section off has no route, and its description lists none. */
export const apiRoutesOf = (sections: SiteSections): readonly ApiRoute[] => [
  ...(sections.agenda ? AGENDA_ROUTES : []),
  ...(sections.directory ? CONTACT_ROUTES : []),
  ...(sections.news ? NEWS_ROUTES : []),
  ...(sections.shop ? SHOP_ROUTES : []),
  ...(sections.search ? SEARCH_ROUTES : []),
];
