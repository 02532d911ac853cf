import { catchError, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { ShopItemList, type ShopItem } from '../domain/shop';
import { getJson, type Api, type HttpFailure } from './http';

/** The answers of the shop call, as events for the shop machine. */
export type ShopItemsEvent =
  | { readonly type: 'SHOP_ITEMS_LOADED'; readonly items: readonly ShopItem[] }
  | { readonly type: 'SHOP_ITEMS_FAILED'; readonly error: HttpFailure };

/** The items of the shop (`GET /api/shop/items/`), as one event. */
export const loadShopItems = (base: Api): Observable<ShopItemsEvent> =>
  getJson(base, '/api/shop/items/', ShopItemList).pipe(
    map((items): ShopItemsEvent => ({ type: 'SHOP_ITEMS_LOADED', items })),
    catchError((error: HttpFailure) => of<ShopItemsEvent>({ type: 'SHOP_ITEMS_FAILED', error })),
  );

/** The shop call as an actor: stopping it aborts the request. */
export const shopItemsActor = (base: Api) => fromEventObservable<ShopItemsEvent, void>(() => loadShopItems(base));
