import type { SnapshotFrom } from 'xstate';
import type { CartItem } from '../../src/domain/cart';
import type { ShopItem } from '../../src/domain/shop';
import { cartPricesMachine, type CartPricesEvent } from '../../src/machines/cart-prices-machine';
import type { HttpFailure } from '../../src/services/http';
import { chf } from '../support/cart-fixtures';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof cartPricesMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** The cart the browser kept: one line still at its price, one whose price has risen since, one the shop no longer sells. */
export const KEPT_LINES: readonly CartItem[] = [
  { variant_id: '3', quantity: 2, price: 12.5, title: 'Histoire du Château' },
  { variant_id: '1', quantity: 1, price: 0.9, title: 'Constitution cantonale (brochure)' },
  { variant_id: '99', quantity: 3, price: 30, title: 'Annuaire statistique 2019' },
];

const onSale = (variantId: string, title: string, price: number): ShopItem => ({ variant_id: variantId, title, price, description: null });

/** The shop today: the brochure costs more, the 2019 yearbook is no longer sold, a map and a report are new. */
export const SHOP_TODAY: readonly ShopItem[] = [
  onSale('1', 'Constitution cantonale (brochure)', 1.2),
  onSale('3', 'Histoire du Château', 12.5),
  onSale('4', 'Carte topographique du canton', 19.9),
  onSale('5', 'Rapport de gestion du Conseil d’État', 25),
];

/** The shop as it was when the lines were added: nothing to say. */
export const SHOP_UNCHANGED: readonly ShopItem[] = KEPT_LINES.map((line) => onSale(line.variant_id, line.title ?? '', line.price));

const cents = (price: number): number => Math.round(price * 100);

// Read as a person reads it: Intl's (narrow) no-break spaces as plain ones.
const changedSentence = (line: CartItem, now: number): string =>
  `Le prix de « ${line.title ?? ''} » est passé de ${chf(line.price)} à ${chf(now)}.`.replace(/\s+/g, ' ');

const goneSentence = (line: CartItem): string => `« ${line.title ?? ''} » n'est plus disponible : il n'est pas compté dans le total.`;

/** What the check said at every visit before: never said now, nor that it is checking. */
const SILENT_SENTENCES = ['Les prix sont à jour.', 'Vérification des prix…'];

/** The shop call failing. */
export const PRICES_FAILURE: HttpFailure = { _tag: 'HttpError', url: '/api/shop/items/', status: 503 };

/** The price check of the cart page as the model-based tests and `npm run paths` walk it. */
export const cartPricesModel: MachineModel<CartPricesEvent> = {
  name: 'cart-prices',
  model: withoutInvocations(cartPricesMachine),
  input: undefined,
  events: (state) => {
    const snapshot = state as Snapshot;
    if (snapshot.matches('checking')) {
      return [
        { type: 'SHOP_ITEMS_LOADED', items: SHOP_TODAY },
        { type: 'SHOP_ITEMS_LOADED', items: SHOP_UNCHANGED },
        { type: 'SHOP_ITEMS_FAILED', error: PRICES_FAILURE },
        ...(snapshot.matches({ checking: 'trying' }) ? [{ type: 'SHOP_ITEMS_RETRYING', attempt: 1, of: 2 } as const] : []),
      ];
    }
    return snapshot.matches('checkFailed') ? [{ type: 'RETRY' }] : [];
  },
  // Which prices are known decides every line's notice: the shop of today or the unchanged one.
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([snapshot.value, snapshot.context.prices]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'SHOP_ITEMS_LOADED':
        // The shop of today sells the new map, the unchanged one does not.
        return event.items.some((item) => item.variant_id === '4')
          ? say(
              language,
              'La boutique répond : la brochure coûte désormais 1,20, l’annuaire 2019 n’est plus en vente',
              'The shop answers: the brochure now costs 1.20, the 2019 yearbook is no longer sold',
            )
          : say(language, 'La boutique répond avec les prix du moment de l’ajout', 'The shop answers with the prices of the time the lines were added');
      case 'SHOP_ITEMS_RETRYING':
        return describeRetry(event, language);
      case 'SHOP_ITEMS_FAILED':
        return say(language, 'L’appel de la boutique échoue', 'The shop call fails');
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
    }
  },
  words: {
    checking: ['prix en vérification', 'prices being checked'],
    checked: ['prix vérifiés', 'prices checked'],
    checkFailed: ['prix non vérifiés', 'prices not verified'],
  },
  describeContext: (state, language) => {
    const { prices } = (state as Snapshot).context;
    if (prices === null) return say(language, 'les prix enregistrés comptent', 'the stored prices count');
    return Object.hasOwn(prices, '99')
      ? say(language, 'aucun changement', 'no change')
      : say(language, '1 prix modifié, 1 article plus disponible', '1 price changed, 1 item no longer available');
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const known = snapshot.matches('checked') ? snapshot.context.prices : null;
    // undefined: the shop's price is not known; null: the shop does not sell the variant.
    const nowOf = (line: CartItem): number | null | undefined =>
      known === null ? undefined : Object.hasOwn(known, line.variant_id) ? known[line.variant_id]! : null;
    const priceCell = (line: CartItem): string => {
      const now = nowOf(line);
      if (now === null) return "Cet article n'est plus disponible";
      return now !== undefined && cents(now) !== cents(line.price) ? `Prix modifié : ${chf(line.price)} → ${chf(now)}` : chf(line.price);
    };
    const available = KEPT_LINES.filter((line) => nowOf(line) !== null);
    const count = available.reduce((sum, line) => sum + line.quantity, 0);
    const total = available.reduce((sum, line) => sum + line.quantity * cents(nowOf(line) ?? line.price), 0) / 100;
    // Only news is said, a sentence a changed or withdrawn line; nothing when the prices are those of the cart.
    const news = KEPT_LINES.flatMap((line) => {
      const now = nowOf(line);
      if (now === null) return [goneSentence(line)];
      return now !== undefined && cents(now) !== cents(line.price) ? [changedSentence(line, now)] : [];
    });
    const said: Seen[] = snapshot.matches('checkFailed')
      ? [{ kind: 'alert', message: "Prix non vérifiés : les prix affichés sont ceux du moment de l'ajout au panier.", button: 'Réessayer' }]
      : [
          ...(snapshot.matches({ checking: 'retrying' })
            ? [{ kind: 'text', text: 'Connexion lente ou serveur occupé : nouvel essai en cours…', shown: true } as const]
            : []),
          ...news.map((text): Seen => ({ kind: 'text', text, shown: true })),
          { kind: 'no-alert' },
        ];
    return [
      { kind: 'rows', table: 'Contenu du panier', titles: KEPT_LINES.map((line) => line.title ?? line.variant_id), noun: ['ligne', 'lignes'] },
      ...KEPT_LINES.map((line): Seen => ({ kind: 'cell', row: line.title ?? line.variant_id, column: 'Prix unitaire', text: priceCell(line) })),
      ...said,
      ...SILENT_SENTENCES.map((text): Seen => ({ kind: 'text', text, shown: false })),
      { kind: 'term', term: 'Articles', value: count === 0 ? 'aucun article' : count === 1 ? '1 article' : `${count} articles` },
      { kind: 'term', term: 'Total', value: chf(total) },
    ];
  },
};
