import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AgendaEvent } from '../../domain/agenda';
import type { NewsItem } from '../../domain/news';
import { isoDay } from '../../domain/news-list';
import { SEARCH_PAGE_PATH } from '../../domain/site-search';
import { eventPath, isSlug, newsPath, PAGE_PATHS, type SitePage } from '../../domain/permalinks';
import { pageIsOn } from '../../domain/site-sections';
import { safeLink } from '../../domain/safe-links';
import { formatLongDate, formatTime } from '../../i18n/dates';
import type { MessageId } from '../../i18n/intl';
import {
  selectEventsRetrying,
  selectEventsStatus,
  selectLatestNews,
  selectNewsRetrying,
  selectNewsStatus,
  selectNextEvents,
  type HomeListStatus,
  type homeMachine,
} from '../../machines/home-machine';
import { ProfileText, type ProfileTextAnswer } from '../shared/profile-text';
import { RetryMessage, StillTrying } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';

type HomeActor = ActorRefFrom<typeof homeMachine>;

const SECTIONS: readonly { page: SitePage; title: MessageId; text: MessageId }[] = [
  { page: 'agenda', title: 'nav.agenda', text: 'home.agenda' },
  { page: 'directory', title: 'nav.directory', text: 'home.directory' },
  { page: 'news', title: 'nav.news', text: 'home.news' },
  { page: 'shop', title: 'nav.shop', text: 'home.shop' },
];

// As many grey items as the list will hold, so nothing jumps when it arrives.
const PLACEHOLDERS = [0, 1, 2];

/** The `<time datetime>` of an event: its day, and its start time when it has one. */
const eventDateTime = (event: AgendaEvent): string =>
  event.start_time ? `${event.bel_date.slice(0, 10)}T${event.start_time.slice(0, 5)}` : event.bel_date.slice(0, 10);

/**
 * Where a news title leads, as on the news page: the item's own page when the API names it by
 * a slug, else its `link` when that is an http(s) or site address, else nowhere.
 */
const newsHref = (item: NewsItem, localize: (path: string) => string): string | null => {
  if (item.slug && isSlug(item.slug)) return localize(newsPath(item));
  return safeLink(item.link);
};

/** The site search: a plain GET form, which works without script; the site's script adds suggestions to every `data-site-search` form. */
const SiteSearchForm = () => {
  const { t, localize } = useLocale();
  const inputId = useId();
  return (
    <form className="site-search home-search" role="search" action={localize(SEARCH_PAGE_PATH)} method="get" data-site-search="">
      <label className="home-search__label" htmlFor={inputId}>
        {t('home.search.label')}
      </label>
      <div className="home-search__row">
        <input id={inputId} className="home-search__input" type="search" name="q" maxLength={200} />
        <button type="submit" className="button home-search__submit">
          {t('home.search.submit')}
        </button>
      </div>
    </form>
  );
};

/** One of the next events: its title leading to its page, its date and time, its place. */
const HomeEvent = ({ event }: { event: AgendaEvent }) => {
  const { language, t, contentLang, localize } = useLocale();
  const start = event.start_time ? formatTime(event.start_time, language) : null;
  const end = start && event.end_time ? formatTime(event.end_time, language) : null;
  return (
    <li className="home-item">
      <h3 className="home-item__title" lang={contentLang}>
        <a href={localize(eventPath(event))}>{event.title}</a>
      </h3>
      <p className="home-item__date">
        <time dateTime={eventDateTime(event)}>
          {formatLongDate(event.bel_date, language)}
          {start ? `, ${end ? t('home.events.timeRange', { start, end }) : start}` : ''}
        </time>
      </p>
      {event.place ? (
        <p className="home-item__place">
          <span className="visually-hidden">{t('home.events.place')} </span>
          <span lang={contentLang}>{event.place}</span>
        </p>
      ) : null}
    </li>
  );
};

/** One of the latest news items: its title leading to its page, its date and its lead. */
const HomeNews = ({ item }: { item: NewsItem }) => {
  const { language, t, contentLang, localize } = useLocale();
  const title = item.title?.trim() || t('home.news.untitled');
  const href = newsHref(item, localize);
  return (
    <li className="home-item">
      <h3 className="home-item__title" lang={item.title?.trim() ? contentLang : undefined}>
        {href ? <a href={href}>{title}</a> : title}
      </h3>
      {item.date ? (
        <p className="home-item__date">
          <time dateTime={isoDay(item.date)}>{formatLongDate(item.date, language)}</time>
        </p>
      ) : null}
      {item.lead ? (
        <p className="home-item__lead" lang={contentLang}>
          {item.lead}
        </p>
      ) : null}
    </li>
  );
};

