import { memo, useContext, useEffect, useState } from 'react';
import { AgendaDetailsContext } from './agenda-details';
import type { AgendaEvent } from '../../domain/agenda';
import { safeWebsite } from '../../domain/directory';
import { ADDED_ANCHORS } from '../../domain/list-pages';
import { formatLongDate, formatTime } from '../../i18n/dates';
import { requestSanitizer, RichText } from '../shared/rich-text';
import { useLocale } from '../shared/widget-root';
import { CalendarLink } from './calendar-link';

/** One event of the list: date and time, title, place, categories, details and its calendar file. */
export const AgendaEventItem = memo(function AgendaEventItem({
  event,
  titleLevel = 4,
}: {
  event: AgendaEvent;
  /** The title's heading level: 4 under a list's year and month, 3 under a permalink's own heading. */
  titleLevel?: 3 | 4;
}) {
  const Title = titleLevel === 3 ? 'h3' : 'h4';
  const { language, t, contentLang } = useLocale();
  const details = useContext(AgendaDetailsContext);
  const openOnLoad = details.openEvent === event.id;
  // Whether the details are open: their text shows its markup only then (see RichText).
  const [open, setOpen] = useState(openOnLoad);
  // The details a permalink opens show their text at once: its markup follows as soon as it can.
  useEffect(() => {
    if (openOnLoad) requestSanitizer();
  }, [openOnLoad]);
  const link = safeWebsite(event.link);
  const start = event.start_time ? formatTime(event.start_time, language) : null;
  const end = event.end_time ? formatTime(event.end_time, language) : null;
  return (
    <article id={details.anchorEvent === event.id ? ADDED_ANCHORS.agenda : undefined} className="agenda-event" data-event-id={event.id}>
      <p className="agenda-event__when">
        <time dateTime={event.start_time ? `${event.bel_date.slice(0, 10)}T${event.start_time}` : event.bel_date.slice(0, 10)}>
          {formatLongDate(event.bel_date, language)}
          {start ? `, ${end ? t('agenda.timeRange', { start, end }) : start}` : ''}
        </time>
      </p>
      {/* Focusable from script only: focus lands here on the first event "Afficher plus" adds. */}
      <Title className="agenda-event__title" tabIndex={-1} lang={contentLang}>
        {event.title}
      </Title>
      {event.place ? (
        <p className="agenda-event__place">
          <span className="visually-hidden">{t('agenda.place')} : </span>
          <span lang={contentLang}>{event.place}</span>
        </p>
      ) : null}
      {event.categories && event.categories.length > 0 ? (
        <ul className="tags" aria-label={t('agenda.categories')} lang={contentLang}>
          {event.categories.map((category, index) => (
            <li key={`${index}:${category.id}`} className="tag">
              {category.title}
            </li>
          ))}
        </ul>
      ) : null}
      {event.description || link ? (
        <details
          className="agenda-event__details"
          open={openOnLoad}
          onToggle={(toggle) => {
            const opened = toggle.currentTarget.open;
            setOpen(opened);
            if (opened) requestSanitizer();
            details.onDetails?.(event, opened);
          }}
        >
          <summary>
            {t('agenda.details')}
            <span className="visually-hidden">
              {' – '}
              <span lang={contentLang}>{event.title}</span>
            </span>
          </summary>
          {event.description ? <RichText html={event.description} className="rich-text" shown={open} /> : null}
          {link ? (
            <p>
              <a href={link} target="_blank" rel="noopener noreferrer">
                {t('agenda.link')} <span className="visually-hidden">{t('common.newTab')}</span>
              </a>
            </p>
          ) : null}
        </details>
      ) : null}
      <p className="agenda-event__calendar">
        <CalendarLink
          events={[event]}
          href={details.calendarHref?.(event.id) ?? null}
          fileTitle={event.title}
          label={t('agenda.addToCalendar')}
          hiddenContext={event.title}
        />
      </p>
    </article>
  );
});
