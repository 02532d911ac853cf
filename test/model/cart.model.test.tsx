import { fireEvent, render, screen, within } from '@testing-library/react';
import { of } from 'rxjs';
import { createActor, fromCallback, fromEventObservable, type SnapshotFrom } from 'xstate';
import type { CartItem } from '../../src/domain/cart';
import { cartMachine, type CartEvent } from '../../src/machines/cart-machine';
import { cartPricesMachine } from '../../src/machines/cart-prices-machine';
import { hostActor } from '../../src/services/cart-host';
import { ADD_TO_CART_EVENT, SET_ORDER_ID_EVENT } from '../../src/services/cart-host-names';
import type { ShopItemsEvent } from '../../src/services/shop-service';
import { persistActor, storageWatchActor } from '../../src/services/cart-storage';
import { CART_ITEMS_KEY, SHIPPING_METHOD_KEY, readStoredCart, writeStoredCart } from '../../src/services/stored-cart';
import { CartView } from '../../src/views/cart/cart-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { PRODUCT_A, PRODUCT_C, STORED_LINES, chf as chfRaw } from '../support/cart-fixtures';
import { MemoryStorage } from '../support/memory-storage';
import { cartModel, titleOf } from './cart-model';
import { describeModelWalk } from './model-walk';

// The office the cart's container names (a site profile's `contact.email.orders`).
const DEFAULT_ORDER_EMAIL = 'publications@office.example';

type Snapshot = SnapshotFrom<typeof cartMachine>;

// The paths' snapshots are replayed from their events (cartModel.replay): quantities and the order id are exact.

// toHaveTextContent folds the (narrow) no-break spaces of Intl into plain ones; so does this.
const chf = (amount: number): string => chfRaw(amount).replace(/\s+/g, ' ');

/** The real machine with the real effects on an in-memory storage, the real host buttons and `storage` events. */
const harness = () => {
  const storage = new MemoryStorage();
  const h = { storage, restore: (): void => undefined };
  const machine = cartMachine.provide({
    actors: {
      persist: persistActor(storage),
      // Start-up reads storage when the test says so, so that the state before it can be seen.
      restore: fromCallback(({ sendBack }) => {
        h.restore = () => sendBack({ type: 'CART_RESTORED', ...readStoredCart(storage) });
      }),
      watchStorage: storageWatchActor(storage, window),
      watchHost: hostActor(document),
    },
  });
  const actor = createActor(machine, { input: {} });
  // The shop sells every product of these walks at the price it was added at: the price check
  // (walked by cart-prices.model.test.tsx) has nothing to say here.
  const onSale = [...STORED_LINES, PRODUCT_C].map(({ variant_id, price }) => ({ variant_id, price, title: variant_id }));
  const prices = createActor(
    cartPricesMachine.provide({ actors: { loadPrices: fromEventObservable(() => of<ShopItemsEvent>({ type: 'SHOP_ITEMS_LOADED', items: onSale })) } }),
  );
  prices.start();
  const host = document.createElement('div');
  for (const product of [PRODUCT_A]) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = `Commander ${product.title}`;
    Object.assign(button.dataset, { addToCart: '', variantId: product.variant_id, title: product.title, price: String(product.price) });
    host.append(button);
  }
  // The page's heading, which the cart gives the focus to once it is empty.
  const heading = document.createElement('h1');
  heading.textContent = 'Panier';
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(host, heading, container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <CartView actor={actor} prices={prices} currency="CHF" shopUrl="/boutique/" orderEmail={DEFAULT_ORDER_EMAIL} />
    </WidgetRoot>,
    { container },
  );
  return {
    ...h,
    get restoreNow() {
      return h.restore;
    },
    actor,
    prices,
    host,
  };
};

type Harness = ReturnType<typeof harness>;

const row = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr')!;

/** Another tab writes the stored cart; this tab hears of it through the `storage` event. */
const otherTabWrites = (h: Harness, items: readonly CartItem[], shippingMethod: 'post' | 'counter' | null): void => {
  // The other tab's storage works even while this tab's writes fail: it writes around them.
  const failing = h.storage.failing;
  h.storage.failing = false;
  if (items.length === 0) h.storage.entries.clear();
  else writeStoredCart(h.storage, { items, shippingMethod });
  h.storage.failing = failing;
  window.dispatchEvent(new StorageEvent('storage', { key: CART_ITEMS_KEY }));
};

