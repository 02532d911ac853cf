import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { noQuerySchema } from './query-schemas';

/** `GET /api/shop/items/`: the publications a visitor can put in the cart. */
export const registerShopRoutes = (app: FastifyInstance, db: Database): void => {
  // float8 so the price travels as a JSON number (numeric comes back as a string).
  app.get('/api/shop/items/', { schema: noQuerySchema }, async () =>
    db.query(
      'select variant_id, title, price::float8 as price, description, image, image_alt from shop_items order by variant_id',
    ),
  );
};
