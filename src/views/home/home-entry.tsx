import { EMPTY } from 'rxjs';
import { createActor, fromEventObservable, type EventObject } from 'xstate';
import { nextChangeAt } from '../../domain/coming-events';
import { HOME_LIST_SIZE } from '../../domain/home-lists';
import type { CategorySelection } from '../../domain/news-list';
import type { SiteSections } from '../../domain/site-sections';
import { HOME_MESSAGES } from '../../i18n/home-messages';
import { addMessages } from '../../i18n/intl';
import { homeMachine, selectNextEvents } from '../../machines/home-machine';
import { agendaActor, type AgendaEventsEvent, type AgendaQuery } from '../../services/agenda-service';
import type { Api } from '../../services/http';
import { newsActor, type NewsEvent } from '../../services/news-service';
import type { WidgetEntry } from '../entries/widget-entry';
import { heldProfileText } from '../shared/profile-text';
import { HomeView } from './home-view';

// The home page's messages come with its chunk (and with the server's renderer).
addMessages(HOME_MESSAGES);

// The demo site's agenda and news scope (server/http/site.ts), for a container that names neither.
const DEFAULT_AGENDA_ID = '1';
const DEFAULT_NEWS_SCOPE = 'actualites';

// A list of a section the site switched off is never asked for: its block is not drawn (HomeView), and the API has no route for it.
const nothingAsked = <Event extends EventObject, Input>() => fromEventObservable<Event, Input>(() => EMPTY);

/** The home machine with the services of a setting: the agenda's and the news's own calls, a short page of each, for the sections on. */
export const liveHomeMachine = (api: Api, scope: string, sections: Pick<SiteSections, 'agenda' | 'news'>) =>
  homeMachine.provide({
    actors: {
      loadEvents: sections.agenda ? agendaActor(api) : nothingAsked<AgendaEventsEvent, AgendaQuery>(),
      loadNews: sections.news ? newsActor(api, scope, HOME_LIST_SIZE) : nothingAsked<NewsEvent, CategorySelection>(),
    },
  });

/**
 * The home page's render entry: the next events of the container's agenda (`data-agenda-id`)
 * still coming at the setting's moment (the server's, for the markup it wrote), and the latest news of its scope (`data-news-scope`).
 * Today decides no path, so the browser asks for the paths the server answered (its embedded answers). Its introduction is the
 * institution's, from the site profile the server embedded with them.
 */
export const homeEntry: WidgetEntry = {
  name: 'home',
  // Its first screen is the server's: the code loads when the visitor reaches for it.
  wake: 'intent',
  create: (setting) => {
    const input = { agendaId: setting.attribute('data-agenda-id') ?? DEFAULT_AGENDA_ID, now: setting.now, count: HOME_LIST_SIZE };
    const scope = setting.attribute('data-news-scope')?.trim() || DEFAULT_NEWS_SCOPE;
    const actor = createActor(liveHomeMachine(setting.api, scope, setting.sections), { input, inspect: setting.observe(input) });
    // The list changes when the first of the events it names is over.
    return {
      actor,
      element: <HomeView actor={actor} intro={heldProfileText(setting.api, 'homeIntro')} />,
      until: () => nextChangeAt(selectNextEvents(actor.getSnapshot()), input.now),
    };
  },
};