/** Makes the event happen as a visitor, the host page, another tab or storage would. */
const perform = (h: Harness, event: CartEvent): void => {
  switch (event.type) {
    case 'CART_RESTORED':
      if (event.items.length > 0) writeStoredCart(h.storage, { items: event.items, shippingMethod: event.shippingMethod });
      h.restoreNow();
      return;
    case 'STORED_CART_CHANGED':
      otherTabWrites(h, event.items, event.shippingMethod);
      return;
    case 'ADD':
      // The host page adds product A with a marked button, product C with the documented event.
      if (event.item.variant_id === PRODUCT_A.variant_id) {
        fireEvent.click(within(h.host).getByRole('button', { name: `Commander ${event.item.title}` }));
      } else {
        document.dispatchEvent(new CustomEvent(ADD_TO_CART_EVENT, { detail: event.item }));
      }
      return;
    case 'REMOVE': {
      // A visitor's click focuses the button first, as a browser does.
      const button = screen.getByRole('button', { name: `Retirer ${titleOf(event.variantId)}` });
      button.focus();
      fireEvent.click(button);
      return;
    }
    case 'UPDATE_QUANTITY': {
      const title = titleOf(event.variantId);
      const current = Number(screen.getByRole<HTMLInputElement>('spinbutton', { name: `Quantité de ${title}` }).value);
      const press = (name: string): void => {
        const button = screen.getByRole('button', { name });
        button.focus();
        fireEvent.click(button);
      };
      if (event.quantity === current + 1) press(`Augmenter la quantité de ${title}`);
      else if (event.quantity === current - 1) press(`Diminuer la quantité de ${title}`);
      else fireEvent.change(screen.getByRole('spinbutton', { name: `Quantité de ${title}` }), { target: { value: String(event.quantity) } });
      return;
    }
    case 'EMPTY_REQUESTED': {
      const button = screen.getByRole('button', { name: 'Vider le panier' });
      button.focus();
      fireEvent.click(button);
      return;
    }
    case 'EMPTY_CONFIRMED':
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Vider le panier ?' })).getByRole('button', { name: 'Oui, vider le panier' }));
      return;
    case 'EMPTY_CANCELLED':
      fireEvent.keyDown(screen.getByRole('dialog', { name: 'Vider le panier ?' }), { key: 'Escape' });
      return;
    case 'SET_SHIPPING':
      fireEvent.change(screen.getByRole('combobox', { name: "Mode d'envoi" }), { target: { value: event.method } });
      return;
    case 'SET_ORDER_ID':
      document.dispatchEvent(new CustomEvent(SET_ORDER_ID_EVENT, { detail: { order_id: event.orderId } }));
      return;
    case 'STORAGE_FAILED':
    case 'STORAGE_RECOVERED': {
      // Storage starts or stops throwing; the persistence actor finds out at its next write.
      h.storage.failing = event.type === 'STORAGE_FAILED';
      const { context, children } = h.actor.getSnapshot();
      children.persist!.send({ type: 'WRITE', items: context.items, shippingMethod: context.shippingMethod });
      return;
    }
  }
};

/** The `mailto:` link "Commander", decoded: to the office, the order id in the subject, one line a cart line, the total and the shipping method. */
const expectOrderMail = (summary: HTMLElement, items: readonly CartItem[], shippingMethod: string, orderId: string | null): void => {
  const href = within(summary).getByRole('link', { name: 'Commander' }).getAttribute('href')!;
  const [to, query] = href.replace(/^mailto:/, '').split('?') as [string, string];
  expect(to).toBe(DEFAULT_ORDER_EMAIL);
  const fields = Object.fromEntries(query.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]));
  expect(fields['subject']).toBe(orderId === null ? 'Commande de publications' : `Commande de publications ${orderId}`);
  const body = fields['body']!.split('\r\n');
  const money = (amount: number): string => chfRaw(amount);
  for (const line of items) {
    expect(body).toContain(`- ${line.title!} : ${line.quantity} × ${money(line.price)} = ${money((line.quantity * Math.round(line.price * 100)) / 100)}`);
  }
  expect(body.filter((text) => text.startsWith('- '))).toHaveLength(items.length);
  expect(body).toContain(`Total : ${money(items.reduce((sum, line) => sum + line.quantity * Math.round(line.price * 100), 0) / 100)}`);
  expect(body).toContain(`Mode d'envoi : ${shippingMethod === 'post' ? 'Envoi postal' : 'Retrait au guichet'}`);
};

/** Where the focus is after a visitor's action: never dropped to the page. */
const expectFocus = (event: CartEvent | null, before: Snapshot | null, expected: Snapshot): void => {
  if (event === null || before === null) return;
  const focused = document.activeElement;
  switch (event.type) {
    case 'REMOVE': {
      const lines = before.context.items;
      const index = lines.findIndex((line) => line.variant_id === event.variantId);
      const next = lines[index + 1] ?? lines[index - 1];
      if (next === undefined) expect(focused).toBe(screen.getByRole('heading', { name: 'Panier', level: 1 }));
      else expect(focused).toBe(screen.getByRole('button', { name: `Diminuer la quantité de ${titleOf(next.variant_id)}` }));
      return;
    }
    case 'UPDATE_QUANTITY': {
      // A press on "−" or "+" keeps the focus on it, at a limit too.
      const title = titleOf(event.variantId);
      const line = before.context.items.find((item) => item.variant_id === event.variantId)!;
      if (event.quantity === line.quantity - 1) expect(focused).toBe(screen.getByRole('button', { name: `Diminuer la quantité de ${title}` }));
      if (event.quantity === line.quantity + 1) expect(focused).toBe(screen.getByRole('button', { name: `Augmenter la quantité de ${title}` }));
      return;
    }
    case 'EMPTY_REQUESTED':
      expect(screen.getByRole('dialog', { name: 'Vider le panier ?' }).contains(focused)).toBe(true);
      return;
    case 'EMPTY_CANCELLED':
      expect(focused).toBe(screen.getByRole('button', { name: 'Vider le panier' }));
      return;
    case 'EMPTY_CONFIRMED':
      expect(expected.matches({ lines: 'empty' })).toBe(true);
      expect(focused).toBe(screen.getByRole('heading', { name: 'Panier', level: 1 }));
      return;
    default:
      return;
  }
};

