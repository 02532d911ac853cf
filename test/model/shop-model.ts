import type { SnapshotFrom } from 'xstate';
import { shopMachine, type ShopEvent } from '../../src/machines/shop-machine';
import { SHOP_ITEMS } from '../support/cart-fixtures';
import { FAILURE } from '../support/directory-fixtures';
import { describeRetry, type MachineModel } from './machine-model';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof shopMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** The shop machine as the model-based tests and `npm run paths` walk it. */
export const shopModel: MachineModel<ShopEvent> = {
  name: 'shop',
  model: withoutInvocations(shopMachine),
  input: undefined,
  events: (state) => {
    const snapshot = state as Snapshot;
    if (snapshot.matches('loading')) {
      return [
        { type: 'SHOP_ITEMS_LOADED', items: SHOP_ITEMS },
        { type: 'SHOP_ITEMS_LOADED', items: [] },
        { type: 'SHOP_ITEMS_FAILED', error: FAILURE },
        ...(snapshot.matches({ loading: 'trying' }) ? [{ type: 'SHOP_ITEMS_RETRYING', attempt: 1, of: 2 } as const] : []),
      ];
    }
    return snapshot.matches('failed') ? [{ type: 'RETRY' }] : [];
  },
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([snapshot.value, snapshot.context.items.length]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'SHOP_ITEMS_LOADED':
        return say(
          language,
          `Le serveur répond avec ${event.items.length} publication(s) en vente`,
          `The server answers with ${event.items.length} publication(s) on sale`,
        );
      case 'SHOP_ITEMS_RETRYING':
        return describeRetry(event, language);
      case 'SHOP_ITEMS_FAILED':
        return say(language, 'L’appel de la boutique échoue', 'The shop call fails');
      case 'RETRY':
        return say(language, 'Cliquer sur « Réessayer »', 'Click “Try again”');
    }
  },
  describeContext: (state, language) => {
    const { items } = (state as Snapshot).context;
    return say(language, `${items.length} publication(s)`, `${items.length} publication(s)`);
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const { items } = snapshot.context;
    const retrying = snapshot.matches({ loading: 'retrying' });
    const ready = snapshot.matches('ready');
    // The polite region of the additions is always there: "still trying" is read by its text.
    return [
      { kind: 'cards', titles: ready ? items.map((item) => item.title) : [], noun: ['publication', 'publications'] },
      { kind: 'text', text: 'Chargement de la boutique…', shown: snapshot.matches('loading') && !retrying },
      { kind: 'text', text: 'Connexion lente ou serveur occupé : nouvel essai en cours…', shown: retrying },
      snapshot.matches('failed') ? { kind: 'alert', message: "La boutique n'a pas pu être chargée.", button: 'Réessayer' } : { kind: 'no-alert' },
      { kind: 'text', text: "Aucune publication n'est en vente pour le moment.", shown: ready && items.length === 0 },
    ];
  },
};
