import type { SnapshotFrom } from 'xstate';
import type { CartItem } from '../../../src/domain/cart';
import { ShopItemList } from '../../../src/domain/shop';
import type { cartMachine, CartEvent } from '../../../src/machines/cart-machine';
import { ADD_TO_CART_EVENT, SET_ORDER_ID_EVENT } from '../../../src/services/cart-host-names';
import { writeStoredCart } from '../../../src/services/stored-cart';
import { cartModel, titleOf } from '../../model/cart-model';
import { PRODUCT_A, PRODUCT_C, STORED_LINES } from '../../support/cart-fixtures';
import { MemoryStorage } from '../../support/memory-storage';
import { literal, type PlaywrightDriver } from '../driver';

type Snapshot = SnapshotFrom<typeof cartMachine>;

const ITEMS = '/api/shop/items/';

// The shop sells every product of these paths at the price it was added at, as in the model test:
// the price check (the cart-prices suite) has nothing to say here.
const ON_SALE = ShopItemList.encode([...STORED_LINES, PRODUCT_C].map(({ variant_id, price }) => ({ variant_id, price, title: titleOf(variant_id) })));

/** What the browser's storage holds for a cart, as the cart's own code writes it; nothing for an empty one. */
const storedEntries = (items: readonly CartItem[], shippingMethod: 'post' | 'counter' | null): [string, string][] => {
  const storage = new MemoryStorage();
  if (items.length > 0) writeStoredCart(storage, { items, shippingMethod });
  return [...storage.entries];
};

const click = (role: string, name: string): string => `await page.getByRole(${literal(role)}, { name: ${literal(name)}, exact: true }).click();`;

// The cart learns that storage refuses (or takes again) its writes only when it writes: one more of
// the first line, then one less, leaves the cart as it was and makes it write twice.
const writeTwice = (snapshot: Snapshot): string[] => {
  const title = titleOf(snapshot.context.items[0]!.variant_id);
  return [click('button', `Augmenter la quantité de ${title}`), click('button', `Diminuer la quantité de ${title}`)];
};

/**
 * Another tab of the site's cart page, where the visitor makes the stored cart what the event says
 * (this tab's cart, which storage holds, is where it starts): this tab hears of it as a visitor's
 * other tab tells it, through storage and the cart's channel.
 */
const otherTabStores = (snapshot: Snapshot, items: readonly CartItem[], shippingMethod: 'post' | 'counter' | null): string[] => {
  if (!snapshot.matches({ storage: 'persisted' })) throw new Error('The cart driver has another tab change the cart only while this tab stores it.');
  const { items: current, shippingMethod: currentMethod } = snapshot.context;
  const otherClick = (name: string): string => `await other.getByRole('button', { name: ${literal(name)}, exact: true }).click();`;
  const acts: string[] = [];
  if (items.length === 0) {
    if (current.length > 0) acts.push(otherClick('Vider le panier'), otherClick('Oui, vider le panier'));
  } else {
    for (const line of current) if (!items.some((wanted) => wanted.variant_id === line.variant_id)) acts.push(otherClick(`Retirer ${titleOf(line.variant_id)}`));
    for (const wanted of items) {
      const held = current.find((line) => line.variant_id === wanted.variant_id);
      if (held === undefined) {
        const { variant_id, title, price } = wanted;
        acts.push(
          `await other.evaluate(([type, detail]) => document.dispatchEvent(new CustomEvent(type, { detail })), ${literal([ADD_TO_CART_EVENT, { variant_id, title, price }])} as const);`,
        );
      }
      if ((held?.quantity ?? 1) !== wanted.quantity) {
        acts.push(
          `await other.getByRole('spinbutton', { name: ${literal(`Quantité de ${titleOf(wanted.variant_id)}`)}, exact: true }).fill(${literal(String(wanted.quantity))});`,
        );
      }
    }
    if (shippingMethod !== null && shippingMethod !== currentMethod) {
      acts.push(`await other.getByRole('combobox', { name: "Mode d'envoi", exact: true }).selectOption(${literal(shippingMethod)});`);
    }
  }
  return [
    '{',
    'const other = await page.context().newPage();',
    // The other tab's price check hears of the same shop as this one, every line on sale at its price: its page
    // comes without the shop's answers the server embedded, so it asks the API, which the script plays.
    `await other.route((url) => url.pathname === ${literal(ITEMS)}, (route) => route.fulfill({ json: ${literal(ON_SALE)} }));`,
    `await other.route((url) => url.pathname === '/panier/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script\\b[^>]*data-widget-answers[^>]*>[\\s\\S]*?<\\/script>/g, '');
      await route.fulfill({ response, body });
    });`,
    `await other.goto(new URL('/panier/', page.url()).href);`,
    `await other.locator('[data-widget="cart"][data-ready]').waitFor();`,
    ...acts,
    `await see(other, '[data-widget="cart"]', 'In the other tab', [{ kind: 'rows', table: 'Contenu du panier', titles: ${literal(items.map((line) => titleOf(line.variant_id)))}, noun: ['ligne', 'lignes'] }]);`,
    // Left open, as a visitor's other tab is: closed at once, it could lose its write, which waits for the cart's lock.
    '}',
  ];
};

