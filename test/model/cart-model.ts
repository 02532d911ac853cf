import type { SnapshotFrom } from 'xstate';
import type { CartItem } from '../../src/domain/cart';
import { cartMachine, selectInMemoryOnly, selectTotal, type CartEvent } from '../../src/machines/cart-machine';
import { PRODUCT_A, PRODUCT_C, STORED_LINES, chf } from '../support/cart-fixtures';
import type { MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof cartMachine>;

/** The order id the host page gives. */
export const ORDER_ID = 'A-2026-0042';

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);
const LINES: readonly CartItem[] = [...STORED_LINES, { ...PRODUCT_C, quantity: 1 }];
/** The title of a line, as the cart shows it. */
export const titleOf = (variantId: string): string => LINES.find((line) => line.variant_id === variantId)?.title ?? variantId;
const SHIPPING: Readonly<Record<string, readonly [string, string]>> = {
  post: ['Envoi postal', 'Postal delivery'],
  counter: ['Retrait au guichet', 'Collection at the counter'],
};
const shipping = (method: string, language: 'fr' | 'en'): string => SHIPPING[method]?.[language === 'fr' ? 0 : 1] ?? method;

/**
 * The cart machine as the model-based tests and `npm run paths` walk it: without its effects
 * (persistence) and without its invocations.
 */
