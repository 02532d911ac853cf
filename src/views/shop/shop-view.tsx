import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import type { ShopItem } from '../../domain/shop';
import { selectLine, selectMaxQuantity } from '../../machines/cart-machine';
import { selectShopItems, selectShopRetrying, selectShopStatus, type shopMachine } from '../../machines/shop-machine';
import { InMemoryNotice } from '../shared/in-memory-notice';
import { useMoney } from '../shared/money';
import type { CartActor } from '../../machines/page-cart';
import { RetryMessage, StillTrying } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';

const PLACEHOLDERS = [0, 1, 2, 3];

// About as many items as the first screen of a wide window shows.
const ABOVE_FOLD = 4;

const ShopItemCard = ({
  item,
  aboveFold,
  cart,
  money,
  onAdded,
}: {
  item: ShopItem;
  aboveFold: boolean;
  cart: CartActor;
  money: (amount: number) => string;
  onAdded: (message: string) => void;
}) => {
  const { t, contentLang } = useLocale();
  const titleId = useId();
  const inCart = useSelector(cart, selectLine(item.variant_id))?.quantity ?? 0;
  const add = (): void => {
    const event = { type: 'ADD', item: { variant_id: item.variant_id, title: item.title, price: item.price } } as const;
    // The cart decides; the shop only says what happened.
    if (cart.getSnapshot().can(event)) {
      cart.send(event);
      onAdded(t('shop.added', { title: item.title, quantity: selectLine(item.variant_id)(cart.getSnapshot())?.quantity ?? 0 }));
    } else {
      onAdded(t('shop.maxReached', { title: item.title, max: selectMaxQuantity(cart.getSnapshot()) }));
    }
  };
  return (
    <li className="shop-item">
      <article className="shop-item__card" aria-labelledby={titleId}>
        {item.image ? (
          <img
            className="shop-item__image"
            src={item.image}
            alt={item.image_alt ?? ''}
            lang={item.image_alt ? contentLang : undefined}
            width={120}
            height={120}
            // The first items' images are the page's largest paint: they load at once, the rest when near.
            loading={aboveFold ? 'eager' : 'lazy'}
            fetchPriority={aboveFold ? 'high' : 'auto'}
            decoding="async"
          />
        ) : null}
        <div className="shop-item__body">
          <h2 id={titleId} className="shop-item__title" lang={contentLang}>
            {item.title}
          </h2>
          {item.description ? (
            <p className="shop-item__description" lang={contentLang}>
              {item.description}
            </p>
          ) : null}
          <p className="shop-item__price">{money(item.price)}</p>
          <div className="shop-item__actions">
            <button type="button" className="button" aria-describedby={titleId} onClick={add}>
              {t('shop.add')}
            </button>
            {inCart > 0 ? <span className="shop-item__in-cart">{t('shop.inCart', { quantity: inCart })}</span> : null}
          </div>
        </div>
      </article>
    </li>
  );
};

/** The shop page: the publications on sale, each with a button that adds it to the page's cart. */
export const ShopView = ({ actor, cart, currency }: { actor: ActorRefFrom<typeof shopMachine>; cart: CartActor; currency: string }) => {
  const { t } = useLocale();
  const money = useMoney(currency);
  const status = useSelector(actor, selectShopStatus);
  const items = useSelector(actor, selectShopItems);
  const retrying = useSelector(actor, selectShopRetrying);
  const [announcement, setAnnouncement] = useState('');
  // The same sentence twice (the line already full) must change the text, or it is not read again.
  const announce = (message: string): void => setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

  return (
    <div className="shop" aria-busy={status === 'loading'}>
      {/* Present from the start, so screen readers announce each change of its text. */}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <InMemoryNotice actor={cart} />
      {status === 'loading' && !retrying ? <p className="shop__loading">{t('shop.loading')}</p> : null}
      {retrying ? <StillTrying message={t('common.retrying')} /> : null}
      {status === 'failed' ? <RetryMessage message={t('shop.failed')} retryLabel={t('common.retry')} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
      {status === 'ready' && items.length === 0 ? <p className="notice">{t('shop.empty')}</p> : null}
      <ul className="shop-items" aria-label={t('shop.items')}>
        {status === 'loading'
          ? PLACEHOLDERS.map((key) => (
              <li key={key} className="shop-item shop-item--placeholder" aria-hidden="true">
                <div className="shop-item__card">
                  <div className="placeholder shop-item__image" />
                  <div className="shop-item__body">
                    <div className="placeholder placeholder--title" />
                    <div className="placeholder placeholder--line" />
                  </div>
                </div>
              </li>
            ))
          : items.map((item, index) => (
              <ShopItemCard key={item.variant_id} item={item} aboveFold={index < ABOVE_FOLD} cart={cart} money={money} onAdded={announce} />
            ))}
      </ul>
    </div>
  );
};
