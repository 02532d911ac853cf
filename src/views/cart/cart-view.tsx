import { useEffect, useId, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { SHIPPING_METHODS, type CartItem, type ShippingMethod } from '../../domain/cart';
import { lineTotal } from '../../domain/cart-arithmetic';
import { checkLines, payableLines, payablePrice, payableQuantity, payableTotal, type CheckedLine } from '../../domain/cart-prices';
import { orderMailto } from '../../domain/order-mail';
import { selectConfirmingEmpty, selectLines, selectNotice, selectOrderId, selectShippingMethod, selectStatus, type CartNotice } from '../../machines/cart-machine';
import { selectCurrentPrices, selectPriceCheck, selectPriceCheckRetrying, type cartPricesMachine } from '../../machines/cart-prices-machine';
import type { MessageId } from '../../i18n/intl';
import { Modal } from '../shared/modal';
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

/** Where the focus goes once the cart has changed: a line's first control, or the cart's heading. */
type FocusTarget = { readonly kind: 'line'; readonly variantId: string } | { readonly kind: 'heading' };

const CartLineRow = ({
  actor,
  entry,
  money,
  onRemove,
  rowRef,
}: {
  actor: CartActor;
  entry: CheckedLine;
  money: (amount: number) => string;
  onRemove: (variantId: string) => void;
  rowRef: (row: HTMLTableRowElement | null) => void;
}) => {
  const { t, contentLang } = useLocale();
  const { line } = entry;
  const title = useLineTitle()(line);
  const price = payablePrice(entry);
  return (
    <tr ref={rowRef}>
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
        <button type="button" className="button button--quiet" aria-label={t('cart.remove', { title })} onClick={() => onRemove(line.variant_id)}>
          {t('cart.remove.short')}
        </button>
      </td>
    </tr>
  );
};

/**
 * What the price check says, in a polite live region that is on the page from the start, so that
 * what it adds is read out: only news, each changed or withdrawn line in a sentence of its own; a
 * check that finds nothing to say says nothing (no "prices are up to date" at every visit). A
 * failed check says the prices are unverified and offers to check again, while the cart goes on
 * with the stored prices.
 */
const PriceCheckNotice = ({
  prices,
  checked,
  shown,
  money,
}: {
  prices: CartPricesActor;
  checked: readonly CheckedLine[];
  shown: boolean;
  money: (amount: number) => string;
}) => {
  const { t } = useLocale();
  const lineTitle = useLineTitle();
  const status = useSelector(prices, selectPriceCheck);
  const retrying = useSelector(prices, selectPriceCheckRetrying);
  if (shown && status === 'checkFailed') {
    return <RetryMessage message={t('cart.prices.failed')} retryLabel={t('common.retry')} onRetry={() => prices.send({ type: 'RETRY' })} />;
  }
  const sentences = !shown
    ? []
    : status === 'checking'
      ? retrying
        ? [t('common.retrying')]
        : []
      : checked.flatMap(({ line, check }) =>
          check.status === 'priceChanged'
            ? [t('cart.prices.line.changedSentence', { title: lineTitle(line), was: money(check.was), now: money(check.now) })]
            : check.status === 'gone'
              ? [t('cart.prices.line.goneSentence', { title: lineTitle(line) })]
              : [],
        );
  return (
    <div className={sentences.length > 0 ? 'notice cart__prices' : 'cart__prices'} role="status" aria-live="polite">
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </div>
  );
};

/** What the cart last did at the visitor's request, said politely: a change of quantity or shipping says the total it leads to. */
const NoticeText = ({
  notice,
  checked,
  shipping,
  filled,
  money,
}: {
  notice: CartNotice | null;
  checked: readonly CheckedLine[];
  shipping: ShippingMethod;
  filled: boolean;
  money: (amount: number) => string;
}) => {
  const { t } = useLocale();
  const lineTitle = useLineTitle();
  if (notice === null) return null;
  switch (notice.kind) {
    case 'emptied':
      return <>{t('cart.emptied')}</>;
    case 'removed':
      return <>{t('cart.removed', { title: lineTitle(notice.line) })}</>;
    case 'quantityChanged':
      return <>{t('cart.quantityChanged', { total: money(payableTotal(checked)) })}</>;
    case 'shippingChanged': {
      const method = t(SHIPPING_LABELS[shipping]);
      // An empty cart has no total to speak of: the method chosen is the news.
      return <>{filled ? t('cart.shippingChanged.total', { method, total: money(payableTotal(checked)) }) : t('cart.shippingChanged', { method })}</>;
    }
  }
};

/** The order: how it is sent, and "Commander", a `mailto:` link to the office that holds the whole order, written as the cart shows it. */
const OrderLink = ({
  address,
  checked,
  orderId,
  shipping,
  money,
}: {
  address: string;
  checked: readonly CheckedLine[];
  orderId: string | null;
  shipping: ShippingMethod;
  money: (amount: number) => string;
}) => {
  const { t } = useLocale();
  const lineTitle = useLineTitle();
  const lines = payableLines(checked);
  // Nothing left to order (every line withdrawn): no link to an empty order.
  if (lines.length === 0) return null;
  const href = orderMailto({
    address,
    lines: lines.map((line) => ({ title: lineTitle(line), quantity: line.quantity, price: line.price })),
    money,
    words: {
      subject: orderId === null ? t('cart.order.mail.subject') : t('cart.order.mail.subjectWithId', { orderId }),
      opening: [t('cart.order.mail.greeting'), '', t('cart.order.mail.intro')],
      line: (line) => t('cart.order.mail.line', { ...line }),
      total: (amount) => t('cart.order.mail.total', { amount }),
      shipping: t('cart.order.mail.shipping', { method: t(SHIPPING_LABELS[shipping]) }),
      closing: [t('cart.order.mail.contact'), '', '', t('cart.order.mail.closing')],
    },
  });
  return (
    <div className="cart-summary__order">
      <p>{t('cart.order.how')}</p>
      <a className="button" href={href}>
        {t('cart.order.button')}
      </a>
    </div>
  );
};

/**
 * The summary: the shipping choice, with what each method means, in every state (the server draws
 * it, and it stays where it is when the lines arrive), then, once the cart holds lines, the totals,
 * the way to order and "Vider le panier".
 */
const CartSummary = ({
  actor,
  checked,
  filled,
  money,
  orderEmail,
  onEmptied,
}: {
  actor: CartActor;
  checked: readonly CheckedLine[];
  filled: boolean;
  money: (amount: number) => string;
  orderEmail: string | null;
  onEmptied: () => void;
}) => {
  const { t } = useLocale();
  const headingId = useId();
  const shippingId = useId();
  const hintId = useId();
  // What an order would hold: the available lines, at the shop's current prices once checked.
  const quantity = payableQuantity(checked);
  const total = payableTotal(checked);
  const shipping = useSelector(actor, selectShippingMethod);
  const orderId = useSelector(actor, selectOrderId);
  const confirming = useSelector(actor, selectConfirmingEmpty);
  const canAsk = useSelector(actor, (snapshot) => snapshot.can({ type: 'EMPTY_REQUESTED' }));
  const canConfirm = useSelector(actor, (snapshot) => snapshot.can({ type: 'EMPTY_CONFIRMED' }));
  const cancel = (): void => {
    if (actor.getSnapshot().can({ type: 'EMPTY_CANCELLED' })) actor.send({ type: 'EMPTY_CANCELLED' });
  };
  return (
    <section className="cart-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="cart-summary__title">
        {t('cart.summary')}
      </h2>
      <div className="field cart-summary__shipping">
        <label htmlFor={shippingId}>{t('cart.shipping.label')}</label>
        <select
          id={shippingId}
          aria-describedby={hintId}
          value={shipping}
          onChange={(event) => actor.send({ type: 'SET_SHIPPING', method: event.currentTarget.value })}
        >
          {SHIPPING_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(SHIPPING_LABELS[method])}
            </option>
          ))}
        </select>
        <p id={hintId} className="cart-summary__hint">
          {t('cart.shipping.hint')}
        </p>
      </div>
      {filled ? (
        <>
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
          {orderEmail === null ? null : <OrderLink address={orderEmail} checked={checked} orderId={orderId} shipping={shipping} money={money} />}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              if (canAsk) actor.send({ type: 'EMPTY_REQUESTED' });
            }}
          >
            {t('cart.emptyCart')}
          </button>
          {/* Emptying cannot be undone: the visitor confirms it first. Cancelling (Escape, the cross, "Non") gives the focus back to "Vider le panier". */}
          {confirming ? (
            <Modal title={t('cart.emptyCart.title')} closeLabel={t('common.close')} onClose={cancel}>
              <p>{t('cart.emptyCart.text')}</p>
              <div className="cart-confirm__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    if (!canConfirm) return;
                    onEmptied();
                    actor.send({ type: 'EMPTY_CONFIRMED' });
                  }}
                >
                  {t('cart.emptyCart.confirm')}
                </button>
                <button type="button" className="button button--quiet" onClick={cancel}>
                  {t('cart.emptyCart.cancel')}
                </button>
              </div>
            </Modal>
          ) : null}
        </>
      ) : null}
    </section>
  );
};

