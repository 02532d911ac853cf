import type { ApiRoute } from './query-schemas';
import { AGENDA_ROUTES } from './routes/agenda-routes';
import { CONTACT_ROUTES } from './routes/contacts-routes';
import { NEWS_ROUTES } from './routes/news-routes';
import { SEARCH_ROUTES } from './routes/search-routes';
import { SHOP_ROUTES } from './routes/shop-routes';

/** Every GET route of the reference API, as the app registers them (`registerApiRoutes`). */
export const API_ROUTES: readonly ApiRoute[] = [...AGENDA_ROUTES, ...CONTACT_ROUTES, ...NEWS_ROUTES, ...SHOP_ROUTES, ...SEARCH_ROUTES];
