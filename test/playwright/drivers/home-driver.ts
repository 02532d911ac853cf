import { AgendaEventList } from '../../../src/domain/agenda';
import { HOME_EVENTS_ASKED, HOME_LIST_SIZE } from '../../../src/domain/home-lists';
import { NewsItemList } from '../../../src/domain/news';
import type { HomeMachineEvent } from '../../../src/machines/home-machine';
import { HOME_TODAY, homeModel } from '../../model/home-model';
import { literal, type PlaywrightDriver } from '../driver';

// The container names neither its agenda nor its news scope: the demo's. Three news are asked, and
// twenty events, each once (a recurring event at its next date), to name three still coming.
const AGENDA = { path: '/api/agenda/1/', query: { page_size: String(HOME_EVENTS_ASKED), occurrences: 'first' } } as const;
const NEWS = { path: '/api/news/actualites/', query: { page_size: String(HOME_LIST_SIZE) } } as const;

const retryIn = (region: string): string => `await page.getByRole('region', { name: ${literal(region)} }).getByRole('button', { name: 'Réessayer' }).click();`;

/** The home page's covering suite on /, its clock on the model's day. */
export const homeDriver: PlaywrightDriver<HomeMachineEvent> = {
  model: homeModel,
  page: { path: '/', widget: 'home', now: `${HOME_TODAY}T10:00:00` },
  act: (event) => {
    switch (event.type) {
      // A legacy backend sends its whole agenda as an array; a reference server, a page of upcoming events.
      case 'AGENDA_LOADED': {
        const events = AgendaEventList.encode([...event.events]);
        const body = event.whole ? events : { results: events, count: events.length, next: event.next };
        return [`await api.answer(${literal(AGENDA)}, ${literal(body)});`];
      }
      case 'NEWS_LOADED': {
        const items = NewsItemList.encode([...event.items]);
        // The whole list as an array holds every item counted; a page says its total itself.
        const body = event.next === null && event.total === event.items.length ? items : { results: items, count: event.total, next: event.next };
        return [`await api.answer(${literal(NEWS)}, ${literal(body)});`];
      }
      // A busy server: the block says it tries again, and does.
      case 'AGENDA_RETRYING':
        return [`await api.fail(${literal(AGENDA)}, 503);`];
      case 'NEWS_RETRYING':
        return [`await api.fail(${literal(NEWS)}, 503);`];
      // A refusal is not tried again.
      case 'AGENDA_FAILED':
        return [`await api.fail(${literal(AGENDA)}, 404);`];
      case 'NEWS_FAILED':
        return [`await api.fail(${literal(NEWS)}, 404);`];
      case 'RETRY_EVENTS':
        return [retryIn('Prochains événements')];
      case 'RETRY_NEWS':
        return [retryIn('Dernières actualités')];
    }
  },
};