/** The cart page (/panier/) as the server renders it, its script held until the cart is read; a host button adds product A. */
export const cartDriver: PlaywrightDriver<CartEvent> = {
  model: cartModel,
  page: { path: '/panier/', widget: 'cart', rendered: true },
  prepare: [
    '// The host page marks a button that adds product A (data-add-to-cart).',
    `await page.evaluate((product) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = \`Commander \${product.title}\`;
      Object.assign(button.dataset, { addToCart: '', variantId: product.variant_id, title: product.title, price: String(product.price) });
      document.body.prepend(button);
    }, ${literal(PRODUCT_A)});`,
  ],
  act: (event, before) => {
    const snapshot = before as Snapshot;
    switch (event.type) {
      case 'CART_RESTORED':
        return [
          ...(event.items.length > 0
            ? [
                `await page.evaluate((stored) => { for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value); }, ${literal(Object.fromEntries(storedEntries(event.items, event.shippingMethod)))});`,
              ]
            : []),
          'await api.release();',
          `await api.answer(${literal(ITEMS)}, ${literal(ON_SALE)});`,
        ];
      case 'STORED_CART_CHANGED':
        return otherTabStores(snapshot, event.items, event.shippingMethod);
      case 'ADD':
        // Product A by the host page's button, product C by the documented event.
        return event.item.variant_id === PRODUCT_A.variant_id
          ? [click('button', `Commander ${event.item.title}`)]
          : [
              `await page.evaluate(([type, detail]) => document.dispatchEvent(new CustomEvent(type, { detail })), ${literal([ADD_TO_CART_EVENT, event.item])} as const);`,
            ];
      case 'REMOVE':
        return [click('button', `Retirer ${titleOf(event.variantId)}`)];
      case 'UPDATE_QUANTITY': {
        const title = titleOf(event.variantId);
        const current = snapshot.context.items.find((line) => line.variant_id === event.variantId)?.quantity ?? 0;
        if (event.quantity === current + 1) return [click('button', `Augmenter la quantité de ${title}`)];
        if (event.quantity === current - 1) return [click('button', `Diminuer la quantité de ${title}`)];
        return [`await page.getByRole('spinbutton', { name: ${literal(`Quantité de ${title}`)}, exact: true }).fill(${literal(String(event.quantity))});`];
      }
      case 'EMPTY_REQUESTED':
        return [click('button', 'Vider le panier')];
      case 'EMPTY_CONFIRMED':
        return [`await page.getByRole('dialog', { name: 'Vider le panier ?' }).getByRole('button', { name: 'Oui, vider le panier', exact: true }).click();`];
      case 'EMPTY_CANCELLED':
        return ["await page.keyboard.press('Escape');"];
      case 'SET_SHIPPING':
        return [`await page.getByRole('combobox', { name: "Mode d'envoi", exact: true }).selectOption(${literal(event.method)});`];
      case 'SET_ORDER_ID':
        return [
          `await page.evaluate(([type, detail]) => document.dispatchEvent(new CustomEvent(type, { detail })), ${literal([SET_ORDER_ID_EVENT, { order_id: event.orderId }])} as const);`,
        ];
      case 'STORAGE_FAILED':
        return [
          '// The browser refuses every write to storage from now on (full, or disabled).',
          `await page.evaluate(() => {
            const saved = globalThis as { scriptedSetItem?: Storage['setItem'] };
            saved.scriptedSetItem ??= Storage.prototype.setItem;
            Storage.prototype.setItem = () => {
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            };
          });`,
          ...writeTwice(snapshot),
        ];
      case 'STORAGE_RECOVERED':
        return [
          '// The browser takes writes to storage again.',
          `await page.evaluate(() => {
            const saved = globalThis as { scriptedSetItem?: Storage['setItem'] };
            if (saved.scriptedSetItem) Storage.prototype.setItem = saved.scriptedSetItem;
          });`,
          ...writeTwice(snapshot),
        ];
    }
  },
};
