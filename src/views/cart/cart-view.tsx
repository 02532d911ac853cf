import { useId, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { SHIPPING_METHODS, type CartItem, type ShippingMethod } from '../../domain/cart';
import { lineTotal } from '../../domain/cart-arithmetic';
import { checkLines, checkSummary, payablePrice, payableQuantity, payableTotal, type CheckedLine } from '../../domain/cart-prices';
import { selectLines, selectOrderId, selectShippingMethod, selectStatus } from '../../machines/cart-machine';
import { selectCurrentPrices, selectPriceCheck, selectPriceCheckRetrying, type cartPricesMachine } from '../../machines/cart-prices-machine';
import type { MessageId } from '../../i18n/intl';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { InMemoryNotice } from '../shared/in-memory-notice';
import { useMoney } from '../shared/money';
import type { CartActor } from '../../machines/page-cart';
import { QuantityStepper } from './quantity-stepper';

/** The running price check of the cart page. */
export type CartPricesActor = ActorRefFrom<typeof cartPricesMachine>;

const SHIPPING_LABELS: Readonly<Record<ShippingMethod, MessageId>> = {
  post: 'cart.shipping.post',
  counter: 'cart.shipping.counter',
};

/** The name of a line: its title, or its variant id when the host gave none. */
export const useLineTitle = (): ((line: Pick<CartItem, 'variant_id' | 'title'>) => string) => {
  const { t } = useLocale();
  return (line) => line.title?.trim() || t('cart.untitled', { id: line.variant_id });
};

/** The price cell of a line: its unit price, or what the shop says has changed. */
const LinePrice = ({ entry, money }: { entry: CheckedLine; money: (amount: number) => string }) => {
  const { t } = useLocale();
  const { line, check } = entry;
  if (check.status === 'priceChanged') {
    return <span className="cart-table__notice">{t('cart.prices.line.changed', { was: money(check.was), now: money(check.now) })}</span>;
  }
  if (check.status === 'gone') return <span className="cart-table__notice">{t('cart.prices.line.gone')}</span>;
  return <>{money(line.price)}</>;
};

const CartLineRow = ({ actor, entry, money }: { actor: CartActor; entry: CheckedLine; money: (amount: number) => string }) => {
  const { t, contentLang } = useLocale();
  const { line } = entry;
  const title = useLineTitle()(line);
  const price = payablePrice(entry);
  return (
    <tr>
      {/* A line's title is the shop's (French) content; the stand-in for a line without one is the interface's. */}
      <th scope="row" className="cart-table__title" lang={line.title?.trim() ? contentLang : undefined}>
        {title}
      </th>
      <td className="cart-table__amount" data-label={t('cart.column.price')}>
        <LinePrice entry={entry} money={money} />
      </td>
      <td data-label={t('cart.column.quantity')}>
        {/* A line that is no longer sold can only be removed: its quantity is shown, not offered. */}
        {price === null ? line.quantity : <QuantityStepper actor={actor} line={line} title={title} />}
      </td>
      <td className="cart-table__amount" data-label={t('cart.column.total')}>
        {price === null ? <span className="cart-table__notice">{t('cart.prices.line.excluded')}</span> : money(lineTotal({ quantity: line.quantity, price }))}
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

/**
 * What the price check says for the whole cart, in a polite live region that stays in place,
 * so that the end of the check is read out; a failed check says the prices are unverified and
 * offers to check again, while the cart goes on with the stored prices.
 */
const PriceCheckNotice = ({ prices, checked }: { prices: CartPricesActor; checked: readonly CheckedLine[] }) => {
  const { t } = useLocale();
  const status = useSelector(prices, selectPriceCheck);
  const retrying = useSelector(prices, selectPriceCheckRetrying);
  if (status === 'checkFailed') {
    return <RetryMessage message={t('cart.prices.failed')} retryLabel={t('common.retry')} onRetry={() => prices.send({ type: 'RETRY' })} />;
  }
  const { changed, gone } = checkSummary(checked);
  const sentences =
    status === 'checking'
      ? [t(retrying ? 'common.retrying' : 'cart.prices.checking')]
      : changed + gone === 0
        ? [t('cart.prices.current')]
        : [...(changed > 0 ? [t('cart.prices.changed', { count: changed })] : []), ...(gone > 0 ? [t('cart.prices.gone', { count: gone })] : [])];
  return (
    <p className={changed + gone > 0 && status === 'checked' ? 'notice cart__prices' : 'cart__prices cart__prices--quiet'} role="status">
      {sentences.join(' ')}
    </p>
  );
};

const CartSummary = ({ actor, checked, money }: { actor: CartActor; checked: readonly CheckedLine[]; money: (amount: number) => string }) => {
  const { t } = useLocale();
  const headingId = useId();
  const shippingId = useId();
  // What an order would hold: the available lines, at the shop's current prices once checked.
  const quantity = payableQuantity(checked);
  const total = payableTotal(checked);
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

/**
 * The cart page: its lines with steppers, checked against the shop's current prices, the
 * shipping method, the totals, or what to do when it is empty.
 */
export const CartView = ({ actor, prices, currency, shopUrl }: { actor: CartActor; prices: CartPricesActor; currency: string; shopUrl: string }) => {
  const { t } = useLocale();
  const money = useMoney(currency);
  const status = useSelector(actor, selectStatus);
  const lines = useSelector(actor, selectLines);
  const current = useSelector(prices, selectCurrentPrices);
  const checked = useMemo(() => checkLines(lines, current), [lines, current]);

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
          <PriceCheckNotice prices={prices} checked={checked} />
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
              {checked.map((entry) => (
                <CartLineRow key={entry.line.variant_id} actor={actor} entry={entry} money={money} />
              ))}
            </tbody>
          </table>
          <CartSummary actor={actor} checked={checked} money={money} />
        </>
      ) : null}
    </div>
  );
};
