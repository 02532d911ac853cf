import type { CartItem, CartProduct } from '../../src/domain/cart';
import type { ShopItem } from '../../src/domain/shop';

/** Two lines, as a cart kept in storage holds them. */
export const STORED_LINES: readonly CartItem[] = [
  { variant_id: 'a', quantity: 2, price: 12.5, title: 'Histoire du Château' },
  { variant_id: 'b', quantity: 1, price: 0.9, title: 'Constitution cantonale' },
];

/** A product already in `STORED_LINES`, and one that is not. */
export const PRODUCT_A: CartProduct = { variant_id: 'a', title: 'Histoire du Château', price: 12.5 };
export const PRODUCT_C: CartProduct = { variant_id: 'c', title: 'Carte topographique', price: 19.9 };

/** The shop's answer, as the API sends it. */
export const SHOP_ITEMS: readonly ShopItem[] = [
  { variant_id: '1', title: 'Constitution cantonale (brochure)', price: 0.9, description: 'Format de poche.' },
  { variant_id: '3', title: 'Histoire du Château', price: 12.5, description: null },
];

/** Formats an amount as the page does: Swiss French (fr-CH), Swiss francs ("0.90 CHF"). */
export const chf = (amount: number): string => new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF' }).format(amount);