/** Grey items the size of the final ones, while a list is on its way. */
const PlaceholderItems = () => {
  const { t } = useLocale();
  return (
    <>
      <p className="visually-hidden">{t('common.loading')}</p>
      <ul className="home-list" aria-hidden="true">
        {PLACEHOLDERS.map((index) => (
          <li key={index} className="home-item home-item--placeholder">
            <div className="placeholder placeholder--title" />
            <div className="placeholder placeholder--line placeholder--short" />
            <div className="placeholder placeholder--line" />
          </li>
        ))}
      </ul>
    </>
  );
};

/** A list of the home page: its heading, its items (or what stands for them), and the link to its whole section. */
const HomeBlock = ({
  status,
  title,
  empty,
  failed,
  all,
  href,
  retrying,
  canRetry,
  onRetry,
  children,
}: {
  status: HomeListStatus;
  retrying: boolean;
  title: string;
  empty: string;
  failed: string;
  all: string;
  href: string;
  canRetry: boolean;
  onRetry: () => void;
  children: ReactNode;
}) => {
  const { t } = useLocale();
  const titleId = useId();
  return (
    <section className="home-block" aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <h2 id={titleId} className="home-block__title">
        {title}
      </h2>
      {retrying ? <StillTrying message={t('common.retrying')} /> : null}
      {status === 'loading' ? <PlaceholderItems /> : null}
      {status === 'loaded' ? <ul className="home-list">{children}</ul> : null}
      {status === 'empty' ? <p className="home-block__empty">{empty}</p> : null}
      {canRetry ? <RetryMessage message={failed} retryLabel={t('common.retry')} onRetry={onRetry} /> : null}
      <p className="home-block__all">
        <a href={href}>{all}</a>
      </p>
    </section>
  );
};

/**
 * The home page: the institution's introduction (`intro`, from its site profile; none without
 * one), the site search, the next events and the latest news (each with a link to its section),
 * then a card a section.
 */
export const HomeView = ({ actor, intro = null }: { actor: HomeActor; intro?: ProfileTextAnswer | null }) => {
  const { t, localize, sections } = useLocale();
  const eventsStatus = useSelector(actor, selectEventsStatus);
  const newsStatus = useSelector(actor, selectNewsStatus);
  const events = useSelector(actor, selectNextEvents);
  const news = useSelector(actor, selectLatestNews);
  const eventsRetrying = useSelector(actor, selectEventsRetrying);
  const newsRetrying = useSelector(actor, selectNewsRetrying);
  const canRetryEvents = useSelector(actor, (snapshot) => snapshot.can({ type: 'RETRY_EVENTS' }));
  const canRetryNews = useSelector(actor, (snapshot) => snapshot.can({ type: 'RETRY_NEWS' }));
  return (
    <>
      {intro ? <ProfileText text={intro} className="home-intro" /> : null}
      {sections.search ? <SiteSearchForm /> : null}
      <div className="home-blocks">
        {sections.agenda ? (
          <HomeBlock
            status={eventsStatus}
            title={t('home.events.title')}
            empty={t('home.events.empty')}
            failed={t('home.events.failed')}
            all={t('home.events.all')}
            href={localize(PAGE_PATHS.agenda)}
            retrying={eventsRetrying}
            canRetry={canRetryEvents}
            onRetry={() => actor.send({ type: 'RETRY_EVENTS' })}
          >
            {events.map((event) => (
              <HomeEvent key={event.id} event={event} />
            ))}
          </HomeBlock>
        ) : null}
        {sections.news ? (
          <HomeBlock
            status={newsStatus}
            title={t('home.news.title')}
            empty={t('home.news.empty')}
            failed={t('home.news.failed')}
            all={t('home.news.all')}
            href={localize(PAGE_PATHS.news)}
            retrying={newsRetrying}
            canRetry={canRetryNews}
            onRetry={() => actor.send({ type: 'RETRY_NEWS' })}
          >
            {news.map((item) => (
              <HomeNews key={item.id} item={item} />
            ))}
          </HomeBlock>
        ) : null}
      </div>
      <h2>{t('home.sections')}</h2>
      <ul className="home-sections">
        {SECTIONS.filter((section) => pageIsOn(sections, section.page)).map((section) => (
          <li key={section.page} className="home-section">
            <h3>
              <a href={localize(PAGE_PATHS[section.page])}>{t(section.title)}</a>
            </h3>
            <p>{t(section.text)}</p>
          </li>
        ))}
      </ul>
    </>
  );
};
