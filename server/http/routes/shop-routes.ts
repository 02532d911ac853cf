import type { Database } from '../../data/database';
import { defineRoute, noQuerySchema, ok, type ApiRoute } from '../query-schemas';
import type { ApiAnswer } from '../route-input';

/** `GET /api/shop/items/`: the publications a visitor can put in the cart. */
export const answerShopItems = async (db: Database): Promise<ApiAnswer> =>
  // float8 so the price travels as a JSON number (numeric comes back as a string).
  ok(await db.query('select variant_id, title, price::float8 as price, description, image, image_alt from shop_items order by variant_id'));

/** The shop's routes. */
export const SHOP_ROUTES: readonly ApiRoute[] = [defineRoute('/api/shop/items/', noQuerySchema, (db) => answerShopItems(db))];
