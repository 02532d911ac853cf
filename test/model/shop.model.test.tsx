import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { cartMachine } from '../../src/machines/cart-machine';
import { shopMachine, type ShopEvent } from '../../src/machines/shop-machine';
import type { ShopItemsEvent } from '../../src/services/shop-service';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { ShopView } from '../../src/views/shop/shop-view';
import { SHOP_ITEMS, chf } from '../support/cart-fixtures';
import { describeModelWalk } from './model-walk';
import { shopModel } from './shop-model';

type Snapshot = SnapshotFrom<typeof shopMachine>;

const STILL_TRYING = 'Connexion lente ou serveur occupé : nouvel essai en cours…';

const text = (value: string): string => value.replace(/\s+/g, ' ');

/** The shop with a fake shop call whose answers the test gives, and a cart in memory. */
const harness = () => {
  const requests: Subject<ShopItemsEvent>[] = [];
  const machine = shopMachine.provide({
    actors: {
      loadItems: fromEventObservable<ShopItemsEvent, void>(() => {
        const answer = new Subject<ShopItemsEvent>();
        requests.push(answer);
        return answer;
      }),
    },
  });
  const actor = createActor(machine);
  const cart = createActor(cartMachine, { input: { maxQuantity: 2 } });
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  cart.start();
  render(
    <WidgetRoot container={container}>
      <ShopView actor={actor} cart={cart} currency="CHF" />
    </WidgetRoot>,
    { container },
  );
  return { actor, cart, requests };
};

type Harness = ReturnType<typeof harness>;

const perform = (h: Harness, event: ShopEvent): void => {
  if (event.type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  else h.requests.at(-1)!.next(event);
};

const expectScreen = (expected: Snapshot): void => {
  const list = screen.getByRole('list', { name: 'Publications' });
  expect(list.closest('[aria-busy]')).toHaveAttribute('aria-busy', String(expected.matches('loading')));
  const retrying = expected.matches({ loading: 'retrying' });
  if (expected.matches('loading') && !retrying) expect(screen.getByText('Chargement de la boutique…')).toBeVisible();
  else expect(screen.queryByText('Chargement de la boutique…')).toBeNull();
  // A retry says so politely; the placeholders stay.
  if (retrying) expect(screen.getByText(STILL_TRYING)).toHaveAttribute('role', 'status');
  else expect(screen.queryByText(STILL_TRYING)).toBeNull();
  if (expected.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent("La boutique n'a pas pu être chargée.");
  else expect(screen.queryByRole('alert')).toBeNull();
  const articles = within(list).queryAllByRole('article');
  expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(
    expected.matches('ready') ? expected.context.items.map((item) => item.title) : [],
  );
  for (const [index, article] of articles.entries()) {
    expect(article).toHaveTextContent(text(chf(expected.context.items[index]!.price)));
    expect(within(article).getByRole('button', { name: 'Ajouter au panier' })).toHaveAccessibleDescription(expected.context.items[index]!.title);
  }
  const empty = screen.queryByText("Aucune publication n'est en vente pour le moment.");
  expect(empty !== null).toBe(expected.matches('ready') && expected.context.items.length === 0);
};

describeModelWalk('the shop, walked through its statechart', {
  model: shopModel,
  open: harness,
  close: (h) => {
    h.actor.stop();
    h.cart.stop();
  },
  perform,
  expectStep: (_h, { after }) => expectScreen(after as Snapshot),
});

describe('adding from the shop', () => {
  it('adds to the cart and announces each addition, then, each time, that the line is full', () => {
    const h = harness();
    act(() => h.requests[0]!.next({ type: 'SHOP_ITEMS_LOADED', items: SHOP_ITEMS }));
    const status = screen.getAllByRole('status')[0]!;
    expect(status).toHaveTextContent('');
    const article = screen.getByRole('article', { name: 'Histoire du Château' });
    const add = within(article).getByRole('button', { name: 'Ajouter au panier' });
    act(() => {
      fireEvent.click(add);
    });
    expect(status).toHaveTextContent('« Histoire du Château » ajouté au panier (1 exemplaire).');
    expect(article).toHaveTextContent('1 exemplaire dans le panier');
    act(() => {
      fireEvent.click(add);
    });
    expect(status).toHaveTextContent('« Histoire du Château » ajouté au panier (2 exemplaires).');
    act(() => {
      fireEvent.click(add);
    });
    expect(status).toHaveTextContent('« Histoire du Château » : le panier en contient déjà le maximum (2).');
    // Said again, the same sentence still changes the region's text, so it is read again.
    const said = status.textContent;
    act(() => {
      fireEvent.click(add);
    });
    expect(status.textContent).not.toBe(said);
    expect(status).toHaveTextContent('« Histoire du Château » : le panier en contient déjà le maximum (2).');
    expect(h.cart.getSnapshot().context.items).toEqual([{ variant_id: '3', quantity: 2, price: 12.5, title: 'Histoire du Château' }]);
    h.actor.stop();
    h.cart.stop();
    cleanup();
  });
});
