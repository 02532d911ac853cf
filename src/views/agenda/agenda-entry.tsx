import { createActor } from 'xstate';
import { agendaFiltersFromSearch } from '../../domain/agenda-filters';
import { zurichToday } from '../../domain/calendar-days';
import { seriesChangeAt } from '../../domain/coming-events';
import { PAST_PARAM, pagesFromSearch } from '../../domain/list-pages';
import { PAGE_SIZES, pageSizeOf } from '../../domain/paging';
import { eventPath, localizedPath, parseSitePath, PAGE_PATHS, splitLanguage } from '../../domain/permalinks';
import { agendaMachine, listSearchOf, selectOpenedEvent, selectPermalinkFound, selectShownEvents } from '../../machines/agenda-machine';
import { subscriptionMachine } from '../../machines/subscription-machine';
import { agendaActor, agendaCategoriesActor, agendaEventActor, moreAgendaActor, pastAgendaActor } from '../../services/agenda-service';
import { clipboardActor } from '../../services/clipboard-service';
import { historyActor, writeSearch } from '../../services/history-service';
import type { Api } from '../../services/http';
import { watchAddressForLanguageLinks } from '../../services/language-links';
import { showPermalink } from '../../services/permalink-history';
import type { WidgetEntry } from '../entries/widget-entry';
import { AgendaView } from './agenda-view';

/** The agenda machine with the services of a setting; in the browser it follows the address bar. */
export const liveAgendaMachine = (api: Api, browser: boolean) =>
  agendaMachine.provide({
    actors: {
      loadAgenda: agendaActor(api),
      loadMore: moreAgendaActor(api),
      loadPast: pastAgendaActor(api),
      loadEvent: agendaEventActor(api),
      loadCategories: agendaCategoriesActor(api),
      ...(browser ? { watchHistory: historyActor('RESTORE_FILTERS') } : {}),
    },
    actions: browser
      ? {
          writeHistory: ({ context }, params) => writeSearch(params.mode, listSearchOf(context)),
        }
      : {},
  });

/** The subscription machine with the browser's clipboard; the server renders it closed and never copies. */
export const liveSubscriptionMachine = (browser: boolean) => (browser ? subscriptionMachine.provide({ actors: { copy: clipboardActor } }) : subscriptionMachine);

/** The id of the event an address names, if it names one. */
export const eventIdOf = (pathname: string): string | null => {
  const path = parseSitePath(splitLanguage(pathname).path);
  return path?.kind === 'event' ? path.id : null;
};

/**
 * The agenda's render entry: filters from the query, an event's details open from its permalink,
 * and today's date in Zurich, where the list starts. Today decides no path but a quick range's
 * days, so the browser asks for the paths the server answered (its embedded answers).
 */
export const agendaEntry: WidgetEntry = {
  name: 'agenda',
  // Its first screen is the server's: the code loads when the visitor reaches for it.
  wake: 'intent',
  create: (setting) => {
    const openEvent = eventIdOf(setting.location.pathname);
    const input = {
      agendaId: setting.attribute('data-agenda-id') ?? '1',
      filters: agendaFiltersFromSearch(setting.location.search),
      openEvent,
      today: zurichToday(setting.now),
      now: setting.now,
      pageSize: pageSizeOf(setting.attribute('data-page-size'), PAGE_SIZES.events),
      pages: pagesFromSearch(setting.location.search),
      pastPages: pagesFromSearch(setting.location.search, PAST_PARAM, 0),
    };
    const browser = setting.side === 'browser';
    const actor = createActor(liveAgendaMachine(setting.api, browser), { input, inspect: setting.observe(input) });
    // The feeds are this site's server's (`/flux/…`): a widget that reads another API offers none.
    const subscription =
      (setting.attribute('data-api-base') ?? '').trim() === ''
        ? createActor(liveSubscriptionMachine(browser), { input: { origin: browser ? window.location.origin : null } })
        : null;
    if (browser) subscription?.start();
    const onDetails = (event: { id: string; title: string }, open: boolean): void => {
      if (!browser) return;
      // The language of the address at the time: the header's switch may have changed it.
      const language = splitLanguage(window.location.pathname, setting.root).language;
      // The header's language switch then leads to this event's page in each language (or the list's, once closed).
      showPermalink(open ? localizedPath(eventPath(event), language, setting.root) : null, localizedPath(PAGE_PATHS.agenda, language, setting.root));
    };
    return {
      actor,
      element: <AgendaView actor={actor} onDetails={onDetails} subscription={subscription} />,
      afterSettle: () => selectPermalinkFound(actor.getSnapshot()),
      subject: () => {
        const snapshot = actor.getSnapshot();
        if (openEvent === null) return { kind: 'events', events: selectShownEvents(snapshot) };
        const event = selectOpenedEvent(snapshot);
        return event === null ? null : { kind: 'event', event };
      },
      // The list stays by day; only a series' next dates change within it, when today's occurrence is over.
      until: () => {
        const snapshot = actor.getSnapshot();
        const opened = selectOpenedEvent(snapshot);
        return seriesChangeAt([...selectShownEvents(snapshot), ...(opened === null ? [] : [opened])], input.now);
      },
      attach: () => {
        const stopWatching = watchAddressForLanguageLinks();
        return () => {
          stopWatching();
          subscription?.stop();
        };
      },
    };
  },
};
