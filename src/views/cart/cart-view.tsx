import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { SHIPPING_METHODS, type CartItem, type ShippingMethod } from '../../domain/cart';
import { lineTotal } from '../../domain/cart-arithmetic';
import {
  selectInMemoryOnly,
  selectLines,
  selectOrderId,
  selectQuantity,
  selectShippingMethod,
  selectStatus,
  selectTotal,
} from '../../machines/cart-machine';
import type { MessageId } from '../../i18n/intl';
import { useLocale } from '../shared/widget-root';
import { useMoney } from './money';
import type { CartActor } from './page-cart';
import { QuantityStepper } from './quantity-stepper';

const SHIPPING_LABELS: Readonly<Record<ShippingMethod, MessageId>> = {
  post: 'cart.shipping.post',
  counter: 'cart.shipping.counter',
};

/** Said while storage refuses the cart, wherever the visitor can change it. */
export const InMemoryNotice = ({ actor }: { actor: CartActor }) => {
  const { t } = useLocale();
  return useSelector(actor, selectInMemoryOnly) ? (
    <p className="notice" role="status">
      {t('cart.inMemory')}
    </p>
  ) : null;
};

/** The name of a line: its title, or its variant id when the host gave none. */
export const useLineTitle = (): ((line: Pick<CartItem, 'variant_id' | 'title'>) => string) => {
  const { t } = useLocale();
  return (line) => line.title?.trim() || t('cart.untitled', { id: line.variant_id });
};

const CartLineRow = ({ actor, line, money }: { actor: CartActor; line: CartItem; money: (amount: number) => string }) => {
  const { t } = useLocale();
  const title = useLineTitle()(line);
  return (
    <tr>
      <th scope="row" className="cart-table__title">
        {title}
      </th>
      <td className="cart-table__amount" data-label={t('cart.column.price')}>
        {money(line.price)}
      </td>
      <td data-label={t('cart.column.quantity')}>
        <QuantityStepper actor={actor} line={line} title={title} />
      </td>
      <td className="cart-table__amount" data-label={t('cart.column.total')}>
        {money(lineTotal(line))}
      </td>
      <td>
        <button
          type="button"
          className="button button--quiet"
          aria-label={t('cart.remove', { title })}
          onClick={() => actor.send({ type: 'REMOVE', variantId: line.variant_id })}
        >
          {t('cart.remove.short')}
        </button>
      </td>
    </tr>
  );
};

const CartSummary = ({ actor, money }: { actor: CartActor; money: (amount: number) => string }) => {
  const { t } = useLocale();
  const headingId = useId();
  const shippingId = useId();
  const quantity = useSelector(actor, selectQuantity);
  const total = useSelector(actor, selectTotal);
  const shipping = useSelector(actor, selectShippingMethod);
  const orderId = useSelector(actor, selectOrderId);
  return (
    <section className="cart-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="cart-summary__title">
        {t('cart.summary')}
      </h2>
      <div className="field cart-summary__shipping">
        <label htmlFor={shippingId}>{t('cart.shipping.label')}</label>
        <select id={shippingId} value={shipping} onChange={(event) => actor.send({ type: 'SET_SHIPPING', method: event.currentTarget.value })}>
          {SHIPPING_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(SHIPPING_LABELS[method])}
            </option>
          ))}
        </select>
      </div>
      <dl className="cart-summary__totals">
        <div>
          <dt>{t('cart.items')}</dt>
          <dd>{t('cart.count', { count: quantity })}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>{t('cart.total')}</dt>
          <dd>{money(total)}</dd>
        </div>
        {orderId === null ? null : (
          <div>
            <dt>{t('cart.orderId')}</dt>
            <dd>{orderId}</dd>
          </div>
        )}
      </dl>
      <button type="button" className="button" onClick={() => actor.send({ type: 'EMPTY' })}>
        {t('cart.emptyCart')}
      </button>
    </section>
  );
};

/** The cart page: its lines with steppers, the shipping method, the totals, or what to do when it is empty. */
export const CartView = ({ actor, currency, shopUrl }: { actor: CartActor; currency: string; shopUrl: string }) => {
  const { t } = useLocale();
  const money = useMoney(currency);
  const status = useSelector(actor, selectStatus);
  const lines = useSelector(actor, selectLines);

  return (
    <div className="cart">
      <InMemoryNotice actor={actor} />
      {status === 'restoring' ? <p className="cart__loading">{t('cart.loading')}</p> : null}
      {status === 'empty' ? (
        <div className="notice">
          <p>{t('cart.empty')}</p>
          <a href={shopUrl}>{t('cart.empty.shop')}</a>
        </div>
      ) : null}
      {status === 'filled' ? (
        <>
          <table className="cart-table">
            <caption className="visually-hidden">{t('cart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cart.column.item')}</th>
                <th scope="col" className="cart-table__amount">
                  {t('cart.column.price')}
                </th>
                <th scope="col">{t('cart.column.quantity')}</th>
                <th scope="col" className="cart-table__amount">
                  {t('cart.column.total')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('cart.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <CartLineRow key={line.variant_id} actor={actor} line={line} money={money} />
              ))}
            </tbody>
          </table>
          <CartSummary actor={actor} money={money} />
        </>
      ) : null}
    </div>
  );
};
