import type { ContactResult, EventResult, NewsResult, SearchHit, SearchKind } from '../../domain/site-search';
import { formatLongDate, formatTime } from '../../i18n/dates';
import type { MessageId } from '../../i18n/intl';
import { ContentPhrase } from '../shared/content-phrase';
import { useLocale } from '../shared/widget-root';

/** The heading of each kind's group. */
export const GROUP_TITLES: Readonly<Record<SearchKind, MessageId>> = {
  contacts: 'search.group.contacts',
  events: 'search.group.events',
  news: 'search.group.news',
};

const ContactDetails = ({ result }: { result: ContactResult }) => {
  const { contentLang } = useLocale();
  const lead = [result.role, result.party].filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
  return (
    <>
      {lead === '' ? null : (
        <span className="search-result__meta" lang={contentLang}>
          {lead}
        </span>
      )}
      {result.match === 'interests' && result.excerpt ? (
        <span className="search-result__excerpt">
          <ContentPhrase id="search.interests" name="excerpt" content={result.excerpt} />
        </span>
      ) : null}
    </>
  );
};

const EventDetails = ({ result }: { result: EventResult }) => {
  const { t, language } = useLocale();
  const date = formatLongDate(result.date, language);
  return (
    <>
      <span className="search-result__meta">
        <time dateTime={result.start_time ? `${result.date}T${result.start_time}` : result.date}>
          {result.start_time ? t('search.event.at', { date, time: formatTime(result.start_time, language) }) : date}
        </time>
        {result.upcoming ? null : <span className="search-result__past"> · {t('search.past')}</span>}
      </span>
      {result.place ? (
        <span className="search-result__excerpt">
          <ContentPhrase id="search.place" name="place" content={result.place} />
        </span>
      ) : null}
    </>
  );
};

const NewsDetails = ({ result }: { result: NewsResult }) => {
  const { language, contentLang } = useLocale();
  return (
    <>
      <span className="search-result__meta">
        <time dateTime={result.date}>{formatLongDate(result.date, language)}</time>
      </span>
      {result.match === 'lead' && result.excerpt ? (
        <span className="search-result__excerpt" lang={contentLang}>
          {result.excerpt}
        </span>
      ) : null}
    </>
  );
};

/** What a result says beside its title: role and party, date and place, date and the lead that matched. */
export const HitDetails = ({ hit }: { hit: SearchHit }) => {
  switch (hit.kind) {
    case 'contacts':
      return <ContactDetails result={hit.result} />;
    case 'events':
      return <EventDetails result={hit.result} />;
    case 'news':
      return <NewsDetails result={hit.result} />;
  }
};

/** The page of a result, in the language shown. */
export const useHitHref = (): ((hit: SearchHit) => string) => {
  const { localize } = useLocale();
  return (hit) => localize(hit.result.path);
};
