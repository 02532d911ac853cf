import type { SnapshotFrom } from 'xstate';
import { subscriptionMachine, type SubscriptionEvent } from '../../src/machines/subscription-machine';
import type { MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof subscriptionMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** The site the model's page is on. */
export const SUBSCRIPTION_ORIGIN = 'https://www.valmont.example';

/** The feed address of the model's agenda filters (categories 3 and 7, the title « Séance »), as the copy button sends it. */
export const SUBSCRIPTION_ADDRESS = `${SUBSCRIPTION_ORIGIN}/flux/agenda/1/3.7~seance.ics`;

/** The agenda's "S'abonner" as the model-based tests and `npm run paths` walk it. */
export const subscriptionModel: MachineModel<SubscriptionEvent> = {
  name: 'subscription',
  model: withoutInvocations(subscriptionMachine),
  input: { origin: SUBSCRIPTION_ORIGIN },
  events: (state) => {
    const snapshot = state as Snapshot;
    if (snapshot.matches('closed')) return [{ type: 'OPEN' }];
    if (snapshot.matches({ open: 'copying' })) return [{ type: 'COPIED' }, { type: 'COPY_FAILED' }, { type: 'CLOSE' }];
    return [{ type: 'COPY', text: SUBSCRIPTION_ADDRESS }, { type: 'CLOSE' }];
  },
  key: (state) => JSON.stringify((state as Snapshot).value),
  words: {
    idle: ['adresse affichée', 'address shown'],
    copying: ['copie en cours', 'copying'],
    copied: ['adresse copiée', 'address copied'],
    copyFailed: ['copie en échec', 'copy failed'],
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'OPEN':
        return say(language, 'Ouvrir « S’abonner »', 'Open “Subscribe”');
      case 'CLOSE':
        return say(language, 'Refermer « S’abonner »', 'Close “Subscribe”');
      case 'COPY':
        return say(language, 'Cliquer sur « Copier l’adresse »', 'Click “Copy the address”');
      case 'COPIED':
        return say(language, 'Le presse-papiers accepte l’adresse', 'The clipboard takes the address');
      case 'COPY_FAILED':
        return say(language, 'Le presse-papiers refuse l’adresse', 'The clipboard refuses the address');
    }
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const open = snapshot.matches('open');
    const disclosure: Seen = { kind: 'disclosure', name: "S'abonner", open };
    const copy: Seen = { kind: 'button', name: "Copier l'adresse", shown: open };
    const webcal: Seen = { kind: 'link', name: 'Ouvrir dans mon application de calendrier', shown: open };
    if (!open) return [disclosure, copy, webcal];
    // The polite region is empty until a copy ends, then says how it went; each outcome is said gone when it goes.
    const outcome = (text: string, shown: boolean): Seen => (shown ? { kind: 'status', text } : { kind: 'text', text, shown: false });
    return [
      disclosure,
      { kind: 'field', role: 'textbox', name: 'Adresse du calendrier', value: SUBSCRIPTION_ADDRESS },
      copy,
      outcome('Adresse copiée.', snapshot.matches({ open: 'copied' })),
      outcome("La copie n'a pas fonctionné : sélectionnez l'adresse et copiez-la (Ctrl+C ou ⌘+C).", snapshot.matches({ open: 'copyFailed' })),
      webcal,
    ];
  },
};
