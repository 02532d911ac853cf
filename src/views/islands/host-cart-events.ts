import { ADD_TO_CART_EVENT, HOST_CART_CONTROLS, SET_ORDER_ID_EVENT } from '../../services/cart-host-names';

/** What a host page asked of the cart before the cart ran: a control clicked, or an event dispatched. */
export type HostCartEvent = { readonly kind: 'click'; readonly target: HTMLElement } | { readonly kind: 'event'; readonly type: string; readonly detail: unknown };

/**
 * Waits for the host page's first request to the cart (SPEC §4: a `data-add-to-cart` or
 * `data-set-order-id` control outside the widgets, a `cart:add` or `cart:set-order-id` event),
 * then calls `wake` with what was asked meanwhile; the woken cart takes the rest itself.
 */
export const awaitHostCart = (doc: Document, wake: (events: () => readonly HostCartEvent[]) => Promise<void>): void => {
  const events: HostCartEvent[] = [];
  let woken = false;
  const stop = (): void => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener(ADD_TO_CART_EVENT, onEvent, true);
    doc.removeEventListener(SET_ORDER_ID_EVENT, onEvent, true);
  };
  const wakeOnce = (): void => {
    if (woken) return;
    woken = true;
    wake(() => {
      stop();
      return events;
    }).catch((error: unknown) => {
      stop();
      console.error(error);
    });
  };
  function onClick(event: Event): void {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HOST_CART_CONTROLS) : null;
    // A widget's own buttons are its island's to replay.
    if (control?.closest('[data-widget]') !== null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    events.push({ kind: 'click', target: control });
    wakeOnce();
  }
  function onEvent(event: Event): void {
    event.stopImmediatePropagation();
    events.push({ kind: 'event', type: event.type, detail: (event as CustomEvent<unknown>).detail });
    wakeOnce();
  }
  doc.addEventListener('click', onClick, true);
  doc.addEventListener(ADD_TO_CART_EVENT, onEvent, true);
  doc.addEventListener(SET_ORDER_ID_EVENT, onEvent, true);
};

/** Asks the running cart again what was asked before it ran, in order. */
export const replayHostCartEvents = (doc: Document, events: readonly HostCartEvent[]): void => {
  for (const event of events) {
    if (event.kind === 'click') {
      if (event.target.isConnected) event.target.click();
    } else doc.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }
};
