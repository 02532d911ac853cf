import { memo, useContext, useEffect, useId, useRef, useState } from 'react';
import { AgendaDetailsContext } from './agenda-details';
import type { AgendaEvent } from '../../domain/agenda';
import { safeWebsite } from '../../domain/directory';
import { ADDED_ANCHORS } from '../../domain/list-pages';
import { eventPath } from '../../domain/permalinks';
import { formatLongDate, formatTime } from '../../i18n/dates';
import { eventKey, seriesOf } from '../../domain/agenda-grouping';
import { eventDates } from '../../machines/agenda-machine';
import { recurrenceWords } from '../../i18n/recurrence-words';
import { requestSanitizer, RichText } from '../shared/rich-text';
import { isBrowserClick } from '../shared/more-link';
import { useLocale } from '../shared/widget-root';
import { AgendaPlace } from './agenda-place';
import { CalendarLink } from './calendar-link';

/**
 * One event: date and time, title, place, categories, details and its calendar file. In the list
 * its title links to the event's page; followed with script, the link opens the details in place
 * instead (the address and the title follow, see agenda-entry.tsx). On its own page the event
 * has no title of its own (the page's heading names it) and its details stand open.
 */
export const AgendaEventItem = memo(function AgendaEventItem({
  event,
  onPage = false,
}: {
  event: AgendaEvent;
  /** The event of the page's address, at the top of its page: untitled (the page's `h1` is its title), its details open. */
  onPage?: boolean;
}) {
  const { language, t, contentLang, intl, localize } = useLocale();
  const details = useContext(AgendaDetailsContext);
  const openOnLoad = onPage;
  const detailsElement = useRef<HTMLDetailsElement>(null);
  // In the list each event is an article with its title; on its own page the event is the page, under its heading.
  const Item = onPage ? 'div' : 'article';
  // Whether the details are open: their text shows its markup only then (see RichText).
  const [open, setOpen] = useState(openOnLoad);
  // The details a permalink opens show their text at once: its markup follows as soon as it can.
  useEffect(() => {
    if (openOnLoad) requestSanitizer();
  }, [openOnLoad]);
  const link = safeWebsite(event.link);
  const nextDatesId = useId();
  const recurrence = event.recurrence ?? null;
  const { day, seriesStart, nextDates } = eventDates(event, details.now, onPage);
  const start = event.start_time ? formatTime(event.start_time, language) : null;
  const end = event.end_time ? formatTime(event.end_time, language) : null;
  return (
    <Item id={details.anchorEvent === eventKey(event) ? ADDED_ANCHORS.agenda : undefined} className="agenda-event" data-event-id={eventKey(event)}>
      <p className="agenda-event__when">
        <time dateTime={event.start_time ? `${day}T${event.start_time}` : day}>
          {formatLongDate(day, language)}
          {start ? `, ${end ? t('agenda.timeRange', { start, end }) : start}` : ''}
        </time>
      </p>
      {recurrence === null ? null : <p className="agenda-event__recurrence">{recurrenceWords(intl, recurrence, seriesStart)}</p>}
      {onPage ? null : (
        // Focusable from script only: focus lands here on the first event "Afficher plus" adds.
        <h4 className="agenda-event__title" tabIndex={-1} lang={contentLang}>
          <a
            href={localize(eventPath(event))}
            data-in-place=""
            onClick={(click) => {
              const element = detailsElement.current;
              // A new tab, or an event without details to open: the browser follows the link to the event's page.
              if (isBrowserClick(click) || element === null) return;
              click.preventDefault();
              // Opening fires the details' toggle, which tells the machine and the address; reading goes on in them.
              element.open = true;
              element.querySelector('summary')?.focus();
            }}
          >
            {event.title}
          </a>
        </h4>
      )}
      {event.place ? (
        <p className="agenda-event__place">
          <span className="visually-hidden">{t('agenda.placeLabel')} </span>
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
      {event.description || link || event.lieu || nextDates.length > 0 ? (
        <details
          ref={detailsElement}
          className="agenda-event__details"
          open={openOnLoad}
          onToggle={(toggle) => {
            const opened = toggle.currentTarget.open;
            setOpen(opened);
            if (opened) requestSanitizer();
            // The page's own event is the page: its details open or closed, the address stays.
            if (!onPage) details.onDetails?.(event, opened);
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
          {nextDates.length > 0 ? (
            <div className="agenda-event__next">
              <p id={nextDatesId}>{t('agenda.recurrence.nextDates')}</p>
              <ul aria-labelledby={nextDatesId}>
                {nextDates.map((date) => (
                  <li key={date}>
                    <time dateTime={date}>{formatLongDate(date, language)}</time>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {event.lieu ? <AgendaPlace lieu={event.lieu} /> : null}
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
          events={[seriesOf(event)]}
          href={details.calendarHref?.(event.id) ?? null}
          fileTitle={event.title}
          label={t('agenda.addToCalendar')}
          hiddenContext={event.title}
        />
      </p>
    </Item>
  );
});
