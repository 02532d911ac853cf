import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { calendarAddresses } from '../../domain/feed-addresses';
import { agendaCsvPath } from '../../domain/open-data-export';
import { selectAgendaFilters, type agendaMachine } from '../../machines/agenda-machine';
import { selectCalendarFeedPath, selectCopyStatus, selectOrigin, selectSubscriptionOpen, type subscriptionMachine } from '../../machines/subscription-machine';
import { useLocale } from '../shared/widget-root';

/**
 * "S'abonner": the calendar feed of the agenda's categories and title, as a disclosure. Without
 * script (and in the server's markup, which the browser hydrates) it holds the sentence and a
 * link to the feed; once open in a browser, the https address to copy, a copy button, the
 * copy's outcome, and the webcal: address that opens a calendar application.
 */
export const AgendaSubscription = ({
  agenda,
  subscription,
}: {
  agenda: ActorRefFrom<typeof agendaMachine>;
  subscription: ActorRefFrom<typeof subscriptionMachine>;
}) => {
  const { t } = useLocale();
  const path = useSelector(agenda, selectCalendarFeedPath);
  const open = useSelector(subscription, selectSubscriptionOpen);
  const origin = useSelector(subscription, selectOrigin);
  const addresses = path !== null && origin !== null ? calendarAddresses(origin, path) : null;
  const copy = useSelector(subscription, (snapshot) => selectCopyStatus(snapshot, addresses?.https ?? null));
  const hintId = useId();
  const fieldId = useId();

  return (
    <details className="agenda-subscribe" open={open} onToggle={(event) => subscription.send({ type: event.currentTarget.open ? 'OPEN' : 'CLOSE' })}>
      <summary className="agenda-subscribe__summary">{t('agenda.subscribe')}</summary>
      <div className="agenda-subscribe__body">
        {path === null ? (
          <p>{t('agenda.subscribe.unavailable')}</p>
        ) : (
          <>
            <p id={hintId}>{t('agenda.subscribe.hint')}</p>
            {open && addresses !== null ? (
              <>
                <label htmlFor={fieldId} className="agenda-subscribe__label">
                  {t('agenda.subscribe.address')}
                </label>
                <div className="agenda-subscribe__row">
                  <input
                    id={fieldId}
                    className="agenda-subscribe__address"
                    type="text"
                    readOnly
                    value={addresses.https}
                    aria-describedby={hintId}
                    // The whole address at once: the way to copy it by hand when the button cannot.
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <button type="button" className="button" aria-busy={copy === 'copying'} onClick={() => subscription.send({ type: 'COPY', text: addresses.https })}>
                    {t('agenda.subscribe.copy')}
                  </button>
                </div>
                <p className={copy === 'failed' ? 'agenda-subscribe__status agenda-subscribe__status--failed' : 'agenda-subscribe__status'} role="status">
                  {copy === 'copied' ? t('agenda.subscribe.copied') : copy === 'failed' ? t('agenda.subscribe.copyFailed') : ''}
                </p>
                <p>
                  <a href={addresses.webcal}>{t('agenda.subscribe.webcal')}</a>
                </p>
              </>
            ) : (
              <p>
                <a href={path} type="text/calendar">
                  {t('agenda.subscribe.link')}
                </a>
              </p>
            )}
            <p className="agenda-subscribe__note">{t('agenda.subscribe.note')}</p>
          </>
        )}
      </div>
    </details>
  );
};

/** "Télécharger ces événements (CSV)": the events of the filters in force as a table, a plain link that works without script. */
export const AgendaCsvLink = ({ agenda }: { agenda: ActorRefFrom<typeof agendaMachine> }) => {
  const { t, language, root } = useLocale();
  const path = useSelector(agenda, (snapshot) => agendaCsvPath(selectAgendaFilters(snapshot), language, root));
  return (
    <p className="agenda-subscribe__csv">
      {/* `nofollow`: a crawler walking every filter of the page would make every file of it. */}
      <a href={path} download rel="nofollow">
        {t('agenda.opendata.csv')}
      </a>
    </p>
  );
};
