import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import type { CartItem } from '../../src/domain/cart';
import { cartMachine, selectQuantity } from '../../src/machines/cart-machine';
import { cartPricesMachine, type CartPricesEvent } from '../../src/machines/cart-prices-machine';
import { persistActor, restoreActor } from '../../src/services/cart-storage';
import { readStoredCart, writeStoredCart } from '../../src/services/stored-cart';
import type { ShopItemsEvent } from '../../src/services/shop-service';
import { CartView } from '../../src/views/cart/cart-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { chf as chfRaw } from '../support/cart-fixtures';
import { MemoryStorage } from '../support/memory-storage';
import { KEPT_LINES, SHOP_TODAY, cartPricesModel } from './cart-prices-model';
import { describeModelWalk } from './model-walk';

type Snapshot = SnapshotFrom<typeof cartPricesMachine>;

// toHaveTextContent folds the (narrow) no-break spaces of Intl into plain ones; so does this.
const chf = (amount: number): string => chfRaw(amount).replace(/\s+/g, ' ');
const cents = (price: number): number => Math.round(price * 100);

/** The cart page on a cart the browser kept (`KEPT_LINES`), with a fake shop call whose answers the test gives. */
const harness = () => {
  const storage = new MemoryStorage();
  writeStoredCart(storage, { items: KEPT_LINES, shippingMethod: 'post' });
  const cart = createActor(cartMachine.provide({ actors: { persist: persistActor(storage), restore: restoreActor(storage) } }), { input: {} });
  const requests: Subject<ShopItemsEvent>[] = [];
  const prices = createActor(
    cartPricesMachine.provide({
      actors: {
        loadPrices: fromEventObservable<ShopItemsEvent, void>(() => {
          const answer = new Subject<ShopItemsEvent>();
          requests.push(answer);
          return answer;
        }),
      },
    }),
  );
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  cart.start();
  prices.start();
  render(
    <WidgetRoot container={container}>
      <CartView actor={cart} prices={prices} currency="CHF" shopUrl="/boutique/" />
    </WidgetRoot>,
    { container },
  );
  return { storage, cart, prices, requests };
};

type Harness = ReturnType<typeof harness>;

