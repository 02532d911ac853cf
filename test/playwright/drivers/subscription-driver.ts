import { agendaFiltersToSearch } from '../../../src/domain/agenda-filters';
import type { SubscriptionEvent } from '../../../src/machines/subscription-machine';
import { SUBSCRIPTION_ORIGIN, subscriptionModel } from '../../model/subscription-model';
import type { PlaywrightDriver } from '../driver';

// The agenda's filters of the model: categories 7 and 3, April, the title « Séance »; the feed follows all but the month.
const FILTERED = agendaFiltersToSearch({ categories: ['7', '3'], month: 4, title: 'Séance' });

const summary = `page.getByText("S'abonner", { exact: true })`;

/** The agenda's "S'abonner" on the filtered agenda, at the model's origin, the clipboard played by the script. */
export const subscriptionDriver: PlaywrightDriver<SubscriptionEvent> = {
  model: subscriptionModel,
  page: { path: `/agenda/${FILTERED}`, widget: 'agenda', origin: SUBSCRIPTION_ORIGIN, clipboard: 'scripted' },
  act: (event) => {
    switch (event.type) {
      case 'OPEN':
      case 'CLOSE':
        return [`await ${summary}.click();`];
      case 'COPY':
        return [`await page.getByRole('button', { name: "Copier l'adresse" }).click();`];
      case 'COPIED':
        return [`await page.evaluate('scriptedClipboard.settle(true)');`];
      case 'COPY_FAILED':
        return [`await page.evaluate('scriptedClipboard.settle(false)');`];
    }
  },
};
