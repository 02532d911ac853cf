import type { SnapshotFrom } from 'xstate';
import type { AgendaEvent } from '../../src/domain/agenda';
import type { NewsItem } from '../../src/domain/news';
import {
  homeMachine,
  selectEventsRetrying,
  selectEventsStatus,
  selectLatestNews,
  selectNewsRetrying,
  selectNewsStatus,
  selectNextEvents,
  type HomeInput,
  type HomeListStatus,
  type HomeMachineEvent,
} from '../../src/machines/home-machine';
import type { HttpFailure } from '../../src/services/http';
import { describeRetry, type MachineModel } from './machine-model';
import type { Seen } from './visible';
import { withoutInvocations } from './without-invocations';

type Snapshot = SnapshotFrom<typeof homeMachine>;

const say = (language: 'fr' | 'en', fr: string, en: string): string => (language === 'fr' ? fr : en);

/** The day the model's home page is shown on. */
export const HOME_TODAY = '2026-11-23';
/** The model's moment: 10:00 in Zurich that day, as the browser suite's clock (the session of 18:30 and the open day are still coming). */
export const HOME_NOW = Date.UTC(2026, 10, 23, 9);

const event = (id: string, bel_date: string, title: string, extra: Partial<AgendaEvent> = {}): AgendaEvent => ({ id, bel_date, title, ...extra });

const PAST = event('1', '2026-11-18', 'Séance de la commission des finances', { start_time: '14:00', place: 'Salle 3' });
const SESSION = event('2', HOME_TODAY, 'Séance du Grand Conseil', { start_time: '18:30', end_time: '20:00', place: 'Hôtel de Ville' });
const OPEN_DAY = event('3', HOME_TODAY, 'Journée portes ouvertes', { place: 'Château de Valmont' });
const CONCERT = event('4', '2026-12-05', 'Concert de l’Avent', { start_time: '20:00' });
const WISHES = event('5', '2027-01-10', 'Vœux du Conseil d’État', { start_time: '11:00', place: 'Place du Marché' });

/**
 * A legacy backend's whole agenda: past events, a duplicate, any order. The home page shows the
 * three next ones from today, in date order, each once: the session, the open day (an event
 * without a time comes last in its day), then the concert.
 */
export const LEGACY_AGENDA: readonly AgendaEvent[] = [WISHES, PAST, CONCERT, SESSION, OPEN_DAY, SESSION];

/** A reference server's page of upcoming events (two are left in this agenda). */
export const AGENDA_PAGE: readonly AgendaEvent[] = [SESSION, CONCERT];

/** A legacy agenda that holds only past events: nothing is upcoming. */
export const PAST_AGENDA: readonly AgendaEvent[] = [PAST];

const news = (id: string, title: string | null, date: string, extra: Partial<NewsItem> = {}): NewsItem => ({
  id,
  title,
  date,
  lead: title === null ? null : `${title} : l’essentiel.`,
  ...extra,
});

/**
 * The news as the API answers them, newest first, with a duplicate: an item with its own page
 * (a slug), one that leads elsewhere (its link), one without title nor link, and one more.
 */
export const LATEST_NEWS: readonly NewsItem[] = [
  news('11', 'Le budget 2027 est adopté', '2026-11-20', { slug: 'le-budget-2027-est-adopte' }),
  news('12', 'Consultation sur la mobilité', '2026-11-18', { link: 'https://www.mobilite.example/consultation/' }),
  news('11', 'Le budget 2027 est adopté', '2026-11-20', { slug: 'le-budget-2027-est-adopte' }),
  news('13', null, '2026-11-10'),
  news('14', 'Fermeture des guichets', '2026-11-02', { slug: 'fermeture-des-guichets' }),
];

/** The failure the fake server answers with. */
export const HOME_FAILURE: HttpFailure = { _tag: 'HttpError', url: '/api/agenda/1/?page_size=20&occurrences=first', status: 503 };

/**
 * What a list block of the home page shows: its items once listed; while loading, its (visually
 * hidden) loading text, or the "still trying" status of a retry; its empty notice; its failure
 * with its button; and the link to its whole section, always there.
 */
const block = (
  region: string,
  status: HomeListStatus,
  retrying: boolean,
  titles: readonly string[],
  texts: { readonly empty: string; readonly failed: string; readonly all: string },
): { readonly seen: readonly Seen[]; readonly alert: Seen | null } => ({
  seen: [
    ...(status === 'loaded' ? [{ kind: 'region-items', region, titles } as const] : []),
    ...(status === 'loading'
      ? [{ kind: 'region-text', region, text: retrying ? 'Connexion lente ou serveur occupé : nouvel essai en cours…' : 'Chargement…', shown: true } as const]
      : []),
    { kind: 'text', text: texts.empty, shown: status === 'empty' },
    { kind: 'link', name: texts.all, shown: true },
  ],
  alert: status === 'failed' ? { kind: 'alert', message: texts.failed, button: 'Réessayer' } : null,
});

