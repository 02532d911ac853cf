import { catchError, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { withImageOn } from '../domain/media-addresses';
import { ShopItemList, type ShopItem } from '../domain/shop';
import { attemptEvents, baseOf, getJsonAttempts, type Api, type HttpFailure, type RetryProgress } from './http';

/** The answers of the shop call, as events for the shop machine; `SHOP_ITEMS_RETRYING` before each retry of a slow or failing call. */
export type ShopItemsEvent =
  | ({ readonly type: 'SHOP_ITEMS_RETRYING' } & RetryProgress)
  | { readonly type: 'SHOP_ITEMS_LOADED'; readonly items: readonly ShopItem[] }
  | { readonly type: 'SHOP_ITEMS_FAILED'; readonly error: HttpFailure };

/** The items of the shop (`GET /api/shop/items/`), as one event. */
export const loadShopItems = (base: Api): Observable<ShopItemsEvent> =>
  getJsonAttempts(base, '/api/shop/items/', ShopItemList).pipe(
    attemptEvents(
      (progress): ShopItemsEvent => ({ type: 'SHOP_ITEMS_RETRYING', ...progress }),
      (items): ShopItemsEvent => ({ type: 'SHOP_ITEMS_LOADED', items: items.map((item) => withImageOn(baseOf(base), item)) }),
    ),
    catchError((error: HttpFailure) => of<ShopItemsEvent>({ type: 'SHOP_ITEMS_FAILED', error })),
  );

/** The shop call as an actor: stopping it aborts the request. */
export const shopItemsActor = (base: Api) => fromEventObservable<ShopItemsEvent, void>(() => loadShopItems(base));