const CHANGES: ReadonlySet<string> = new Set(['ADD', 'REMOVE', 'UPDATE_QUANTITY', 'SET_SHIPPING']);

/** What the visitor must see, and storage must hold, in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot, event: CartEvent | null, storedBefore: Record<string, string>): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const { items, shippingMethod, orderId } = expected.context;

  if (expected.matches({ lines: 'restoring' })) expect(screen.getByText('Chargement du panier…')).toBeVisible();
  else expect(screen.queryByText('Chargement du panier…')).toBeNull();

  if (expected.matches({ lines: 'empty' })) {
    expect(screen.getByText('Votre panier est vide.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voir les publications de la boutique' })).toHaveAttribute('href', '/boutique/');
    expect(screen.queryByRole('table')).toBeNull();
  } else {
    expect(screen.queryByText('Votre panier est vide.')).toBeNull();
  }

  if (expected.matches({ lines: 'filled' })) {
    const rows = within(screen.getByRole('table', { name: 'Contenu du panier' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(items.map((line) => line.title));
    for (const line of items) {
      const cells = within(row(line.title!)).getAllByRole('cell');
      expect(cells[0]).toHaveTextContent(chf(line.price));
      expect(within(cells[1]!).getByRole('spinbutton', { name: `Quantité de ${line.title}` })).toHaveValue(line.quantity);
      // At 1, "−" says it is unavailable but stays a focusable button, so a press on it never drops the focus.
      const decrease = within(cells[1]!).getByRole('button', { name: `Diminuer la quantité de ${line.title}` });
      expect(decrease).toHaveProperty('disabled', false);
      expect(decrease).toHaveAttribute('aria-disabled', String(line.quantity === 1));
      expect(cells[2]).toHaveTextContent(chf((line.quantity * Math.round(line.price * 100)) / 100));
      expect(within(cells[3]!).getByRole('button', { name: `Retirer ${line.title}` })).toBeVisible();
    }
    const count = items.reduce((sum, line) => sum + line.quantity, 0);
    const total = items.reduce((sum, line) => sum + line.quantity * Math.round(line.price * 100), 0) / 100;
    const summary = screen.getByRole('region', { name: 'Récapitulatif' });
    expect(within(summary).getByText('Articles').nextSibling).toHaveTextContent(`${count} article${count > 1 ? 's' : ''}`);
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent(chf(total));
    expect(within(summary).getByRole('combobox', { name: "Mode d'envoi" })).toHaveValue(shippingMethod);
    // Prices unchanged: the check says nothing (no "Les prix sont à jour." at every visit).
    expect(screen.queryByText('Les prix sont à jour.')).toBeNull();
    expect(screen.getAllByRole('status').map((region) => region.textContent)).not.toContain('Les prix sont à jour.');
    expectOrderMail(summary, items, shippingMethod, orderId);
    if (orderId === null) expect(within(summary).queryByText('Numéro de commande')).toBeNull();
    else expect(within(summary).getByText('Numéro de commande').nextSibling).toHaveTextContent(orderId);
  } else {
    expect(screen.queryByRole('table')).toBeNull();
  }

  const inMemory = screen.queryByText("Ce navigateur n'enregistre pas le panier : il sera perdu en quittant la page.");
  expect(inMemory !== null).toBe(expected.matches({ storage: 'inMemory' }));

  // Storage holds what the cart wrote, nothing once emptied, and is left alone by everything else.
  const stored = h.storage.toObject();
  const persisted = expected.matches({ storage: 'persisted' });
  if (event === null || event.type === 'CART_RESTORED' || event.type === 'STORED_CART_CHANGED') return;
  if (persisted && (CHANGES.has(event.type) || event.type === 'STORAGE_RECOVERED')) {
    expect(Object.keys(stored).sort()).toEqual([CART_ITEMS_KEY, SHIPPING_METHOD_KEY]);
    expect(readStoredCart(h.storage)).toEqual({ items, shippingMethod });
  } else if (persisted && event.type === 'EMPTY_CONFIRMED') {
    expect(stored).toEqual({});
  } else {
    expect(stored).toEqual(storedBefore);
  }
};

describeModelWalk('the cart, walked through its statechart', {
  model: cartModel,
  open: harness,
  close: (h) => {
    h.actor.stop();
    h.prices.stop();
  },
  perform,
  measure: (h) => h.storage.toObject(),
  expectStep: (h, { event, before, after, measured }) => {
    expectScreen(h, after as Snapshot, event, measured ?? {});
    expectFocus(event, before as Snapshot | null, after as Snapshot);
  },
});