// The heading the cart sits under (the page's "Panier"): the last heading before the widget, outside it.
const headingBefore = (element: HTMLElement): HTMLElement | null =>
  [...element.ownerDocument.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')]
    .filter((heading) => !element.contains(heading) && (heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0)
    .at(-1) ?? null;

const focusElement = (element: HTMLElement): void => {
  // A heading takes the focus from script only, never from Tab.
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
};

/**
 * The cart page: its lines with steppers, checked against the shop's current prices, the
 * shipping method, the totals and the way to order, or what to do when it is empty. Focus
 * never drops to the page: after "Retirer" it goes to the next line's first control (the
 * previous line's for the last one, the cart's heading once empty), after emptying to the
 * cart's heading; a polite status says what was removed.
 */
export const CartView = ({
  actor,
  prices,
  currency,
  shopUrl,
  orderEmail = null,
}: {
  actor: CartActor;
  prices: CartPricesActor;
  currency: string;
  shopUrl: string;
  /** Where orders are sent (`data-order-email`); without one the cart offers no order link. */
  orderEmail?: string | null;
}) => {
  const { t } = useLocale();
  const money = useMoney(currency);
  const status = useSelector(actor, selectStatus);
  const lines = useSelector(actor, selectLines);
  const notice = useSelector(actor, selectNotice);
  const shipping = useSelector(actor, selectShippingMethod);
  const current = useSelector(prices, selectCurrentPrices);
  const checked = useMemo(() => checkLines(lines, current), [lines, current]);
  const root = useRef<HTMLDivElement>(null);
  const emptyNotice = useRef<HTMLDivElement>(null);
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const pendingFocus = useRef<FocusTarget | null>(null);

  // Once the change is drawn, the focus goes where the removed line or the emptied cart left it.
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target.kind === 'line') {
      const control = rows.current.get(target.variantId)?.querySelector<HTMLElement>('button, input, select, a[href]');
      if (control) {
        control.focus();
        return;
      }
    }
    const heading = root.current === null ? null : headingBefore(root.current);
    const fallback = heading ?? emptyNotice.current;
    if (fallback) focusElement(fallback);
  }, [lines, status]);

  const remove = (variantId: string): void => {
    const event = { type: 'REMOVE', variantId } as const;
    if (!actor.getSnapshot().can(event)) return;
    const index = lines.findIndex((line) => line.variant_id === variantId);
    const next = lines[index + 1] ?? lines[index - 1];
    pendingFocus.current = next === undefined ? { kind: 'heading' } : { kind: 'line', variantId: next.variant_id };
    actor.send(event);
  };

  return (
    <div className="cart" ref={root}>
      {/* On the page from the start, so that each change of its text is read out. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        <NoticeText notice={notice} checked={checked} shipping={shipping} filled={status === 'filled'} money={money} />
      </p>
      <InMemoryNotice actor={actor} />
      <PriceCheckNotice prices={prices} checked={checked} shown={status === 'filled'} money={money} />
      <p className="cart__intro">{t('cart.intro')}</p>
      {/* The server draws the cart while it is read from this browser's storage: the same box as an empty cart's, so nothing moves when it turns out empty. */}
      {status === 'filled' ? null : (
        <div className={status === 'restoring' ? 'notice cart__loading' : 'notice'} ref={emptyNotice}>
          <p>{status === 'restoring' ? t('cart.loading') : t('cart.empty')}</p>
          <a href={shopUrl}>{t('cart.empty.shop')}</a>
        </div>
      )}
      {status === 'filled' ? (
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
              <CartLineRow
                key={entry.line.variant_id}
                actor={actor}
                entry={entry}
                money={money}
                onRemove={remove}
                rowRef={(row) => {
                  if (row === null) rows.current.delete(entry.line.variant_id);
                  else rows.current.set(entry.line.variant_id, row);
                }}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      <CartSummary
        actor={actor}
        checked={checked}
        filled={status === 'filled'}
        money={money}
        orderEmail={orderEmail}
        onEmptied={() => {
          pendingFocus.current = { kind: 'heading' };
        }}
      />
    </div>
  );
};
