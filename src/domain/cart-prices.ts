import type { CartItem } from './cart';
import { cartQuantity, cartTotal, toCents, type CartLines } from './cart-arithmetic';
import type { ShopItem } from './shop';

/**
 * The price of each variant the shop sells today, by `variant_id`: a plain record, so that a
 * machine's context holding it stays JSON (journals, inspector).
 */
export type CurrentPrices = Readonly<Record<string, number>>;

/**
 * What the check says of one stored line. A line keeps the price it was added at (`was`);
 * `unchecked` is a line whose shop prices are not known (being read, or the call failed).
 */
export type LineCheck =
  | { readonly status: 'unchecked' }
  | { readonly status: 'same' }
  | { readonly status: 'priceChanged'; readonly was: number; readonly now: number }
  | { readonly status: 'gone' };

/** A stored line beside what the check says of it. */
export interface CheckedLine {
  readonly line: CartItem;
  readonly check: LineCheck;
}

/** How many lines changed price and how many are gone. */
export interface CheckSummary {
  readonly changed: number;
  readonly gone: number;
}

/** The current prices of the shop's items; the first item of a variant counts, as the shop lists it first. */
export const currentPrices = (items: readonly Pick<ShopItem, 'variant_id' | 'price'>[]): CurrentPrices => {
  const seen = new Set<string>();
  const entries = items.filter((item) => !seen.has(item.variant_id) && seen.add(item.variant_id)).map((item) => [item.variant_id, item.price] as const);
  // fromEntries defines own keys, even `__proto__`, where an assignment would set the prototype.
  return Object.fromEntries(entries);
};

const priceOf = (prices: CurrentPrices, variantId: string): number | undefined =>
  // Own keys only: a variant named `constructor` or `__proto__` is not on sale because an object has it.
  Object.hasOwn(prices, variantId) ? prices[variantId] : undefined;

/**
 * What the shop says of a stored line: the same price (to the cent), another price, or no
 * such variant on sale any more. Without prices (`null`), nothing can be said.
 */
export const checkLine = (line: Pick<CartItem, 'variant_id' | 'price'>, prices: CurrentPrices | null): LineCheck => {
  if (prices === null) return { status: 'unchecked' };
  const now = priceOf(prices, line.variant_id);
  if (now === undefined) return { status: 'gone' };
  return toCents(now) === toCents(line.price) ? { status: 'same' } : { status: 'priceChanged', was: line.price, now };
};

/** Each stored line, in its order, beside what the current prices say of it. */
export const checkLines = (lines: CartLines, prices: CurrentPrices | null): readonly CheckedLine[] =>
  lines.map((line) => ({ line, check: checkLine(line, prices) }));

/** The unit price a line counts at: the current one once checked, the stored one while unchecked; a gone line has none. */
export const payablePrice = ({ line, check }: CheckedLine): number | null =>
  check.status === 'gone' ? null : check.status === 'priceChanged' ? check.now : line.price;

/**
 * The lines an order may hold: the available ones, each at the price it counts at. Gone
 * lines are left out until the visitor removes them; storage keeps the prices lines were added at.
 */
export const payableLines = (checked: readonly CheckedLine[]): CartLines =>
  checked.flatMap((entry) => {
    const price = payablePrice(entry);
    return price === null ? [] : [{ ...entry.line, price }];
  });

/** The total the institution honours: current prices × quantities of the available lines, exact to the cent. */
export const payableTotal = (checked: readonly CheckedLine[]): number => cartTotal(payableLines(checked));

/** The number of items an order may hold: gone lines are not counted. */
export const payableQuantity = (checked: readonly CheckedLine[]): number => cartQuantity(payableLines(checked));

/** How many lines changed price and how many are gone, for the page's summary sentence. */
export const checkSummary = (checked: readonly CheckedLine[]): CheckSummary => ({
  changed: checked.filter(({ check }) => check.status === 'priceChanged').length,
  gone: checked.filter(({ check }) => check.status === 'gone').length,
});
