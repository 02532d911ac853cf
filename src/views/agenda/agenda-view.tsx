import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { AgendaDetailsContext, type AgendaDetails } from './agenda-details';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { eventKey, type AgendaMonth, type AgendaYear } from '../../domain/agenda-grouping';
import type { Language } from '../../i18n/language';
import { monthName } from '../../i18n/months';
import {
  selectAddition,
  selectAgendaCount,
  selectAgendaStatus,
  selectItemTitle,
  selectEmptyRange,
  selectHasMore,
  selectHasPast,
  selectLoadingMore,
  selectMoreSearch,
  selectPastSearch,
  selectRetrying,
  selectLoadingPast,
  selectMoreFailed,
  selectPastFailed,
  selectPageEvent,
  selectShownAgenda,
  selectShownEvents,
  listSearchOf,
  type AgendaAddition,
  type agendaMachine,
} from '../../machines/agenda-machine';
import { eventCalendarPath, listCalendarPath } from '../../domain/calendar-files';
import { ADDED_ANCHORS } from '../../domain/list-pages';
import { PAGE_PATHS } from '../../domain/permalinks';
import { InPlaceLink } from '../shared/more-link';
import type { subscriptionMachine } from '../../machines/subscription-machine';
import { useItemTitle } from '../shared/document-title';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { AgendaEventItem } from './agenda-event';
import { AgendaFilterBar } from './agenda-filter-bar';
import { AgendaCsvLink, AgendaSubscription } from './agenda-subscription';
import { CalendarLink } from './calendar-link';

const PLACEHOLDERS = [0, 1, 2, 3];