const perform = (h: Harness, event: CartPricesEvent): void => {
  if (event.type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  else h.requests.at(-1)!.next(event);
};

const folded = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Every sentence the page's polite live regions hold, in order. */
const saidPolitely = (): string[] =>
  screen
    .getAllByRole('status')
    .flatMap((region) => (region.children.length > 0 ? [...region.children].map((child) => child.textContent) : [region.textContent]))
    .map(folded)
    .filter((text) => text !== '');

const row = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr')!;

/**
 * What a line must show: the stored price until the shop's prices are known; then, by the
 * shop's price of its variant, the same price, the change, or that it is gone.
 */
const expectLine = (line: CartItem, now: number | null | undefined): void => {
  const title = line.title!;
  const cells = within(row(title)).getAllByRole('cell');
  expect(within(cells[3]!).getByRole('button', { name: `Retirer ${title}` })).toBeVisible();
  if (now === null) {
    // Gone: said in words, no quantity to change, left out of the total, and removable.
    expect(cells[0]).toHaveTextContent("Cet article n'est plus disponible");
    expect(cells[1]).toHaveTextContent(String(line.quantity));
    expect(within(cells[1]!).queryByRole('spinbutton')).toBeNull();
    expect(cells[2]).toHaveTextContent('Hors total');
    return;
  }
  const price = now ?? line.price;
  if (now !== undefined && cents(now) !== cents(line.price)) {
    expect(cells[0]).toHaveTextContent(`Prix modifié : ${chf(line.price)} → ${chf(now)}`);
  } else {
    expect(cells[0]!.textContent).toBe(chfRaw(line.price));
  }
  expect(within(cells[1]!).getByRole('spinbutton', { name: `Quantité de ${title}` })).toHaveValue(line.quantity);
  expect(cells[2]).toHaveTextContent(chf((line.quantity * cents(price)) / 100));
};

/** What the visitor must see in a state of the check; storage keeps the prices the lines were added at, whatever the check says. */
const expectScreen = (h: Harness, expected: Snapshot): void => {
  expect(h.prices.getSnapshot().value).toEqual(expected.value);
  const { prices } = expected.context;
  const known = expected.matches('checked') ? prices : null;
  // undefined: the shop's price is not known; null: the shop does not sell the variant.
  const nowOf = (line: CartItem): number | null | undefined => (known === null ? undefined : Object.hasOwn(known, line.variant_id) ? known[line.variant_id]! : null);

  const rows = within(screen.getByRole('table', { name: 'Contenu du panier' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(KEPT_LINES.map((line) => line.title));
  for (const line of KEPT_LINES) expectLine(line, nowOf(line));

  const available = KEPT_LINES.filter((line) => nowOf(line) !== null);
  const count = available.reduce((sum, line) => sum + line.quantity, 0);
  const total = available.reduce((sum, line) => sum + line.quantity * cents(nowOf(line) ?? line.price), 0) / 100;
  const summary = screen.getByRole('region', { name: 'Récapitulatif' });
  expect(within(summary).getByText('Articles').nextSibling).toHaveTextContent(`${count} articles`);
  expect(within(summary).getByText('Total').nextSibling).toHaveTextContent(chf(total));

  const news = KEPT_LINES.flatMap((line) => {
    const now = nowOf(line);
    if (now === null) return [`« ${line.title!} » n'est plus disponible : il n'est pas compté dans le total.`];
    return now !== undefined && cents(now) !== cents(line.price) ? [`Le prix de « ${line.title!} » est passé de ${chf(line.price)} à ${chf(now)}.`] : [];
  });
  if (expected.matches('checkFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent("Prix non vérifiés : les prix affichés sont ceux du moment de l'ajout au panier.");
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeVisible();
    expect(saidPolitely()).toEqual([]);
  } else {
    expect(screen.queryByRole('alert')).toBeNull();
    // Only news is said: a retry of a slow check, and each line whose price changed or that is gone; a plain check says nothing.
    if (expected.matches({ checking: 'retrying' })) expect(saidPolitely()).toEqual(['Connexion lente ou serveur occupé : nouvel essai en cours…']);
    else if (expected.matches('checking')) expect(saidPolitely()).toEqual([]);
    else expect(saidPolitely()).toEqual(news.map(folded));
  }

  // The check never writes: the header counts every kept line, and storage keeps what it had.
  expect(selectQuantity(h.cart.getSnapshot())).toBe(KEPT_LINES.reduce((sum, line) => sum + line.quantity, 0));
  expect(h.storage.writes).toBe(2);
  expect(readStoredCart(h.storage)).toEqual({ items: KEPT_LINES, shippingMethod: 'post' });
};

describeModelWalk('the cart page’s price check, walked through its statechart', {
  model: cartPricesModel,
  open: harness,
  close: (h) => {
    h.cart.stop();
    h.prices.stop();
  },
  perform,
  expectStep: (h, { after }) => expectScreen(h, after as Snapshot),
});

describe('the cart page’s price check, walked through its statechart', () => {
  it('removes a line that is no longer sold: out of the cart, of storage and of the notice, the rest at today’s prices', () => {
    const h = harness();
    try {
      act(() => h.requests.at(-1)!.next({ type: 'SHOP_ITEMS_LOADED', items: SHOP_TODAY }));
      act(() => {
        fireEvent.click(screen.getByRole('button', { name: 'Retirer Annuaire statistique 2019' }));
      });
      expect(screen.queryByRole('rowheader', { name: 'Annuaire statistique 2019' })).toBeNull();
      // The removal is said; the withdrawn line's sentence goes, the changed price's stays.
      expect(saidPolitely()).toEqual([
        '« Annuaire statistique 2019 » retiré du panier.',
        folded(`Le prix de « Constitution cantonale (brochure) » est passé de ${chf(0.9)} à ${chf(1.2)}.`),
      ]);
      const summary = screen.getByRole('region', { name: 'Récapitulatif' });
      expect(within(summary).getByText('Total').nextSibling).toHaveTextContent(chf(2 * 12.5 + 1.2));
      expect(selectQuantity(h.cart.getSnapshot())).toBe(3);
      // The brochure stays stored at the price it was added at: the notice shows again on the next visit.
      expect(readStoredCart(h.storage).items).toEqual(KEPT_LINES.slice(0, 2));
    } finally {
      h.cart.stop();
      h.prices.stop();
      cleanup();
      document.body.replaceChildren();
    }
  });
});