/** The home machine as the model-based tests and `npm run paths` walk it. */
export const homeModel: MachineModel<HomeMachineEvent> = {
  name: 'home',
  model: withoutInvocations(homeMachine),
  input: { agendaId: '1', now: HOME_NOW, count: 3 } satisfies HomeInput,
  // The events a visitor or a service can cause from a state, as the view offers them.
  events: (state) => {
    const snapshot = state as Snapshot;
    const events: HomeMachineEvent[] = [];
    if (snapshot.matches({ events: 'loading' })) {
      events.push(
        { type: 'AGENDA_LOADED', events: LEGACY_AGENDA, next: null, whole: true },
        { type: 'AGENDA_LOADED', events: AGENDA_PAGE, next: null, whole: false },
        { type: 'AGENDA_LOADED', events: PAST_AGENDA, next: null, whole: true },
        { type: 'AGENDA_FAILED', error: HOME_FAILURE },
      );
    }
    if (snapshot.matches({ events: { loading: 'trying' } })) events.push({ type: 'AGENDA_RETRYING', attempt: 1, of: 2 });
    if (snapshot.matches({ events: 'failed' })) events.push({ type: 'RETRY_EVENTS' });
    if (snapshot.matches({ news: 'loading' })) {
      events.push(
        { type: 'NEWS_LOADED', items: LATEST_NEWS, next: null, total: LATEST_NEWS.length },
        { type: 'NEWS_LOADED', items: [], next: null, total: 0 },
        { type: 'NEWS_FAILED', error: { ...HOME_FAILURE, url: '/api/news/actualites/?page_size=3' } },
      );
    }
    if (snapshot.matches({ news: { loading: 'trying' } })) events.push({ type: 'NEWS_RETRYING', attempt: 1, of: 2 });
    if (snapshot.matches({ news: 'failed' })) events.push({ type: 'RETRY_NEWS' });
    return events;
  },
  // The state as far as the visitor can tell it apart: both lists' states and how many items each shows.
  key: (state) => {
    const snapshot = state as Snapshot;
    return JSON.stringify([snapshot.value, snapshot.context.events.length, snapshot.context.news.length]);
  },
  describeEvent: (event, language) => {
    switch (event.type) {
      case 'AGENDA_LOADED':
        return event.whole
          ? say(
              language,
              `Le serveur répond avec tout l’agenda (${event.events.length} événements, passés compris)`,
              `The server answers with the whole agenda (${event.events.length} events, past ones included)`,
            )
          : say(language, `Le serveur répond avec ${event.events.length} événement(s) à venir`, `The server answers with ${event.events.length} upcoming event(s)`);
      case 'AGENDA_RETRYING':
        return `${say(language, 'Prochains événements', 'Upcoming events')} — ${describeRetry(event, language)}`;
      case 'NEWS_RETRYING':
        return `${say(language, 'Dernières actualités', 'Latest news')} — ${describeRetry(event, language)}`;
      case 'AGENDA_FAILED':
        return say(language, 'L’appel de l’agenda échoue', 'The agenda call fails');
      case 'NEWS_LOADED':
        return say(language, `Le serveur répond avec ${event.items.length} actualité(s)`, `The server answers with ${event.items.length} news item(s)`);
      case 'NEWS_FAILED':
        return say(language, 'L’appel des actualités échoue', 'The news call fails');
      case 'RETRY_EVENTS':
        return say(language, 'Cliquer sur « Réessayer » sous les prochains événements', 'Click “Try again” under the upcoming events');
      case 'RETRY_NEWS':
        return say(language, 'Cliquer sur « Réessayer » sous les dernières actualités', 'Click “Try again” under the latest news');
    }
  },
  words: {
    events: ['prochains événements', 'upcoming events'],
    news: ['dernières actualités', 'latest news'],
    loaded: ['listés', 'listed'],
  },
  describeContext: (state, language) => {
    const snapshot = state as Snapshot;
    return say(
      language,
      `${snapshot.context.events.length} événement(s), ${snapshot.context.news.length} actualité(s)`,
      `${snapshot.context.events.length} event(s), ${snapshot.context.news.length} news item(s)`,
    );
  },
  visible: (state) => {
    const snapshot = state as Snapshot;
    const events = block(
      'Prochains événements',
      selectEventsStatus(snapshot),
      selectEventsRetrying(snapshot),
      selectNextEvents(snapshot).map((event) => event.title),
      { empty: 'Aucun événement à venir.', failed: "Les prochains événements n'ont pas pu être chargés.", all: "Tout l'agenda" },
    );
    const news = block(
      'Dernières actualités',
      selectNewsStatus(snapshot),
      selectNewsRetrying(snapshot),
      selectLatestNews(snapshot).map((item) => item.title?.trim() || 'Sans titre'),
      { empty: 'Aucune actualité.', failed: "Les dernières actualités n'ont pas pu être chargées.", all: 'Toutes les actualités' },
    );
    const alerts = [events.alert, news.alert].filter((alert) => alert !== null);
    return [...events.seen, ...news.seen, ...(alerts.length > 0 ? alerts : [{ kind: 'no-alert' } as const])];
  },
};
