import { fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import type { AgendaEvent } from '../../src/domain/agenda';
import type { CategorySelection } from '../../src/domain/news-list';
import type { NewsItem } from '../../src/domain/news';
import { HOME_EVENTS_ASKED } from '../../src/domain/home-lists';
import { HOME_MESSAGES } from '../../src/i18n/home-messages';
import { addMessages } from '../../src/i18n/intl';
import { homeMachine, type HomeInput, type HomeMachineEvent } from '../../src/machines/home-machine';
import type { AgendaEventsEvent, AgendaQuery } from '../../src/services/agenda-service';
import type { NewsEvent } from '../../src/services/news-service';
import { HomeView } from '../../src/views/home/home-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { describeModelWalk } from './model-walk';
import { HOME_TODAY, homeModel } from './home-model';

type Snapshot = SnapshotFrom<typeof homeMachine>;

// The view is rendered here without its widget's entry, which adds these messages in the page.
addMessages(HOME_MESSAGES);

const input = homeModel.input as HomeInput;

// Written out by hand, so the test does not check the formatter with itself: the Swiss French long date (fr-CH), weekday followed by a comma.
const FRENCH_DAYS: Readonly<Record<string, string>> = {
  '2026-11-23': 'lundi, 23 novembre 2026',
  '2026-12-05': 'samedi, 5 décembre 2026',
  '2026-11-20': 'vendredi, 20 novembre 2026',
  '2026-11-18': 'mercredi, 18 novembre 2026',
  '2026-11-10': 'mardi, 10 novembre 2026',
};

// Each event's permalink, written out: its id, then its title's slug.
const EVENT_PAGES: Readonly<Record<string, string>> = {
  '2': '/agenda/2-seance-du-grand-conseil/',
  '3': '/agenda/3-journee-portes-ouvertes/',
  '4': '/agenda/4-concert-de-l-avent/',
};

// The titles the lists must show: three of the legacy agenda, the two of the reference server's page.
const NEXT_TITLES: Readonly<Record<number, readonly string[]>> = {
  3: ['Séance du Grand Conseil', 'Journée portes ouvertes', 'Concert de l’Avent'],
  2: ['Séance du Grand Conseil', 'Concert de l’Avent'],
};

/** The real machine with fake services whose answers the test gives. */
const harness = () => {
  const agendaRequests: { query: AgendaQuery; answer: Subject<AgendaEventsEvent> }[] = [];
  const newsRequests: { selection: CategorySelection; answer: Subject<NewsEvent> }[] = [];
  const machine = homeMachine.provide({
    actors: {
      loadEvents: fromEventObservable<AgendaEventsEvent, AgendaQuery>(({ input: query }) => {
        const answer = new Subject<AgendaEventsEvent>();
        agendaRequests.push({ query, answer });
        return answer;
      }),
      loadNews: fromEventObservable<NewsEvent, CategorySelection>(({ input: selection }) => {
        const answer = new Subject<NewsEvent>();
        newsRequests.push({ selection, answer });
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input });
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  actor.start();
  render(
    <WidgetRoot container={container}>
      <HomeView actor={actor} />
    </WidgetRoot>,
    { container },
  );
  return { actor, agendaRequests, newsRequests };
};

type Harness = ReturnType<typeof harness>;

const eventsRegion = () => screen.getByRole('region', { name: 'Prochains événements' });
const newsRegion = () => screen.getByRole('region', { name: 'Dernières actualités' });

/** Makes the event happen as a visitor or a service would. */
const perform = (h: Harness, event: HomeMachineEvent): void => {
  switch (event.type) {
    case 'RETRY_EVENTS':
      fireEvent.click(within(eventsRegion()).getByRole('button', { name: 'Réessayer' }));
      return;
    case 'RETRY_NEWS':
      fireEvent.click(within(newsRegion()).getByRole('button', { name: 'Réessayer' }));
      return;
    case 'AGENDA_LOADED':
    case 'AGENDA_FAILED':
    case 'AGENDA_RETRYING':
      h.agendaRequests.at(-1)!.answer.next(event);
      return;
    case 'NEWS_LOADED':
    case 'NEWS_FAILED':
    case 'NEWS_RETRYING':
      h.newsRequests.at(-1)!.answer.next(event);
      return;
  }
};

/** The items of a list region, as a visitor reads them: the headings of its list. */
const itemsOf = (region: HTMLElement): HTMLElement[] => within(region).queryAllByRole('listitem');

const expectEvent = (item: HTMLElement, event: AgendaEvent): void => {
  const link = within(item).getByRole('link', { name: event.title });
  expect(link.closest('h3')).not.toBeNull();
  expect(link).toHaveAttribute('href', EVENT_PAGES[event.id]);
  const time = item.querySelector('time')!;
  const day = FRENCH_DAYS[event.bel_date]!;
  if (event.start_time) {
    expect(time).toHaveAttribute('datetime', `${event.bel_date}T${event.start_time}`);
    expect(time).toHaveTextContent(event.end_time ? `${day}, ${event.start_time} – ${event.end_time}` : `${day}, ${event.start_time}`);
  } else {
    expect(time).toHaveAttribute('datetime', event.bel_date);
    expect(time.textContent).toBe(day);
  }
  if (event.place) expect(item).toHaveTextContent(`Lieu : ${event.place}`);
};

const expectNews = (item: HTMLElement, news: NewsItem): void => {
  const heading = within(item).getByRole('heading', { level: 3 });
  expect(heading).toHaveTextContent(news.title ?? 'Sans titre');
  const link = within(heading).queryByRole('link');
  if (news.slug) expect(link).toHaveAttribute('href', `/actualites/${news.slug}/`);
  else if (news.link) expect(link).toHaveAttribute('href', news.link);
  else expect(link).toBeNull();
  const time = item.querySelector('time')!;
  expect(time).toHaveAttribute('datetime', news.date);
  expect(time.textContent).toBe(FRENCH_DAYS[news.date!]);
  if (news.lead) expect(item).toHaveTextContent(news.lead);
};

/** One list region in one state: its items, its empty or failure message, and the link to its section. */
const expectRegion = (region: HTMLElement, status: HomeListStatus, retrying: boolean, texts: { empty: string; failed: string; all: string; href: string }): void => {
  expect(region).toHaveAttribute('aria-busy', String(status === 'loading'));
  expect(within(region).queryByText('Chargement…') !== null).toBe(status === 'loading');
  // A slow list tried again says so, politely, in its own block only.
  const stillTrying = within(region).queryByText('Connexion lente ou serveur occupé : nouvel essai en cours…');
  expect(stillTrying !== null).toBe(retrying);
  if (stillTrying !== null) expect(stillTrying).toHaveAttribute('role', 'status');
  expect(within(region).queryByText(texts.empty) !== null).toBe(status === 'empty');
  const alerts = within(region).queryAllByRole('alert');
  expect(alerts.map((alert) => alert.textContent)).toEqual(status === 'failed' ? [`${texts.failed}Réessayer`] : []);
  if (status !== 'loaded') expect(itemsOf(region)).toHaveLength(0);
  // The section's link stays, whatever the list shows.
  expect(within(region).getByRole('link', { name: texts.all })).toHaveAttribute('href', texts.href);
};

type HomeListStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** A list's state as the visitor tells it: a first attempt and a retry both load. */
const listStatus = (expected: Snapshot, region: 'events' | 'news'): HomeListStatus =>
  expected.matches({ [region]: 'loading' }) ? 'loading' : ((expected.value as Record<string, HomeListStatus>)[region] ?? 'loading');

/** What the visitor must see in a state of the model. */
const expectScreen = (h: Harness, expected: Snapshot, event: HomeMachineEvent | null): void => {
  expect(h.actor.getSnapshot().value).toEqual(expected.value);
  const eventsStatus = listStatus(expected, 'events');
  const newsStatus = listStatus(expected, 'news');

  // The search form and the section cards are there in every state.
  const search = screen.getByRole('search');
  expect(search).toHaveAttribute('action', '/recherche/');
  expect(search).toHaveAttribute('method', 'get');
  expect(within(search).getByRole('searchbox', { name: 'Que cherchez-vous ?' })).toHaveAttribute('name', 'q');
  expect(within(search).getByRole('button', { name: 'Rechercher' })).toHaveAttribute('type', 'submit');
  expect(screen.getByRole('heading', { level: 2, name: 'Rubriques' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Annuaire' })).toHaveAttribute('href', '/annuaire/');

  expectRegion(eventsRegion(), eventsStatus, expected.matches({ events: { loading: 'retrying' } }), {
    empty: 'Aucun événement à venir.',
    failed: "Les prochains événements n'ont pas pu être chargés.",
    all: "Tout l'agenda",
    href: '/agenda/',
  });
  expectRegion(newsRegion(), newsStatus, expected.matches({ news: { loading: 'retrying' } }), {
    empty: 'Aucune actualité.',
    failed: "Les dernières actualités n'ont pas pu être chargées.",
    all: 'Toutes les actualités',
    href: '/actualites/',
  });

  if (eventsStatus === 'loaded') {
    const items = itemsOf(eventsRegion());
    const dates = expected.context.events;
    expect(items).toHaveLength(dates.length);
    for (const [index, item] of items.entries()) expectEvent(item, dates[index]!);
    // From today on, in date order (an event without a time last in its day), each once, at most three.
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(NEXT_TITLES[dates.length]);
  }
  if (newsStatus === 'loaded') {
    const items = itemsOf(newsRegion());
    expect(items).toHaveLength(expected.context.news.length);
    for (const [index, item] of items.entries()) expectNews(item, expected.context.news[index]!);
    // The first three of the API's order, each once.
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Le budget 2027 est adopté',
      'Consultation sur la mobilité',
      'Sans titre',
    ]);
  }

  // A list that starts loading asks for the next page of three of the agenda, from today, or for the plain news list.
  if (event === null || event.type === 'RETRY_EVENTS') {
    expect(h.agendaRequests.at(-1)!.query).toEqual({
      agendaId: '1',
      filters: { categories: [], month: null, title: null },
      page: { period: 'upcoming', today: HOME_TODAY, pageSize: HOME_EVENTS_ASKED, occurrences: 'first' },
    });
  }
  if (event === null || event.type === 'RETRY_NEWS') expect(h.newsRequests.at(-1)!.selection).toEqual([]);
};

describeModelWalk('the home page, walked through its statechart', {
  model: homeModel,
  open: harness,
  close: (h) => h.actor.stop(),
  perform,
  measure: (h) => [h.agendaRequests.length, h.newsRequests.length] as const,
  expectStep: (h, { event, after, measured }) => {
    expectScreen(h, after as Snapshot, event);
    // Each list is asked for once, and again only by its own retry: one list's retry never reloads the other.
    const [agenda, news] = measured ?? [0, 0];
    const expected = event === null ? [1, 1] : [agenda + (event.type === 'RETRY_EVENTS' ? 1 : 0), news + (event.type === 'RETRY_NEWS' ? 1 : 0)];
    expect([h.agendaRequests.length, h.newsRequests.length]).toEqual(expected);
  },
});
