import { memo, useMemo } from 'react';
import { AgendaDetailsContext, type AgendaDetails } from './agenda-details';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { firstEvents, type AgendaMonth, type AgendaYear } from '../../domain/agenda-grouping';
import type { Language } from '../../i18n/language';
import { monthName } from '../../i18n/months';
import { selectAgendaStatus, selectShownAgenda, selectShownEvents, type agendaMachine } from '../../machines/agenda-machine';
import { RetryMessage } from '../shared/retry-message';
import { useProgressiveCount } from '../shared/use-progressive-count';
import { useLocale } from '../shared/widget-root';
import { AgendaEventItem } from './agenda-event';
import { AgendaFilterBar } from './agenda-filter-bar';
import { CalendarLink } from './calendar-link';

const PLACEHOLDERS = [0, 1, 2, 3];

// Memoised, with `firstEvents` keeping whole months and years as they were: a step of a long
// list re-renders only the month it grows, not the thousands of events before it.
const AgendaMonthSection = memo(function AgendaMonthSection({ year, month, language }: { year: number; month: AgendaMonth; language: Language }) {
  return (
    <section className="agenda-month">
      <h3 className="agenda-month__title">
        {monthName(month.month, language)} {year}
      </h3>
      <ul className="agenda-month__events">
        {month.events.map((event, index) => (
          <li key={`${event.id}:${index}`}>
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

/** The agenda screen: filters, then the events by year and month, read from the machine. */
export const AgendaView = ({
  actor,
  openEvent = null,
  onDetails,
}: {
  actor: ActorRefFrom<typeof agendaMachine>;
  /** The event whose details a permalink opens. */
  openEvent?: string | null;
  /** Told when the visitor opens or closes an event's details (its permalink follows). */
  onDetails?: AgendaDetails['onDetails'];
}) => {
  const { language, t } = useLocale();
  const status = useSelector(actor, selectAgendaStatus);
  const agenda = useSelector(actor, selectShownAgenda);
  const events = useSelector(actor, selectShownEvents);
  const categoriesFailed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const firstLoad = status === 'loading' && agenda.length === 0;
  // A month can hold thousands of events: the first screen is committed at once, the rest in
  // later tasks, as a prefix of the display order so each heading stays above its events.
  const progressive = useProgressiveCount(agenda, events.length);
  // The event a permalink names is in the first screen, wherever it stands in the list.
  const rendered = openEvent === null ? progressive : Math.max(progressive, events.findIndex((event) => event.id === openEvent) + 1);
  const renderedAgenda = useMemo(() => firstEvents(agenda, rendered), [agenda, rendered]);
  const details = useMemo<AgendaDetails>(() => ({ openEvent, onDetails }), [openEvent, onDetails]);

  return (
    <AgendaDetailsContext.Provider value={details}>
    <div className="agenda">
      <AgendaFilterBar actor={actor} />
      <section className="agenda__results" aria-label={t('agenda.results')} aria-busy={status === 'loading'}>
        <div className="agenda__summary">
          <p className="agenda__count" role="status">
            {firstLoad ? t('agenda.loading') : status === 'failed' ? '' : t('agenda.count', { count: events.length })}
          </p>
          {events.length > 0 ? (
            <CalendarLink className="button" events={events} fileTitle="agenda" label={t('agenda.export')} />
          ) : null}
        </div>
        {status === 'failed' || categoriesFailed ? (
          <RetryMessage
            message={t(status === 'failed' ? 'agenda.failed' : 'agenda.categoriesFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
          />
        ) : null}
        {status === 'empty' ? (
          <div className="notice">
            <p>{t('agenda.empty')}</p>
            <button type="button" className="button" onClick={() => actor.send({ type: 'RESET' })}>
              {t('agenda.empty.reset')}
            </button>
          </div>
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
          <div className={status === 'loading' ? 'agenda__groups agenda__groups--busy' : 'agenda__groups'}>
            {renderedAgenda.map((year) => (
              <AgendaYearSection key={year.year} year={year} language={language} />
            ))}
          </div>
        )}
      </section>
    </div>
    </AgendaDetailsContext.Provider>
  );
};