// Memoised: a month whose events did not change is not rendered again when a page is added.
const AgendaMonthSection = memo(function AgendaMonthSection({ year, month, language }: { year: number; month: AgendaMonth; language: Language }) {
  return (
    <section className="agenda-month">
      <h3 className="agenda-month__title">
        {monthName(month.month, language)} {year}
      </h3>
      <ul className="agenda-month__events">
        {month.events.map((event, index) => (
          <li key={`${eventKey(event)}:${index}`}>
            <AgendaEventItem event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
});

const AgendaYearSection = memo(function AgendaYearSection({ year, language }: { year: AgendaYear; language: Language }) {
  return (
    <section className="agenda-year" aria-labelledby={`agenda-year-${year.year}`}>
      <h2 id={`agenda-year-${year.year}`} className="agenda-year__title">
        {year.year}
      </h2>
      {year.months.map((month) => (
        <AgendaMonthSection key={month.month} year={year.year} month={month} language={language} />
      ))}
    </section>
  );
});

type Translate = ReturnType<typeof useLocale>['t'];

/** The count sentence: the total, how many are shown when fewer are, and how many the latest addition brought. */
const countSentence = (t: Translate, total: number, shown: number | null, added: number | null): string => {
  if (shown === null) return added === null ? t('agenda.count', { count: total }) : t('agenda.countAdded', { count: total, added });
  return added === null ? t('agenda.countShown', { count: total, shown }) : t('agenda.countShownAdded', { count: total, shown, added });
};

/** After "Afficher plus" or "Événements passés", focus goes to the first new event's title, so reading goes on from there. */
const useFocusOnAddition = (list: React.RefObject<HTMLDivElement | null>, addition: AgendaAddition | null): void => {
  useEffect(() => {
    if (addition === null || addition.first === '' || !list.current) return;
    const article = [...list.current.querySelectorAll<HTMLElement>('article[data-event-id]')].find((item) => item.dataset.eventId === addition.first);
    article?.querySelector<HTMLElement>('h4')?.focus();
  }, [list, addition]);
};

/** The document's title while the page's event is known: mounted only then, so a page loaded on an event keeps the server's title meanwhile. */
const ItemTitle = ({ item }: { item: string | null }) => {
  useItemTitle(item);
  return null;
};

/** The agenda screen: a permalink's event, the filters, then the events by year and month with the past and "more" buttons, read from the machine. */
export const AgendaView = ({
  actor,
  onDetails,
  subscription = null,
}: {
  actor: ActorRefFrom<typeof agendaMachine>;
  /** The calendar subscription ("S'abonner"); none where the agenda comes from another API, whose feeds this site does not serve. */
  subscription?: ActorRefFrom<typeof subscriptionMachine> | null;
  /** Told when the visitor opens or closes an event's details (its permalink follows). */
  onDetails?: AgendaDetails['onDetails'];
}) => {
  const { language, t, localize } = useLocale();
  const status = useSelector(actor, selectAgendaStatus);
  const agenda = useSelector(actor, selectShownAgenda);
  const events = useSelector(actor, selectShownEvents);
  const categoriesFailed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const hasMore = useSelector(actor, selectHasMore);
  const hasPast = useSelector(actor, selectHasPast);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const loadingPast = useSelector(actor, selectLoadingPast);
  const moreFailed = useSelector(actor, selectMoreFailed);
  const pastFailed = useSelector(actor, selectPastFailed);
  const addition = useSelector(actor, selectAddition);
  // Pages beyond the address's were asked by the visitor ("Afficher plus", "Événements passés"): those the address asked
  // (`?page=2`) are the first screen, whose count says nothing of new events.
  const grownByVisitor = useSelector(
    actor,
    (snapshot) => snapshot.context.pages > snapshot.context.wantedPages || snapshot.context.pastPages > snapshot.context.wantedPast,
  );
  const emptyRange = useSelector(actor, selectEmptyRange);
  const pageEvent = useSelector(actor, selectPageEvent);
  const itemTitle = useSelector(actor, selectItemTitle);
  const count = useSelector(actor, selectAgendaCount, (a, b) => a.total === b.total && a.shown === b.shown);
  const list = useRef<HTMLDivElement>(null);
  useFocusOnAddition(list, addition);
  const firstLoad = status === 'loading' && agenda.length === 0;
  const retrying = useSelector(actor, selectRetrying);
  const agendaId = useSelector(actor, (snapshot) => snapshot.context.agendaId);
  const now = useSelector(actor, (snapshot) => snapshot.context.now);
  // The calendar files are this site's server's, as the feeds are: offered where the subscription is.
  const serverFiles = subscription !== null;
  const anchorEvent = addition === null || addition.first === '' ? null : addition.first;
  // The machine learns which details are open (the title follows), the entry moves the address.
  const toldDetails = useCallback<NonNullable<AgendaDetails['onDetails']>>(
    (event, open) => {
      actor.send(open ? { type: 'OPEN_DETAILS', id: event.id, title: event.title } : { type: 'CLOSE_DETAILS', id: event.id });
      onDetails?.(event, open);
    },
    [actor, onDetails],
  );
  const details = useMemo<AgendaDetails>(
    () => ({ onDetails: toldDetails, anchorEvent, now, calendarHref: serverFiles ? (eventId: string) => eventCalendarPath(agendaId, eventId) : null }),
    [toldDetails, anchorEvent, serverFiles, agendaId, now],
  );
  // Without script the links lead to addresses the server renders: the list with a page more, or with the past.
  const listPath = localize(PAGE_PATHS.agenda);
  // The list grows to the address's upcoming pages first, then its past ones: only the last grown is where a link's fragment lands.
  const moreHref = useSelector(actor, (snapshot) => `${listPath}${selectMoreSearch(snapshot)}${snapshot.context.pastPages === 0 ? `#${ADDED_ANCHORS.agenda}` : ''}`);
  const pastHref = useSelector(actor, (snapshot) => `${listPath}${selectPastSearch(snapshot)}#${ADDED_ANCHORS.agenda}`);
  const exportHref = useSelector(actor, (snapshot) => (serverFiles ? listCalendarPath(snapshot.context.agendaId, listSearchOf(snapshot.context)) : null));

  // The count's live region says "still trying" while a slow call is tried again; else the total
  // the API reports, and how many are shown when fewer are (docs/requirements.md, "Agenda").
  const countText = retrying
    ? t('common.retrying')
    : firstLoad
      ? t('agenda.loading')
      : status === 'failed'
        ? ''
        : countSentence(t, count.total, count.shown, grownByVisitor ? (addition?.count ?? null) : null);

  return (
    <AgendaDetailsContext.Provider value={details}>
      {itemTitle === undefined ? null : <ItemTitle item={itemTitle} />}
      <div className="agenda">
        {pageEvent !== null ? (
          // The page's event comes first, before the filters, so it is on the first screen, with or without script;
          // the page's heading is its title. The list below still shows it in its place.
          <div className="agenda-permalink">
            <AgendaEventItem event={pageEvent} onPage />
          </div>
        ) : null}
        <AgendaFilterBar actor={actor}>
          {subscription !== null ? (
            <>
              <AgendaSubscription agenda={actor} subscription={subscription} />
              <AgendaCsvLink agenda={actor} />
            </>
          ) : null}
        </AgendaFilterBar>
        <section className="agenda__results" aria-label={t('agenda.results')} aria-busy={status === 'loading'}>
          <div className="agenda__summary">
            <p className="agenda__count" role="status">
              {countText}
            </p>
            {events.length > 0 ? <CalendarLink className="button" events={events} href={exportHref} fileTitle="agenda" label={t('agenda.export')} /> : null}
          </div>
          {status === 'failed' || categoriesFailed ? (
            <RetryMessage
              message={t(status === 'failed' ? 'agenda.failed' : 'agenda.categoriesFailed')}
              retryLabel={t('common.retry')}
              onRetry={() => actor.send({ type: 'RETRY' })}
            />
          ) : null}
          {emptyRange !== null ? (
            <div className="notice">
              <p>{t(`agenda.range.empty.${emptyRange}`)}</p>
            </div>
          ) : null}
          {status === 'empty' ? (
            <div className="notice">
              <p>{t('agenda.empty')}</p>
              <button type="button" className="button" onClick={() => actor.send({ type: 'RESET' })}>
                {t('agenda.empty.reset')}
              </button>
            </div>
          ) : null}
          {pastFailed ? (
            <p className="notice notice--error" role="alert">
              {t('agenda.pastFailed')}
            </p>
          ) : null}
          {hasPast ? (
            <p className="agenda__past">
              <InPlaceLink href={pastHref} className="button" busy={loadingPast} label={t('agenda.past')} onFollow={() => actor.send({ type: 'LOAD_PAST' })} />
            </p>
          ) : null}
          {firstLoad ? (
            <div aria-hidden="true">
              {PLACEHOLDERS.map((key) => (
                <div key={key} className="agenda-event agenda-event--placeholder">
                  <div className="placeholder placeholder--line placeholder--short" />
                  <div className="placeholder placeholder--title" />
                  <div className="placeholder placeholder--line" />
                </div>
              ))}
            </div>
          ) : (
            <div ref={list} className={status === 'loading' ? 'agenda__groups agenda__groups--busy' : 'agenda__groups'}>
              {emptyRange !== null && agenda.length > 0 ? <h2 className="agenda__next-title">{t('agenda.nextEvents')}</h2> : null}
              {agenda.map((year) => (
                <AgendaYearSection key={year.year} year={year} language={language} />
              ))}
            </div>
          )}
          {moreFailed ? (
            <p className="notice notice--error" role="alert">
              {t('agenda.moreFailed')}
            </p>
          ) : null}
          {hasMore ? (
            <p className="agenda__more">
              <InPlaceLink href={moreHref} className="button" busy={loadingMore} label={t('agenda.more')} onFollow={() => actor.send({ type: 'LOAD_MORE' })} />
            </p>
          ) : null}
        </section>
      </div>
    </AgendaDetailsContext.Provider>
  );
};
