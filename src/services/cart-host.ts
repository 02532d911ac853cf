import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { fromCallback } from 'xstate';
import { CartProduct } from '../domain/cart';
import { nullable } from '../domain/wire';
import { ADD_TO_CART_EVENT, SET_ORDER_ID_EVENT } from './cart-host-names';

/** What a host page asks of the cart, as events for the cart machine. */
export type CartHostEvent = { readonly type: 'ADD'; readonly item: CartProduct } | { readonly type: 'SET_ORDER_ID'; readonly orderId: string | null };

const OrderIdDetail = t.type({ order_id: nullable(t.string) });

/** An order id as the cart keeps it: trimmed, and `null` for nothing. */
export const normalOrderId = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const decodeOrWarn = <A>(codec: t.Decoder<unknown, A>, value: unknown, source: string): A | null => {
  const decoded = codec.decode(value);
  if (isLeft(decoded)) {
    // A host page's mistake must not break the page: the web team finds the reason in the console.
    console.warn(`The cart ignored ${source}: ${PathReporter.report(decoded).join('; ')}`);
    return null;
  }
  return decoded.right;
};

/** The product of a `data-add-to-cart` button: `data-variant-id`, `data-title`, `data-price`. */
const productOfButton = (element: HTMLElement): unknown => ({
  variant_id: element.dataset.variantId,
  title: element.dataset.title,
  price: element.dataset.price,
});

/**
 * What the host page asks: clicks on elements marked `data-add-to-cart` or `data-set-order-id`,
 * and the `cart:add` and `cart:set-order-id` events dispatched on the document (or bubbling to it).
 */
export const hostActor = (doc: Document) =>
  fromCallback(({ sendBack }) => {
    const send = (event: CartHostEvent): void => sendBack(event);
    const onClick = (event: Event): void => {
      const origin = event.target instanceof Element ? event.target : null;
      const adder = origin?.closest<HTMLElement>('[data-add-to-cart]');
      const orderer = origin?.closest<HTMLElement>('[data-set-order-id]');
      if (adder) {
        event.preventDefault();
        const item = decodeOrWarn(CartProduct, productOfButton(adder), 'a data-add-to-cart button');
        if (item) send({ type: 'ADD', item });
      } else if (orderer) {
        event.preventDefault();
        send({ type: 'SET_ORDER_ID', orderId: normalOrderId(orderer.dataset.setOrderId) });
      }
    };
    const onAdd = (event: Event): void => {
      const item = decodeOrWarn(CartProduct, (event as CustomEvent<unknown>).detail, `a ${ADD_TO_CART_EVENT} event`);
      if (item) send({ type: 'ADD', item });
    };
    const onOrderId = (event: Event): void => {
      const detail = decodeOrWarn(OrderIdDetail, (event as CustomEvent<unknown>).detail, `a ${SET_ORDER_ID_EVENT} event`);
      if (detail) send({ type: 'SET_ORDER_ID', orderId: normalOrderId(detail.order_id) });
    };
    doc.addEventListener('click', onClick);
    doc.addEventListener(ADD_TO_CART_EVENT, onAdd);
    doc.addEventListener(SET_ORDER_ID_EVENT, onOrderId);
    return () => {
      doc.removeEventListener('click', onClick);
      doc.removeEventListener(ADD_TO_CART_EVENT, onAdd);
      doc.removeEventListener(SET_ORDER_ID_EVENT, onOrderId);
    };
  });