export const cartModel: MachineModel<CartEvent> = {
  name: 'cart',
  model: withoutInvocations(cartMachine.provide({ actions: { saveChange: () => undefined, forget: () => undefined } })),
  input: {},
  /**
   * The events a visitor, the host page, another tab or storage can cause from a state.
   * Product A is only ever added again (one more on its line), product C new or again, so
   * the lines stay few; quantities and the order id are left out of the key below.
   */
  events: (state) => {
    const snapshot = state as Snapshot;
    const { items, shippingMethod } = snapshot.context;
    if (snapshot.matches({ lines: 'restoring' })) {
      return [
        { type: 'CART_RESTORED', items: STORED_LINES, shippingMethod: 'counter' },
        { type: 'CART_RESTORED', items: [], shippingMethod: null },
      ];
    }
    if (snapshot.matches({ lines: { filled: 'confirmingEmpty' } })) {
      // The question is modal: the visitor answers it; the host page's script and another tab may still change the cart.
      return [
        { type: 'EMPTY_CONFIRMED' },
        { type: 'EMPTY_CANCELLED' },
        { type: 'ADD', item: PRODUCT_C },
        { type: 'SET_ORDER_ID', orderId: ORDER_ID },
        { type: 'STORED_CART_CHANGED', items: STORED_LINES, shippingMethod: 'counter' },
        { type: 'STORED_CART_CHANGED', items: [], shippingMethod: null },
      ];
    }
    const events: CartEvent[] = [
      { type: 'ADD', item: PRODUCT_C },
      { type: 'STORED_CART_CHANGED', items: STORED_LINES, shippingMethod: 'counter' },
      { type: 'STORED_CART_CHANGED', items: [], shippingMethod: null },
      { type: 'SET_ORDER_ID', orderId: ORDER_ID },
      { type: 'SET_ORDER_ID', orderId: null },
      snapshot.matches({ storage: 'persisted' }) ? { type: 'STORAGE_FAILED' } : { type: 'STORAGE_RECOVERED' },
    ];
    if (snapshot.matches({ lines: 'filled' })) {
      const first = items[0]!;
      if (items.some((line) => line.variant_id === PRODUCT_A.variant_id)) events.push({ type: 'ADD', item: PRODUCT_A });
      events.push(
        { type: 'REMOVE', variantId: first.variant_id },
        { type: 'UPDATE_QUANTITY', variantId: first.variant_id, quantity: first.quantity + 1 },
        { type: 'UPDATE_QUANTITY', variantId: first.variant_id, quantity: first.quantity - 1 },
        { type: 'UPDATE_QUANTITY', variantId: first.variant_id, quantity: 7 },
        { type: 'EMPTY_REQUESTED' },
        { type: 'SET_SHIPPING', method: shippingMethod === 'post' ? 'counter' : 'post' },
      );
    }
    return events;
  },
  // The state, which lines in which order, and the shipping method: what the offered events depend on.
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([snapshot.value, snapshot.context.items.map((line) => line.variant_id), snapshot.context.shippingMethod]);
  },
  // Quantities and the order id are not in the key: the paths' snapshots are replayed to be exact.
  replay: true,
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'CART_RESTORED':
        return event.items.length === 0
          ? say(language, 'Au démarrage, le navigateur n’a aucun panier enregistré', 'At start, the browser holds no stored cart')
          : say(
              language,
              `Au démarrage, le navigateur rend le panier enregistré : ${event.items.length} ligne(s)`,
              `At start, the browser gives back the stored cart: ${event.items.length} line(s)`,
            );
      case 'STORED_CART_CHANGED':
        return event.items.length === 0
          ? say(language, 'Un autre onglet vide le panier', 'Another tab empties the cart')
          : say(
              language,
              `Un autre onglet enregistre un panier de ${event.items.length} ligne(s), mode d’envoi « ${shipping(event.shippingMethod ?? 'post', 'fr')} »`,
              `Another tab stores a cart of ${event.items.length} line(s), shipping “${shipping(event.shippingMethod ?? 'post', 'en')}”`,
            );
      case 'ADD':
        return say(language, `Ajouter « ${event.item.title} » au panier depuis la page`, `Add “${event.item.title}” to the cart from the page`);
      case 'REMOVE':
        return say(language, `Cliquer sur « Retirer ${titleOf(event.variantId)} »`, `Click “Remove ${titleOf(event.variantId)}”`);
      case 'UPDATE_QUANTITY':
        return say(
          language,
          `Mettre la quantité de « ${titleOf(event.variantId)} » à ${event.quantity}`,
          `Set the quantity of “${titleOf(event.variantId)}” to ${event.quantity}`,
        );
      case 'EMPTY_REQUESTED':
        return say(language, 'Cliquer sur « Vider le panier »', 'Click “Empty the cart”');
      case 'EMPTY_CONFIRMED':
        return say(language, 'Dans la question, cliquer sur « Oui, vider le panier »', 'In the question, click “Yes, empty the cart”');
      case 'EMPTY_CANCELLED':
        return say(language, 'Appuyer sur Échap dans la question', 'Press Escape in the question');
      case 'SET_SHIPPING':
        return say(language, `Choisir le mode d’envoi « ${shipping(event.method, 'fr')} »`, `Choose the shipping method “${shipping(event.method, 'en')}”`);
      case 'SET_ORDER_ID':
        return event.orderId === null
          ? say(language, 'La page retire le numéro de commande', 'The page takes the order number away')
          : say(language, `La page donne le numéro de commande « ${event.orderId} »`, `The page gives the order number “${event.orderId}”`);
      case 'STORAGE_FAILED':
        return say(language, 'Le stockage du navigateur refuse l’écriture (désactivé ou plein)', 'The browser’s storage refuses the write (disabled or full)');
      case 'STORAGE_RECOVERED':
        return say(language, 'Le stockage du navigateur accepte de nouveau l’écriture', 'The browser’s storage takes the write again');
    }
  },
  words: {
    lines: ['lignes', 'lines'],
    restoring: ['en lecture', 'being read'],
    filled: ['remplies', 'filled'],
    listed: ['affichées', 'listed'],
    confirmingEmpty: ['question « Vider le panier ? » ouverte', 'question “Empty the cart?” open'],
    storage: ['stockage', 'storage'],
    persisted: ['enregistré', 'stored'],
    inMemory: ['en mémoire seulement', 'in memory only'],
  },
  describeContext: (state, language) => {
    const { items, shippingMethod, orderId } = (state as Snapshot).context;
    return [
      items.length === 0 ? say(language, 'aucune ligne', 'no line') : items.map((line) => `${line.title ?? line.variant_id} × ${line.quantity}`).join(', '),
      shipping(shippingMethod, language),
      ...(orderId !== null ? [say(language, `commande ${orderId}`, `order ${orderId}`)] : []),
    ].join(', ');
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const { items, shippingMethod, orderId, notice } = snapshot.context;
    // Two polite regions may speak at once (the price check, storage refused): each is read by its text.
    const inMemory: Seen = {
      kind: 'text',
      text: "Ce navigateur n'enregistre pas le panier : il sera perdu en quittant la page.",
      shown: selectInMemoryOnly(snapshot),
    };
    const rows = (titles: readonly string[]): Seen => ({ kind: 'rows', table: 'Contenu du panier', titles, noun: ['ligne', 'lignes'] });
    // What the cart last did, said in its polite status; emptying is said too.
    // A change of quantity or shipping says the total it leads to (an empty cart's, only the method).
    const method = shipping(shippingMethod, 'fr');
    // As a page's text is read: the currency's no-break space is a space.
    const total = chf(selectTotal(snapshot)).replace(/\s/g, ' ');
    const said: Seen[] = [
      { kind: 'text', text: 'Le panier a été vidé.', shown: notice?.kind === 'emptied' },
      ...(notice?.kind === 'removed' ? [{ kind: 'text', text: `« ${titleOf(notice.line.variant_id)} » retiré du panier.`, shown: true } as const] : []),
      ...(notice?.kind === 'quantityChanged' ? [{ kind: 'text', text: `Nouveau total : ${total}.`, shown: true } as const] : []),
      ...(notice?.kind === 'shippingChanged'
        ? [
            {
              kind: 'text',
              text: items.length > 0 ? `Mode d'envoi : ${method}. Total : ${total}.` : `Mode d'envoi : ${method}.`,
              shown: true,
            } as const,
          ]
        : []),
    ];
    // The shipping choice is on the page in every state: the server draws it before the lines.
    const choice: Seen = { kind: 'choice', name: "Mode d'envoi", option: method };
    const dialog: Seen = { kind: 'dialog', name: snapshot.matches({ lines: { filled: 'confirmingEmpty' } }) ? 'Vider le panier ?' : null };
    if (snapshot.matches({ lines: 'restoring' })) return [{ kind: 'text', text: 'Chargement du panier…', shown: true }, rows([]), choice, inMemory, dialog];
    if (snapshot.matches({ lines: 'empty' })) {
      return [
        { kind: 'text', text: 'Votre panier est vide.', shown: true },
        { kind: 'link', name: 'Voir les publications de la boutique', shown: true },
        { kind: 'link', name: 'Commander', shown: false },
        rows([]),
        choice,
        inMemory,
        dialog,
        ...said,
      ];
    }
    const titles = items.map((line) => line.title ?? line.variant_id);
    return [
      rows(titles),
      ...items.map((line, index): Seen => ({ kind: 'quantity', name: `Quantité de ${titles[index]!}`, value: line.quantity })),
      choice,
      { kind: 'term', term: 'Total', value: chf(selectTotal(snapshot)) },
      { kind: 'term', term: 'Numéro de commande', value: orderId },
      { kind: 'link', name: 'Commander', shown: true },
      inMemory,
      dialog,
      ...said,
    ];
  },
};
